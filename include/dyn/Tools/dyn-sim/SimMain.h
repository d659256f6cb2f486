//===- SimMain.h - the dyn-sim driver ---------------------------*- C++ -*-===//
//
// The whole of dyn-sim as a library entry point, as upstream's MlirOptMain
// is mlir-opt's: a tool registers its dialects and calls simMain. The
// command line (docs/Simulator.md, "Command line") is parsed here.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_TOOLS_DYN_SIM_SIMMAIN_H
#define DYN_TOOLS_DYN_SIM_SIMMAIN_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"

namespace dyn {

/// Parses the command line and runs the program it names on the simulator
/// or the reference interpreter, or compares the two, with the dialects of
/// `registry`. Errors are reported on stderr; failure means exit status 1.
llvm::LogicalResult simMain(int argc, char **argv, llvm::StringRef toolName,
                            mlir::DialectRegistry &registry);

} // namespace dyn

#endif // DYN_TOOLS_DYN_SIM_SIMMAIN_H
