//===- Dialects.cpp - C API: dyn's dialects -------------------------------===//

#include "dyn-c/Dialects.h"

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(DynShape, dynshape,
                                      dyn::dynshape::DynShapeDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(BIR, bir, dyn::bir::BIRDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(DGE, dge, dyn::dge::DGEDialect)
