//===- ExpandRankZero.cpp - dyn-expand-rank-zero --------------------------===//
//
// A linalg op on rank-0 tensors becomes a linalg.generic on one-element
// tensors, with one more parallel loop of one trip (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "dyn/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace dyn {
#define GEN_PASS_DEF_DYNEXPANDRANKZERO
#include "dyn/Transforms/Passes.h.inc"
} // namespace dyn

using namespace mlir;

namespace {

bool isRankZero(Value value) {
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  return type && type.getRank() == 0;
}

struct ExpandRankZero : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() ||
        llvm::none_of(op.getDpsInits(), isRankZero))
      return failure();
    linalg::GenericOp generic = llvm::dyn_cast<linalg::GenericOp>(*op);
    if (!generic) {
      FailureOr<linalg::GenericOp> general =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(general))
        return failure();
      generic = *general;
    }
    Location loc = generic.getLoc();
    unsigned loops = generic.getNumLoops();
    AffineExpr unit = rewriter.getAffineDimExpr(loops);
    // A rank-0 operand is the one element of a [1] tensor, indexed by the
    // new loop; the other maps ignore it.
    auto expand = [&](Value value) -> Value {
      if (!isRankZero(value))
        return value;
      auto type = llvm::cast<RankedTensorType>(value.getType());
      return tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get({1}, type.getElementType()),
          value, ArrayRef<ReassociationIndices>{});
    };
    SmallVector<AffineMap> maps;
    for (OpOperand &operand : generic->getOpOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(&operand);
      maps.push_back(isRankZero(operand.get())
                         ? AffineMap::get(loops + 1, 0, unit)
                         : AffineMap::get(loops + 1, 0, map.getResults(),
                                          rewriter.getContext()));
    }
    SmallVector<Value> inputs = llvm::map_to_vector(generic.getDpsInputs(), expand);
    // A contraction of two operands into a scalar (a dot product) is a
    // matmul whose row loop is the new one: the first operand gets it as a
    // trailing unit dimension, so that the PE array computes it.
    if (generic.getNumDpsInputs() == 2 && generic.getNumParallelLoops() == 0)
      if (auto type = llvm::dyn_cast<RankedTensorType>(inputs[0].getType());
          type && type.getRank() > 0 && !isRankZero(generic.getDpsInputs()[0])) {
        SmallVector<ReassociationIndices> groups;
        for (int64_t d = 0; d + 1 < type.getRank(); ++d)
          groups.push_back({d});
        groups.push_back({type.getRank() - 1, type.getRank()});
        SmallVector<int64_t> shape(type.getShape());
        shape.push_back(1);
        inputs[0] = tensor::ExpandShapeOp::create(
            rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
            inputs[0], groups);
        SmallVector<AffineExpr> results(maps[0].getResults());
        results.push_back(unit);
        maps[0] = AffineMap::get(loops + 1, 0, results, rewriter.getContext());
      }
    SmallVector<Value> inits = llvm::map_to_vector(generic.getDpsInits(), expand);
    SmallVector<utils::IteratorType> iterators =
        generic.getIteratorTypesArray();
    iterators.push_back(utils::IteratorType::parallel);
    auto expanded = linalg::GenericOp::create(
        rewriter, loc, ValueRange(inits).getTypes(), inputs, inits, maps,
        iterators);
    rewriter.inlineRegionBefore(generic.getRegion(), expanded.getRegion(),
                                expanded.getRegion().begin());
    SmallVector<Value> results;
    for (auto [old, result] :
         llvm::zip(generic.getResults(), expanded.getResults()))
      results.push_back(
          isRankZero(old)
              ? Value(tensor::CollapseShapeOp::create(rewriter, loc, old.getType(),
                                                result,
                                                ArrayRef<ReassociationIndices>{})
                    .getResult())
              : Value(result));
    rewriter.replaceOp(generic, results);
    return success();
  }
};

struct DynExpandRankZeroPass
    : dyn::impl::DynExpandRankZeroBase<DynExpandRankZeroPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandRankZero>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
