//===- IntegerRanges.cpp - ranges of runtime scalars, on demand -----------===//

#include "dyn/Analysis/IntegerRanges.h"

#include "dyn/Support/BottomUp.h"
#include "dyn/Support/Machine.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace dyn;

static unsigned widthOf(Type type) {
  return ConstantIntRanges::getStorageBitwidth(type);
}

/// The loop whose single induction variable `arg` is, if it has no range
/// interface of its own.
static LoopLikeOpInterface getPlainLoop(BlockArgument arg) {
  Operation *parent = arg.getOwner()->getParentOp();
  auto loop = llvm::dyn_cast_or_null<LoopLikeOpInterface>(parent);
  if (!loop || llvm::isa<InferIntRangeInterface>(parent) ||
      loop.getSingleInductionVar() != Value(arg))
    return {};
  return loop;
}

/// What the range of `value` is computed from.
static void rangeInputs(Value value, SmallVectorImpl<Value> &inputs) {
  Operation *op;
  if (auto arg = llvm::dyn_cast<BlockArgument>(value)) {
    if (LoopLikeOpInterface loop = getPlainLoop(arg)) {
      for (std::optional<OpFoldResult> bound :
           {loop.getSingleLowerBound(), loop.getSingleUpperBound(),
            loop.getSingleStep()})
        if (bound)
          if (auto bv = llvm::dyn_cast<Value>(*bound))
            inputs.push_back(bv);
      return;
    }
    op = arg.getOwner()->getParentOp();
  } else {
    op = value.getDefiningOp();
  }
  if (llvm::isa_and_nonnull<InferIntRangeInterface>(op))
    llvm::append_range(inputs, op->getOperands());
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

/// An induction variable of a positive step lies in [lb, ub - 1].
static ConstantIntRanges
inductionRange(LoopLikeOpInterface loop, unsigned width,
               function_ref<ConstantIntRanges(Value)> rangeOf) {
  ConstantIntRanges full = ConstantIntRanges::maxRange(width);
  auto range = [&](std::optional<OpFoldResult> bound)
      -> std::optional<ConstantIntRanges> {
    if (!bound)
      return std::nullopt;
    if (auto value = llvm::dyn_cast<Value>(*bound))
      return rangeOf(value);
    std::optional<int64_t> c = getConstantIntValue(*bound);
    if (!c || width == 0)
      return std::nullopt;
    return ConstantIntRanges::constant(APInt(width, *c, /*isSigned=*/true));
  };
  std::optional<ConstantIntRanges> lb = range(loop.getSingleLowerBound()),
                                   ub = range(loop.getSingleUpperBound()),
                                   step = range(loop.getSingleStep());
  if (!lb || !ub || !step || lb->smin().getBitWidth() != width ||
      ub->smin().getBitWidth() != width || step->smin().getBitWidth() != width)
    return full;
  if (step->smin().isStrictlyPositive() && !ub->smax().isMinSignedValue() &&
      lb->smin().sle(ub->smax() - 1))
    return ConstantIntRanges::fromSigned(lb->smin(), ub->smax() - 1);
  return full;
}

/// The range of `value` from its inputs' ranges.
static ConstantIntRanges
computeRange(Value value, function_ref<ConstantIntRanges(Value)> rangeOf) {
  unsigned width = widthOf(value.getType());
  ConstantIntRanges range = ConstantIntRanges::maxRange(width);
  Operation *op = value.getDefiningOp();
  if (auto arg = llvm::dyn_cast<BlockArgument>(value)) {
    if (LoopLikeOpInterface loop = getPlainLoop(arg))
      return inductionRange(loop, width, rangeOf);
    op = arg.getOwner()->getParentOp();
  }
  auto infer = llvm::dyn_cast_or_null<InferIntRangeInterface>(op);
  if (!infer)
    return range;
  SmallVector<ConstantIntRanges> operands =
      llvm::map_to_vector(op->getOperands(), rangeOf);
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
