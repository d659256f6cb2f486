//===- DGESetup.cpp - dge-setup -------------------------------------------===//
//
// Report Stage 4, dynamic_dma_setup (pre-allocator) and §4.3: a function
// with dynamic DMAs reserves one SB scratch location, DynamicDMAScratchLoc,
// in which software DGE stages the descriptors it generates. Its size is a
// fixed per-partition reservation from the options, never data-dependent.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "mlir/IR/Builders.h"

namespace dyn::bir {
#define GEN_PASS_DEF_DGESETUP
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
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

namespace {
struct DGESetupPass : dyn::bir::impl::DGESetupBase<DGESetupPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (scratchPerPartition < -1 || scratchBytes < -1) {
      func.emitError("DGE scratch sizes must be non-negative");
      return signalPassFailure();
    }
    int64_t perPartition = scratchPerPartition;
    if (scratchBytes >= 0) {
      if (scratchBytes % AddressMap::kNumPartitions != 0 ||
          (perPartition >= 0 &&
           perPartition * AddressMap::kNumPartitions != scratchBytes)) {
        func.emitError("dynamic-dma-sbuf-bytes must be ")
            << AddressMap::kNumPartitions
            << " x dynamic-dma-scratch-size-per-partition (give either)";
        return signalPassFailure();
      }
      perPartition = scratchBytes / AddressMap::kNumPartitions;
    }
    if (perPartition < 0)
      perPartition = kDefaultScratchPerPartition;
    if (perPartition > AddressMap::getCapacity(MemorySpace::sbuf)) {
      func.emitError("DGE scratch of ")
          << perPartition << " bytes per partition exceeds the SBUF capacity";
      return signalPassFailure();
    }
    if (func.isExternal() || perPartition == 0 || !hasDynamicDMA(func))
      return;
    bool present = false;
    func.walk([&](AllocOp alloc) {
      present |= alloc->hasAttr(kScratchAttrName);
    });
    if (present)
      return;
    MLIRContext *ctx = &getContext();
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    auto type = MemRefType::get(
        {AddressMap::kNumPartitions, perPartition}, builder.getI8Type(), MemRefLayoutAttrInterface(),
        MemorySpaceAttr::get(ctx, MemorySpace::sbuf));
    auto scratch = AllocOp::create(builder, func.getLoc(), type, IntegerAttr());
    scratch->setAttr(kScratchAttrName, builder.getUnitAttr());
  }
};
} // namespace
