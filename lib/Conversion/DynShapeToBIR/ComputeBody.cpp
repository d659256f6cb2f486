//===- ComputeBody.cpp - the ops of an elementwise body on the engines ----===//
//
// One body op becomes one or a few engine instructions (docs/Compute.md):
// float arithmetic and compares on the Vector engine, exp on the Activation
// engine, i32 arithmetic and compares natively on the Pool engine, selects
// as predicated copies, conversions as converting copies (uitofp of an i32
// in two exact halves). Compares (i1) are held as f32 1.0 or 0.0.
//
//===----------------------------------------------------------------------===//

#include "Compute.h"

#include "dyn/Dialect/BIR/IR/MathFunctions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// The engine op of a binary body op (compares of i1 are 1.0 or 0.0, so
/// andi, ori and xori of them are min, max and not_equal).
static std::optional<ElementwiseKind> getBinaryKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ElementwiseKind>>(op)
      .Case<arith::AddFOp, arith::AddIOp>(
          [](Operation *) { return ElementwiseKind::add; })
      .Case<arith::SubFOp, arith::SubIOp>(
          [](Operation *) { return ElementwiseKind::subtract; })
      .Case<arith::MulFOp, arith::MulIOp>(
          [](Operation *) { return ElementwiseKind::multiply; })
      .Case([](arith::DivFOp) { return ElementwiseKind::divide; })
      .Case<arith::MaximumFOp, arith::MaxSIOp, arith::OrIOp>(
          [](Operation *) { return ElementwiseKind::max; })
      .Case<arith::MinimumFOp, arith::MinSIOp, arith::AndIOp>(
          [](Operation *) { return ElementwiseKind::min; })
      .Case([](arith::XOrIOp) { return ElementwiseKind::not_equal; })
      .Default([](Operation *) { return std::nullopt; });
}

Value BodyEmitter::materialize(EngineValue value) {
  if (value.ap)
    return value.ap;
  return constTile(rewriter.getF32Type(),
                   llvm::bit_cast<uint32_t>(*value.imm));
}

Value BodyEmitter::intTile(int32_t value) {
  return constTile(rewriter.getI32Type(), static_cast<uint32_t>(value));
}

void BodyEmitter::bodyOp(Operation *inner, Value dst) {
  EngineValue in = get(inner->getOperand(0));
  // Converting copies: truncf rounds to nearest even, fptosi truncates
  // toward zero.
  if (llvm::isa<arith::TruncFOp, arith::FPToSIOp>(inner)) {
    TensorCopyOp::create(rewriter, loc, materialize(in), dst, Engine::dve);
    return;
  }
  if (std::optional<ActivationFunction> f = getActivationFunction(inner))
    return activation(*f, in, dst);
  // A sign flip: a multiplication by -1.0 is exact (-0.0 for +0.0).
  if (llvm::isa<arith::NegFOp>(inner))
    return binary(ElementwiseKind::multiply, in, {Value(), -1.0f}, dst);
  if (std::optional<PowForm> form = getPowFormOf(inner))
    return power(*form, in, dst);
  // sitofp of an i32: a converting copy (the engine rounds to nearest
  // even). Of an i1: true is -1 (0 - 1.0; 0 - 0.0 is +0.0).
  if (llvm::isa<arith::SIToFPOp>(inner)) {
    if (inner->getOperand(0).getType().isInteger(1))
      binary(ElementwiseKind::subtract, {Value(), 0.0f}, in, dst);
    else
      TensorCopyOp::create(rewriter, loc, in.ap, dst, Engine::dve);
    return;
  }
  if (llvm::isa<arith::UIToFPOp>(inner)) // of an i32 (of a compare: free)
    return unsignedToFloat(in, dst);
  EngineValue rhs = get(inner->getOperand(1));
  if (auto cmp = llvm::dyn_cast<arith::CmpFOp>(inner))
    return compare(cmp.getPredicate(), in, rhs, dst);
  if (auto cmp = llvm::dyn_cast<arith::CmpIOp>(inner))
    return integerCompare(cmp.getPredicate(), in, rhs, dst,
                          cmp.getLhs().getType().isInteger(1));
  if (llvm::isa<arith::SelectOp>(inner))
    return select(in.ap, rhs, get(inner->getOperand(2)), dst);
  // i32 arithmetic runs on the Pool engine, in int32.
  binary(*getBinaryKind(inner), in, rhs, dst,
         inner->getResult(0).getType().isInteger(32) ? Engine::pool
                                                     : Engine::dve);
}

