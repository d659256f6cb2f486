//===- IntegerRanges.h - ranges of runtime scalars, on demand ---*- C++ -*-===//
//
// dyn's one integer range analysis below the tensor level. The range of a
// value is inferred backwards through its definitions, with upstream's
// InferIntRangeInterface: arith and index ops, and bir's register ops and
// loops, which implement it (BIRIntRanges.cpp). A loop induction variable
// of an op without the interface gets [lb, ub - 1] from
// LoopLikeOpInterface (scf.for). A pattern can ask about the value it
// rewrites without a whole-program analysis; answers are memoized per
// instance, each value computed once (computeBottomUp).
//
// Upstream's convention holds for the values the interface does not cover:
// a value that is not an integer or an index has a width-0 unbounded range.
// An index value is a 32-bit register on the target: its range is within
// the register's.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_ANALYSIS_INTEGERRANGES_H
#define DYN_ANALYSIS_INTEGERRANGES_H

#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/DenseMap.h"

namespace dyn {

class IntegerRanges {
public:
  /// The range of `value`; the full range of its width where nothing is
  /// known.
  mlir::ConstantIntRanges get(mlir::Value value);

private:
  llvm::DenseMap<mlir::Value, mlir::ConstantIntRanges> known;
};

} // namespace dyn

#endif // DYN_ANALYSIS_INTEGERRANGES_H
