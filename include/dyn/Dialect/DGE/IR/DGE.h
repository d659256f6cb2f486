//===- DGE.h - the dge dialect ----------------------------------*- C++ -*-===//

#ifndef DYN_DIALECT_DGE_IR_DGE_H
#define DYN_DIALECT_DGE_IR_DGE_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "dyn/Dialect/DGE/IR/DGEOpsDialect.h.inc"
#include "dyn/Dialect/DGE/IR/DGEEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dyn/Dialect/DGE/IR/DGEOpsTypes.h.inc"

namespace dyn::dge {

/// The ArchLevel of an arch name: gen2 = 20 (project-defined), gen3 = 30,
/// core_v4 = 40, core_v5 = 50 (the report's).
std::optional<int> getArchLevel(llvm::StringRef arch);

/// The engines that may run hardware DGE at `archLevel`: SP and Activation
/// (the report's set, ArchLevel <= 49), plus DVE from ArchLevel 50
/// (project-defined).
llvm::ArrayRef<bir::Engine> getHWDGEEngines(int archLevel);

/// True when some ArchLevel allows `engine` to run hardware DGE.
bool isHWDGEEngine(bir::Engine engine);

} // namespace dyn::dge

#define GET_OP_CLASSES
#include "dyn/Dialect/DGE/IR/DGEOps.h.inc"

#endif // DYN_DIALECT_DGE_IR_DGE_H
