//===- StraightLineInPlace.h - One-Shot's decisions without pairs -*- C++ -*-===//
//
// Private to lib/Dialect/DynShape/Transforms: the in-place decisions of
// One-Shot's analysis for a function of straight-line code, found in
// O(N log^2 N) instead of by comparing every read with every write.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_DIALECT_DYNSHAPE_TRANSFORMS_STRAIGHTLINEINPLACE_H
#define DYN_LIB_DIALECT_DYNSHAPE_TRANSFORMS_STRAIGHTLINEINPLACE_H

#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace dyn::dynshape {

/// Decides, as One-Shot's analysis with its default (bottom-up) heuristic
/// would, which tensor operands of `func` bufferize out of place, and puts
/// them in `outOfPlace`. Returns false, deciding nothing, when the body is
/// not one block of ops the scan knows (see `dynshape-bufferize`). `state`
/// must be fresh: no decision, no equivalence made yet.
bool decideStraightLine(mlir::func::FuncOp func,
                        const mlir::bufferization::OneShotAnalysisState &state,
                        llvm::SmallPtrSetImpl<mlir::OpOperand *> &outOfPlace);

} // namespace dyn::dynshape

#endif // DYN_LIB_DIALECT_DYNSHAPE_TRANSFORMS_STRAIGHTLINEINPLACE_H
