//===- ALUBuilder.cpp - emitting register-ALU code ------------------------===//

#include "ALUBuilder.h"

#include "dyn/Support/BottomUp.h"
#include "dyn/Support/Machine.h"

#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace dyn::bir;

Value ALUBuilder::constant(int64_t value) {
  return MovImmOp::create(builder, loc, RegType::get(builder.getContext()),
                          builder.getI32IntegerAttr(static_cast<int32_t>(value)),
                          EngineAttr::get(builder.getContext(), engine),
                          IntegerAttr());
}

Value ALUBuilder::op(AluOpKind kind, Value lhs, Value rhs) {
  MLIRContext *ctx = builder.getContext();
  return AluOp::create(builder, loc, RegType::get(ctx),
                       AluOpKindAttr::get(ctx, kind), lhs, rhs,
                       EngineAttr::get(ctx, engine), IntegerAttr());
}

Value ALUBuilder::opImm(AluOpKind kind, Value lhs, int64_t imm) {
  MLIRContext *ctx = builder.getContext();
  return AluImmOp::create(builder, loc, RegType::get(ctx),
                          AluOpKindAttr::get(ctx, kind), lhs,
                          builder.getI32IntegerAttr(static_cast<int32_t>(imm)),
                          EngineAttr::get(ctx, engine), IntegerAttr());
}

Value ALUBuilder::linear(int64_t c, ArrayRef<int64_t> coefs, ValueRange regs) {
  Value sum;
  for (auto [coef, reg] : llvm::zip(coefs, regs)) {
    if (coef == 0)
      continue;
    Value term = coef == 1 ? reg : opImm(AluOpKind::mult, reg, coef);
    sum = sum ? op(AluOpKind::add, sum, term) : term;
  }
  if (!sum)
    return constant(c);
  return c == 0 ? sum : opImm(AluOpKind::add, sum, c);
}

/// `value * scale + add` when it fits an i32 ALU immediate.
static std::optional<int64_t> scaledImmediate(int64_t value, int64_t scale,
                                              int64_t add) {
  std::optional<int64_t> product = llvm::checkedMul(value, scale);
  std::optional<int64_t> sum =
      product ? llvm::checkedAdd(*product, add) : std::nullopt;
  if (!sum || !dyn::machine::fitsRegister(*sum))
    return std::nullopt;
  return sum;
}

/// The signed range of register `reg`, from the code that defines it
/// (upstream's integer range rules for the ALU operations, a loop's bounds
/// for its induction register) and the ranges of its operands (`input`);
/// the full 32-bit range where nothing is known.
static ConstantIntRanges
rangeFromInputs(Value reg, llvm::function_ref<ConstantIntRanges(Value)> input) {
  auto constant = [](int64_t v) {
    return ConstantIntRanges::constant(APInt(32, v, /*isSigned=*/true));
  };
  auto between = [](int64_t lo, int64_t hi) {
    if (lo > hi || !dyn::machine::fitsRegister(lo) || !dyn::machine::fitsRegister(hi))
      return ConstantIntRanges::maxRange(32);
    return ConstantIntRanges::fromSigned(APInt(32, lo, true),
                                         APInt(32, hi, true));
  };
  if (auto arg = llvm::dyn_cast<BlockArgument>(reg)) {
    Operation *loop = arg.getOwner()->getParentOp();
    if (auto dyn = llvm::dyn_cast<DynamicForOp>(loop))
      if (dyn.getStep() > 0 && dyn.getMaxTrip() > 0)
        return between(dyn.getLb(), int64_t(dyn.getLb()) +
                                        int64_t(dyn.getStep()) *
                                            (dyn.getMaxTrip() - 1));
    if (auto stat = llvm::dyn_cast<ForOp>(loop))
      if (stat.getStep() > 0)
        return between(stat.getLb(), int64_t(stat.getUb()) - 1);
    return ConstantIntRanges::maxRange(32);
  }
  Operation *def = reg.getDefiningOp();
  if (auto mov = llvm::dyn_cast_or_null<MovImmOp>(def))
    return constant(mov.getValue());
  std::optional<AluOpKind> kind;
  SmallVector<ConstantIntRanges, 2> operands;
  if (auto alu = llvm::dyn_cast_or_null<AluOp>(def)) {
    kind = alu.getKind();
    operands = {input(alu.getLhs()), input(alu.getRhs())};
  } else if (auto imm = llvm::dyn_cast_or_null<AluImmOp>(def)) {
    kind = imm.getKind();
    operands = {input(imm.getLhs()), constant(imm.getImm())};
  }
  if (!kind)
    return ConstantIntRanges::maxRange(32);
  switch (*kind) {
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
  case AluOpKind::divide:
  case AluOpKind::mod:
  case AluOpKind::bit_and:
  case AluOpKind::bit_or:
  case AluOpKind::bit_xor:
  case AluOpKind::shl:
  case AluOpKind::shrs:
  case AluOpKind::shru:
    return ConstantIntRanges::maxRange(32);
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
  }
  return ConstantIntRanges::maxRange(32);
}

