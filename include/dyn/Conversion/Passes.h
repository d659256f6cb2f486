//===- Passes.h - dyn conversion passes -------------------------*- C++ -*-===//

#ifndef DYN_CONVERSION_PASSES_H
#define DYN_CONVERSION_PASSES_H

#include "dyn/Conversion/BIRToDGE/BIRToDGE.h"
#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"
#include "dyn/Conversion/StableHLOToDynShape/StableHLOToDynShape.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace dyn {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "dyn/Conversion/Passes.h.inc"
} // namespace dyn

#endif // DYN_CONVERSION_PASSES_H
