//===- ALUBuilder.cpp - emitting register-ALU code ------------------------===//

#include "ALUBuilder.h"

#include "dyn/Analysis/IntegerRanges.h"
#include "dyn/Support/Machine.h"

#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace dyn;
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

/// True when `c + Σ coefs[i] * regs[i]`, computed term by term, never
/// leaves the 32-bit range: then the registers' wrapping arithmetic gives
/// the exact value, and exact identities hold for it.
static bool fitsWithoutWrap(int64_t c, ArrayRef<int64_t> coefs,
                            ValueRange regs) {
  int64_t lo = 0, hi = 0;
  IntegerRanges ranges;
  for (auto [coef, reg] : llvm::zip(coefs, regs)) {
    ConstantIntRanges range = ranges.get(reg);
    // Width 0: a register whose code says nothing, which may be any value.
    if (range.smin().getBitWidth() == 0)
      return false;
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
