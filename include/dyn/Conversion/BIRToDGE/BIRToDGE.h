//===- BIRToDGE.h - bir DMAs to dge DMAs ------------------------*- C++ -*-===//

#ifndef DYN_CONVERSION_BIRTODGE_BIRTODGE_H
#define DYN_CONVERSION_BIRTODGE_BIRTODGE_H

namespace mlir {
class RewritePatternSet;
}

namespace dyn {
/// bir.dma -> dge.dma of DGEType unassigned.
void populateBIRToDGEPatterns(mlir::RewritePatternSet &patterns);
} // namespace dyn

#endif // DYN_CONVERSION_BIRTODGE_BIRTODGE_H
