//===- NumPy.h - .npy files for dyn-sim -------------------------*- C++ -*-===//
//
// NumPy format 1.0/2.0, C order, little endian. bf16 has no NumPy dtype: it
// is read and written as '<u2' holding the bf16 bits.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SIM_HARNESS_NUMPY_H
#define DYN_SIM_HARNESS_NUMPY_H

#include "dyn/Sim/Machine/Values.h"

#include "llvm/Support/Error.h"

namespace dyn::sim {

/// Reads `path` as a tensor of `elementType` (the dtype must match it) of
/// at most `maxBytes` bytes (--max-tensor-bytes), which the header's shape
/// is checked against before any data is copied.
llvm::Expected<Tensor> readNpy(llvm::StringRef path, mlir::Type elementType,
                               int64_t maxBytes);

/// Writes `tensor` to `path`.
llvm::Error writeNpy(llvm::StringRef path, const Tensor &tensor);

} // namespace dyn::sim

#endif // DYN_SIM_HARNESS_NUMPY_H
