//===- SplitIndices.cpp - dynshape-split-indices --------------------------===//
//
// XLA's DynamicIndexSplitter (report Stage 0): the index-vector form of
// dynamic_slice / dynamic_update_slice becomes one i32 scalar per dimension,
// the S32 scalars the backend turns into registers.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"
#include "dyn/Support/WalkPatterns.h"

#include "mlir/IR/PatternMatch.h"

namespace dyn::dynshape {
#define GEN_PASS_DEF_DYNSHAPESPLITINDICES
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"
} // namespace dyn::dynshape

using namespace mlir;
using namespace dyn::dynshape;

/// Extracts each element of a 1-D i32 index tensor as a scalar.
static SmallVector<Value> splitIndexVector(PatternRewriter &rewriter, Location loc,
                                    Value vector) {
  auto type = llvm::cast<RankedTensorType>(vector.getType());
  SmallVector<Value> scalars;
  for (int64_t i = 0, e = type.getDimSize(0); i < e; ++i) {
    Value pos = arith::ConstantIndexOp::create(rewriter, loc, i);
    scalars.push_back(tensor::ExtractOp::create(rewriter, loc, vector, pos));
  }
  return scalars;
}

namespace {

template <typename OpTy>
struct SplitIndexVector : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.hasScalarIndices())
      return rewriter.notifyMatchFailure(op, "indices are already scalars");
    SmallVector<Value> scalars =
        splitIndexVector(rewriter, op.getLoc(), op.getStartIndices()[0]);
    rewriter.modifyOpInPlace(
        op, [&] { op.getStartIndicesMutable().assign(scalars); });
    return success();
  }
};

struct DynShapeSplitIndicesPass final
    : dyn::OneWalkPatternPass<dyn::dynshape::impl::DynShapeSplitIndicesBase<
                                  DynShapeSplitIndicesPass>,
                              populateSplitIndicesPatterns> {};

} // namespace

void dyn::dynshape::populateSplitIndicesPatterns(RewritePatternSet &patterns) {
  patterns.add<SplitIndexVector<DynamicSliceOp>,
               SplitIndexVector<DynamicUpdateSliceOp>>(patterns.getContext());
}
