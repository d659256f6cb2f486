/*===-- dyn-c/Sim.h - C API: simulation and the reference ---------*- C -*-===*\
|*                                                                            *|
|* Runs an entry function on the caller's values: a binary on the simulator, *|
|* a tensor-level module compiled as its container says and simulated, or    *|
|* the tensor-level module on the reference interpreter. Arguments are in    *|
|* either calling convention (docs/FrontEnd.md, "Function boundary"); the    *|
|* default limits of dyn-sim apply. Errors are diagnostics.                  *|
\*===----------------------------------------------------------------------===*/

#ifndef DYN_C_SIM_H
#define DYN_C_SIM_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A list of runtime values: dense row-major tensors and i32 scalars.
typedef struct DynSimValues {
  void *ptr;
} DynSimValues;

MLIR_CAPI_EXPORTED DynSimValues dynSimValuesCreate(void);
MLIR_CAPI_EXPORTED void dynSimValuesDestroy(DynSimValues values);

/// Appends a tensor of `elementType` and `shape`, copying its bytes from
/// `data` (little-endian, row-major). Fails when the rank or a dimension
/// is negative, the element type is not whole bytes, or the shape's byte
/// count overflows or exceeds the simulator's tensor limit (1 GiB, the
/// limit `dyn-sim --max-tensor-bytes` sets by default).
MLIR_CAPI_EXPORTED MlirLogicalResult dynSimValuesAppendTensor(
    DynSimValues values, MlirType elementType, intptr_t rank,
    const int64_t *shape, const void *data);
MLIR_CAPI_EXPORTED void dynSimValuesAppendScalar(DynSimValues values,
                                                 int64_t value);

MLIR_CAPI_EXPORTED intptr_t dynSimValuesSize(DynSimValues values);
MLIR_CAPI_EXPORTED bool dynSimValuesIsTensor(DynSimValues values,
                                             intptr_t pos);
/// The scalar at `pos`; 0 when it is a tensor.
MLIR_CAPI_EXPORTED int64_t dynSimValuesGetScalar(DynSimValues values,
                                                 intptr_t pos);
/// The tensor at `pos`: element type, rank, shape, bytes.
MLIR_CAPI_EXPORTED MlirType dynSimValuesGetElementType(DynSimValues values,
                                                       intptr_t pos);
MLIR_CAPI_EXPORTED intptr_t dynSimValuesGetRank(DynSimValues values,
                                                intptr_t pos);
MLIR_CAPI_EXPORTED const int64_t *dynSimValuesGetShape(DynSimValues values,
                                                       intptr_t pos);
MLIR_CAPI_EXPORTED const void *dynSimValuesGetData(DynSimValues values,
                                                   intptr_t pos);
MLIR_CAPI_EXPORTED intptr_t dynSimValuesGetNumBytes(DynSimValues values,
                                                    intptr_t pos);

/// Simulates the function `entry` of a binary (from dynDeserializeADDR4)
/// on `args`; appends its results to `results`.
MLIR_CAPI_EXPORTED MlirLogicalResult
dynSimulateBinary(MlirModule binary, MlirStringRef entry, DynSimValues args,
                  DynSimValues results);

/// Compiles `entry` of a tensor-level module with lower-to-addr4 and
/// `pipelineOptions` (e.g. "arch=gen2"), reads the container back and
/// simulates it on `args`.
MLIR_CAPI_EXPORTED MlirLogicalResult dynSimulateModule(
    MlirModule module, MlirStringRef entry, MlirStringRef pipelineOptions,
    DynSimValues args, DynSimValues results);

/// Interprets `entry` of a tensor-level module on `args` (the reference).
MLIR_CAPI_EXPORTED MlirLogicalResult
dynInterpretReference(MlirModule module, MlirStringRef entry,
                      DynSimValues args, DynSimValues results);

#ifdef __cplusplus
}
#endif

#endif // DYN_C_SIM_H
