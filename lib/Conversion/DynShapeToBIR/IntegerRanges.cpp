//===- IntegerRanges.cpp - ranges of runtime scalars, on demand -----------===//

#include "IntegerRanges.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Support/BottomUp.h"
#include "dyn/Support/Machine.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace dyn;

static unsigned widthOf(Type type) {
  return type.isIndex() ? IndexType::kInternalStorageBitWidth
                        : type.getIntOrFloatBitWidth();
}

/// What the range of `value` is computed from.
static void rangeInputs(Value value, SmallVectorImpl<Value> &inputs) {
  if (auto arg = llvm::dyn_cast<BlockArgument>(value)) {
    auto loop =
        llvm::dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg == loop.getInductionVar())
      inputs.append(
          {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()});
    return;
  }
  if (auto infer = value.getDefiningOp<InferIntRangeInterface>())
    if (llvm::all_of(infer->getOperandTypes(),
                     [](Type type) { return type.isIntOrIndex(); }))
      llvm::append_range(inputs, infer->getOperands());
}

/// `range` of an index value as the target computes it, in 32-bit
/// registers: the analysis computes in 64 bits, which agrees while the
/// result fits i32 (its operands do, by induction). Beyond, the 32-bit
/// result wrapped and may be any i32.
static ConstantIntRanges asIndexRegister(const ConstantIntRanges &range) {
  unsigned width = IndexType::kInternalStorageBitWidth;
  if (machine::fitsRegister(range.smin().getSExtValue()) &&
      machine::fitsRegister(range.smax().getSExtValue()))
    return range;
  return ConstantIntRanges::fromSigned(
      APInt::getSignedMinValue(32).sext(width),
      APInt::getSignedMaxValue(32).sext(width));
}

/// The range of `value` from its inputs' ranges (in 64 bits for index).
static ConstantIntRanges
computeRange(Value value, function_ref<ConstantIntRanges(Value)> rangeOf) {
  ConstantIntRanges range =
      ConstantIntRanges::maxRange(widthOf(value.getType()));
  SmallVector<Value, 4> inputs;
  rangeInputs(value, inputs);
  auto infer = value.getDefiningOp<InferIntRangeInterface>();
  if (infer ? inputs.size() != infer->getNumOperands() : inputs.empty())
    return range;
  if (!infer) {
    // An induction variable lies in [lb, ub - 1] (positive steps).
    ConstantIntRanges lb = rangeOf(inputs[0]), ub = rangeOf(inputs[1]),
                      step = rangeOf(inputs[2]);
    if (step.smin().isStrictlyPositive() && !ub.smax().isMinSignedValue() &&
        lb.smin().sle(ub.smax() - 1))
      range = ConstantIntRanges::fromSigned(lb.smin(), ub.smax() - 1);
    return range;
  }
  SmallVector<ConstantIntRanges> operands =
      llvm::map_to_vector(inputs, rangeOf);
  infer.inferResultRanges(operands,
                          [&](Value result, const ConstantIntRanges &r) {
                            if (result == value)
                              range = r;
                          });
  return range;
}

ConstantIntRanges IntegerRanges::get(Value value) {
  auto rangeOf = [&](Value input) {
    auto it = known.find(input);
    if (it != known.end())
      return it->second;
    ConstantIntRanges full =
        ConstantIntRanges::maxRange(widthOf(input.getType()));
    return input.getType().isIndex() ? asIndexRegister(full) : full;
  };
  auto compute = [&](Value value) {
    ConstantIntRanges range = computeRange(value, rangeOf);
    return value.getType().isIndex() ? asIndexRegister(range) : range;
  };
  return computeBottomUp(value, known, rangeInputs, compute);
}
