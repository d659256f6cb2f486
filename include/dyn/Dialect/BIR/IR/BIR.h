//===- BIR.h - the bir dialect ----------------------------------*- C++ -*-===//

#ifndef DYN_DIALECT_BIR_IR_BIR_H
#define DYN_DIALECT_BIR_IR_BIR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dyn/Dialect/BIR/IR/BIROpsDialect.h.inc"
#include "dyn/Dialect/BIR/IR/BIREnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dyn/Dialect/BIR/IR/BIRAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "dyn/Dialect/BIR/IR/BIROpsTypes.h.inc"

namespace dyn::bir {

/// Partitions of SBUF and PSUM, and their capacity per partition
/// (project-defined, docs/ExecutionModel.md).
constexpr int64_t kNumPartitions = 128;
constexpr int64_t kSbufBytesPerPartition = 192 * 1024;
constexpr int64_t kPsumBytesPerPartition = 16 * 1024;
/// The unit attribute that marks the DGE scratch location (report §4.3).
constexpr llvm::StringLiteral kScratchAttrName = "DynamicDMAScratchLoc";
/// Address map (project-defined): SBUF at partition * 0x40000 + byte, PSUM
/// at 0x2000000 + partition * 0x8000 + byte.
constexpr int64_t kSbufPartitionStride = 0x40000;
constexpr int64_t kPsumBase = 0x2000000;
constexpr int64_t kPsumPartitionStride = 0x8000;
/// Number of physical registers per engine.
constexpr int64_t kNumRegisters = 64;

/// Checks the execution model: an instruction reads only registers of its
/// own engine, directly or through the access patterns it consumes.
mlir::LogicalResult verifyEngineDiscipline(mlir::Operation *op);

/// The engine whose register file holds `reg`, if known.
std::optional<Engine> getRegisterEngine(mlir::Value reg);

/// The register-ALU on 32-bit registers: add/sub/mult wrap; divide and mod
/// truncate toward zero; x/0 and x%0 are 0 (project-defined).
int32_t evaluateAlu(AluOpKind kind, int32_t lhs, int32_t rhs);

/// Bytes per element, if the element type is a whole number of bytes wide.
std::optional<int64_t> getElementBytes(mlir::MemRefType type);

/// The address-map layout of an on-chip location: base address of its
/// first byte in partition 0, the partition stride, and its bytes per
/// partition. Fails for DRAM or a location without an address yet.
struct OnChipLayout {
  int64_t base, partStride, rowBytes;
};
std::optional<OnChipLayout> getOnChipLayout(mlir::Value location);

/// Elements a `[step, num]` pattern visits: the product of its nums.
int64_t getPatternElements(llvm::ArrayRef<int64_t> pattern);

/// Bytes the access-pattern value `ap` moves, if an AP op defines it.
std::optional<int64_t> getAccessPatternBytes(mlir::Value ap);

/// Checks that `src` and `dst` are access-pattern ops moving equal bytes.
mlir::LogicalResult verifyCopyBytes(mlir::Operation *op, mlir::Value src,
                                    mlir::Value dst);

/// The memory space of a bir memref, if it has one.
std::optional<MemorySpace> getMemorySpace(mlir::MemRefType type);

} // namespace dyn::bir

#include "dyn/Dialect/BIR/IR/BIRInterfaces.h.inc"

#define GET_OP_CLASSES
#include "dyn/Dialect/BIR/IR/BIROps.h.inc"

#endif // DYN_DIALECT_BIR_IR_BIR_H
