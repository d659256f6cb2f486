//===- DecomposeAggregates.cpp - dyn-decompose-aggregates -----------------===//
//
// Upstream's AggregatedOpInterface decompositions, applied to every op that
// has one (Passes.td). Upstream has the rewrite as a transform-dialect op
// only, not as a pass.
//
//===----------------------------------------------------------------------===//

#include "dyn/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace dyn {
#define GEN_PASS_DEF_DYNDECOMPOSEAGGREGATES
#include "dyn/Transforms/Passes.h.inc"
} // namespace dyn

using namespace mlir;

namespace {
struct DynDecomposeAggregatesPass
    : dyn::impl::DynDecomposeAggregatesBase<DynDecomposeAggregatesPass> {
  void runOnOperation() override {
    SmallVector<linalg::AggregatedOpInterface> aggregates;
    getOperation()->walk([&](linalg::AggregatedOpInterface op) {
      aggregates.push_back(op);
    });
    if (aggregates.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (linalg::AggregatedOpInterface op : aggregates) {
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> results = op.decomposeOperation(rewriter);
      if (failed(results)) {
        op->emitOpError("has no decomposition into structured ops here");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, *results);
    }
  }
};
} // namespace
