//===- FunctionBoundary.h - the function-boundary convention ----*- C++ -*-===//
//
// The one home of the calling convention of a padded function
// (docs/FrontEnd.md, "Function boundary"): a bounded tensor crosses the
// boundary padded to its bound, and one i32 size per dynamic dimension is
// appended after all the original values, in value order and, within a
// value, in dimension order. Arguments and results follow the same rule.
// dynshape-pad-to-bound, the reference interpreter and the simulator
// harness all use it.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_DYNSHAPE_IR_FUNCTIONBOUNDARY_H
#define DYN_DIALECT_DYNSHAPE_IR_FUNCTIONBOUNDARY_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/SmallVector.h"

#include <iterator>
#include <optional>

namespace dyn::dynshape {

/// Whether `buffer` crosses its function's boundary: an argument of the
/// function, or a value the function returns. The caller owns such a
/// buffer, so the lowering keeps it in DRAM.
bool crossesFunctionBoundary(mlir::Value buffer);

class FunctionBoundary {
public:
  /// The convention for `types`, the tensor-level argument (or result)
  /// types of a function.
  explicit FunctionBoundary(mlir::TypeRange types);

  /// The tensor-level types.
  llvm::ArrayRef<mlir::Type> getOriginalTypes() const { return original; }
  /// The types at the boundary: each original type padded (a bounded
  /// tensor becomes its bound-sized tensor without encoding), then one i32
  /// per runtime size.
  llvm::SmallVector<mlir::Type> getBoundaryTypes() const;
  /// Number of values at the boundary.
  unsigned getNumBoundaryValues() const {
    return original.size() + sizePositions.size();
  }
  /// Number of appended sizes.
  unsigned getNumSizes() const { return sizePositions.size(); }
  /// The boundary position of the size of dimension `dim` of original value
  /// `index`; none for a static dimension or a value that is not a bounded
  /// tensor.
  std::optional<unsigned> getSizePosition(unsigned index, unsigned dim) const;

  /// The padded form of `type`: a bounded tensor at its bound, without its
  /// encoding; any other type as it is.
  static mlir::Type getPaddedType(mlir::Type type);

  /// Puts per-value groups (a value, then its sizes in dimension order) in
  /// boundary order: every group's first element in place, then every
  /// group's sizes, in group order.
  template <typename T, typename GroupRange>
  static llvm::SmallVector<T> arrange(GroupRange &&groups) {
    llvm::SmallVector<T> values, sizes;
    for (auto &&group : groups) {
      auto it = std::begin(group);
      values.push_back(*it);
      sizes.append(std::next(it), std::end(group));
    }
    values.append(sizes.begin(), sizes.end());
    return values;
  }

  /// The inverse of arrange: splits boundary-ordered `values` into groups,
  /// group i holding its value and then its `numSizes[i]` sizes.
  template <typename T, typename Range>
  static llvm::SmallVector<llvm::SmallVector<T>>
  group(Range &&values, llvm::ArrayRef<unsigned> numSizes) {
    llvm::SmallVector<llvm::SmallVector<T>> groups;
    auto it = std::begin(values);
    auto size = std::next(it, numSizes.size());
    for (unsigned n : numSizes) {
      llvm::SmallVector<T> &group = groups.emplace_back();
      group.push_back(*it++);
      for (unsigned k = 0; k < n; ++k)
        group.push_back(*size++);
    }
    return groups;
  }

private:
  llvm::SmallVector<mlir::Type> original;
  /// (original value, dimension) of each appended size, in order.
  llvm::SmallVector<std::pair<unsigned, unsigned>> sizePositions;
};

} // namespace dyn::dynshape

#endif // DYN_DIALECT_DYNSHAPE_IR_FUNCTIONBOUNDARY_H
