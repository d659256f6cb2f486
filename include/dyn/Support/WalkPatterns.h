//===- WalkPatterns.h - one walk of patterns --------------------*- C++ -*-===//
//
// Passes that rewrite in one walk report whether they changed the IR, so
// that the pass manager verifies only what changed; the passes that are
// nothing but such a walk share one body.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SUPPORT_WALKPATTERNS_H
#define DYN_SUPPORT_WALKPATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace dyn {

/// Applies `patterns` in one walk of the ops nested in `op` (upstream's
/// walkAndApplyPatterns) and returns whether the IR changed. A pass that
/// changed nothing marks its analyses preserved, and the pass manager then
/// skips the verification after it, which costs as much as the walk on a
/// large function.
inline bool walkAndApplyPatternsChanged(
    mlir::Operation *op, const mlir::FrozenRewritePatternSet &patterns) {
  // Every change a pattern makes goes through its rewriter, and so through
  // this listener.
  struct ChangeListener : mlir::RewriterBase::Listener {
    bool changed = false;
    void notifyOperationInserted(mlir::Operation *,
                                 mlir::OpBuilder::InsertPoint) override {
      changed = true;
    }
    void notifyBlockInserted(mlir::Block *, mlir::Region *,
                             mlir::Region::iterator) override {
      changed = true;
    }
    void notifyOperationModified(mlir::Operation *) override { changed = true; }
    void notifyOperationReplaced(mlir::Operation *,
                                 mlir::ValueRange) override {
      changed = true;
    }
    void notifyOperationErased(mlir::Operation *) override { changed = true; }
    void notifyBlockErased(mlir::Block *) override { changed = true; }
  } listener;
  mlir::walkAndApplyPatterns(op, patterns, &listener);
  return listener.changed;
}

/// A pass whose whole work is the patterns of `Populate`, applied in one
/// walk (a rewritten op never matches again, so one walk suffices and keeps
/// the pass linear; unlike the greedy driver it folds nothing else).
/// `PassBase` is the pass's generated base:
///
///   struct XPass final
///       : OneWalkPatternPass<impl::XBase<XPass>, populateXPatterns> {};
template <typename PassBase, void (*Populate)(mlir::RewritePatternSet &)>
struct OneWalkPatternPass : PassBase {
  void runOnOperation() override {
    mlir::RewritePatternSet patterns(&this->getContext());
    Populate(patterns);
    if (!walkAndApplyPatternsChanged(this->getOperation(), std::move(patterns)))
      this->markAllAnalysesPreserved();
  }
};

} // namespace dyn

#endif // DYN_SUPPORT_WALKPATTERNS_H
