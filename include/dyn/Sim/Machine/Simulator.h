//===- Simulator.h - execute a dyn binary -----------------------*- C++ -*-===//
//
// Runs the dge-level program of a container (as deserialized) under the
// execution model of docs/ExecutionModel.md: per-engine 32-bit register files
// read by physical id, the register-ALU, loops with the concrete register
// value, and triggers walking their descriptor blocks over DRAM, SBUF and
// PSUM, with addresses taken from the ADDR4 words.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SIM_MACHINE_SIMULATOR_H
#define DYN_SIM_MACHINE_SIMULATOR_H

#include "dyn/Cost/Cost.h"
#include "dyn/Cost/Timeline.h"
#include "dyn/Cost/LatencyModel.h"
#include "dyn/Sim/Machine/Values.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace dyn::sim {

/// What one simulation may use (docs/Simulator.md, "Limits").
struct SimulationLimits {
  /// Bytes of DRAM the binary's own outputs may take, in all.
  int64_t maxDramBytes = int64_t(1) << 30;
  /// Loop trips, summed over every loop the simulation runs.
  int64_t maxTrips = int64_t(1) << 24;
  /// Bytes the run may move, summed: what DMAs copy, fills write and
  /// compute instructions read and write (the reference interpreter: what
  /// it copies and computes). Bounds the time of a run whose loops stay
  /// under maxTrips but move a large tensor on every trip.
  int64_t maxMovedBytes = int64_t(1) << 35;
  /// Races between streams (docs/Simulator.md, "The race checker") are
  /// warnings, not errors.
  bool allowRaces = false;
};

/// The cost model measured on one run (docs/CostModel.md): every executed
/// instruction's work goes on `timeline`, with the concrete trip counts.
struct Measurement {
  cost::LatencyModel model;
  cost::Timeline timeline;
  int64_t instructions = 0;
  /// Every loop ran exactly its trip estimate (cost::getTripEstimate).
  bool tripsAtEstimate = true;
  /// The trips each loop ran, in the order the loops were first entered.
  cost::MeasuredLoops loops;

  /// Counts one run of `loop` of `trips` trips.
  void countRun(mlir::Operation *loop, int64_t trips) {
    cost::LoopTrips &entry = loops[loop];
    ++entry.runs;
    entry.trips += trips;
  }

  explicit Measurement(cost::LatencyModel model, bool recordSlices = false)
      : model(model), timeline(recordSlices) {}
};

/// The one function of a binary that has a body (a binary compiled for one
/// entry), or null.
mlir::func::FuncOp getEntryFunction(mlir::ModuleOp binary);

/// Executes `entry`, a function of a binary, on `args` (one per argument
/// of the binary: tensors for DRAM tensors, integers for i32 scalars). An
/// access outside a location, a dynamic loop beyond its max_trip, going
/// over `limits`, or a malformed program is a located error. With
/// `measurement`, the run is also costed.
mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
simulate(mlir::func::FuncOp entry, llvm::ArrayRef<RuntimeValue> args,
         const SimulationLimits &limits = {},
         Measurement *measurement = nullptr);

} // namespace dyn::sim

#endif // DYN_SIM_MACHINE_SIMULATOR_H
