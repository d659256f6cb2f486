//===- dyn-translate.cpp - the ADDR4 binary in and out --------------------===//

#include "dyn/InitAll.h"
#include "dyn/Target/ADDR4/Container.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

static void registerDialects(DialectRegistry &registry) {
  dyn::registerAllDialects(registry);
}

static void registerTranslations() {
  TranslateFromMLIRRegistration serialize(
      "serialize-addr4", "Write the dyn ADDR4 container of a lowered module",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = llvm::dyn_cast<ModuleOp>(op);
        SmallVector<char> bytes;
        if (!module || failed(dyn::addr4::serialize(module, bytes)))
          return failure();
        os.write(bytes.data(), bytes.size());
        return success();
      },
      registerDialects);

  TranslateToMLIRRegistration deserialize(
      "deserialize-addr4", "Read a dyn ADDR4 container back into dge-level MLIR",
      [](llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return OwningOpRef<Operation *>(
            dyn::addr4::deserialize(buffer->getBuffer(), context,
                                    buffer->getBufferIdentifier())
                .release());
      },
      registerDialects);

  // Serializes, deserializes into a fresh context, verifies and prints.
  TranslateRegistration roundtrip(
      "test-addr4-roundtrip", "Serialize, deserialize in a fresh context, print",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *context) -> LogicalResult {
        DialectRegistry dialects;
        registerDialects(dialects);
        context->appendDialectRegistry(dialects);
        OwningOpRef<ModuleOp> module =
            parseSourceFile<ModuleOp>(*sourceMgr, context);
        SmallVector<char> bytes;
        if (!module || failed(dyn::addr4::serialize(*module, bytes)))
          return failure();
        DialectRegistry registry;
        registerDialects(registry);
        MLIRContext fresh(registry);
        fresh.getDiagEngine().registerHandler([&](Diagnostic &diag) {
          context->getDiagEngine().emit(std::move(diag));
        });
        OwningOpRef<ModuleOp> back = dyn::addr4::deserialize(
            StringRef(bytes.data(), bytes.size()), &fresh);
        if (!back || failed(verify(*back)))
          return failure();
        back->print(os);
        return success();
      });

  TranslateRegistration listing(
      "addr4-listing", "List a dyn ADDR4 container with decoded words",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *context) -> LogicalResult {
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        return dyn::addr4::printListing(buffer->getBuffer(), os, context,
                                        buffer->getBufferIdentifier());
      });
}

int main(int argc, char **argv) {
  registerTranslations();
  return failed(mlirTranslateMain(argc, argv, "dyn ADDR4 translator"));
}
