//===- FoldSplatInputs.cpp - dyn-fold-splat-inputs ------------------------===//
//
// A splat tensor (a constant, or a fill of one) read by a linalg.generic
// becomes a scalar constant in its body (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "dyn/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/BitVector.h"

namespace dyn {
#define GEN_PASS_DEF_DYNFOLDSPLATINPUTS
#include "dyn/Transforms/Passes.h.inc"
} // namespace dyn

using namespace mlir;

namespace {

/// Whether every body op that reads `arg` also reads a body argument other
/// than `arg`, or what a body op computed from one: with `arg` a constant,
/// none of them is then an op on constants only, which the lowering takes
/// only after a fold.
static bool isReadWithOtherValues(BlockArgument arg) {
  Block *body = arg.getOwner();
  return llvm::all_of(arg.getUsers(), [&](Operation *user) {
    return llvm::any_of(user->getOperands(), [&](Value v) {
      if (v == arg)
        return false;
      if (auto other = llvm::dyn_cast<BlockArgument>(v))
        return other.getOwner() == body;
      Operation *def = v.getDefiningOp();
      return def && def->getBlock() == body && !matchPattern(v, m_Constant());
    });
  });
}

/// The splat value of a ranked tensor constant, or null. With `fills`, also
/// of a linalg.fill of a constant on tensors (an elementwise op's operand:
/// a contraction's stays a tensor, or it would no longer be one).
static TypedAttr getSplat(Value value, bool fills) {
  if (!llvm::isa<RankedTensorType>(value.getType()))
    return nullptr;
  if (auto fill = value.getDefiningOp<linalg::FillOp>(); fill && fills) {
    TypedAttr scalar;
    if (matchPattern(fill.getInputs()[0], m_Constant(&scalar)))
      return scalar;
    return nullptr;
  }
  DenseElementsAttr elements;
  if (!matchPattern(value, m_Constant(&elements)) || !elements.isSplat())
    return nullptr;
  return elements.getSplatValue<TypedAttr>();
}

struct FoldSplatInputs : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    SmallVector<std::pair<unsigned, TypedAttr>> splats;
    for (OpOperand *input : op.getDpsInputOperands()) {
      // A fill folds where no body op would be left with constants only.
      bool fills = op.getNumLoops() == op.getNumParallelLoops() &&
                   isReadWithOtherValues(op.getMatchingBlockArgument(input));
      if (TypedAttr splat = getSplat(input->get(), fills)) {
        splats.push_back({input->getOperandNumber(), splat});
        continue;
      }
      inputs.push_back(input->get());
      maps.push_back(op.getMatchingIndexingMap(input));
    }
    if (splats.empty())
      return failure();
    for (OpOperand &init : op.getDpsInitsMutable())
      maps.push_back(op.getMatchingIndexingMap(&init));
    auto folded = linalg::GenericOp::create(
        rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getDpsInits(),
        maps, op.getIteratorTypesArray());
    rewriter.inlineRegionBefore(op.getRegion(), folded.getRegion(),
                                folded.getRegion().begin());
    Block &body = folded.getRegion().front();
    rewriter.setInsertionPointToStart(&body);
    llvm::BitVector erased(body.getNumArguments());
    for (auto [number, splat] : splats) {
      Value scalar =
          arith::ConstantOp::create(rewriter, op.getLoc(), splat).getResult();
      rewriter.replaceAllUsesWith(body.getArgument(number), scalar);
      erased.set(number);
    }
    body.eraseArguments(erased);
    rewriter.replaceOp(op, folded.getResults());
    return success();
  }
};

struct DynFoldSplatInputsPass
    : dyn::impl::DynFoldSplatInputsBase<DynFoldSplatInputsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldSplatInputs>(&getContext());
    // Only the generics need a visit, and each rewrite is final.
    SmallVector<Operation *> generics;
    getOperation()->walk(
        [&](linalg::GenericOp op) { generics.push_back(op); });
    if (generics.empty())
      return markAllAnalysesPreserved();
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(generics, std::move(patterns), config);
  }
};

} // namespace
