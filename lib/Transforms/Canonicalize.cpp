//===- Canonicalize.cpp - dyn-canonicalize --------------------------------===//
//
// Upstream's canonicalizer that marks every analysis preserved when it
// changed nothing, so that the pass manager does not verify the IR again.
// Written here because upstream's pass neither reports that nor can be
// wrapped: its class is private. The patterns and the driver are
// upstream's. The canonicalization after `bir-hoist-loop-invariants` finds
// nothing on an update chain, and the verification after it took time
// (bench/README.md, "Figures behind choices in the code").
//
// "Changed" is the driver's own flag, any notification the driver passes
// on, or a constant that moved. While it fills its worklist, the driver
// (LLVM 22) merges equal constants, which its flag leaves out but the
// listener hears of, and moves the others to the front of the block it
// keeps constants in, giving them an unknown location, which neither
// reports.
//
// One pattern of dyn's own goes first: FoldSliceConstants, the workaround
// of an upstream bug that miscompiles rank-reducing slices.
//
//===----------------------------------------------------------------------===//

#include "dyn/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace dyn {
#define GEN_PASS_DEF_DYNCANONICALIZE
#include "dyn/Transforms/Passes.h.inc"
} // namespace dyn

using namespace mlir;

namespace {
/// Whether the driver told of any change to the IR.
struct ChangeListener : RewriterBase::Listener {
  void notifyOperationInserted(Operation *, OpBuilder::InsertPoint) override {
    changed = true;
  }
  void notifyBlockInserted(Block *, Region *, Region::iterator) override {
    changed = true;
  }
  void notifyBlockErased(Block *) override { changed = true; }
  void notifyOperationModified(Operation *) override { changed = true; }
  void notifyOperationReplaced(Operation *, ValueRange) override {
    changed = true;
  }
  void notifyOperationErased(Operation *) override { changed = true; }

  bool changed = false;
};

/// Works around an upstream bug (LLVM 22): when an SSA constant among the
/// offsets or strides of a rank-reducing tensor.extract_slice or
/// insert_slice folds, upstream's constant-argument folder rebuilds the
/// slice with its sizes reordered. `%x[0, %c0, %j] [1, 16, 1] :
/// tensor<1x16x8xf32> to tensor<1x16xf32>` becomes `%x[0, 0, %j]
/// [1, 1, 16]`: another slice (a silent miscompile), or one out of bounds.
/// This pattern, tried before upstream's (a higher benefit), folds those
/// constants itself and keeps the op's types, so the folder has nothing to
/// fold. A runtime size that folds is left to upstream (its result type
/// changes).
template <typename OpTy>
struct FoldSliceConstants : OpRewritePattern<OpTy> {
  explicit FoldSliceConstants(MLIRContext *context)
      : OpRewritePattern<OpTy>(context, /*benefit=*/10) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    // An offset folds when it is not negative, a stride when it is
    // positive: the others upstream's folder leaves alone too.
    auto fold = [&](SmallVector<OpFoldResult> list, int64_t least) {
      for (OpFoldResult &ofr : list) {
        auto value = llvm::dyn_cast<Value>(ofr);
        std::optional<int64_t> c =
            value ? getConstantIntValue(value) : std::nullopt;
        if (c && *c >= least) {
          ofr = rewriter.getIndexAttr(*c);
          changed = true;
        }
      }
      return list;
    };
    SmallVector<OpFoldResult> offsets = fold(op.getMixedOffsets(), 0);
    SmallVector<OpFoldResult> strides = fold(op.getMixedStrides(), 1);
    if (!changed)
      return failure();
    if constexpr (std::is_same_v<OpTy, tensor::ExtractSliceOp>)
      rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
          op, op.getType(), op.getSource(), offsets, op.getMixedSizes(),
          strides);
    else
      rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
          op, op.getSource(), op.getDest(), offsets, op.getMixedSizes(),
          strides);
    return success();
  }
};

/// Where a constant op is: the driver moves constants without a word.
/// (Upstream's OperationFingerPrint would see the move too, but hashes every
/// op of the function twice; only constants move unreported.)
struct ConstantPlace {
  Operation *op;
  Block *block;
  Operation *previous;
  Location loc;

  explicit ConstantPlace(Operation *op)
      : op(op), block(op->getBlock()), previous(op->getPrevNode()),
        loc(op->getLoc()) {}
  bool moved() const {
    return op->getBlock() != block || op->getPrevNode() != previous ||
           op->getLoc() != loc;
  }
};

struct DynCanonicalizePass
    : dyn::impl::DynCanonicalizeBase<DynCanonicalizePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    set.add<FoldSliceConstants<tensor::ExtractSliceOp>,
            FoldSliceConstants<tensor::InsertSliceOp>>(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(set);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(set, context);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    ChangeListener listener;
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(topDown)
        .setRegionSimplificationLevel(regionSimplify)
        .setListener(&listener);
    SmallVector<ConstantPlace> constants;
    getOperation()->walk([&](Operation *op) {
      // A constant has no operands and one result (ConstantLike requires
      // both): the counts skip the trait lookup for almost every op.
      if (op->getNumOperands() == 0 && op->getNumResults() == 1 &&
          op->hasTrait<OpTrait::ConstantLike>())
        constants.emplace_back(op);
    });
    bool changed = false;
    // As upstream's pass (without `test-convergence`): stopping at the
    // iteration limit is not an error.
    (void)applyPatternsGreedily(getOperation(), patterns, config, &changed);
    // Without a notification no op was erased, so every recorded one lives.
    if (!changed && !listener.changed &&
        llvm::none_of(constants, [](const ConstantPlace &constant) {
          return constant.moved();
        }))
      markAllAnalysesPreserved();
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
