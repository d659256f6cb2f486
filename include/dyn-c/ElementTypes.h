/*===-- dyn-c/ElementTypes.h - C API: element types --------------*- C -*-===*\
|*                                                                            *|
|* The element types dyn carries, their sizes and the NumPy dtype a value of *|
|* each crosses the host boundary in: the one table of                       *|
|* dyn/Support/ElementTypes.h, for the Python package and other C clients.   *|
\*===----------------------------------------------------------------------===*/

#ifndef DYN_C_ELEMENTTYPES_H
#define DYN_C_ELEMENTTYPES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How many element types dyn carries.
MLIR_CAPI_EXPORTED intptr_t dynGetNumElementTypes(void);

/// The element type at `index` (0 to dynGetNumElementTypes() - 1), built in
/// `context`.
MLIR_CAPI_EXPORTED MlirType dynGetElementType(MlirContext context,
                                              intptr_t index);

/// Bytes per element of `type`; 0 for a type dyn does not carry.
MLIR_CAPI_EXPORTED intptr_t dynGetElementBytes(MlirType type);

/// The NumPy dtype string of `type` ("<f4", ...; bf16 is "<u2", its bits);
/// an empty string for a type dyn does not carry.
MLIR_CAPI_EXPORTED MlirStringRef dynGetElementNumPyDescr(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // DYN_C_ELEMENTTYPES_H
