//===- Numerics.cpp - the engines' arithmetic -----------------------------===//

#include "dyn/Sim/Machine/Numerics.h"

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace dyn;

static const llvm::fltSemantics &semanticsOf(Type type) {
  return type.isBF16() ? llvm::APFloat::BFloat() : llvm::APFloat::IEEEhalf();
}

float sim::loadElement(const uint8_t *at, Type type) {
  if (type.isF32()) {
    float v;
    std::memcpy(&v, at, 4);
    return v;
  }
  if (type.isSignlessInteger(32)) {
    int32_t v;
    std::memcpy(&v, at, 4);
    return static_cast<float>(v);
  }
  uint16_t bits;
  std::memcpy(&bits, at, 2);
  llvm::APFloat value(semanticsOf(type), llvm::APInt(16, bits));
  return value.convertToFloat(); // exact: both are narrower than f32
}

void sim::storeElement(uint8_t *at, Type type, float value) {
  if (type.isF32()) {
    std::memcpy(at, &value, 4);
    return;
  }
  if (type.isSignlessInteger(32)) {
    int32_t v = 0;
    if (!std::isnan(value))
      v = value >= 2147483648.0f    ? std::numeric_limits<int32_t>::max()
          : value <= -2147483648.0f ? std::numeric_limits<int32_t>::min()
                                    : static_cast<int32_t>(value);
    std::memcpy(at, &v, 4);
    return;
  }
  llvm::APFloat narrow(value);
  bool losesInfo;
  (void)narrow.convert(semanticsOf(type), llvm::APFloat::rmNearestTiesToEven,
                       &losesInfo);
  uint16_t bits = narrow.bitcastToAPInt().getZExtValue();
  std::memcpy(at, &bits, 2);
}

/// max (or min) with NaN propagated and -0 < +0.
float sim::canonicalizeNaN(float value) {
  return std::isnan(value) ? std::numeric_limits<float>::quiet_NaN() : value;
}

static float extremum(float a, float b, bool isMax) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<float>::quiet_NaN();
  if (a == b) // only the signs of zeros can differ
    return (std::signbit(a) == isMax) ? b : a;
  return (a > b) == isMax ? a : b;
}

float sim::applyElementwise(bir::ElementwiseKind kind, float a, float b) {
  switch (kind) {
  case bir::ElementwiseKind::add:
    return canonicalizeNaN(a + b);
  case bir::ElementwiseKind::subtract:
    return canonicalizeNaN(a - b);
  case bir::ElementwiseKind::multiply:
    return canonicalizeNaN(a * b);
  case bir::ElementwiseKind::divide:
    return canonicalizeNaN(a / b);
  case bir::ElementwiseKind::max:
    return extremum(a, b, /*isMax=*/true);
  case bir::ElementwiseKind::min:
    return extremum(a, b, /*isMax=*/false);
  case bir::ElementwiseKind::is_equal:
    return a == b ? 1.0f : 0.0f;
  case bir::ElementwiseKind::not_equal:
    return a != b ? 1.0f : 0.0f;
  case bir::ElementwiseKind::is_ge:
    return a >= b ? 1.0f : 0.0f;
  case bir::ElementwiseKind::is_gt:
    return a > b ? 1.0f : 0.0f;
  case bir::ElementwiseKind::is_le:
    return a <= b ? 1.0f : 0.0f;
  case bir::ElementwiseKind::is_lt:
    return a < b ? 1.0f : 0.0f;
  }
  llvm_unreachable("unknown ElementwiseKind");
}

int32_t sim::applyIntegerElementwise(bir::ElementwiseKind kind, int32_t a,
                                     int32_t b) {
  // The Pool engine's int32 arithmetic is the register ALU's: its operation
  // for each ElementwiseKind, in code order (divide has none: the verifier
  // refuses it on int32).
  using AK = bir::AluOpKind;
  static constexpr AK kAluOf[] = {AK::add, AK::sub, AK::mult, AK::divide,
                                  AK::max, AK::min, AK::eq,   AK::ne,
                                  AK::sge, AK::sgt, AK::sle,  AK::slt};
  static_assert(std::size(kAluOf) == bir::getMaxEnumValForElementwiseKind() + 1);
  assert(kind != bir::ElementwiseKind::divide && "no int32 divide on Pool");
  return bir::evaluateAlu(kAluOf[static_cast<unsigned>(kind)], a, b);
}

