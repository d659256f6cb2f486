//===- DGESetup.cpp - dge-setup -------------------------------------------===//
//
// Report Stage 4, dynamic_dma_setup (pre-allocator) and §4.3: a function
// with dynamic DMAs reserves one SB scratch location, DynamicDMAScratchLoc,
// in which software DGE stages the descriptors it generates. Its size is a
// fixed per-partition reservation from the options, never data-dependent.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DGE/Transforms/Passes.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "mlir/IR/Builders.h"

namespace dyn::dge {
#define GEN_PASS_DEF_DGESETUP
#include "dyn/Dialect/DGE/Transforms/Passes.h.inc"
} // namespace dyn::dge

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// Scratch bytes per partition when no option gives them (project-defined).
static constexpr int64_t kDefaultScratchPerPartition = 512;

static bool hasDynamicDMA(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (llvm::isa<TensorCopyDynamicSrcOp, TensorCopyDynamicDstOp>(op))
      return WalkResult::interrupt();
    if (auto dma = llvm::dyn_cast<DMAOp>(op))
      for (Value side : {dma.getSrc(), dma.getDst()}) {
        auto ap = side.getDefiningOp<PhysicalAPOp>();
        if (!ap || ap.hasDynamicInfo())
          return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

FailureOr<int64_t>
dyn::dge::resolveScratchPerPartition(int64_t perPartition, int64_t total,
                                     function_ref<void(const Twine &)> fail) {
  constexpr int64_t partitions = AddressMap::kNumPartitions;
  int64_t capacity = AddressMap::getCapacity(MemorySpace::sbuf);
  auto reject = [&](const Twine &message) {
    fail(message);
    return failure();
  };
  if (perPartition < -1 || total < -1)
    return reject("DGE scratch sizes must be non-negative");
  if (total >= 0 && total % partitions != 0)
    return reject("dynamic-dma-sbuf-bytes (" + Twine(total) +
                  ") must be a multiple of " + Twine(partitions) +
                  " (one share per partition)");
  // Divided, not multiplied: a huge per-partition size must not wrap.
  if (total >= 0 && perPartition >= 0 && total / partitions != perPartition)
    return reject("dynamic-dma-sbuf-bytes (" + Twine(total) + ") must be " +
                  Twine(partitions) +
                  " x dynamic-dma-scratch-size-per-partition (" +
                  Twine(perPartition) + "); give either");
  if (total >= 0)
    perPartition = total / partitions;
  if (perPartition < 0)
    perPartition = kDefaultScratchPerPartition;
  if (perPartition > capacity)
    return reject("DGE scratch of " + Twine(perPartition) +
                  " bytes per partition exceeds the SBUF capacity of " +
                  Twine(capacity));
  return perPartition;
}

namespace {
struct DGESetupPass : dyn::dge::impl::DGESetupBase<DGESetupPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<int64_t> perPartition = dge::resolveScratchPerPartition(
        scratchPerPartition, scratchBytes,
        [&](const Twine &message) { func.emitError(message); });
    if (failed(perPartition))
      return signalPassFailure();
    if (func.isExternal() || *perPartition == 0 || !hasDynamicDMA(func))
      return;
    bool present = false;
    func.walk([&](AllocOp alloc) {
      present |= alloc.getDynamicDMAScratchLoc();
    });
    if (present)
      return;
    MLIRContext *ctx = &getContext();
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    auto type = MemRefType::get(
        {AddressMap::kNumPartitions, *perPartition}, builder.getI8Type(), MemRefLayoutAttrInterface(),
        MemorySpaceAttr::get(ctx, MemorySpace::sbuf));
    AllocOp::create(builder, func.getLoc(), type, IntegerAttr(),
                    builder.getUnitAttr());
  }
};
} // namespace
