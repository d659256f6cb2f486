/*===-- dyn-c/Registration.h - C API: register everything ---------*- C -*-===*\
|*                                                                            *|
|* What a context needs to parse dyn's input and run its pipelines.           *|
\*===----------------------------------------------------------------------===*/

#ifndef DYN_C_REGISTRATION_H
#define DYN_C_REGISTRATION_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Inserts dyn's dialects (dynshape, bir, dge) with their interface models,
/// and the upstream dialects and models its input and pipelines need (func,
/// arith, scf, tensor, memref, linalg, bufferization, ...).
MLIR_CAPI_EXPORTED void dynRegisterAllDialects(MlirDialectRegistry registry);

/// Registers dyn's passes and pipelines (lower-to-bir, lower-to-dge,
/// lower-to-addr4) in the global registry, so that mlirParsePassPipeline
/// finds them, and the upstream passes people chain with them.
MLIR_CAPI_EXPORTED void dynRegisterAllPasses(void);

/// Whether an error on an operation carries a note that prints the whole
/// operation ("see current operation: ..."). MLIR attaches it by default;
/// the tools turn it off, and an embedder that shows errors to its users
/// may too. The MLIR C API has no setter for it.
MLIR_CAPI_EXPORTED void dynContextSetPrintOpOnDiagnostic(MlirContext context,
                                                         bool enable);

#ifdef __cplusplus
}
#endif

#endif // DYN_C_REGISTRATION_H
