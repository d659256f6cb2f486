//===- Version.cpp - dyn's version and `--version` ------------------------===//
//
// The commit is in GitCommit.cpp, generated into the build tree by
// cmake/DynGitCommit.cmake at every build and rewritten only when it
// changes.
//
//===----------------------------------------------------------------------===//

#include "dyn/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

llvm::StringRef dyn::getVersion() { return DYN_VERSION; }

llvm::StringRef dyn::getLLVMVersion() { return LLVM_VERSION_STRING; }

void dyn::printVersion(llvm::raw_ostream &os) {
  os << "dyn version " << getVersion() << "\n"
     << "  git commit " << getGitCommit() << "\n"
     << "  built with LLVM " << getLLVMVersion() << "\n";
}

void dyn::addVersionPrinter() { llvm::cl::SetVersionPrinter(printVersion); }
