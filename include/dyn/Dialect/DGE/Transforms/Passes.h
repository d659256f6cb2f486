//===- Passes.h - dge passes ------------------------------------*- C++ -*-===//

#ifndef DYN_DIALECT_DGE_TRANSFORMS_PASSES_H
#define DYN_DIALECT_DGE_TRANSFORMS_PASSES_H

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace dyn::dge {

#define GEN_PASS_DECL
#include "dyn/Dialect/DGE/Transforms/Passes.h.inc"

/// What a DMA side is, for routing (seam S7).
enum class SideKind { Static, Scalar, Indirect };
SideKind classifySide(mlir::Value accessPattern);

#define GEN_PASS_REGISTRATION
#include "dyn/Dialect/DGE/Transforms/Passes.h.inc"

} // namespace dyn::dge

#endif // DYN_DIALECT_DGE_TRANSFORMS_PASSES_H
