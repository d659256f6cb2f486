// Lowers the KV write of the file named on the command line to ADDR4
// through the installed dyn package and prints the container's size and
// magic.

#include "dyn/InitAll.h"
#include "dyn/Target/ADDR4/Container.h"
#include "dyn/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  dyn::registerAllDialects(registry);
  dyn::registerUpstreamDialects(registry);
  dyn::registerAllPasses();
  mlir::MLIRContext context(registry);

  if (argc != 2)
    return 1;
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  auto pm = mlir::PassManager::on<mlir::ModuleOp>(&context);
  if (mlir::failed(mlir::parsePassPipeline("lower-to-addr4", pm)) ||
      mlir::failed(pm.run(*module)))
    return 1;
  llvm::SmallVector<char> bytes;
  if (mlir::failed(dyn::addr4::serialize(*module, bytes)))
    return 1;
  llvm::outs() << "dyn " << DYN_VERSION << ": " << bytes.size()
               << " bytes, magic " << llvm::StringRef(bytes.data(), 4) << "\n";
  return 0;
}
