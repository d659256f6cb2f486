//===- Values.h - runtime values of dyn-sim ---------------------*- C++ -*-===//

#ifndef DYN_SIM_VALUES_H
#define DYN_SIM_VALUES_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <variant>
#include <vector>

namespace dyn::sim {

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
  int64_t elementBytes() const {
    return elementType.getIntOrFloatBitWidth() / 8;
  }
};

/// A function argument or result: a tensor or an integer scalar.
using RuntimeValue = std::variant<Tensor, int64_t>;

} // namespace dyn::sim

#endif // DYN_SIM_VALUES_H
