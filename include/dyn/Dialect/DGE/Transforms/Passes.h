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

/// The DGE scratch per partition that the options ask for: the
/// per-partition size, or the total divided among the 128 partitions (both
/// may be given when they agree), or 512 bytes when neither is (-1 means
/// unset). Reports the first problem through `fail`.
mlir::FailureOr<int64_t> resolveScratchPerPartition(
    int64_t perPartition, int64_t total,
    llvm::function_ref<void(const llvm::Twine &)> fail);

#define GEN_PASS_REGISTRATION
#include "dyn/Dialect/DGE/Transforms/Passes.h.inc"

} // namespace dyn::dge

#endif // DYN_DIALECT_DGE_TRANSFORMS_PASSES_H
