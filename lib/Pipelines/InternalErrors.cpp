//===- InternalErrors.cpp - invalid IR from a pass is dyn's bug -----------===//

#include "dyn/Pipelines/InternalErrors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {

/// MLIR verifies the IR after each pass and fails the pass when it does not
/// verify; the failure then reaches runAfterPassFailed. A pass that failed
/// on its own (a diagnostic about the input) leaves IR that verifies, so
/// verifying again separates the two.
struct InternalErrorInstrumentation : PassInstrumentation {
  void runAfterPassFailed(Pass *pass, Operation *op) override {
    // Only passes with a command-line argument: the pass manager's adaptor
    // of a nested pipeline (which has none) fails after the pass that
    // failed inside it, which was reported then.
    StringRef name = pass->getArgument();
    if (name.empty())
      return;
    bool valid;
    {
      // The verifier's error was reported already; this run is silent.
      ScopedDiagnosticHandler silence(op->getContext(),
                                      [](Diagnostic &) { return success(); });
      valid = succeeded(verify(op));
    }
    if (valid)
      return;
    op->emitError() << "internal error: pass '" << name << "' left IR that does not verify (the error above); "
                       "this is a bug in dyn, not in the input";
  }
};

/// Replaces each function's first `arith.constant` result type with one its
/// value does not have (an f32 constant of an integer value).
struct TestInvalidIRPass
    : PassWrapper<TestInvalidIRPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestInvalidIRPass)
  StringRef getArgument() const final { return "test-dyn-invalid-ir"; }
  StringRef getDescription() const final {
    return "Make the IR invalid (tests of the internal-error report only)";
  }
  void runOnOperation() override {
    getOperation().walk([](arith::ConstantOp op) {
      op.getResult().setType(Float32Type::get(op.getContext()));
      return WalkResult::interrupt();
    });
  }
};

} // namespace

void dyn::addInternalErrorInstrumentation(PassManager &pm) {
  pm.addInstrumentation(std::make_unique<InternalErrorInstrumentation>());
}

void dyn::registerTestInvalidIRPass() {
  PassRegistration<TestInvalidIRPass>();
}
