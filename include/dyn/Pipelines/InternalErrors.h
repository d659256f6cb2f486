//===- InternalErrors.h - invalid IR from a pass is dyn's bug ---*- C++ -*-===//
//
// A pass that leaves IR its own verifiers reject has a bug: the input was
// valid when the pass started. MLIR reports such IR as the verifier's error
// on the op, which reads like a complaint about the user's program. The
// instrumentation here adds, after that error, one that names the pass and
// says it is an internal error of dyn.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_PIPELINES_INTERNALERRORS_H
#define DYN_PIPELINES_INTERNALERRORS_H

namespace mlir {
class PassManager;
} // namespace mlir

namespace dyn {

/// After a pass of `pm` fails, verifies the op it ran on; when the op does
/// not verify, reports "internal error: pass '<name>' left IR that does not
/// verify" at the op.
void addInternalErrorInstrumentation(mlir::PassManager &pm);

/// Registers `test-dyn-invalid-ir` (tests only): a pass that makes its
/// function's IR invalid, to show the instrumentation at work.
void registerTestInvalidIRPass();

} // namespace dyn

#endif // DYN_PIPELINES_INTERNALERRORS_H
