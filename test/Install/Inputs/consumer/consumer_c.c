/* The C consumer of the installed package: lowers a KV write through dyn's
 * C API and prints the container's size and magic. */

#include "dyn-c/ADDR4.h"
#include "dyn-c/Registration.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

static const char *kSource =
    "func.func @kv_write(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,\n"
    "                    %pos: i32) -> tensor<64x32xf32> {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %0 = dynshape.dynamic_update_slice %k into %cache[%pos, %c0]\n"
    "      : tensor<1x32xf32> into tensor<64x32xf32>\n"
    "  return %0 : tensor<64x32xf32>\n"
    "}\n";

static char bytes[4096];
static size_t size;

static void collect(MlirStringRef piece, void *userData) {
  (void)userData;
  if (size + piece.length <= sizeof(bytes))
    memcpy(bytes + size, piece.data, piece.length);
  size += piece.length;
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  dynRegisterAllDialects(registry);
  dynRegisterAllPasses();
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kSource));
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
