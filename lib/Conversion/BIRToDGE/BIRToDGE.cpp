//===- BIRToDGE.cpp - convert-bir-to-dge ----------------------------------===//
//
// Hands allocated bir DMAs to the DGE passes: each bir.dma becomes a
// dge.dma with DGEType unassigned (3), which dge-scan routes (Stage 4).
//
//===----------------------------------------------------------------------===//

#include "dyn/Conversion/Passes.h"

#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Support/WalkPatterns.h"

#include "mlir/IR/PatternMatch.h"

namespace dyn {
#define GEN_PASS_DEF_CONVERTBIRTODGE
#include "dyn/Conversion/Passes.h.inc"
} // namespace dyn

using namespace mlir;
using namespace dyn;

namespace {
struct DMAToUnassigned : OpRewritePattern<bir::DMAOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(bir::DMAOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<dge::DMAOp>(
        op, op.getSrc(), op.getDst(), dge::DGEType::unassigned, op.getEngine(),
        bir::EngineAttr(), op.getTranspose());
    return success();
  }
};

struct ConvertBIRToDGEPass final
    : dyn::OneWalkPatternPass<
          dyn::impl::ConvertBIRToDGEBase<ConvertBIRToDGEPass>,
          populateBIRToDGEPatterns> {};
} // namespace

void dyn::populateBIRToDGEPatterns(RewritePatternSet &patterns) {
  patterns.add<DMAToUnassigned>(patterns.getContext());
}
