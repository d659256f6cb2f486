//===- ToolDefaults.h - what dyn's tools change in MLIR's defaults -*- C++ -*-===//

#ifndef DYN_TOOLDEFAULTS_H
#define DYN_TOOLDEFAULTS_H

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"

namespace dyn {

/// A failure is reported at its location, without MLIR's "see current
/// operation" note: for an error on a module that note is the whole
/// program. `--mlir-print-op-on-diagnostic` brings it back. Call before the
/// tool parses its command line.
inline void setDiagnosticDefaults() {
  mlir::registerMLIRContextCLOptions();
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("mlir-print-op-on-diagnostic");
  if (it != options.end())
    static_cast<llvm::cl::opt<bool> *>(it->second)->setInitialValue(false);
}

} // namespace dyn

#endif // DYN_TOOLDEFAULTS_H
