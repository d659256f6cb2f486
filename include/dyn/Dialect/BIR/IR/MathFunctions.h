//===- MathFunctions.h - upstream math ops as engine functions --*- C++ -*-===//
//
// Which upstream `math` ops (and `math.powf` by which constants) the
// Activation engine computes, as which bir::ActivationFunction: one table
// that the lowering (which emits the instruction) and the reference
// interpreter (which evaluates the op as the instruction would) share.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_BIR_IR_MATHFUNCTIONS_H
#define DYN_DIALECT_BIR_IR_MATHFUNCTIONS_H

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Support/PowForm.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace dyn::bir {

/// The Activation function that computes `op`: math.exp, rsqrt, sqrt,
/// tanh, log and erf, and math.powf by -1, -0.5 or 0.5. None otherwise.
std::optional<ActivationFunction> getActivationFunction(mlir::Operation *op);

/// The engine form of `op`, a math.powf whose exponent is a float constant
/// the engines take (getPowForm). None otherwise.
std::optional<PowForm> getPowFormOf(mlir::Operation *op);

/// A sigmoid or SiLU a body writes out in arith and math ops, which the
/// Activation engine computes in one instruction.
struct FusedActivation {
  ActivationFunction function;
  /// The function's argument.
  mlir::Value input;
  /// The ops of the expression other than the root, each used only by the
  /// expression.
  llvm::SmallVector<mlir::Operation *> absorbed;
};

/// The sigmoid or SiLU whose result `root` is: `1 / (1 + exp(-x))` is
/// sigmoid(x); `x / (1 + exp(-x))` and `x * (1 / (1 + exp(-x)))` are silu(x)
/// (either order of the addition and of the product). The lowering emits
/// the function and the reference interpreter evaluates it, both in place
/// of the ops. None when `root` is not such an expression.
std::optional<FusedActivation> matchFusedActivation(mlir::Operation *root);

/// The sigmoids and SiLUs a body writes out: each root's, and every op they
/// absorb. The lowering, its engine list and the reference interpreter all
/// take a body's expressions from here.
struct FusedActivations {
  llvm::DenseMap<mlir::Operation *, FusedActivation> roots;
  llvm::DenseSet<mlir::Operation *> absorbed;
};
FusedActivations findFusedActivations(mlir::Block &body);

} // namespace dyn::bir

#endif // DYN_DIALECT_BIR_IR_MATHFUNCTIONS_H