float sim::applyReduce(bir::ReduceKind kind, float acc, float x) {
  switch (kind) {
  case bir::ReduceKind::add:
    return canonicalizeNaN(acc + x);
  case bir::ReduceKind::max:
    return extremum(acc, x, /*isMax=*/true);
  case bir::ReduceKind::min:
    return extremum(acc, x, /*isMax=*/false);
  case bir::ReduceKind::maxnum:
  case bir::ReduceKind::minnum:
    // A NaN is skipped; two NaNs give the canonical one.
    if (std::isnan(x))
      return canonicalizeNaN(acc);
    if (std::isnan(acc))
      return x;
    return extremum(acc, x, kind == bir::ReduceKind::maxnum);
  }
  llvm_unreachable("unknown ReduceKind");
}

/// The functions other than identity and reciprocal, in double precision
/// (exact for every f32 input up to libm's error, far below an f32 ulp).
static double activationInDouble(bir::ActivationFunction f, double x) {
  using AF = bir::ActivationFunction;
  switch (f) {
  case AF::exp:
    return std::exp(x);
  case AF::rsqrt:
    return 1.0 / std::sqrt(x);
  case AF::sqrt:
    return std::sqrt(x);
  case AF::tanh:
    return std::tanh(x);
  case AF::log:
    return std::log(x);
  case AF::erf:
    return std::erf(x);
  case AF::sigmoid:
    return 1.0 / (1.0 + std::exp(-x));
  case AF::silu:
    return x / (1.0 + std::exp(-x));
  case AF::identity:
  case AF::reciprocal:
    break;
  }
  llvm_unreachable("identity and reciprocal are f32 operations");
}

float sim::applyActivation(bir::ActivationFunction f, float x) {
  switch (f) {
  case bir::ActivationFunction::identity:
    return x;
  case bir::ActivationFunction::reciprocal:
    return canonicalizeNaN(1.0f / x);
  default:
    return canonicalizeNaN(
        static_cast<float>(activationInDouble(f, static_cast<double>(x))));
  }
}

float sim::applyPow(PowForm form, float x) {
  switch (form) {
  case PowForm::Reciprocal:
    return applyActivation(bir::ActivationFunction::reciprocal, x);
  case PowForm::Rsqrt:
    return applyActivation(bir::ActivationFunction::rsqrt, x);
  case PowForm::Sqrt:
    return applyActivation(bir::ActivationFunction::sqrt, x);
  case PowForm::Identity:
    return x;
  case PowForm::Square:
    return applyElementwise(bir::ElementwiseKind::multiply, x, x);
  case PowForm::Cube:
    return applyElementwise(bir::ElementwiseKind::multiply,
                            applyPow(PowForm::Square, x), x);
  case PowForm::Fourth: {
    float square = applyPow(PowForm::Square, x);
    return applyElementwise(bir::ElementwiseKind::multiply, square, square);
  }
  }
  llvm_unreachable("unknown PowForm");
}

bool sim::applyCompare(bir::CompareKind cmp, int64_t lhs, int64_t rhs) {
  switch (cmp) {
  case bir::CompareKind::ge:
    return lhs >= rhs;
  case bir::CompareKind::gt:
    return lhs > rhs;
  case bir::CompareKind::le:
    return lhs <= rhs;
  case bir::CompareKind::lt:
    return lhs < rhs;
  case bir::CompareKind::eq:
    return lhs == rhs;
  case bir::CompareKind::ne:
    return lhs != rhs;
  }
  llvm_unreachable("unknown CompareKind");
}
