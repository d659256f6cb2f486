//===- TranslateRegistration.cpp - ADDR4 translations ---------------------===//

#include "dyn/Target/ADDR4/TranslateRegistration.h"

#include "dyn/Target/ADDR4/Container.h"

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// What a lowered module and a deserialized container hold.
static void registerContainerDialects(DialectRegistry &registry) {
  registry.insert<func::FuncDialect, dyn::bir::BIRDialect,
                  dyn::dge::DGEDialect>();
}

void dyn::addr4::registerToADDR4Translation() {
  // Registered with the translation (not at load time), so that a tool's
  // --help lists it with the translations.
  static llvm::cl::opt<uint64_t> maxContainerBytes(
      "max-container-bytes",
      llvm::cl::desc("Largest container --serialize-addr4 writes, in bytes"),
      llvm::cl::init(kDefaultMaxContainerBytes));
  TranslateFromMLIRRegistration serialize(
      "serialize-addr4", "Write the dyn ADDR4 container of a lowered module",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = llvm::dyn_cast<ModuleOp>(op);
        // Errors are located; one on the module must not print the whole
        // program as its "current operation" (MlirTranslateMain sets that
        // default on the context it makes).
        op->getContext()->printOpOnDiagnostic(false);
        SmallVector<char> bytes;
        if (!module || failed(addr4::serialize(module, bytes,
                                               maxContainerBytes)))
          return failure();
        os.write(bytes.data(), bytes.size());
        return success();
      },
      registerContainerDialects);
}

void dyn::addr4::registerFromADDR4Translation() {
  TranslateToMLIRRegistration deserialize(
      "deserialize-addr4", "Read a dyn ADDR4 container back into dge-level MLIR",
      [](llvm::SourceMgr &sourceMgr, MLIRContext *context) {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return OwningOpRef<Operation *>(
            addr4::deserialize(buffer->getBuffer(), context,
                               buffer->getBufferIdentifier())
                .release());
      },
      registerContainerDialects);
}

void dyn::addr4::registerADDR4ListingTranslation() {
  TranslateRegistration listing(
      "addr4-listing", "List a dyn ADDR4 container with decoded words",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *context) -> LogicalResult {
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        return printListing(buffer->getBuffer(), os, context,
                            buffer->getBufferIdentifier());
      });
}

void dyn::addr4::registerTestADDR4RoundtripTranslation() {
  TranslateRegistration roundtrip(
      "test-addr4-roundtrip", "Serialize, deserialize in a fresh context, print",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *context) -> LogicalResult {
        DialectRegistry dialects;
        registerContainerDialects(dialects);
        context->appendDialectRegistry(dialects);
        OwningOpRef<ModuleOp> module =
            parseSourceFile<ModuleOp>(*sourceMgr, context);
        SmallVector<char> bytes;
        if (!module || failed(addr4::serialize(*module, bytes)))
          return failure();
        MLIRContext fresh(dialects);
        fresh.getDiagEngine().registerHandler([&](Diagnostic &diag) {
          context->getDiagEngine().emit(std::move(diag));
        });
        OwningOpRef<ModuleOp> back =
            addr4::deserialize(StringRef(bytes.data(), bytes.size()), &fresh);
        if (!back || failed(verify(*back)))
          return failure();
        back->print(os);
        return success();
      });
}

void dyn::addr4::registerADDR4Translations() {
  registerToADDR4Translation();
  registerFromADDR4Translation();
  registerADDR4ListingTranslation();
  registerTestADDR4RoundtripTranslation();
}
