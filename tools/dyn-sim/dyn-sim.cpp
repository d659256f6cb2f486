//===- dyn-sim.cpp - the dyn simulator driver -----------------------------===//

#include "dyn/InitAll.h"
#include "dyn/Tools/dyn-sim/SimMain.h"
#include "dyn/Version.h"

#include "mlir/IR/DialectRegistry.h"

int main(int argc, char **argv) {
  dyn::addVersionPrinter();
  mlir::DialectRegistry registry;
  dyn::registerAllDialects(registry);
  dyn::registerUpstreamDialects(registry);
  return mlir::succeeded(
             dyn::simMain(argc, argv, "dyn simulator\n", registry))
             ? 0
             : 1;
}
