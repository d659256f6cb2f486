//===- Passes.h - dyn's general-purpose passes ------------------*- C++ -*-===//

#ifndef DYN_TRANSFORMS_PASSES_H
#define DYN_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace dyn {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "dyn/Transforms/Passes.h.inc"
} // namespace dyn

#endif // DYN_TRANSFORMS_PASSES_H
