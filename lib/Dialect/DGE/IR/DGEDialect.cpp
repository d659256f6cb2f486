//===- DGEDialect.cpp - dge dialect registration --------------------------===//

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dyn::dge;

#include "dyn/Dialect/DGE/IR/DGEEnums.cpp.inc"
#include "dyn/Dialect/DGE/IR/DGEOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dyn/Dialect/DGE/IR/DGEOpsTypes.cpp.inc"

void DGEDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dyn/Dialect/DGE/IR/DGEOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dyn/Dialect/DGE/IR/DGEOps.cpp.inc"
      >();
}

std::optional<int> dyn::dge::getArchLevel(StringRef arch) {
  return llvm::StringSwitch<std::optional<int>>(arch)
      .Case("gen2", 20)
      .Case("gen3", 30)
      .Case("core_v4", 40)
      .Case("core_v5", 50)
      .Default(std::nullopt);
}

ArrayRef<dyn::bir::Engine> dyn::dge::getHWDGEEngines(int archLevel) {
  using dyn::bir::Engine;
  static const Engine report[] = {Engine::sp, Engine::act};
  static const Engine coreV5[] = {Engine::sp, Engine::act, Engine::dve};
  if (archLevel >= 50)
    return coreV5;
  return report;
}

bool dyn::dge::isHWDGEEngine(dyn::bir::Engine engine) {
  return llvm::is_contained(getHWDGEEngines(50), engine);
}
