//===- BufferizableOpInterfaceImpl.h - dynshape bufferization ---*- C++ -*-===//

#ifndef DYN_DIALECT_DYNSHAPE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define DYN_DIALECT_DYNSHAPE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
}

namespace dyn::dynshape {
/// Attaches BufferizableOpInterface to the dynshape tensor ops, so upstream
/// One-Shot Bufferize handles them (in place where the analysis allows).
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);
} // namespace dyn::dynshape

#endif // DYN_DIALECT_DYNSHAPE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
