//===- Registration.cpp - C API: register everything ----------------------===//

#include "dyn-c/Registration.h"

#include "dyn/InitAll.h"

#include "mlir/CAPI/IR.h"

void dynRegisterAllDialects(MlirDialectRegistry registry) {
  dyn::registerAllDialects(*unwrap(registry));
  dyn::registerUpstreamDialects(*unwrap(registry));
}

void dynRegisterAllPasses(void) {
  dyn::registerAllPasses();
  dyn::registerUpstreamPasses();
}

void dynContextSetPrintOpOnDiagnostic(MlirContext context, bool enable) {
  unwrap(context)->printOpOnDiagnostic(enable);
}
