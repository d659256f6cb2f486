//===- Passes.h - ADDR4 encoding pass ---------------------------*- C++ -*-===//

#ifndef DYN_TARGET_ADDR4_PASSES_H
#define DYN_TARGET_ADDR4_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace dyn::addr4 {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "dyn/Target/ADDR4/Passes.h.inc"
} // namespace dyn::addr4

#endif // DYN_TARGET_ADDR4_PASSES_H
