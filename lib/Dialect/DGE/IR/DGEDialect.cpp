//===- DGEDialect.cpp - dge dialect registration --------------------------===//

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dyn::dge;

#include "dyn/Dialect/DGE/IR/DGEEnums.cpp.inc"
#include "dyn/Dialect/DGE/IR/DGEOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dyn/Dialect/DGE/IR/DGEOpsTypes.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "dyn/Dialect/DGE/IR/DGEAttrs.cpp.inc"

void DGEDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dyn/Dialect/DGE/IR/DGEOpsTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dyn/Dialect/DGE/IR/DGEAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dyn/Dialect/DGE/IR/DGEOps.cpp.inc"
      >();
}

LogicalResult DGEDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() != kArchAttrName)
    return op->emitError("unknown dge attribute '")
           << attr.getName().getValue() << "'";
  if (!llvm::isa<ArchAttr>(attr.getValue()))
    return op->emitError("'") << kArchAttrName
                              << "' must be a #dge.arch<...> attribute";
  if (!llvm::isa<ModuleOp>(op))
    return op->emitError("'") << kArchAttrName
                              << "' belongs on the module, once";
  return success();
}

Arch dyn::dge::getArch(Operation *op) {
  auto module = llvm::dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  if (module)
    if (auto arch = module->getAttrOfType<ArchAttr>(kArchAttrName))
      return arch.getValue();
  return kDefaultArch;
}

void dyn::dge::setArch(Operation *module, Arch arch) {
  module->setAttr(kArchAttrName, ArchAttr::get(module->getContext(), arch));
}

ArrayRef<dyn::bir::Engine> dyn::dge::getHWDGEEngines(Arch arch) {
  using dyn::bir::Engine;
  static const Engine report[] = {Engine::sp, Engine::act};
  static const Engine coreV5[] = {Engine::sp, Engine::act, Engine::dve};
  if (getArchLevel(arch) >= 50)
    return coreV5;
  return report;
}

LogicalResult dyn::dge::checkScalarRouteForArch(Operation *op, Arch arch) {
  if (hasHWDGE(arch))
    return success();
  return op->emitError("scalar-route=hwdge needs ArchLevel > 29; the "
                       "module's target is ")
         << stringifyArch(arch) << " (ArchLevel " << getArchLevel(arch) << ")";
}

bool dyn::dge::isHWDGEEngine(dyn::bir::Engine engine) {
  return llvm::is_contained(getHWDGEEngines(Arch::core_v5), engine);
}

int64_t dyn::dge::getScratchUsePerPartition(int64_t descriptors) {
  int64_t partitions = bir::AddressMap::kNumPartitions;
  return llvm::divideCeil(descriptors, partitions) * kStagedDescriptorBytes;
}

std::optional<std::string>
dyn::dge::checkRouteForSides(DGEType type, bool dynamic, bool scalar,
                             std::optional<bir::Engine> queue,
                             bir::Engine trigger) {
  if (type == DGEType::none && dynamic)
    return "is dynamic and cannot be routed none";
  if (type == DGEType::hwdge && scalar && queue != trigger)
    return "is routed hwdge with a scalar side, so it must be queued on its "
           "triggering engine, whose registers hold its offset";
  return std::nullopt;
}

std::optional<std::string>
dyn::dge::checkRouteForArch(DGEType type, std::optional<bir::Engine> queue,
                            Arch arch) {
  if (type != DGEType::hwdge)
    return std::nullopt;
  int level = getArchLevel(arch);
  if (!hasHWDGE(arch))
    return "is routed hwdge, which needs ArchLevel > 29 (this is " +
           std::to_string(level) + ")";
  if (!queue || !llvm::is_contained(getHWDGEEngines(arch), *queue))
    return "is routed hwdge but not bound to an eligible engine for "
           "ArchLevel " +
           std::to_string(level);
  return std::nullopt;
}