/// rangeFromInputs of `reg`, its operands' first (into `known`).
static ConstantIntRanges
rangeOf(Value reg, llvm::DenseMap<Value, ConstantIntRanges> &known) {
  auto inputs = [](Value value, SmallVectorImpl<Value> &out) {
    if (auto alu = value.getDefiningOp<AluOp>())
      out.append({alu.getLhs(), alu.getRhs()});
    else if (auto imm = value.getDefiningOp<AluImmOp>())
      out.push_back(imm.getLhs());
  };
  auto compute = [&](Value value) {
    return rangeFromInputs(value, [&](Value input) {
      auto it = known.find(input);
      return it != known.end() ? it->second : ConstantIntRanges::maxRange(32);
    });
  };
  return dyn::computeBottomUp(reg, known, inputs, compute);
}

/// True when `c + Σ coefs[i] * regs[i]`, computed term by term, never
/// leaves the 32-bit range: then the registers' wrapping arithmetic gives
/// the exact value, and exact identities hold for it.
static bool fitsWithoutWrap(int64_t c, ArrayRef<int64_t> coefs,
                            ValueRange regs) {
  int64_t lo = 0, hi = 0;
  llvm::DenseMap<Value, ConstantIntRanges> known;
  for (auto [coef, reg] : llvm::zip(coefs, regs)) {
    ConstantIntRanges range = rangeOf(reg, known);
    std::optional<int64_t> a = llvm::checkedMul(coef, range.smin().getSExtValue());
    std::optional<int64_t> b = llvm::checkedMul(coef, range.smax().getSExtValue());
    if (!a || !b || !dyn::machine::fitsRegister(*a) || !dyn::machine::fitsRegister(*b))
      return false;
    lo += std::min(*a, *b);
    hi += std::max(*a, *b);
    if (!dyn::machine::fitsRegister(lo) || !dyn::machine::fitsRegister(hi))
      return false;
  }
  return dyn::machine::fitsRegister(lo + c) && dyn::machine::fitsRegister(hi + c);
}

Value ALUBuilder::onChipAddress(int64_t c, ArrayRef<int64_t> coefs,
                                ValueRange regs, int64_t unitBytes,
                                const OnChipLocation &location) {
  int64_t rowUnits = location.getRowBytes() / unitBytes;
  int64_t stride = location.getPartitionStride();
  // (k·x) / k = x and (k·x) mod k = 0 hold when k·x does not wrap.
  bool wholeRows = c % rowUnits == 0 &&
                   llvm::all_of(coefs,
                                [&](int64_t k) { return k % rowUnits == 0; }) &&
                   fitsWithoutWrap(c, coefs, regs);
  if (wholeRows) {
    std::optional<int64_t> constant =
        scaledImmediate(c / rowUnits, stride, location.getBase());
    SmallVector<int64_t> scaled;
    for (int64_t k : coefs)
      if (std::optional<int64_t> s = scaledImmediate(k / rowUnits, stride, 0))
        scaled.push_back(*s);
    if (constant && scaled.size() == coefs.size())
      return linear(*constant, scaled, regs);
  }
  return delinearize(linear(c, coefs, regs), unitBytes, location);
}

Value ALUBuilder::delinearize(Value off, int64_t unitBytes,
                              const OnChipLocation &location) {
  int64_t rowUnits = location.getRowBytes() / unitBytes;
  int64_t partStride = location.getPartitionStride();
  int64_t base = location.getBase();
  Value part = opImm(AluOpKind::divide, off, rowUnits);
  Value partBytes = opImm(AluOpKind::mult, part, partStride);
  Value rest = opImm(AluOpKind::mod, off, rowUnits);
  Value restBytes = unitBytes == 1 ? rest : opImm(AluOpKind::mult, rest, unitBytes);
  Value addr = op(AluOpKind::add, partBytes, restBytes);
  return base == 0 ? addr : opImm(AluOpKind::add, addr, base);
}
