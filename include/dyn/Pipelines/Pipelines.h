//===- Pipelines.h - dyn's registered pass pipelines ------------*- C++ -*-===//

#ifndef DYN_PIPELINES_PIPELINES_H
#define DYN_PIPELINES_PIPELINES_H

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
}

namespace dyn {

/// Whether compute along a bounded dimension covers the bound or only the
/// runtime size's tiles (dynshape-tile-bounded).
enum class BoundedCompute { full, tiled };

/// The options every dyn pipeline takes.
struct PipelineOptions : mlir::PassPipelineOptions<PipelineOptions> {
  Option<dge::Arch> arch{
      *this, "arch", llvm::cl::desc("Target generation"),
      llvm::cl::init(dge::kDefaultArch),
      llvm::cl::values(
          clEnumValN(dge::Arch::gen2, "gen2", "ArchLevel 20"),
          clEnumValN(dge::Arch::gen3, "gen3", "ArchLevel 30"),
          clEnumValN(dge::Arch::core_v4, "core_v4", "ArchLevel 40"),
          clEnumValN(dge::Arch::core_v5, "core_v5", "ArchLevel 50"))};
  Option<int64_t> scratchPerPartition{
      *this, "dynamic-dma-scratch-size-per-partition",
      llvm::cl::desc("Bytes of the DGE scratch in each SBUF partition"),
      llvm::cl::init(-1)};
  Option<int64_t> scratchBytes{
      *this, "dynamic-dma-sbuf-bytes",
      llvm::cl::desc("Total bytes of the DGE scratch (128x the per-partition "
                     "size; give either)"),
      llvm::cl::init(-1)};
  Option<int64_t> maxDescriptorBytes{
      *this, "max-descriptor-bytes",
      llvm::cl::desc("Largest single DMA descriptor, in bytes"),
      llvm::cl::init(65536)};
  Option<int64_t> maxDescriptorsPerDMA{
      *this, "max-descriptors-per-dma",
      llvm::cl::desc("Most descriptors one DMA may be split into"),
      llvm::cl::init(16384)};
  Option<int64_t> maxDescriptorsPerFunction{
      *this, "max-descriptors-per-function",
      llvm::cl::desc("Most descriptors in one function"),
      llvm::cl::init(262144)};
  Option<int64_t> maxTensorNesting{
      *this, "max-tensor-nesting",
      llvm::cl::desc("Deepest nest of loops and conditionals with tensor "
                     "results (One-Shot's analysis doubles per level)"),
      llvm::cl::init(16)};
  Option<dge::DGEType> vectorRoute{
      *this, "vector-route",
      llvm::cl::desc("Route of indirect DMAs on ArchLevel > 29"),
      llvm::cl::init(dge::DGEType::hwdge),
      llvm::cl::values(clEnumValN(dge::DGEType::hwdge, "hwdge",
                                  "hardware DGE on a queue engine"),
                       clEnumValN(dge::DGEType::swdge, "swdge",
                                  "software DGE on the triggering engine"))};
  Option<dge::DGEType> scalarRoute{
      *this, "scalar-route",
      llvm::cl::desc("Route of scalar dynamic-offset DMAs outside loops "
                     "(hwdge needs ArchLevel > 29)"),
      llvm::cl::init(dge::DGEType::swdge),
      llvm::cl::values(clEnumValN(dge::DGEType::hwdge, "hwdge",
                                  "hardware DGE on a queue engine, with the "
                                  "offset's register code there"),
                       clEnumValN(dge::DGEType::swdge, "swdge",
                                  "software DGE on the triggering engine"))};
  Option<bir::Engine> engine{
      *this, "engine",
      llvm::cl::desc("Engine that triggers DMAs and runs their register code"),
      llvm::cl::init(bir::Engine::pool),
      llvm::cl::values(clEnumValN(bir::Engine::pe, "pe", "the PE array"),
                       clEnumValN(bir::Engine::act, "act", "Activation"),
                       clEnumValN(bir::Engine::pool, "pool", "Pool"),
                       clEnumValN(bir::Engine::dve, "dve", "Vector"),
                       clEnumValN(bir::Engine::sp, "sp", "SP"))};
  Option<BoundedCompute> boundedCompute{
      *this, "bounded-compute",
      llvm::cl::desc("Compute along a bounded dimension"),
      llvm::cl::init(BoundedCompute::tiled),
      llvm::cl::values(
          clEnumValN(BoundedCompute::tiled, "tiled",
                     "a runtime loop over the valid tiles only "
                     "(dynshape-tile-bounded)"),
          clEnumValN(BoundedCompute::full, "full",
                     "over the whole bound, masked"))};
  Option<int64_t> testDropSemaphore{
      *this, "test-drop-semaphore",
      llvm::cl::desc("Tests only: bir-insert-sync leaves out its N-th "
                     "signal/wait pair (-1: none)"),
      llvm::cl::init(-1)};
};

/// Parses `text` (`arch=gen2 vector-route=swdge`) into `options` and checks
/// what the option parser cannot (consistent scratch sizes, positive
/// limits). The first problem, with the parser's reason, goes to `fail`.
llvm::LogicalResult parsePipelineOptions(
    llvm::StringRef text, PipelineOptions &options,
    llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> fail);

/// Tensor level to bir with physical registers and static addresses:
/// split-indices, pad-to-bound, dynshape-bufferize (One-Shot Bufferize,
/// linear on update chains), tile-bounded (unless bounded-compute=full),
/// convert-dynshape-to-bir,
/// assemble-dynamic-info, dge-setup, allocate-memory, lower-symbolic-ap,
/// expand-dynamic-ap-info, hoist-loop-invariants, allocate-registers.
void buildLowerToBIRPipeline(mlir::OpPassManager &pm,
                             const PipelineOptions &options);

/// --lower-to-bir, then convert-bir-to-dge, dge-scan, dge-assign-engine,
/// dge-cleanup and dge-lower-dynamic-dma.
void buildLowerToDGEPipeline(mlir::OpPassManager &pm,
                             const PipelineOptions &options);

/// --lower-to-dge, then addr4-encode: the whole pipeline.
void buildLowerToADDR4Pipeline(mlir::OpPassManager &pm,
                               const PipelineOptions &options);

/// Registers --lower-to-bir, --lower-to-dge and --lower-to-addr4.
void registerPipelines();

} // namespace dyn

#endif // DYN_PIPELINES_PIPELINES_H
