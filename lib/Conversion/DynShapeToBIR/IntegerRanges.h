//===- IntegerRanges.h - ranges of runtime scalars, on demand ---*- C++ -*-===//
//
// The integer range of a value, inferred backwards through its definitions
// (InferIntRangeInterface ops, scf.for induction variables), so that a
// pattern can ask about the value it rewrites without a whole-program
// analysis. Memoized per instance.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_CONVERSION_DYNSHAPETOBIR_INTEGERRANGES_H
#define DYN_LIB_CONVERSION_DYNSHAPETOBIR_INTEGERRANGES_H

#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/DenseMap.h"

namespace dyn {

class IntegerRanges {
public:
  /// The range of the integer or index `value`; the full range of its width
  /// where nothing is known. An index value is a 32-bit register on the
  /// target: its range is within i32.
  mlir::ConstantIntRanges get(mlir::Value value);

private:
  llvm::DenseMap<mlir::Value, mlir::ConstantIntRanges> known;
};

} // namespace dyn

#endif // DYN_LIB_CONVERSION_DYNSHAPETOBIR_INTEGERRANGES_H
