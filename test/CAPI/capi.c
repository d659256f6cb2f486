/*===- capi.c - every function of dyn's C API -----------------------------===*\
|*                                                                            *|
|* A C program (no C++) that registers dyn through its C API, lowers a KV    *|
|* write with lower-to-addr4, serializes it, reads the bytes back, prints    *|
|* the listing, simulates the binary and the module, runs the reference,     *|
|* feeds the reader a corrupt container, and lists the element types and    *|
|* the container's layout.                                                   *|
\*===----------------------------------------------------------------------===*/

// RUN: dyn-capi-test %S/Inputs/kv-write.mlir 2>&1 | FileCheck %s

#include "dyn-c/ADDR4.h"
#include "dyn-c/Dialects.h"
#include "dyn-c/ElementTypes.h"
#include "dyn-c/Passes.h"
#include "dyn-c/Registration.h"
#include "dyn-c/Sim.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The KV write, read from the file named on the command line. */
static char kSource[4096];

static void readSource(const char *path) {
  FILE *file = fopen(path, "rb");
  size_t size = file ? fread(kSource, 1, sizeof(kSource) - 1, file) : 0;
  if (!file || size == 0) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  kSource[size] = 0;
  fclose(file);
}

/* A growing byte buffer filled by MlirStringCallback. */
typedef struct {
  char *data;
  size_t size;
} Buffer;

static void append(MlirStringRef piece, void *userData) {
  Buffer *buffer = (Buffer *)userData;
  buffer->data = realloc(buffer->data, buffer->size + piece.length + 1);
  memcpy(buffer->data + buffer->size, piece.data, piece.length);
  buffer->size += piece.length;
  buffer->data[buffer->size] = 0;
}

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic diagnostic,
                                      void *userData) {
  (void)userData;
  fprintf(stderr, "diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStderr, NULL);
  fprintf(stderr, "\n");
  return mlirLogicalResultSuccess();
}

/* The dialect handles: each dialect loads on its own. */
static void testDialectHandles(void) {
  MlirContext context = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__dynshape__(), context);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__bir__(), context);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__dge__(), context);
  fprintf(stderr, "loaded: %d %d %d\n",
          mlirContextIsRegisteredOperation(
              context, mlirStringRefCreateFromCString("dynshape.gather")),
          mlirContextIsRegisteredOperation(
              context, mlirStringRefCreateFromCString("bir.alu_imm")),
          mlirContextIsRegisteredOperation(
              context, mlirStringRefCreateFromCString("dge.trigger")));
  mlirContextDestroy(context);
  // CHECK: loaded: 1 1 1
}

static MlirContext createContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  dynRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(context, onDiagnostic, NULL, NULL);
  return context;
}

/* Lowers, serializes, deserializes and lists; returns the bytes. */
static Buffer testLowerAndSerialize(MlirContext context) {
  Buffer bytes = {NULL, 0};
  MlirModule module = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(kSource));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "parse failed\n");
    exit(1);
  }
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      context, mlirStringRefCreateFromCString("builtin.module"));
  Buffer errors = {NULL, 0};
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(
              "builtin.module(lower-to-addr4{arch=gen2})"), append,
          &errors)) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "pipeline failed: %s\n", errors.data ? errors.data : "");
    exit(1);
  }
  mlirPassManagerDestroy(pm);
  fprintf(stderr, "lowered: %d\n",
          mlirLogicalResultIsSuccess(dynSerializeADDR4(module, append,
                                                       &bytes)));
  fprintf(stderr, "container: %zu bytes, magic %.4s\n", bytes.size,
          bytes.data);
  // CHECK: lowered: 1
  // CHECK: container: {{[1-9][0-9]*}} bytes, magic DYN4
  mlirModuleDestroy(module);

  MlirModule back = dynDeserializeADDR4(
      context, mlirStringRefCreate(bytes.data, bytes.size));
  Buffer text = {NULL, 0};
  mlirOperationPrint(mlirModuleGetOperation(back), append, &text);
  fprintf(stderr, "deserialized: %s\n",
          strstr(text.data, "dge.trigger") ? "has dge.trigger" : text.data);
  // CHECK: deserialized: has dge.trigger
  mlirModuleDestroy(back);
  free(text.data);

  Buffer listing = {NULL, 0};
  fprintf(stderr, "listing: %d\n",
          mlirLogicalResultIsSuccess(dynPrintADDR4Listing(
              context, mlirStringRefCreate(bytes.data, bytes.size), append,
              &listing)));
  fprintf(stderr, "%s", listing.data);
  // CHECK: listing: 1
  // CHECK: kv_write
  // CHECK: 0x8{{[0-9a-f]+}}
  free(listing.data);
  return bytes;
}

