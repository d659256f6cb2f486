//===- HoistLoopInvariants.cpp - bir-hoist-loop-invariants ----------------===//
//
// Upstream loop-invariant code motion on bir's loops, limited to register
// code and to a number of values live into each loop.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRHOISTLOOPINVARIANTS
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn::bir;

/// Pure register code: what may run before the loop instead of in it.
static bool isHoistable(Operation *op) {
  return isPure(op) && op->getNumRegions() == 0 && op->getNumResults() == 1 &&
         llvm::isa<RegType>(op->getResult(0).getType());
}

/// Register values defined outside `loop` that its body reads.
static llvm::SmallDenseSet<Value> getLiveIns(LoopLikeOpInterface loop) {
  llvm::SmallDenseSet<Value> liveIns;
  loop->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (llvm::isa<RegType>(operand.getType()) &&
          loop.isDefinedOutsideOfLoop(operand))
        liveIns.insert(operand);
  });
  return liveIns;
}

namespace {
struct BIRHoistLoopInvariantsPass
    : dyn::bir::impl::BIRHoistLoopInvariantsBase<BIRHoistLoopInvariantsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxLiveIn < 0) {
      getOperation().emitError("max-live-in must not be negative, got ")
          << static_cast<int64_t>(maxLiveIn);
      return signalPassFailure();
    }
    // Moving code whose registers are assigned would break the assignment
    // (a hoisted definition could overwrite a register still live there).
    WalkResult allocated = getOperation().walk([](InstInterface inst) {
      if (!inst.getPhysicalRegister())
        return WalkResult::advance();
      inst->emitOpError("has a physical register: bir-hoist-loop-invariants "
                        "runs before bir-allocate-registers");
      return WalkResult::interrupt();
    });
    if (allocated.wasInterrupted())
      return signalPassFailure();
    // Post-order: an inner loop's invariants reach the outer loop, which
    // may hoist them further.
    size_t moved = 0;
    getOperation().walk([&](LoopLikeOpInterface loop) {
      llvm::SmallDenseSet<Value> liveIns = getLiveIns(loop);
      moved += moveLoopInvariantCode(
          loop.getLoopRegions(),
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          [&](Operation *op, Region *) {
            if (!isHoistable(op))
              return false;
            // The operands stay live into the loop if anything else in it
            // reads them; count the result as one more.
            return static_cast<int64_t>(liveIns.size()) <
                   static_cast<int64_t>(maxLiveIn);
          },
          [&](Operation *op, Region *) {
            loop.moveOutOfLoop(op);
            liveIns.insert(op->getResult(0));
          });
    });
    // Unchanged IR needs no second verification.
    if (moved == 0)
      markAllAnalysesPreserved();
  }
};
} // namespace
