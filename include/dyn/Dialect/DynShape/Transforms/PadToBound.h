//===- PadToBound.h - reusable pieces of dynshape-pad-to-bound --*- C++ -*-===//
//
// The DynamicPadder as building blocks, so another compiler can pad bounded
// dims inside its own conversion: the 1:N type converter, the legality check
// and the patterns.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_DYNSHAPE_TRANSFORMS_PADTOBOUND_H
#define DYN_DIALECT_DYNSHAPE_TRANSFORMS_PADTOBOUND_H

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"

namespace dyn::dynshape {

/// Converts `tensor<?x128xf32, #dynshape.bounds<1024, ?>>` into
/// `tensor<1024x128xf32>` followed by one `i32` size per dynamic dimension;
/// every other type is kept.
class BoundedTypeConverter : public mlir::TypeConverter {
public:
  BoundedTypeConverter();
};

/// True for a tensor type with a `#dynshape.bounds` encoding.
bool isBoundedType(mlir::Type type);

/// True when an operand or result of `op` has a bounded dynamic type.
bool touchesBoundedTypes(mlir::Operation *op);

/// Emits a located error and fails when `op` cannot be padded: a dynamic
/// dimension without a bound, or an op with bounded types and no rule.
mlir::LogicalResult checkPaddable(mlir::Operation *op);

/// What analysis proved about a runtime size: its smallest and largest
/// possible values (INT64_MIN / INT64_MAX when unknown). The patterns drop
/// the half of the clamp into [0, bound] that these already guarantee.
struct SizeRange {
  int64_t min = INT64_MIN, max = INT64_MAX;
};
using InRangeSizes = llvm::DenseMap<mlir::Value, SizeRange>;

/// Patterns that pad dynshape, func, linalg, tensor and elementwise ops
/// (scf structural patterns come from upstream).
void populatePadToBoundPatterns(const BoundedTypeConverter &converter,
                                const InRangeSizes &inRange,
                                mlir::RewritePatternSet &patterns);

} // namespace dyn::dynshape

#endif // DYN_DIALECT_DYNSHAPE_TRANSFORMS_PADTOBOUND_H
