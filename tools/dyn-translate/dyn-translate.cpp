//===- dyn-translate.cpp - the ADDR4 binary in and out --------------------===//

#include "dyn/Target/ADDR4/TranslateRegistration.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  dyn::addr4::registerADDR4Translations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "dyn ADDR4 translator"));
}