/* The KV write's arguments: cache[i][j] = i, k[j] = 100 + j, pos. */
static DynSimValues kvArguments(MlirContext context, int64_t rows,
                                int64_t pos) {
  static float cache[64 * 32], k[32];
  for (int i = 0; i < 64 * 32; ++i)
    cache[i] = (float)(i / 32);
  for (int j = 0; j < 32; ++j)
    k[j] = 100.0f + (float)j;
  int64_t cacheShape[2] = {rows, 32}, kShape[2] = {1, 32};
  MlirType f32 = mlirF32TypeGet(context);
  DynSimValues args = dynSimValuesCreate();
  dynSimValuesAppendTensor(args, f32, 2, cacheShape, cache);
  dynSimValuesAppendTensor(args, f32, 2, kShape, k);
  dynSimValuesAppendScalar(args, pos);
  return args;
}

/* Prints the one result: its shape and rows 4..6 column 1. */
static void printKVResult(const char *what, MlirLogicalResult result,
                          DynSimValues results) {
  if (mlirLogicalResultIsFailure(result) || dynSimValuesSize(results) != 1 ||
      !dynSimValuesIsTensor(results, 0)) {
    fprintf(stderr, "%s: failed\n", what);
    return;
  }
  const int64_t *shape = dynSimValuesGetShape(results, 0);
  const float *data = (const float *)dynSimValuesGetData(results, 0);
  fprintf(stderr, "%s: %dx%d f32 %d, %ld bytes, rows 4..6: %g %g %g\n", what,
          (int)shape[0], (int)shape[1],
          mlirTypeIsAF32(dynSimValuesGetElementType(results, 0)),
          (long)dynSimValuesGetNumBytes(results, 0), data[4 * 32 + 1],
          data[5 * 32 + 1], data[6 * 32 + 1]);
}

/* The binary, the tensor-level module and the reference on one input. */
static void testSimulation(MlirContext context, Buffer bytes) {
  MlirStringRef entry = mlirStringRefCreateFromCString("kv_write");
  MlirModule binary = dynDeserializeADDR4(
      context, mlirStringRefCreate(bytes.data, bytes.size));
  DynSimValues args = kvArguments(context, 64, 5);
  DynSimValues results = dynSimValuesCreate();
  printKVResult("binary", dynSimulateBinary(binary, entry, args, results),
                results);
  // CHECK: binary: 64x32 f32 1, 8192 bytes, rows 4..6: 4 101 6
  dynSimValuesDestroy(results);

  MlirModule source = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(kSource));
  results = dynSimValuesCreate();
  printKVResult("module",
                dynSimulateModule(source, entry,
                                  mlirStringRefCreateFromCString("arch=gen2"),
                                  args, results),
                results);
  // CHECK: module: 64x32 f32 1, 8192 bytes, rows 4..6: 4 101 6
  dynSimValuesDestroy(results);
  results = dynSimValuesCreate();
  printKVResult("reference",
                dynInterpretReference(source, entry, args, results), results);
  // CHECK: reference: 64x32 f32 1, 8192 bytes, rows 4..6: 4 101 6
  dynSimValuesDestroy(results);
  dynSimValuesDestroy(args);

  /* A cache of the wrong shape, and an entry that does not exist. */
  args = kvArguments(context, 63, 5);
  results = dynSimValuesCreate();
  printKVResult("wrong shape",
                dynSimulateBinary(binary, entry, args, results), results);
  // CHECK: diagnostic: argument 0 must have the type tensor<64x32xf32>
  // CHECK: wrong shape: failed
  printKVResult("no entry",
                dynInterpretReference(
                    source, mlirStringRefCreateFromCString("missing"), args,
                    results),
                results);
  // CHECK: diagnostic: no function @missing with a body
  // CHECK: no entry: failed
  dynSimValuesDestroy(results);
  dynSimValuesDestroy(args);

  /* A module lowered short of addr4-encode has no words to run. */
  MlirModule unencoded = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(kSource));
  MlirPassManager pm = mlirPassManagerCreate(context);
  mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                        mlirStringRefCreateFromCString(
                            "builtin.module(lower-to-dge{arch=gen2})"),
                        printToStderr, NULL);
  mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(unencoded));
  mlirPassManagerDestroy(pm);
  args = kvArguments(context, 64, 5);
  results = dynSimValuesCreate();
  printKVResult("unencoded",
                dynSimulateBinary(unencoded, entry, args, results), results);
  // CHECK: diagnostic: {{.*}}has no ADDR4 words; run addr4-encode
  // CHECK: unencoded: failed
  dynSimValuesDestroy(results);
  dynSimValuesDestroy(args);
  mlirModuleDestroy(unencoded);
  mlirModuleDestroy(source);
  mlirModuleDestroy(binary);
}

