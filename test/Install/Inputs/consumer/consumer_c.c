/* The C consumer of the installed package: lowers the KV write of the file
 * named on the command line through dyn's C API and prints the container's
 * size and magic. */

#include "dyn-c/ADDR4.h"
#include "dyn-c/Registration.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

static char bytes[4096];
static size_t size;

static void collect(MlirStringRef piece, void *userData) {
  (void)userData;
  if (size + piece.length <= sizeof(bytes))
    memcpy(bytes + size, piece.data, piece.length);
  size += piece.length;
}

static char source[4096];

int main(int argc, char **argv) {
  FILE *file = argc == 2 ? fopen(argv[1], "rb") : NULL;
  size_t length = file ? fread(source, 1, sizeof(source) - 1, file) : 0;
  if (!file || length == 0)
    return 1;
  fclose(file);
  source[length] = 0;
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  dynRegisterAllDialects(registry);
  dynRegisterAllPasses();
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(source));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      context, mlirStringRefCreateFromCString("builtin.module"));
  if (mlirModuleIsNull(module) ||
      mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString("builtin.module(lower-to-addr4)"),
          collect, NULL)) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))) ||
      mlirLogicalResultIsFailure(dynSerializeADDR4(module, collect, NULL)) ||
      size > sizeof(bytes))
    return 1;
  printf("C: %zu bytes, magic %.4s\n", size, bytes);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
