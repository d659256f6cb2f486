//===- MathFunctions.cpp - upstream math ops as engine functions ----------===//

#include "dyn/Dialect/BIR/IR/MathFunctions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// The value of a float constant (a splat one included), or none.
static std::optional<double> getFloatConstant(Value v) {
  APFloat constant(0.0f);
  if (!matchPattern(v, m_ConstantFloat(&constant)))
    return std::nullopt;
  // Any float type's value, rounded to a double (exact for the engines'
  // f32, bf16 and f16).
  bool losesInfo;
  constant.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                   &losesInfo);
  return constant.convertToDouble();
}

std::optional<PowForm> bir::getPowFormOf(Operation *op) {
  auto pow = llvm::dyn_cast<math::PowFOp>(op);
  std::optional<double> exponent =
      pow ? getFloatConstant(pow.getRhs()) : std::nullopt;
  return exponent ? getPowForm(*exponent) : std::nullopt;
}

/// True for a float constant 1.0.
static bool isOne(Value v) { return getFloatConstant(v) == 1.0; }

/// The single-use op defining `v`, if it is an OpTy.
template <typename OpTy>
static OpTy definedOnceBy(Value v) {
  auto op = v.getDefiningOp<OpTy>();
  return op && op->hasOneUse() ? op : OpTy();
}

/// `1 + exp(-x)` defining `v`: x, and the three ops.
static std::optional<std::pair<Value, SmallVector<Operation *>>>
matchOnePlusExpNeg(Value v) {
  auto add = definedOnceBy<arith::AddFOp>(v);
  if (!add)
    return std::nullopt;
  Value other = isOne(add.getLhs())   ? add.getRhs()
                : isOne(add.getRhs()) ? add.getLhs()
                                                     : Value();
  auto exp = other ? definedOnceBy<math::ExpOp>(other) : math::ExpOp();
  auto neg = exp ? definedOnceBy<arith::NegFOp>(exp.getOperand())
                 : arith::NegFOp();
  if (!neg)
    return std::nullopt;
  return std::make_pair(neg.getOperand(),
                        SmallVector<Operation *>{add, exp, neg});
}

std::optional<FusedActivation> bir::matchFusedActivation(Operation *root) {
  // c / (1 + exp(-x)): sigmoid for c = 1, silu for c = x.
  auto matchDivide = [](arith::DivFOp div) -> std::optional<FusedActivation> {
    auto denominator = matchOnePlusExpNeg(div.getRhs());
    if (!denominator)
      return std::nullopt;
    auto [x, ops] = *denominator;
    if (isOne(div.getLhs()))
      return FusedActivation{ActivationFunction::sigmoid, x, ops};
    if (div.getLhs() == x)
      return FusedActivation{ActivationFunction::silu, x, ops};
    return std::nullopt;
  };
  if (auto div = llvm::dyn_cast<arith::DivFOp>(root))
    return matchDivide(div);
  // x * sigmoid(x), either order.
  auto mul = llvm::dyn_cast<arith::MulFOp>(root);
  if (!mul)
    return std::nullopt;
  for (auto [x, s] : {std::pair(mul.getLhs(), mul.getRhs()),
                      std::pair(mul.getRhs(), mul.getLhs())}) {
    auto div = definedOnceBy<arith::DivFOp>(s);
    std::optional<FusedActivation> sigmoid =
        div ? matchDivide(div) : std::nullopt;
    if (sigmoid && sigmoid->function == ActivationFunction::sigmoid &&
        sigmoid->input == x) {
      sigmoid->function = ActivationFunction::silu;
      sigmoid->absorbed.push_back(div);
      return sigmoid;
    }
  }
  return std::nullopt;
}

FusedActivations bir::findFusedActivations(Block &body) {
  FusedActivations found;
  for (Operation &op : body)
    if (std::optional<FusedActivation> f = matchFusedActivation(&op)) {
      found.absorbed.insert(f->absorbed.begin(), f->absorbed.end());
      found.roots.try_emplace(&op, std::move(*f));
    }
  return found;
}

std::optional<ActivationFunction> bir::getActivationFunction(Operation *op) {
  using AF = ActivationFunction;
  if (std::optional<PowForm> form = getPowFormOf(op)) {
    switch (*form) {
    case PowForm::Reciprocal:
      return AF::reciprocal;
    case PowForm::Rsqrt:
      return AF::rsqrt;
    case PowForm::Sqrt:
      return AF::sqrt;
    default:
      return std::nullopt; // multiplications on the Vector engine
    }
  }
  return llvm::TypeSwitch<Operation *, std::optional<AF>>(op)
      .Case([](math::ExpOp) { return AF::exp; })
      .Case([](math::RsqrtOp) { return AF::rsqrt; })
      .Case([](math::SqrtOp) { return AF::sqrt; })
      .Case([](math::TanhOp) { return AF::tanh; })
      .Case([](math::LogOp) { return AF::log; })
      .Case([](math::ErfOp) { return AF::erf; })
      .Default([](Operation *) { return std::nullopt; });
}