/* Values built wrong fail instead of aborting: a negative rank or
   dimension; a tensor read as a scalar is 0. */
static void testBadValues(MlirContext context) {
  DynSimValues values = dynSimValuesCreate();
  int64_t negative[1] = {-1};
  float data[1] = {1.0f};
  MlirType f32 = mlirF32TypeGet(context);
  int rank = mlirLogicalResultIsFailure(
      dynSimValuesAppendTensor(values, f32, -1, negative, data));
  int dim = mlirLogicalResultIsFailure(
      dynSimValuesAppendTensor(values, f32, 1, negative, data));
  // 32 GiB: past the simulator's tensor limit, refused before any copy.
  int64_t huge[1] = {(int64_t)1 << 33};
  int big = mlirLogicalResultIsFailure(
      dynSimValuesAppendTensor(values, f32, 1, huge, data));
  int64_t one[1] = {1};
  dynSimValuesAppendTensor(values, f32, 1, one, data);
  fprintf(stderr,
          "bad values: rank %d dim %d huge %d scalar of tensor %lld\n", rank,
          dim, big, (long long)dynSimValuesGetScalar(values, 0));
  // CHECK: bad values: rank 1 dim 1 huge 1 scalar of tensor 0
  dynSimValuesDestroy(values);
}

/* A corrupt container: a null module and a located diagnostic. */
static void testCorrupt(MlirContext context, Buffer bytes) {
  bytes.data[0] = 'X';
  MlirModule module = dynDeserializeADDR4(
      context, mlirStringRefCreate(bytes.data, bytes.size));
  fprintf(stderr, "corrupt: null module %d\n", mlirModuleIsNull(module));
  // CHECK: diagnostic: {{.*}}magic
  // CHECK: corrupt: null module 1
}

static MlirLogicalResult countNotes(MlirDiagnostic diagnostic, void *userData) {
  *(intptr_t *)userData = mlirDiagnosticGetNumNotes(diagnostic);
  return mlirLogicalResultSuccess();
}

/* An error on an op, with and without the note that prints the op. */
static void testPrintOpOnDiagnostic(MlirContext context) {
  MlirModule module = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString("func.func @f() {\n  return\n}"));
  intptr_t notes[2] = {-1, -1};
  for (int enable = 1; enable >= 0; --enable) {
    dynContextSetPrintOpOnDiagnostic(context, enable);
    MlirPassManager pm = mlirPassManagerCreate(context);
    mlirParsePassPipeline(
        mlirPassManagerGetAsOpPassManager(pm),
        mlirStringRefCreateFromCString("builtin.module(func.func(bir-hoist-"
                                       "loop-invariants{max-live-in=-1}))"),
        printToStderr, NULL);
    MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(
        context, countNotes, &notes[enable], NULL);
    mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    mlirContextDetachDiagnosticHandler(context, id);
    mlirPassManagerDestroy(pm);
  }
  mlirModuleDestroy(module);
  fprintf(stderr, "op notes: %d with, %d without\n", (int)notes[1],
          (int)notes[0]);
  // CHECK: op notes: 1 with, 0 without
}