void BodyEmitter::activation(ActivationFunction f, EngineValue x, Value dst) {
  // f(x·1.0 + -0.0): an exact identity before f, -0.0 included (a +0.0
  // bias would turn -0.0 into +0.0, and rsqrt(-0.0) is -inf).
  ActivationOp::create(rewriter, loc, f, materialize(x), dst, APFloat(1.0f),
                       Value(), rewriter.getF32FloatAttr(-0.0f), Value(),
                       Engine::act);
}

void BodyEmitter::power(PowForm form, EngineValue x, Value dst) {
  // The Activation forms are handled with the other functions.
  auto multiply = [&](EngineValue a, EngineValue b, Value out) {
    binary(ElementwiseKind::multiply, a, b, out);
  };
  switch (form) {
  case PowForm::Identity:
    TensorCopyOp::create(rewriter, loc, x.ap, dst, Engine::dve);
    return;
  case PowForm::Square:
    return multiply(x, x, dst);
  case PowForm::Cube:
  case PowForm::Fourth: {
    // x·x in f32 (as applyPow rounds it), whatever dst's type.
    Value square = newTemp(rewriter.getF32Type());
    multiply(x, x, square);
    return multiply({square, {}}, form == PowForm::Cube ? x : EngineValue{square, {}},
                    dst);
  }
  case PowForm::Reciprocal:
  case PowForm::Rsqrt:
  case PowForm::Sqrt:
    break;
  }
  llvm_unreachable("an Activation form of powf");
}

void BodyEmitter::binary(ElementwiseKind kind, EngineValue lhs,
                         EngineValue rhs, Value dst, Engine engine) {
  MLIRContext *ctx = rewriter.getContext();
  // Two immediates (a body left unfolded): the left one as a tile.
  if (!lhs.ap && !rhs.ap)
    lhs = {materialize(lhs), {}};
  if (lhs.ap && rhs.ap) {
    TensorTensorOp::create(rewriter, loc, ElementwiseKindAttr::get(ctx, kind),
                           lhs.ap, rhs.ap, dst, EngineAttr::get(ctx, engine));
    return;
  }
  // One side is an immediate (floats only); `reverse` puts it on the left.
  bool reverse = !lhs.ap;
  EngineValue tensor = reverse ? rhs : lhs, scalar = reverse ? lhs : rhs;
  TensorScalarOp::create(rewriter, loc, kind, tensor.ap, Value(),
                         rewriter.getF32FloatAttr(*scalar.imm), dst, reverse,
                         Engine::dve);
}

void BodyEmitter::compare(arith::CmpFPredicate predicate, EngineValue a,
                          EngineValue b, Value dst) {
  using P = arith::CmpFPredicate;
  using EK = ElementwiseKind;
  auto both = [&](EK combine, Value first, Value second) {
    binary(combine, {first, {}}, {second, {}}, dst);
  };
  Type f32 = rewriter.getF32Type();
  // The predicates that are one engine compare (false on a NaN, as the
  // ordered ones are; UNE true).
  std::optional<EK> direct = predicate == P::OEQ   ? EK::is_equal
                             : predicate == P::UNE ? EK::not_equal
                             : predicate == P::OGT ? EK::is_gt
                             : predicate == P::OGE ? EK::is_ge
                             : predicate == P::OLT ? EK::is_lt
                             : predicate == P::OLE ? std::optional(EK::is_le)
                                                   : std::nullopt;
  if (direct)
    return binary(*direct, a, b, dst);
  switch (predicate) {
  case P::ONE: { // a < b or a > b
    Value greater = newTemp(f32);
    binary(EK::is_lt, a, b, dst);
    binary(EK::is_gt, a, b, greater);
    return both(EK::max, dst, greater);
  }
  case P::ORD: { // neither is a NaN: x == x for each operand
    EngineValue tensor = a.ap ? a : b, other = a.ap ? b : a;
    if (other.imm && std::isnan(*other.imm))
      return binary(EK::is_equal, tensor, other, dst); // always 0.0
    binary(EK::is_equal, tensor, tensor, dst);
    if (other.imm)
      return;
    Value second = newTemp(f32);
    binary(EK::is_equal, other, other, second);
    return both(EK::min, dst, second);
  }
  case P::UEQ:
  case P::UGT:
  case P::UGE:
  case P::ULT:
  case P::ULE:
  case P::UNO: {
    // The negation of an ordered predicate: 1.0 - that compare.
    P ordered = predicate == P::UEQ   ? P::ONE
                : predicate == P::UGT ? P::OLE
                : predicate == P::UGE ? P::OLT
                : predicate == P::ULT ? P::OGE
                : predicate == P::ULE ? P::OGT
                                      : P::ORD;
    compare(ordered, a, b, dst);
    return binary(EK::subtract, {Value(), 1.0f}, {dst, {}}, dst);
  }
  default: // the direct compares above; the constant ones the plan refuses
    break;
  }
  llvm_unreachable("a constant compare reached the lowering");
}

