//===- dyn-translate.cpp - the ADDR4 binary in and out --------------------===//

#include "dyn/Target/ADDR4/TranslateRegistration.h"
#include "dyn/Version.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

#include "llvm/Support/CommandLine.h"

/// No option of its own: hiding what is unrelated to it hides every option
/// registered so far, i.e. LLVM's (backends, instrumentation).
/// mlirTranslateMain registers its options and the translations afterwards,
/// so --help shows those.
static llvm::cl::OptionCategory translateCategory("dyn-translate");

int main(int argc, char **argv) {
  dyn::addVersionPrinter();
  llvm::cl::HideUnrelatedOptions(translateCategory);
  dyn::addr4::registerADDR4Translations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "dyn ADDR4 translator"));
}
