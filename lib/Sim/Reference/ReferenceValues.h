//===- ReferenceValues.h - values of the reference interpreter ---*- C++ -*-===//
//
// Private to lib/Sim/Reference: what the reference interpreter
// (Reference.cpp) and its compute evaluator (ReferenceCompute.cpp) hold for
// an SSA value.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_SIM_REFERENCE_REFERENCEVALUES_H
#define DYN_LIB_SIM_REFERENCE_REFERENCEVALUES_H

#include "dyn/Sim/Machine/Values.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>
#include <variant>

namespace dyn::sim::reference {

/// A tensor value: bound-sized storage and its runtime extents.
struct Array {
  Tensor storage;
  llvm::SmallVector<int64_t> extents;
  /// Past its extents it holds unspecified values, not the caller's data:
  /// compute wrote it (whatever the engines computed from padding), or it is
  /// a slice with a runtime size (whatever the window left there).
  bool computedPadding = false;
  /// A tensor.empty: its elements are undefined (upstream), and an op that
  /// reads them has no reference result.
  bool uninitialized = false;
};

/// A value: a tensor, an integer (i1, i32, index), or a float (computed in
/// f32, as the engines compute).
using Slot = std::variant<Array, int64_t, float>;

/// Looks up the slot of an SSA value defined before the op being run.
using Lookup = llvm::function_ref<const Slot &(mlir::Value)>;

/// The width of an integer `type`: an index is 32 bits here, as in the
/// target's registers.
unsigned getIntegerWidth(mlir::Type type);

/// An integer of `type` wrapped to its width (an i1 is 0 or 1).
int64_t wrapInteger(mlir::Type type, int64_t value);

/// Whether the reference computes elements of `type`: integers and the
/// floats the engines compute (f32, bf16, f16).
bool isComputable(mlir::Type type);

/// An integer extension, truncation or index_cast `op` applied to `value`
/// (held as wrapInteger holds it).
int64_t castInteger(mlir::Operation *op, int64_t value);

/// `a predicate b` on integers of `type` (of 32 bits or fewer: wider ones
/// as the 32-bit patterns the registers hold). An i1 is held as 0 or 1, and
/// its signed value of true is -1.
bool compareIntegers(mlir::arith::CmpIPredicate predicate, mlir::Type type,
                     int64_t a, int64_t b);

/// Runs a linalg structured op (generic, fill, reduce, matmul, ...) on its
/// operands, point by point in loop order over the runtime extents, each
/// body op in f32 with the engines' numerics (Numerics.h); the results
/// start as copies of the inits. Its work (points of the loop nest times
/// the element bytes of every operand) is added to `moved` first, and past
/// `maxMoved` it fails without running. On failure `error` says why, and
/// `undefined` is set when upstream defines no result (operands whose
/// runtime extents disagree).
mlir::LogicalResult interpretLinalg(mlir::linalg::LinalgOp op, Lookup lookup,
                                    llvm::SmallVectorImpl<Slot> &results,
                                    std::string &error, bool &undefined,
                                    int64_t &moved, int64_t maxMoved);

/// Runs an elementwise arith or math op on tensors (and scalars), element
/// by element over the first tensor operand's extents.
mlir::LogicalResult interpretElementwise(mlir::Operation *op, Lookup lookup,
                                         Slot &result, std::string &error,
                                         bool &undefined);

/// A dense constant tensor.
Array makeConstant(mlir::DenseElementsAttr value);

} // namespace dyn::sim::reference

#endif // DYN_LIB_SIM_REFERENCE_REFERENCEVALUES_H
