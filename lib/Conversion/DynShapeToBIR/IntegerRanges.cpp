//===- IntegerRanges.cpp - ranges of runtime scalars, on demand -----------===//

#include "IntegerRanges.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace dyn;

static unsigned widthOf(Type type) {
  return type.isIndex() ? IndexType::kInternalStorageBitWidth
                        : type.getIntOrFloatBitWidth();
}

ConstantIntRanges IntegerRanges::get(Value value) {
  auto it = known.find(value);
  if (it != known.end())
    return it->second;
  unsigned width = widthOf(value.getType());
  ConstantIntRanges range = ConstantIntRanges::maxRange(width);
  if (auto arg = llvm::dyn_cast<BlockArgument>(value)) {
    // An induction variable lies in [lb, ub - 1] (positive steps).
    auto loop =
        llvm::dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg == loop.getInductionVar()) {
      ConstantIntRanges lb = get(loop.getLowerBound());
      ConstantIntRanges ub = get(loop.getUpperBound());
      ConstantIntRanges step = get(loop.getStep());
      if (step.smin().isStrictlyPositive() && !ub.smax().isMinSignedValue() &&
          lb.smin().sle(ub.smax() - 1))
        range = ConstantIntRanges::fromSigned(lb.smin(), ub.smax() - 1);
    }
  } else if (auto infer =
                 value.getDefiningOp<InferIntRangeInterface>()) {
    SmallVector<ConstantIntRanges> operands;
    for (Value operand : infer->getOperands()) {
      if (!operand.getType().isIntOrIndex())
        return known.insert_or_assign(value, range).first->second;
      operands.push_back(get(operand));
    }
    infer.inferResultRanges(operands, [&](Value result,
                                          const ConstantIntRanges &r) {
      if (result == value)
        range = r;
    });
  }
  return known.insert_or_assign(value, range).first->second;
}
