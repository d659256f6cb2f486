// Lowers a KV write to ADDR4 through the installed dyn package and prints
// the container's size and magic.

#include "dyn/InitAll.h"
#include "dyn/Target/ADDR4/Container.h"
#include "dyn/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

static const char *const kSource = R"mlir(
func.func @kv_write(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,
                    %pos: i32) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%pos, %c0]
      : tensor<1x32xf32> into tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  dyn::registerAllDialects(registry);
  dyn::registerUpstreamDialects(registry);
  dyn::registerAllPasses();
  mlir::MLIRContext context(registry);

  auto module = mlir::parseSourceString<mlir::ModuleOp>(kSource, &context);
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
