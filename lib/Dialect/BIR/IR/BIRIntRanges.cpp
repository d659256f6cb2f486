//===- BIRIntRanges.cpp - integer ranges of bir's registers ---------------===//
//
// InferIntRangeInterface for the register code: a register holds a signed
// 32-bit value. The ALU's arithmetic follows upstream's rules for arith
// (wrapping 32-bit arithmetic), its compares give 0 or 1, and a loop's
// induction register lies between its first and its last value. An operand
// whose range is unknown (width 0, upstream's convention for a value that
// is not an integer) is any 32-bit value. dyn::IntegerRanges asks these.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace dyn::bir;

static constexpr unsigned kBits = 32;

static ConstantIntRanges constant(int64_t value) {
  return ConstantIntRanges::constant(APInt(kBits, value, /*isSigned=*/true));
}

/// [lo, hi] in a register; any value when it is empty or does not fit.
static ConstantIntRanges between(int64_t lo, int64_t hi) {
  if (lo > hi || !dyn::machine::fitsRegister(lo) ||
      !dyn::machine::fitsRegister(hi))
    return ConstantIntRanges::maxRange(kBits);
  return ConstantIntRanges::fromSigned(APInt(kBits, lo, /*isSigned=*/true),
                                       APInt(kBits, hi, /*isSigned=*/true));
}

/// A register operand's range: any 32-bit value when it is unknown.
static ConstantIntRanges asRegister(const ConstantIntRanges &range) {
  return range.smin().getBitWidth() == kBits ? range
                                      : ConstantIntRanges::maxRange(kBits);
}

/// The range of `lhs kind rhs`.
static ConstantIntRanges inferAlu(AluOpKind kind, const ConstantIntRanges &lhs,
                                  const ConstantIntRanges &rhs) {
  SmallVector<ConstantIntRanges, 2> operands = {asRegister(lhs),
                                                asRegister(rhs)};
  switch (kind) {
  case AluOpKind::add:
    return intrange::inferAdd(operands);
  case AluOpKind::sub:
    return intrange::inferSub(operands);
  case AluOpKind::mult:
    return intrange::inferMul(operands);
  case AluOpKind::max:
    return intrange::inferMaxS(operands);
  case AluOpKind::min:
    return intrange::inferMinS(operands);
  case AluOpKind::eq:
  case AluOpKind::ne:
  case AluOpKind::slt:
  case AluOpKind::sle:
  case AluOpKind::sgt:
  case AluOpKind::sge:
  case AluOpKind::ult:
  case AluOpKind::ule:
  case AluOpKind::ugt:
  case AluOpKind::uge:
    return between(0, 1);
  // Division and remainder by 0 give 0 on the ALU, where arith's are
  // undefined; the bitwise operations and shifts are not needed yet.
  case AluOpKind::divide:
  case AluOpKind::mod:
  case AluOpKind::bit_and:
  case AluOpKind::bit_or:
  case AluOpKind::bit_xor:
  case AluOpKind::shl:
  case AluOpKind::shrs:
  case AluOpKind::shru:
    return ConstantIntRanges::maxRange(kBits);
  }
  return ConstantIntRanges::maxRange(kBits);
}

void MovImmOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                 SetIntRangeFn setResultRange) {
  setResultRange(getResult(), constant(static_cast<int32_t>(getValue())));
}

void AluOp::inferResultRanges(ArrayRef<ConstantIntRanges> operands,
                              SetIntRangeFn setResultRange) {
  setResultRange(getResult(), inferAlu(getKind(), operands[0], operands[1]));
}

void AluImmOp::inferResultRanges(ArrayRef<ConstantIntRanges> operands,
                                 SetIntRangeFn setResultRange) {
  setResultRange(getResult(),
                 inferAlu(getKind(), operands[0],
                          constant(static_cast<int32_t>(getImm()))));
}

// The induction registers: a block argument, as the interface allows.
void DynamicForOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                     SetIntRangeFn setResultRange) {
  // At most max_trip trips: lb, lb + step, ..., lb + step * (max_trip - 1).
  ConstantIntRanges range = ConstantIntRanges::maxRange(kBits);
  int64_t lb = static_cast<int32_t>(getLb());
  int64_t step = static_cast<int32_t>(getStep());
  if (step > 0 && getMaxTrip() > 0) {
    std::optional<int64_t> last = llvm::checkedMulAdd<int64_t>(
        step, static_cast<int64_t>(getMaxTrip()) - 1, lb);
    if (last)
      range = between(lb, *last);
  }
  setResultRange(getInductionReg(), range);
}

void ForOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                              SetIntRangeFn setResultRange) {
  int64_t lb = static_cast<int32_t>(getLb());
  int64_t ub = static_cast<int32_t>(getUb());
  setResultRange(getBody().getArgument(0),
                 static_cast<int32_t>(getStep()) > 0
                     ? between(lb, ub - 1)
                     : ConstantIntRanges::maxRange(kBits));
}
