//===- Passes.h - dynshape front-end passes ---------------------*- C++ -*-===//

#ifndef DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_H
#define DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_H

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
}

namespace dyn::dynshape {

#define GEN_PASS_DECL
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"

/// Patterns that rewrite index-vector start indices into i32 scalars.
void populateSplitIndicesPatterns(mlir::RewritePatternSet &patterns);

/// The pattern that raises `select(iota < n, x, splat)` to dynshape.mask.
void populateRaiseMasksPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"

} // namespace dyn::dynshape

#endif // DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_H
