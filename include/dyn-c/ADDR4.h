/*===-- dyn-c/ADDR4.h - C API: the ADDR4 container ----------------*- C -*-===*\
|*                                                                            *|
|* Serialize a lowered module to container bytes, read bytes back into a     *|
|* module, and print the listing. Errors are reported as located             *|
|* diagnostics through the context's handlers.                               *|
\*===----------------------------------------------------------------------===*/

#ifndef DYN_C_ADDR4_H
#define DYN_C_ADDR4_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Serializes `module` (after lower-to-addr4) and passes the container's
/// bytes to `callback`, in one or more pieces, in order.
MLIR_CAPI_EXPORTED MlirLogicalResult dynSerializeADDR4(
    MlirModule module, MlirStringCallback callback, void *userData);

/// Reads a container into a dge-level module in `context`. Returns a null
/// module (mlirModuleIsNull) after reporting what is malformed.
MLIR_CAPI_EXPORTED MlirModule dynDeserializeADDR4(MlirContext context,
                                                  MlirStringRef bytes);

/// Prints the listing of a container (sections, records, decoded words)
/// through `callback`.
MLIR_CAPI_EXPORTED MlirLogicalResult
dynPrintADDR4Listing(MlirContext context, MlirStringRef bytes,
                     MlirStringCallback callback, void *userData);

/// Prints the container's layout as JSON through `callback`: its constants,
/// the codes the reader accepts, the flag bits and each instruction's
/// fields (dyn::addr4::printFormatDescription).
MLIR_CAPI_EXPORTED void dynPrintADDR4Format(MlirStringCallback callback,
                                            void *userData);

#ifdef __cplusplus
}
#endif

#endif // DYN_C_ADDR4_H
