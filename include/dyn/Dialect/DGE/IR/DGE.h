//===- DGE.h - the dge dialect ----------------------------------*- C++ -*-===//

#ifndef DYN_DIALECT_DGE_IR_DGE_H
#define DYN_DIALECT_DGE_IR_DGE_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "dyn/Dialect/DGE/IR/DGEOpsDialect.h.inc"
#include "dyn/Dialect/DGE/IR/DGEEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dyn/Dialect/DGE/IR/DGEOpsTypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "dyn/Dialect/DGE/IR/DGEAttrs.h.inc"

namespace dyn::dge {

/// The module attribute that records the target: the one source of truth
/// every pass, the serializer and the simulator read.
constexpr llvm::StringLiteral kArchAttrName = "dge.arch";
/// The target when a module records none.
constexpr Arch kDefaultArch = Arch::gen3;

/// The target of the module enclosing `op` (or `op` itself).
Arch getArch(mlir::Operation *op);
/// Records `arch` on `module`.
void setArch(mlir::Operation *module, Arch arch);

/// The ArchLevel of a target: its enum value.
inline int getArchLevel(Arch arch) { return static_cast<int>(arch); }

/// True when `arch` has hardware DGE: ArchLevel > 29 (the report's gate).
inline bool hasHWDGE(Arch arch) { return getArchLevel(arch) > 29; }

/// The engines that may run hardware DGE for `arch`: SP and Activation (the
/// report's set, ArchLevel <= 49), plus DVE from ArchLevel 50
/// (project-defined).
llvm::ArrayRef<bir::Engine> getHWDGEEngines(Arch arch);

/// Why a DMA routed `type` and bound to `queue` cannot run on `arch`, if
/// it cannot: hwdge needs ArchLevel > 29 and a queue engine of the arch's
/// set. (What the DMA moves is dge-cleanup's to check.)
std::optional<std::string> checkRouteForArch(DGEType type,
                                             std::optional<bir::Engine> queue,
                                             Arch arch);

/// Why a DMA or trigger routed `type` cannot move what it moves, if it
/// cannot: a route of `none` moves static addresses only (no register,
/// patched or indirect side), and a hardware-DGE transfer with a scalar side
/// reads its offset from the registers of its queue engine, so it is queued
/// on `trigger`, the engine whose registers hold it. dge-cleanup checks DMAs
/// with it, the trigger verifier the descriptors a trigger starts.
std::optional<std::string> checkRouteForSides(DGEType type, bool dynamic,
                                              bool scalar,
                                              std::optional<bir::Engine> queue,
                                              bir::Engine trigger);

/// The gate of `scalar-route=hwdge` (dge-place-scalar-dmas, dge-scan): an
/// error on `op` when `arch` has no hardware DGE.
llvm::LogicalResult checkScalarRouteForArch(mlir::Operation *op, Arch arch);

/// True when some ArchLevel allows `engine` to run hardware DGE.
bool isHWDGEEngine(bir::Engine engine);

/// Bytes of one descriptor record that software DGE stages in the DGE
/// scratch (project-defined: two ADDR4 words, the byte count and the two
/// patterns' handles, padded to 32).
inline constexpr int64_t kStagedDescriptorBytes = 32;

/// Bytes per partition of the DGE scratch that software DGE uses to stage
/// a block of `descriptors` records, spread over the 128 partitions
/// (project-defined).
int64_t getScratchUsePerPartition(int64_t descriptors);

/// Whether software DGE generates a side of this mode at run time, and so
/// stages its descriptor in the DGE scratch: a register or indirect side
/// (a patched side is patched in place).
inline bool isGeneratedAtRunTime(AddressMode mode) {
  return mode == AddressMode::reg || mode == AddressMode::indirect;
}

} // namespace dyn::dge

#define GET_OP_CLASSES
#include "dyn/Dialect/DGE/IR/DGEOps.h.inc"

#endif // DYN_DIALECT_DGE_IR_DGE_H