/* A pass through the generated pass C API, on its own. */
static void testGeneratedPasses(MlirContext context) {
  mlirRegisterDynShapePasses();
  MlirModule module = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(kSource));
  MlirPassManager pm = mlirPassManagerCreate(context);
  mlirPassManagerAddOwnedPass(pm, mlirCreateDynShapeDynShapeBufferize());
  MlirLogicalResult result =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  Buffer text = {NULL, 0};
  mlirOperationPrint(mlirModuleGetOperation(module), append, &text);
  fprintf(stderr, "bufferized: %d %s\n", mlirLogicalResultIsSuccess(result),
          strstr(text.data, "memref.copy") ? "memref.copy" : text.data);
  // CHECK: bufferized: 1 memref.copy
  free(text.data);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
}

static void printText(MlirStringRef text, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s", (int)text.length, text.data);
}

/* Every element type with its size and dtype, and types dyn does not
   carry. */
static void testElementTypes(MlirContext context) {
  for (intptr_t i = 0, e = dynGetNumElementTypes(); i < e; ++i) {
    MlirType type = dynGetElementType(context, i);
    MlirStringRef descr = dynGetElementNumPyDescr(type);
    fprintf(stderr, "element ");
    mlirTypePrint(type, printText, NULL);
    fprintf(stderr, ": %d bytes, %.*s\n", (int)dynGetElementBytes(type),
            (int)descr.length, descr.data);
  }
  // CHECK: element f32: 4 bytes, <f4
  // CHECK-NEXT: element i32: 4 bytes, <i4
  // CHECK-NEXT: element bf16: 2 bytes, <u2
  // CHECK-NEXT: element f16: 2 bytes, <f2
  // CHECK-NEXT: element i8: 1 bytes, |i1
  // CHECK-NEXT: element i16: 2 bytes, <i2
  // CHECK-NEXT: element i64: 8 bytes, <i8
  // CHECK-NEXT: element f64: 8 bytes, <f8
  MlirType others[3] = {mlirIntegerTypeGet(context, 1),
                        mlirIndexTypeGet(context),
                        mlirIntegerTypeSignedGet(context, 32)};
  for (int i = 0; i < 3; ++i) {
    MlirStringRef descr = dynGetElementNumPyDescr(others[i]);
    fprintf(stderr, "not carried: ");
    mlirTypePrint(others[i], printText, NULL);
    fprintf(stderr, " %d bytes, dtype '%.*s'\n",
            (int)dynGetElementBytes(others[i]), (int)descr.length,
            descr.data);
  }
  // CHECK-NEXT: not carried: i1 0 bytes, dtype ''
  // CHECK-NEXT: not carried: index 0 bytes, dtype ''
  // CHECK-NEXT: not carried: si32 0 bytes, dtype ''
}

/* The container's layout as JSON (test/Fuzz/container-layout.test checks
   all of it against the fuzzer's copy). */
static void testFormat(void) {
  dynPrintADDR4Format(printText, NULL);
  // CHECK: "magic": "DYN4",
  // CHECK: "version": 5,
  // CHECK: "element_codes": {
  // CHECK-NEXT: "f32": {
  // CHECK-NEXT: "code": 0,
  // CHECK-NEXT: "bytes": 4,
  // CHECK-NEXT: "numpy": "<f4"
  // CHECK: "instructions": {
  // CHECK-NEXT: "1": {
  // CHECK-NEXT: "flags": 0,
  // CHECK-NEXT: "fields": "BH",
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: dyn-capi-test KV-WRITE.mlir\n");
    return 1;
  }
  readSource(argv[1]);
  testDialectHandles();
  dynRegisterAllPasses();
  MlirContext context = createContext();
  Buffer bytes = testLowerAndSerialize(context);
  testSimulation(context, bytes);
  testBadValues(context);
  testCorrupt(context, bytes);
  free(bytes.data);
  testPrintOpOnDiagnostic(context);
  testGeneratedPasses(context);
  testElementTypes(context);
  testFormat();
  mlirContextDestroy(context);
  fprintf(stderr, "done\n");
  // CHECK: done
  return 0;
}
