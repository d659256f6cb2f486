//===- dyn-opt.cpp - the dyn optimizer driver -----------------------------===//

#include "dyn/InitAll.h"
#include "dyn/ToolDefaults.h"
#include "dyn/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  dyn::addVersionPrinter();
  dyn::setDiagnosticDefaults();
  dyn::registerAllPasses();
  dyn::registerUpstreamPasses();
  mlir::DialectRegistry registry;
  dyn::registerAllDialects(registry);
  dyn::registerUpstreamDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "dyn optimizer driver\n", registry));
}
