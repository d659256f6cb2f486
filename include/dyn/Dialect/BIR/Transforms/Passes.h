//===- Passes.h - bir passes ------------------------------------*- C++ -*-===//

#ifndef DYN_DIALECT_BIR_TRANSFORMS_PASSES_H
#define DYN_DIALECT_BIR_TRANSFORMS_PASSES_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace dyn::bir {

#define GEN_PASS_DECL
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"

} // namespace dyn::bir

#endif // DYN_DIALECT_BIR_TRANSFORMS_PASSES_H
