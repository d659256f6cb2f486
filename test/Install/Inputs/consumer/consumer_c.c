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

int main(int argc, char **argv) {
  if (argc != 2)
    return 1;
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  dynRegisterAllDialects(registry);
  dynRegisterAllPasses();
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  // Parsed from the file, as the C++ consumer does: the container records
  // each instruction's source file, so both name the same one.
  MlirModule module = mlirModuleCreateParseFromFile(
      context, mlirStringRefCreateFromCString(argv[1]));
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
