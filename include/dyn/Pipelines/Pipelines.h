//===- Pipelines.h - dyn's registered pass pipelines ------------*- C++ -*-===//

#ifndef DYN_PIPELINES_PIPELINES_H
#define DYN_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
}

namespace dyn {

/// The options of DESIGN.md section 2, shared by every dyn pipeline.
struct PipelineOptions : mlir::PassPipelineOptions<PipelineOptions> {
  Option<std::string> arch{*this, "arch",
                           llvm::cl::desc("Target: gen2, gen3, core_v4 or "
                                          "core_v5 (ArchLevel 20/30/40/50)"),
                           llvm::cl::init("gen3")};
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
  Option<std::string> vectorRoute{
      *this, "vector-route",
      llvm::cl::desc("Route of indirect DMAs on ArchLevel > 29: hwdge or "
                     "swdge"),
      llvm::cl::init("hwdge")};
  Option<std::string> engine{
      *this, "engine",
      llvm::cl::desc("Engine that triggers DMAs and runs their register code"),
      llvm::cl::init("pool")};
};

/// Checks the options (a known arch and route, consistent scratch sizes)
/// and reports the first problem through `fail`.
llvm::LogicalResult verifyPipelineOptions(
    const PipelineOptions &options,
    llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> fail);

/// Tensor level to bir with physical registers and static addresses:
/// split-indices, pad-to-bound, One-Shot Bufferize, convert-dynshape-to-bir,
/// assemble-dynamic-info, dge-setup, allocate-memory, lower-symbolic-ap,
/// expand-dynamic-ap-info, allocate-registers.
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
