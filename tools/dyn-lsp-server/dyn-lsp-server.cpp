//===- dyn-lsp-server.cpp - the MLIR language server with dyn's dialects --===//
//
// Diagnostics, hover, go-to-definition and completion for .mlir files that
// use dynshape, bir and dge, through upstream's server; point an editor's
// MLIR extension at this binary (docs/Embedding.md).
//
//===----------------------------------------------------------------------===//

#include "dyn/InitAll.h"
#include "dyn/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  dyn::addVersionPrinter();
  mlir::DialectRegistry registry;
  dyn::registerAllDialects(registry);
  dyn::registerUpstreamDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
