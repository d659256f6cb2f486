//===- InitAll.h - register every dyn dialect and pass ----------*- C++ -*-===//

#ifndef DYN_INITALL_H
#define DYN_INITALL_H

namespace mlir {
class DialectRegistry;
}

namespace dyn {

/// The dyn dialects plus the upstream dialects (and their interface models)
/// that users' input and dyn's own lowerings contain.
void registerAllDialects(mlir::DialectRegistry &registry);

/// The dyn passes and pipelines plus the upstream passes people chain.
void registerAllPasses();

} // namespace dyn

#endif // DYN_INITALL_H
