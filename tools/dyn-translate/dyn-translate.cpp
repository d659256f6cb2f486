//===- dyn-translate.cpp - the ADDR4 binary in and out --------------------===//

#include "dyn/Target/ADDR4/TranslateRegistration.h"
#include "dyn/Version.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  dyn::addVersionPrinter();
  dyn::addr4::registerADDR4Translations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "dyn ADDR4 translator"));
}
