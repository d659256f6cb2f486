//===- AccumulateOnChip.cpp - dynshape-accumulate-on-chip -----------------===//
//
// A reduction whose init crosses the function boundary runs in a buffer of
// its own, which the lowering keeps on chip (the pass description in
// Passes.td): the fill that starts it, or the copy back of the op before
// it, moves onto that buffer, and the result is copied back once.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/IR/FunctionBoundary.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace dyn::dynshape {
#define GEN_PASS_DEF_DYNSHAPEACCUMULATEONCHIP
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"
} // namespace dyn::dynshape

using namespace mlir;
using namespace dyn::dynshape;

namespace {

/// The buffer `value` is a view of (upstream's view walk), or null for a
/// value that is not a memref.
Value getRoot(Value value) {
  auto memref = llvm::dyn_cast<TypedValue<BaseMemRefType>>(value);
  return memref ? memref::skipViewLikeOps(memref) : Value();
}

/// Whether `op`, or an op nested in it, uses `buffer` or a view of what it
/// is a view of.
bool touches(Operation *op, Value buffer) {
  Value root = getRoot(buffer);
  WalkResult result = op->walk([&](Operation *inner) {
    return llvm::any_of(inner->getOperands(),
                        [&](Value v) { return getRoot(v) == root; })
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// The op before `op` in its block that touches `buffer`, if any.
Operation *lastToucherBefore(Operation *op, Value buffer) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
    if (touches(prev, buffer))
      return prev;
  return nullptr;
}

struct AccumulateOnChip final
    : dyn::dynshape::impl::DynShapeAccumulateOnChipBase<AccumulateOnChip> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() && op.getNumReductionLoops() > 0)
        reductions.push_back(op);
    });
    // The copies back this pass made: the buffer each copies from.
    llvm::DenseMap<Operation *, Value> copiesBack;
    for (linalg::LinalgOp op : reductions)
      for (OpOperand &init : op.getDpsInitsMutable())
        accumulate(op, init, copiesBack);
  }

  void accumulate(linalg::LinalgOp op, OpOperand &init,
                  llvm::DenseMap<Operation *, Value> &copiesBack) {
    Value out = init.get();
    auto type = llvm::dyn_cast<MemRefType>(out.getType());
    if (!type || !type.hasStaticShape() || !crossesFunctionBoundary(out))
      return;
    // An op that also reads the buffer through another operand keeps it.
    for (OpOperand &other : op->getOpOperands())
      if (&other != &init && getRoot(other.get()) == getRoot(out))
        return;
    OpBuilder b(op);
    Location loc = op.getLoc();
    Operation *last = lastToucherBefore(op, out);
    Value acc;
    auto fill = llvm::dyn_cast_or_null<linalg::FillOp>(last);
    if (fill && fill.getDpsInits()[0] == out) {
      acc = memref::AllocOp::create(
          b, fill.getLoc(),
          MemRefType::get(type.getShape(), type.getElementType()));
      acc.getDefiningOp()->moveBefore(fill);
      fill.getDpsInitsMutable()[0].set(acc);
    } else if (auto it = copiesBack.find(last); it != copiesBack.end()) {
      acc = it->second;
      copiesBack.erase(it);
      last->erase();
    } else {
      // Right after the init's last write (or its definition), so that
      // the ops just before this one stay next to it (a mask the tiling
      // fuses into its loop).
      Operation *def = out.getDefiningOp();
      if (def && def->getBlock() != op->getBlock())
        def = nullptr;
      if (last && (!def || def->isBeforeInBlock(last)))
        b.setInsertionPointAfter(last);
      else if (def)
        b.setInsertionPointAfter(def);
      else
        b.setInsertionPointToStart(op->getBlock());
      acc = memref::AllocOp::create(
          b, loc, MemRefType::get(type.getShape(), type.getElementType()));
      memref::CopyOp::create(b, loc, out, acc);
    }
    init.set(acc);
    b.setInsertionPointAfter(op);
    auto copy = memref::CopyOp::create(b, loc, acc, out);
    copiesBack[copy] = acc;
  }
};

} // namespace
