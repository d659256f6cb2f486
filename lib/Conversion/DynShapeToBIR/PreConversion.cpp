//===- PreConversion.cpp - steps on the input before the conversion -------===//
//
// What convert-dynshape-to-bir does to its input before the dialect
// conversion starts, while loops and branches are intact: dropping clamps
// that integer ranges show are redundant, hoisting register code out of
// scf.if branches, and bounding the trip count of runtime-trip loops.
//
//===----------------------------------------------------------------------===//

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"

#include "dyn/Analysis/IntegerRanges.h"
#include "dyn/Support/Machine.h"

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace dyn;

void dyn::dropRedundantClamps(Operation *root) {
  IntegerRanges ranges;
  SmallVector<Operation *> redundant;
  root->walk([&](Operation *op) {
    bool isMax = llvm::isa<arith::MaxSIOp>(op);
    if (!isMax && !llvm::isa<arith::MinSIOp>(op))
      return;
    std::optional<int64_t> c = getConstantInt(op->getOperand(1));
    if (!c)
      return;
    ConstantIntRanges range = ranges.get(op->getOperand(0));
    if (isMax ? range.smin().sge(*c) : range.smax().sle(*c))
      redundant.push_back(op);
  });
  // In program order, so a clamp of a clamp sees its operand's replacement.
  for (Operation *op : redundant) {
    op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  }
}

void dyn::hoistConditionalScalars(Operation *root) {
  // Post-order: an inner if's code reaches the outer if's branch first.
  root->walk([](scf::IfOp conditional) {
    for (Region *region :
         {&conditional.getThenRegion(), &conditional.getElseRegion()}) {
      if (region->empty())
        continue;
      // In order, so an op's operands are outside once their definitions
      // have moved.
      for (Operation &op :
           llvm::make_early_inc_range(region->front().without_terminator()))
        if (isPure(&op) && op.getNumRegions() == 0 &&
            llvm::all_of(op.getResultTypes(), isRegisterType) &&
            llvm::all_of(op.getOperands(), [&](Value operand) {
              return !conditional->isAncestor(
                  operand.getParentRegion()->getParentOp());
            }))
          op.moveBefore(conditional);
    }
  });
}

void dyn::viewConstantIndices(Operation *root) {
  root->walk([](linalg::GenericOp op) {
    if (!op.hasPureBufferSemantics())
      return;
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    bool changed = false;
    for (OpOperand &operand : op->getOpOperands()) {
      auto type = llvm::dyn_cast<MemRefType>(operand.get().getType());
      AffineMap &map = maps[operand.getOperandNumber()];
      if (!type || llvm::none_of(map.getResults(), [](AffineExpr e) {
            return llvm::isa<AffineConstantExpr>(e);
          }))
        continue;
      SmallVector<int64_t> offsets, sizes, resultShape;
      SmallVector<AffineExpr> kept;
      bool inside = true;
      for (auto [d, expr] : llvm::enumerate(map.getResults())) {
        auto constant = llvm::dyn_cast<AffineConstantExpr>(expr);
        if (!constant) {
          offsets.push_back(0);
          sizes.push_back(type.getDimSize(d));
          resultShape.push_back(type.getDimSize(d));
          kept.push_back(expr);
          continue;
        }
        int64_t c = constant.getValue();
        inside &= !type.isDynamicDim(d) && c >= 0 && c < type.getDimSize(d);
        offsets.push_back(c);
        sizes.push_back(1);
      }
      if (!inside || llvm::any_of(sizes, ShapedType::isDynamic))
        continue;
      SmallVector<int64_t> strides(offsets.size(), 1);
      OpBuilder builder(op);
      auto viewType = memref::SubViewOp::inferRankReducedResultType(
          resultShape, type, offsets, sizes, strides);
      Value view = memref::SubViewOp::create(
          builder, op.getLoc(), llvm::cast<MemRefType>(viewType),
          operand.get(), offsets, sizes, strides);
      operand.set(view);
      map = AffineMap::get(map.getNumDims(), 0, kept, op.getContext());
      changed = true;
    }
    if (changed)
      op.setIndexingMapsAttr(
          OpBuilder(op).getAffineMapArrayAttr(maps));
  });
}

std::optional<int64_t> dyn::getMaxTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantInt(loop.getLowerBound());
  std::optional<int64_t> step = getConstantInt(loop.getStep());
  if (!lb || !step || *step <= 0 || !machine::fitsRegister(*lb))
    return std::nullopt;
  if (std::optional<int64_t> ub = getConstantInt(loop.getUpperBound())) {
    if (!machine::fitsRegister(*ub))
      return std::nullopt;
    return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
  }
  // Integer ranges understand minsi/maxsi/index_cast; value bounds
  // understand affine.min and index arithmetic. The full i32 range is no
  // bound at all.
  std::optional<int64_t> ub;
  ConstantIntRanges range = IntegerRanges().get(loop.getUpperBound());
  if (range.smax().slt(machine::kRegisterMax))
    ub = range.smax().getSExtValue();
  if (!ub) {
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB,
        ValueBoundsConstraintSet::Variable(loop.getUpperBound()),
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (succeeded(bound) && *bound < machine::kRegisterMax)
      ub = *bound;
  }
  if (!ub)
    return std::nullopt;
  return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
}

