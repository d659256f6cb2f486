//===- Compute.h - the compute instructions over resolved operands -*- C++ -*-===//
//
// Private to lib/Sim/Machine: what each Vector and Pool instruction does to
// its operands once the machine has resolved them to element addresses. The
// arithmetic is Numerics.h's.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_SIM_MACHINE_COMPUTE_H
#define DYN_LIB_SIM_MACHINE_COMPUTE_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include <vector>

namespace dyn::sim {

/// An operand: the address of each element it visits, in pattern order,
/// with the pattern's shape (nums; the first is the partitions).
struct Operand {
  mlir::Type elementType;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t *> elements;
};

/// Executes `op` (a compute instruction) on `operands`, in the op's operand
/// order; `scalar` is the value of its register operand, if it has one.
void executeCompute(mlir::Operation *op, llvm::ArrayRef<Operand> operands,
                    int32_t scalar);

} // namespace dyn::sim

#endif // DYN_LIB_SIM_MACHINE_COMPUTE_H
