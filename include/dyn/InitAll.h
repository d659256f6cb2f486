//===- InitAll.h - register every dyn dialect and pass ----------*- C++ -*-===//

#ifndef DYN_INITALL_H
#define DYN_INITALL_H

namespace mlir {
class DialectRegistry;
}

namespace dyn {

/// dyn's own dialects (dynshape, bir, dge) and their interface models.
void registerAllDialects(mlir::DialectRegistry &registry);

/// dyn's own passes and pipelines.
void registerAllPasses();

/// The upstream dialects, interface models (bufferization, value bounds)
/// and func extensions that users' input and dyn's pipelines need, as
/// circt-opt adds its upstream set next to its own.
void registerUpstreamDialects(mlir::DialectRegistry &registry);

/// The upstream passes people chain with dyn's (transforms, bufferization,
/// linalg, arith).
void registerUpstreamPasses();

} // namespace dyn

#endif // DYN_INITALL_H
