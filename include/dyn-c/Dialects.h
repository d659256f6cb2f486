/*===-- dyn-c/Dialects.h - C API: dyn's dialects ------------------*- C -*-===*\
|*                                                                            *|
|* The dialect handles of dynshape, bir and dge, in upstream's form:         *|
|* mlirGetDialectHandle__dynshape__() and so on, to insert into a registry   *|
|* or load into a context.                                                    *|
\*===----------------------------------------------------------------------===*/

#ifndef DYN_C_DIALECTS_H
#define DYN_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(DynShape, dynshape);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(BIR, bir);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(DGE, dge);

#ifdef __cplusplus
}
#endif

#endif // DYN_C_DIALECTS_H
