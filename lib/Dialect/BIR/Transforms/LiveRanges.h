//===- LiveRanges.h - program-order live ranges with loops ------*- C++ -*-===//
//
// Shared by bir-allocate-memory and bir-allocate-registers: positions in
// program (pre-)order, and the rule that a value used inside a loop it is
// not defined in stays live to the loop's end (across the back edge).
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_DIALECT_BIR_TRANSFORMS_LIVERANGES_H
#define DYN_LIB_DIALECT_BIR_TRANSFORMS_LIVERANGES_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "llvm/ADT/DenseMap.h"

namespace dyn::bir {

/// The instructions that use `reg`, each with its use: an access pattern
/// that reads it counts at each instruction that consumes the pattern.
llvm::SmallVector<std::pair<mlir::Operation *, mlir::OpOperand *>>
getInstructionUses(mlir::Value reg);

/// The instructions that compute `reg` (register code), each once, operands
/// first; block arguments it reads have none.
llvm::SmallVector<mlir::Operation *> getRegisterCode(mlir::Value reg);

class ProgramOrder {
public:
  explicit ProgramOrder(mlir::Operation *root);

  int64_t position(mlir::Operation *op) const { return index.lookup(op); }
  /// The last position inside `op` (itself if it has no regions).
  int64_t end(mlir::Operation *op) const { return last.lookup(op); }

  /// Where a use at `user` keeps a value defined in `defScope` live until:
  /// the end of the outermost loop around `user` that is not around the
  /// definition, or `user` itself.
  int64_t useEnd(mlir::Operation *user, mlir::Operation *defScope) const;

  /// Live range [start, end] of `value`; uses through access patterns count
  /// at the instructions that consume the pattern.
  std::pair<int64_t, int64_t> liveRange(mlir::Value value) const;

private:
  llvm::DenseMap<mlir::Operation *, int64_t> index, last;
};

} // namespace dyn::bir

#endif // DYN_LIB_DIALECT_BIR_TRANSFORMS_LIVERANGES_H
