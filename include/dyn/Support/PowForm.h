//===- PowForm.h - how the engines compute powf by a constant ---*- C++ -*-===//
//
// `math.powf(x, c)` with a constant exponent runs on the engines in one of a
// few exact forms. The lowering emits the form and the reference
// interpreter evaluates the same form, so that the two agree bit for bit;
// docs/Numerics.md gives each form's error against float64.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SUPPORT_POWFORM_H
#define DYN_SUPPORT_POWFORM_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace dyn {

/// powf(x, c): c = -1 as the reciprocal 1.0f / x; c = ±0.5 as the
/// Activation engine's sqrt and rsqrt; c = 1 to 4 as f32 multiplications
/// (x, x·x, (x·x)·x, (x·x)·(x·x)), each rounded to f32.
enum class PowForm { Reciprocal, Rsqrt, Sqrt, Identity, Square, Cube, Fourth };

/// The form of powf by `exponent`, or none when the engines have none.
inline std::optional<PowForm> getPowForm(double exponent) {
  if (exponent == -1.0)
    return PowForm::Reciprocal;
  if (exponent == -0.5)
    return PowForm::Rsqrt;
  if (exponent == 0.5)
    return PowForm::Sqrt;
  if (exponent == 1.0)
    return PowForm::Identity;
  if (exponent == 2.0)
    return PowForm::Square;
  if (exponent == 3.0)
    return PowForm::Cube;
  if (exponent == 4.0)
    return PowForm::Fourth;
  return std::nullopt;
}

/// The exponents getPowForm takes, for diagnostics.
inline constexpr llvm::StringLiteral kPowExponents =
    "-1, -0.5, 0.5, 1, 2, 3 and 4";

} // namespace dyn

#endif // DYN_SUPPORT_POWFORM_H