/// The Pool compare of a cmpi predicate (an unsigned one on biased sides).
static ElementwiseKind getSignedCompare(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  using EK = ElementwiseKind;
  return predicate == P::eq                           ? EK::is_equal
         : predicate == P::ne                         ? EK::not_equal
         : predicate == P::slt || predicate == P::ult ? EK::is_lt
         : predicate == P::sle || predicate == P::ule ? EK::is_le
         : predicate == P::sgt || predicate == P::ugt ? EK::is_gt
                                                      : EK::is_ge;
}

void BodyEmitter::integerCompare(arith::CmpIPredicate predicate, EngineValue a,
                                 EngineValue b, Value dst, bool ofCompares) {
  using P = arith::CmpIPredicate;
  using EK = ElementwiseKind;
  // Compares are 1.0 or 0.0 (Vector engine), compared in that order.
  if (ofCompares)
    return binary(getSignedCompare(getFlagPredicate(predicate)), a, b, dst);
  bool isUnsigned = predicate == P::ult || predicate == P::ule ||
                    predicate == P::ugt || predicate == P::uge;
  Type i32 = rewriter.getI32Type();
  // Unsigned order is signed order with the sign bit flipped, and adding
  // INT32_MIN (wrapping) flips it.
  if (isUnsigned) {
    Value bias = intTile(std::numeric_limits<int32_t>::min());
    for (EngineValue *side : {&a, &b}) {
      Value flipped = newTemp(i32);
      binary(EK::add, *side, {bias, {}}, flipped, Engine::pool);
      side->ap = flipped;
    }
  }
  // The Pool engine gives 1 or 0 in i32; a compare is held as f32.
  Value flag = newTemp(i32);
  binary(getSignedCompare(predicate), a, b, flag, Engine::pool);
  TensorCopyOp::create(rewriter, loc, flag, dst, Engine::dve);
}

void BodyEmitter::unsignedToFloat(EngineValue x, Value dst) {
  using EK = ElementwiseKind;
  Type i32 = rewriter.getI32Type(), f32 = rewriter.getF32Type();
  auto copy = [&](Value from, Type type) {
    Value to = newTemp(type);
    TensorCopyOp::create(rewriter, loc, from, to, Engine::dve);
    return to;
  };
  // value + 2^k where value < 0 (exact for the values below).
  auto wrapNegative = [&](Value value, float k) {
    Value offset = newTemp(f32);
    binary(EK::is_lt, {value, {}}, {Value(), 0.0f}, offset);
    binary(EK::multiply, {offset, {}}, {Value(), k}, offset);
    binary(EK::add, {value, {}}, {offset, {}}, value);
  };
  // lo = x mod 2^16: x * 2^16 wraps to lo's bits in the high half, a value
  // with at most 16 significant bits, which f32 holds exactly.
  Value shifted = newTemp(i32);
  binary(EK::multiply, x, {intTile(65536), {}}, shifted, Engine::pool);
  Value lo = copy(shifted, f32);
  binary(EK::multiply, {lo, {}}, {Value(), 1.0f / 65536.0f}, lo);
  wrapNegative(lo, 65536.0f);
  // hi = (x - lo) mod 2^32, a multiple of 2^16: exact in f32 too.
  Value high = newTemp(i32);
  binary(EK::subtract, x, {copy(lo, i32), {}}, high, Engine::pool);
  Value hi = copy(high, f32);
  wrapNegative(hi, 4294967296.0f);
  // hi + lo is the unsigned value; the one addition rounds it once.
  binary(EK::add, {hi, {}}, {lo, {}}, dst);
}

void BodyEmitter::select(Value condition, EngineValue t, EngineValue f,
                         Value dst) {
  // copy_predicated never computes with the value it does not select, so
  // an inf or NaN there stays out; the false value goes first.
  auto copy = [&](EngineValue src, bool reverse) {
    CopyPredicatedOp::create(
        rewriter, loc, src.ap,
        src.imm ? rewriter.getF32FloatAttr(*src.imm) : FloatAttr(), condition,
        dst, reverse, Engine::dve);
  };
  bool tIsDst = t.ap && t.ap == dst, fIsDst = f.ap && f.ap == dst;
  if (!fIsDst)
    copy(f, /*reverse=*/true);
  if (!tIsDst)
    copy(t, /*reverse=*/false);
}
