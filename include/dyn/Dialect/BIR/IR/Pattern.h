//===- Pattern.h - an access pattern's [step, num] levels -------*- C++ -*-===//
//
// The one home of an access pattern's levels: `#bir.pattern` stores them
// flat (`[step0, num0, step1, num1, ...]`, in elements, outermost first, as
// the container does), and everything that reads or builds a pattern goes
// through PatternRef (a view) or PatternVector (owning), by level, never by
// hand-indexed pairs. The rule every pattern keeps: each step non-negative
// and each num positive.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_BIR_IR_PATTERN_H
#define DYN_DIALECT_BIR_IR_PATTERN_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/iterator_range.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

namespace dyn::bir {

/// One level of a pattern: `num` elements `step` elements apart.
struct PatternLevel {
  int64_t step = 0;
  int64_t num = 1;
};

/// A view of a pattern's levels over its flat storage (an even number of
/// entries; an odd trailing entry is not a level).
class PatternRef {
public:
  PatternRef() = default;
  PatternRef(llvm::ArrayRef<int64_t> flat) : flat(flat) {}

  /// The number of levels.
  size_t size() const { return flat.size() / 2; }
  bool empty() const { return size() == 0; }
  int64_t step(size_t level) const { return flat[2 * level]; }
  int64_t num(size_t level) const { return flat[2 * level + 1]; }
  PatternLevel operator[](size_t level) const {
    return {step(level), num(level)};
  }
  PatternLevel front() const { return (*this)[0]; }
  PatternLevel back() const { return (*this)[size() - 1]; }
  /// The levels, outermost first.
  auto levels() const {
    return llvm::map_range(llvm::seq<size_t>(0, size()),
                           [*this](size_t i) { return (*this)[i]; });
  }
  /// The nums, outermost first (the shape the pattern walks).
  llvm::SmallVector<int64_t> getNums() const;
  /// The storage: `[step, num]` pairs.
  llvm::ArrayRef<int64_t> getFlat() const { return flat; }
  /// The levels from `level` on.
  PatternRef dropFront(size_t levels = 1) const {
    return PatternRef(flat.drop_front(2 * levels));
  }

  /// Elements the pattern visits: the product of its nums; none when it
  /// overflows 64 bits.
  std::optional<int64_t> getNumElements() const;
  /// Bytes it moves of `elementBytes`-byte elements; none on overflow.
  std::optional<int64_t> getBytes(int64_t elementBytes) const;
  /// How far past its first element it reaches, in elements:
  /// Σ step·(num − 1); none if that overflows 64 bits.
  std::optional<int64_t> getReach() const;
  /// The element offset of the point `index` (one index per level).
  int64_t getOffset(llvm::ArrayRef<int64_t> index) const;
  /// The first level that breaks the rule (a non-negative step and a
  /// positive num), if any.
  std::optional<size_t> findInvalidLevel() const;
  /// Checks the rule, reporting a broken level on the diagnostic that
  /// `emitError` starts: "pattern entry I must have a non-negative step and
  /// a positive num, got [S, N]".
  mlir::LogicalResult
  verify(llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const;

  /// Prints `[[step, num], ...]`, the form in every op and in the listing.
  void print(llvm::raw_ostream &os) const;
  /// Parses that form into flat storage.
  static mlir::ParseResult parse(mlir::AsmParser &parser,
                                 llvm::SmallVectorImpl<int64_t> &flat);

  friend bool operator==(PatternRef a, PatternRef b) { return a.flat == b.flat; }

private:
  llvm::ArrayRef<int64_t> flat;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, PatternRef pattern) {
  pattern.print(os);
  return os;
}

/// A pattern under construction, owning its flat storage.
class PatternVector {
public:
  PatternVector() = default;
  PatternVector(std::initializer_list<PatternLevel> levels) {
    for (PatternLevel level : levels)
      append(level.step, level.num);
  }
  explicit PatternVector(PatternRef pattern)
      : flat(pattern.getFlat().begin(), pattern.getFlat().end()) {}

  void append(int64_t step, int64_t num) { flat.append({step, num}); }
  void append(PatternRef levels) {
    flat.append(levels.getFlat().begin(), levels.getFlat().end());
  }
  void setStep(size_t level, int64_t step) { flat[2 * level] = step; }
  void setNum(size_t level, int64_t num) { flat[2 * level + 1] = num; }
  void clear() { flat.clear(); }

  PatternRef get() const { return PatternRef(flat); }
  operator PatternRef() const { return get(); }
  size_t size() const { return flat.size() / 2; }
  bool empty() const { return flat.empty(); }
  int64_t step(size_t level) const { return get().step(level); }
  int64_t num(size_t level) const { return get().num(level); }
  PatternLevel operator[](size_t level) const { return get()[level]; }
  llvm::ArrayRef<int64_t> getFlat() const { return flat; }
  /// The storage, for a reader that fills it entry by entry.
  llvm::SmallVectorImpl<int64_t> &getStorage() { return flat; }

  friend bool operator==(const PatternVector &a, const PatternVector &b) {
    return a.flat == b.flat;
  }

private:
  llvm::SmallVector<int64_t, 8> flat;
};

} // namespace dyn::bir

#endif // DYN_DIALECT_BIR_IR_PATTERN_H
