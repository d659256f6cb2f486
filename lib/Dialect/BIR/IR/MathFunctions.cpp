//===- MathFunctions.cpp - upstream math ops as engine functions ----------===//

#include "dyn/Dialect/BIR/IR/MathFunctions.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

std::optional<PowForm> bir::getPowFormOf(Operation *op) {
  auto pow = llvm::dyn_cast<math::PowFOp>(op);
  APFloat exponent(0.0f);
  if (!pow || !matchPattern(pow.getRhs(), m_ConstantFloat(&exponent)))
    return std::nullopt;
  return getPowForm(exponent.convertToDouble());
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
