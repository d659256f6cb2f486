//===- Numerics.h - the engines' arithmetic ---------------------*- C++ -*-===//
//
// The numerics of the compute engines (docs/Numerics.md), shared by the
// simulator and the reference interpreter so that a binary and its
// reference agree bit for bit: elements are loaded to f32, computed in f32,
// and stored with round-to-nearest-even into narrower types.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SIM_MACHINE_NUMERICS_H
#define DYN_SIM_MACHINE_NUMERICS_H

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Support/PowForm.h"

#include <cstdint>

namespace dyn::sim {

/// The f32 value of the element at `at` of type `type` (f32, bf16, f16 or
/// i32; an i32 converts exactly when it fits 24 bits, else to nearest).
float loadElement(const uint8_t *at, mlir::Type type);

/// Stores `value` at `at` as `type`: bf16 and f16 round to nearest, ties to
/// even (overflow to infinity, NaN stays NaN); i32 truncates toward zero
/// and saturates, NaN giving 0.
void storeElement(uint8_t *at, mlir::Type type, float value);

/// Every NaN an engine computes is the canonical quiet NaN 0x7FC00000 (as
/// max and min give), whatever the NaNs it came from: the result does not
/// depend on which operand held which NaN.
float canonicalizeNaN(float value);

/// `a <kind> b` in f32. Arithmetic gives the canonical NaN; max and min
/// propagate NaN (canonical) and order -0 below +0; a compare gives 1.0 or
/// 0.0 (false for NaN, but for not_equal).
float applyElementwise(bir::ElementwiseKind kind, float a, float b);

/// `a <kind> b` in int32 on the Pool engine: add, subtract and multiply
/// wrap, max and min are signed, a compare gives 1 or 0 (signed); the
/// verifier refuses divide.
int32_t applyIntegerElementwise(bir::ElementwiseKind kind, int32_t a,
                                int32_t b);

/// One step of a reduction: `acc <kind> x` (add, or max/min as above).
float applyReduce(bir::ReduceKind kind, float acc, float x);

/// `f(x)` of the Activation engine: identity; reciprocal as 1.0f / x; every
/// other function computed in double and rounded once to f32
/// (docs/Numerics.md). The one implementation the simulator and the
/// reference share.
float applyActivation(bir::ActivationFunction f, float x);

/// powf(x, c) in the engine form of its constant exponent (PowForm.h):
/// what the lowering's instructions compute, and what the reference
/// interpreter computes for math.powf.
float applyPow(PowForm form, float x);

/// `lhs <cmp> rhs` on the integers of an affine_select.
bool applyCompare(bir::CompareKind cmp, int64_t lhs, int64_t rhs);

} // namespace dyn::sim

#endif // DYN_SIM_MACHINE_NUMERICS_H
