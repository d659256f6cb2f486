//===- Reference.h - the reference semantics of the tensor level -*- C++ -*-===//
//
// Interprets a tensor-level function directly: the dynshape ops with
// StableHLO clamping and the scatter rule, bounded tensors as their
// bound-sized storage plus runtime sizes (docs/FrontEnd.md), and the
// upstream arith/tensor/scf subset the examples use. Arguments and results
// follow the function-boundary rule: a bounded tensor is its bound-sized
// array, its sizes appended after the other arguments/results.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SIM_REFERENCE_REFERENCE_H
#define DYN_SIM_REFERENCE_REFERENCE_H

#include "dyn/Sim/Machine/Simulator.h"
#include "dyn/Sim/Machine/Values.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace dyn::sim {

/// With `undefined`, an input on which the source's semantics leave the
/// result undefined (upstream's, such as a division by zero, or dynshape's,
/// such as a read of a computed tensor's padding) sets it to the reason (the
/// op's name and why) and fails quietly; without, it is an error. Loop trips
/// count against `limits.maxTrips`, as in the simulator.
mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
interpretReference(mlir::func::FuncOp func, llvm::ArrayRef<RuntimeValue> args,
                   const SimulationLimits &limits,
                   std::string *undefined = nullptr);

} // namespace dyn::sim

#endif // DYN_SIM_REFERENCE_REFERENCE_H
