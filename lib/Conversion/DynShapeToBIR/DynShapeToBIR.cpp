//===- DynShapeToBIR.cpp - convert-dynshape-to-bir ------------------------===//
//
// Report Stages 1 and 1b, from the output of One-Shot Bufferize, as one
// dialect conversion: function memrefs become DRAM tensors and allocations
// SBUF locations (or DRAM outputs when returned), i32/index arithmetic
// becomes register-ALU code, scf.for becomes bir.for or bir.dynamic_for
// with its max_trip, and copies, gathers, scatters, transposes and padding
// masks become bir DMAs and DMA generators. checkLowerable first explains
// anything outside that with one diagnostic.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"
#include "dyn/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/ComposeSubView.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace dyn {
#define GEN_PASS_DEF_CONVERTDYNSHAPETOBIR
#include "dyn/Conversion/Passes.h.inc"
} // namespace dyn

using namespace mlir;
using namespace dyn;

namespace {
/// A linalg op on buffers takes any strided layout, so the memref.cast that
/// bufferization puts between a static view and it (to a dynamic offset)
/// is dropped: the op reads the view.
struct FoldCastIntoLinalg : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (OpOperand &operand : op->getOpOperands()) {
      auto cast = operand.get().getDefiningOp<memref::CastOp>();
      if (!cast || !memref::CastOp::canFoldIntoConsumerOp(cast))
        continue;
      rewriter.modifyOpInPlace(op, [&] { operand.set(cast.getSource()); });
      changed = true;
    }
    return success(changed);
  }
};

/// A function returns whole tensors. When bufferization gives a view the
/// identity layout of the result by a memref.cast (a view whose layout
/// happens to be one: offset 0, dense), the function returns a copy of the
/// view in an allocation of its own instead.
struct CopyReturnedView : OpRewritePattern<func::ReturnOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(func::ReturnOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (OpOperand &operand : op->getOpOperands()) {
      // A cast of a view, or a reshape of a location (whose layout is the
      // identity too).
      auto cast = operand.get().getDefiningOp<memref::CastOp>();
      Value view = cast ? cast.getSource() : operand.get();
      auto type = llvm::dyn_cast<MemRefType>(operand.get().getType());
      if (!type || !type.getLayout().isIdentity() || !getViewSource(view))
        continue;
      Location loc = operand.get().getLoc();
      auto copy = memref::AllocOp::create(rewriter, loc, type);
      memref::CopyOp::create(rewriter, loc, view, copy);
      rewriter.modifyOpInPlace(op, [&] { operand.set(copy); });
      changed = true;
    }
    return success(changed);
  }
};

} // namespace

/// Before the conversion: a view of a view becomes one view of its base
/// (upstream patterns; the offsets they combine become affine.apply, which
/// the conversion lowers), the scalars a conditional yields become selects
/// (upstream's scf.if canonicalization, once their code is outside the
/// branches), casts of views into linalg ops fold away, and a returned cast
/// of a view becomes a copy.
static LogicalResult composeViews(Operation *root) {
  MLIRContext *ctx = root->getContext();
  hoistConditionalScalars(root);
  viewConstantIndices(root);
  RewritePatternSet patterns(ctx);
  memref::populateComposeSubViewPatterns(patterns, ctx);
  scf::IfOp::getCanonicalizationPatterns(patterns, ctx);
  patterns.add<FoldCastIntoLinalg, CopyReturnedView>(ctx);
  // Only the ops these patterns match, the casts (a cast of a cast folds)
  // and the ops that read a cast (whose folders drop casts: memref.copy,
  // memref.load, the dynshape buffer ops) start on the worklist; what they
  // create joins it. The rest of the function is not revisited (the
  // pipeline has canonicalized it; this pass converts, it does not fold),
  // which at 10,000 accesses saves a pass over 70,000 ops.
  SmallVector<Operation *> worklist;
  root->walk([&](Operation *op) {
    if (llvm::isa<memref::SubViewOp, memref::CastOp, scf::IfOp>(op) ||
        llvm::any_of(op->getOperands(), [&](Value operand) {
          return operand.getDefiningOp<memref::CastOp>() ||
                 (llvm::isa<func::ReturnOp>(op) && getViewSource(operand));
        }))
      worklist.push_back(op);
  });
  GreedyRewriteConfig greedy;
  greedy.setStrictness(GreedyRewriteStrictness::AnyOp);
  if (failed(applyOpPatternsGreedily(worklist, std::move(patterns), greedy)))
    return failure();
  // An op folded in place does not requeue the cast it stopped reading, so
  // dead casts are swept here, last first: erasing one can leave the cast
  // it read dead.
  SmallVector<memref::CastOp> casts;
  root->walk([&](memref::CastOp cast) { casts.push_back(cast); });
  for (memref::CastOp cast : llvm::reverse(casts))
    if (cast->use_empty())
      cast->erase();
  return success();
}

/// After the conversion: the constants and views that the new ops folded
/// are dead, and with them the casts of their operands. One walk erases
/// them, users before the definitions of their operands (reverse
/// post-order), so a dead chain goes at once. Upstream's runRegionDCE
/// erases the same here (the lowered code has no branches, so no block
/// argument dies) but computes liveness to a fixpoint first
/// (bench/README.md, "Figures behind choices in the code").
static void eraseDeadOps(Operation *root) {
  // Operation::walk, not Region::walk: the latter visits a region's
  // top-level ops first to last whatever the iterator, so a view of a view
  // would be visited while its user still stands.
  root->walk<WalkOrder::PostOrder, ReverseIterator>([root](Operation *op) {
    if (op != root && isOpTriviallyDead(op))
      op->erase();
  });
}

/// What casts remain after the dead ops are erased must cancel out.
static LogicalResult reconcileCasts(Operation *root) {
  eraseDeadOps(root);
  SmallVector<UnrealizedConversionCastOp> casts, remaining;
  root->walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  reconcileUnrealizedCasts(casts, &remaining);
  if (remaining.empty())
    return success();
  // Internal invariant: checkLowerable rejects every input that would leave
  // a cast, so this reports a bug in the lowering, not the input.
  return remaining.front().emitOpError("remains after convert-dynshape-to-bir");
}

namespace {
struct ConvertDynShapeToBIRPass
    : dyn::impl::ConvertDynShapeToBIRBase<ConvertDynShapeToBIRPass> {
  using Base::Base;

  void runOnOperation() override {
    // A function (as the pipeline runs it, in parallel) or a module.
    Operation *root = getOperation();
    if (failed(composeViews(root)) || failed(checkLowerable(root, engine)))
      return signalPassFailure();
    dropRedundantClamps(root);

    LoweringState state(root, engine);
    BIRTypeConverter converter(state);
    ConversionTarget target(getContext());
    configureDynShapeToBIRTarget(target, converter);
    RewritePatternSet patterns(&getContext());
    populateDynShapeToBIRConversionPatterns(converter, patterns);
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::AfterPatterns;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(root, target, std::move(patterns),
                                      config)) ||
        failed(reconcileCasts(root)))
      return signalPassFailure();
  }
};
} // namespace
