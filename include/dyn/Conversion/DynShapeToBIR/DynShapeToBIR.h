//===- DynShapeToBIR.h - buffer-level IR to bir -----------------*- C++ -*-===//

#ifndef DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H
#define DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"

namespace dyn {

/// Maps i32 and index values to `!bir.reg`; runtime i32 function arguments
/// materialize as `bir.read_var` on `engine`.
class RegisterTypeConverter : public mlir::TypeConverter {
public:
  explicit RegisterTypeConverter(bir::Engine engine);
  bir::Engine getEngine() const { return engine; }

private:
  bir::Engine engine;
};

/// The compile-time trip bound of each runtime-trip scf.for (its max_trip).
using LoopTripBounds = llvm::DenseMap<mlir::Operation *, int64_t>;

/// Stage 1b and the register half of Stage 1: i32/index arith becomes
/// register-ALU code, scf.for becomes bir.for / bir.dynamic_for.
void populateDynShapeToBIRScalarPatterns(const RegisterTypeConverter &converter,
                                         const LoopTripBounds &tripBounds,
                                         mlir::RewritePatternSet &patterns);

/// The memory half of Stage 1: memref.copy between views and the dynshape
/// buffer ops become bir.dma and the TensorCopyDynamic generators. Runs after
/// the scalar patterns: view offsets are registers (through casts) by then.
void populateDynShapeToBIRMemoryPatterns(bir::Engine engine,
                                         mlir::RewritePatternSet &patterns);

} // namespace dyn

#endif // DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H
