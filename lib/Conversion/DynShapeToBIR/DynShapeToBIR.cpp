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

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"
#include "dyn/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/ComposeSubView.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

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

struct ConvertDynShapeToBIRPass
    : dyn::impl::ConvertDynShapeToBIRBase<ConvertDynShapeToBIRPass> {
  using Base::Base;

  void runOnOperation() override {
    // A function (as the pipeline runs it, in parallel) or a module.
    Operation *root = getOperation();
    MLIRContext *ctx = &getContext();

    // A view of a view becomes one view of its base (upstream patterns; the
    // offsets they combine become affine.apply, which the conversion
    // lowers). The scalars a conditional yields become selects (upstream's
    // scf.if canonicalization, once their code is outside the branches).
    // Casts of views into linalg ops fold away.
    hoistConditionalScalars(root);
    RewritePatternSet composePatterns(ctx);
    memref::populateComposeSubViewPatterns(composePatterns, ctx);
    scf::IfOp::getCanonicalizationPatterns(composePatterns, ctx);
    composePatterns.add<FoldCastIntoLinalg>(ctx);
    // Only the ops these patterns match, and the copies whose folder drops
    // casts, start on the worklist; what they create joins it. The rest of
    // the function is not revisited (the pipeline has canonicalized it;
    // this pass converts, it does not fold), which at 10,000 accesses saves
    // a pass over 70,000 ops. An op folded in place does not requeue the
    // cast it stopped reading, so dead casts are swept after.
    SmallVector<Operation *> worklist;
    root->walk([&](Operation *op) {
      if (llvm::isa<memref::SubViewOp, memref::CopyOp, scf::IfOp,
                    linalg::LinalgOp>(op))
        worklist.push_back(op);
    });
    GreedyRewriteConfig greedy;
    greedy.setStrictness(GreedyRewriteStrictness::AnyOp);
    if (failed(applyOpPatternsGreedily(worklist, std::move(composePatterns),
                                       greedy)))
      return signalPassFailure();
    root->walk([](memref::CastOp cast) {
      if (cast->use_empty())
        cast->erase();
    });
    if (failed(checkLowerable(root, engine)))
      return signalPassFailure();
    dropRedundantClamps(root);

    BIRTypeConverter converter(engine);
    converter.foldMasks(root);
    ConversionTarget target(*ctx);
    configureDynShapeToBIRTarget(target, converter);
    RewritePatternSet patterns(ctx);
    MaxTripCounts maxTrips = computeMaxTripCounts(root);
    populateDynShapeToBIRConversionPatterns(converter, maxTrips, patterns);
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::AfterPatterns;
    if (failed(applyPartialConversion(root, target, std::move(patterns),
                                      config)))
      return signalPassFailure();

    // The views the DMAs folded are dead now, and with them the casts of
    // their offsets; what casts remain must cancel out.
    IRRewriter rewriter(ctx);
    (void)runRegionDCE(rewriter, root->getRegions());
    SmallVector<UnrealizedConversionCastOp> casts, remaining;
    root->walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts, &remaining);
    if (!remaining.empty()) {
      // Internal invariant: checkLowerable rejects every input that would
      // leave a cast, so this reports a bug in the lowering, not the input.
      remaining.front().emitOpError("remains after convert-dynshape-to-bir");
      return signalPassFailure();
    }
  }
};
} // namespace
