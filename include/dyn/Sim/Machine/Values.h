//===- Values.h - runtime values of dyn-sim ---------------------*- C++ -*-===//

#ifndef DYN_SIM_MACHINE_VALUES_H
#define DYN_SIM_MACHINE_VALUES_H

#include "dyn/Support/ElementTypes.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include "llvm/Support/CheckedArithmetic.h"

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

namespace dyn::sim {

/// Bytes per element of a tensor dyn-sim holds: the element type's
/// (dyn::getElementBytes), or one for an i1 (a compare's flags), which the
/// reference interpreter holds in a byte; none for any other type.
inline std::optional<int64_t> getStorageBytes(mlir::Type elementType) {
  if (elementType.isInteger(1))
    return 1;
  return dyn::getElementBytes(elementType);
}

/// A dense row-major tensor: element type, shape, raw little-endian bytes.
struct Tensor {
  mlir::Type elementType;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> bytes;

  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  int64_t elementBytes() const { return *getStorageBytes(elementType); }
};

/// Bytes of a dense tensor of `shape` and `elementBytes`-byte elements; none
/// when the count overflows 64 bits (every size dyn-sim allocates goes
/// through it).
std::optional<int64_t> getTensorBytes(llvm::ArrayRef<int64_t> shape,
                                      int64_t elementBytes);

/// Whether dyn-sim can hold a tensor of `elementType` and `shape` within
/// `maxBytes` (--max-tensor-bytes): the one check of the harness's
/// arguments and of the reference interpreter's results.
struct TensorFit {
  /// Not a type dyn-sim holds (getStorageBytes).
  bool unheldElements = false;
  /// The tensor's bytes; none when they overflow 64 bits.
  std::optional<int64_t> bytes;
  bool fits(int64_t maxBytes) const {
    return !unheldElements && bytes && *bytes <= maxBytes;
  }
};
TensorFit fitTensor(mlir::Type elementType, llvm::ArrayRef<int64_t> shape);

/// A function argument or result: a tensor or an integer scalar.
using RuntimeValue = std::variant<Tensor, int64_t>;

inline std::optional<int64_t> getTensorBytes(llvm::ArrayRef<int64_t> shape,
                                             int64_t elementBytes) {
  std::optional<int64_t> bytes = elementBytes;
  for (int64_t d : shape)
    bytes = bytes && d >= 0 ? llvm::checkedMul(*bytes, d) : std::nullopt;
  return bytes;
}

inline TensorFit fitTensor(mlir::Type elementType,
                           llvm::ArrayRef<int64_t> shape) {
  std::optional<int64_t> elementBytes = getStorageBytes(elementType);
  if (!elementBytes)
    return {/*unheldElements=*/true, std::nullopt};
  return {/*unheldElements=*/false, getTensorBytes(shape, *elementBytes)};
}

/// Steps `idx` to the next point of `shape` in row-major order (the last
/// dimension fastest), and back to all zeros after the last point.
inline void advanceIndex(llvm::MutableArrayRef<int64_t> idx,
                         llvm::ArrayRef<int64_t> shape) {
  for (size_t d = idx.size(); d-- > 0;) {
    if (++idx[d] < shape[d])
      return;
    idx[d] = 0;
  }
}

} // namespace dyn::sim

#endif // DYN_SIM_MACHINE_VALUES_H
