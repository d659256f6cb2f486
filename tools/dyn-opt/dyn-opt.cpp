//===- dyn-opt.cpp - the dyn optimizer driver -----------------------------===//

#include "dyn/InitAll.h"
#include "dyn/Pipelines/InternalErrors.h"
#include "dyn/ToolDefaults.h"
#include "dyn/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  dyn::addVersionPrinter();
  dyn::setDiagnosticDefaults();
  dyn::registerAllPasses();
  dyn::registerUpstreamPasses();
  dyn::registerTestInvalidIRPass();
  mlir::DialectRegistry registry;
  dyn::registerAllDialects(registry);
  dyn::registerUpstreamDialects(registry);
  // MlirOptMain's own flow, with one addition: a pass that leaves invalid
  // IR is reported as dyn's internal error (InternalErrors.h).
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "dyn optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // The command line's passes, as the configuration set them up.
  mlir::MlirOptMainConfig fromCommandLine = config;
  config.setPassPipelineSetupFn([fromCommandLine](mlir::PassManager &pm) {
    dyn::addInternalErrorInstrumentation(pm);
    return fromCommandLine.setupPassPipeline(pm);
  });
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(input), registry,
                                     config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
