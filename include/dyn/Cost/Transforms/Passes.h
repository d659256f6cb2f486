//===- Passes.h - passes over the cost model --------------------*- C++ -*-===//

#ifndef DYN_COST_TRANSFORMS_PASSES_H
#define DYN_COST_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace dyn::cost {

#define GEN_PASS_DECL
#include "dyn/Cost/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dyn/Cost/Transforms/Passes.h.inc"

} // namespace dyn::cost

#endif // DYN_COST_TRANSFORMS_PASSES_H
