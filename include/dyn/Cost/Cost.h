//===- Cost.h - what each instruction costs, and a function's estimate -*- C++ -*-===//
//
// The cost model of docs/CostModel.md. `describeWork` turns one lowered
// instruction (bir register code, a bir compute instruction, a dge.trigger)
// into its work on engines and DMA queues, with the bytes it reads and
// writes; the static estimate (`estimateFunction`, dge-cost-report) and the
// simulator (dyn-sim --profile/--trace) schedule that same work on a
// Timeline, so that with every trip count at its estimate the two agree
// exactly.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_COST_COST_H
#define DYN_COST_COST_H

#include "dyn/Cost/LatencyModel.h"
#include "dyn/Cost/Timeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace dyn::cost {

/// The work of `op` in program order; empty for ops that do no work
/// (allocations, access patterns, descriptor blocks) and for loops, which
/// the caller runs trip by trip.
llvm::SmallVector<Work, 2> describeWork(mlir::Operation *op,
                                        const LatencyModel &model);

/// Puts `op` on `timeline`: its `work` (describeWork's), or its semaphore
/// signal or wait. False for an op that does neither (the caller counts
/// instructions).
bool scheduleInstruction(Timeline &timeline, mlir::Operation *op,
                         llvm::ArrayRef<Work> work);

/// The cycles of work not yet built, from the formulas describeWork prices
/// built work with: for a lowering that chooses between two forms. A
/// transfer of one descriptor of `bytes` between the patterns `src` and
/// `dst` (on chip or in DRAM); a compute instruction of `elements` per
/// partition in `passes`; a transpose of `partitions` x `each` elements.
int64_t estimateTransfer(int64_t bytes, bir::PatternRef src, bool srcOnChip,
                         bir::PatternRef dst, bool dstOnChip,
                         const LatencyModel &model);
int64_t estimateCompute(bir::Engine engine, int64_t elements, int64_t passes,
                        const LatencyModel &model);
int64_t estimateTranspose(int64_t partitions, int64_t each, bool f32,
                          const LatencyModel &model);

/// Partitions (the first num) and elements per partition (the product of
/// the other nums) of a compute operand.
std::pair<int64_t, int64_t> getOperandShape(mlir::Value ap);

/// The work of one trip's start (its branch), on the loop's engine.
Work describeTrip(mlir::Operation *loop, const LatencyModel &model);

/// Trips of a `bir.for`, or the estimate of a `bir.dynamic_for`: its
/// `trip_estimate`, else its `max_trip`.
int64_t getTripEstimate(mlir::Operation *loop);

/// Trips of a `bir.for`, or the `max_trip` of a `bir.dynamic_for`: the
/// padded bound.
int64_t getMaxTrip(mlir::Operation *loop);

/// How many times `op` runs by the precise estimator: the product of its
/// enclosing loops' trip estimates (saturating). dge-assign-engine weighs a
/// DMA's bytes by it.
int64_t getEstimatedRuns(mlir::Operation *op);

/// The physical limit of a schedule's work: the largest of the time the
/// high-bandwidth memory needs for the bytes moved to or from DRAM, and the
/// time each engine needs for its work at its peak rate (no fixed or
/// minimum cycles). `bound` names it: "hbm" or the engine.
struct Roofline {
  int64_t cycles = 0;
  std::string bound = "none";
  /// roofline / cycles (1 when nothing was done).
  double efficiency = 1;
};
Roofline getRoofline(const Timeline &timeline, const LatencyModel &model);

struct LoopEstimate {
  mlir::Operation *loop;
  int64_t maxTrip;                     ///< the bound (a bir.for: its trips)
  std::optional<int64_t> tripEstimate; ///< the loop's trip_estimate, if any
  int64_t bodyCycles;                  ///< one trip, from its start
};

struct FunctionEstimate {
  std::string name;
  int64_t cycles = 0;
  /// The cycles in microseconds at the model's clock.
  double microseconds = 0;
  int64_t clockMHz = 0;
  Roofline roofline;
  /// Bytes moved to or from DRAM.
  int64_t hbmBytes = 0;
  /// False when a loop's schedule did not settle within the trips the
  /// estimate schedules one by one, and was extended from its last trip.
  bool exact = true;
  std::array<int64_t, Resource::kCount> busy{};
  llvm::SmallVector<LoopEstimate, 4> loops;
  llvm::SmallVector<std::string> criticalPath;
  /// The coarse estimator: Σ dynamic instances // 65536 per load, store
  /// and compute instruction, // 8388608 per matmul (tensor contraction).
  int64_t dynamicInstEstimate = 0;
  bool hasCopy = false, hasReduce = false;
  /// The precise estimator, at the trip estimates (the domain the tiled
  /// loops' runtime sizes leave): Σ iteration domain × FLOPs per element,
  /// and the bytes moved, by the DMAs and by compute instructions on chip
  /// (their operands read and written); the same at every loop's max_trip
  /// (the padded bound).
  int64_t totalFlops = 0, totalBytesMoved = 0, dmaBytesMoved = 0;
  int64_t paddedFlops = 0, paddedBytesMoved = 0;
};

FunctionEstimate estimateFunction(mlir::func::FuncOp func,
                                  const LatencyModel &model);

void printTable(llvm::raw_ostream &os, const FunctionEstimate &estimate);
/// A JSON array with one object per function.
void printJSON(llvm::raw_ostream &os,
               llvm::ArrayRef<FunctionEstimate> estimates);

/// Resource name -> busy cycles, for the resources that did any work.
llvm::json::Object getBusyJSON(
    const std::array<int64_t, Resource::kCount> &busy);

/// "bir.alu_imm at file:line:col": an instruction as the reports name it.
std::string describeOperation(mlir::Operation *op);

/// The trips a loop ran in a measured run: `runs` times entered, `trips`
/// in all; per loop, in the order first entered.
struct LoopTrips {
  int64_t runs = 0, trips = 0;
};
using MeasuredLoops = llvm::MapVector<mlir::Operation *, LoopTrips>;

/// A measured run as JSON: `cycles`, `microseconds`, `engines` (resource
/// -> busy cycles), `instructions`, the roofline (`roofline_cycles`,
/// `bound`, `efficiency`), and `loops`: each loop's `max_trip`,
/// `trip_estimate` and the `runs` and `trips` it ran.
void printProfileJSON(llvm::raw_ostream &os, llvm::StringRef function,
                      const Timeline &timeline, int64_t instructions,
                      const MeasuredLoops &loops,
                      const LatencyModel &model);

/// The slices of a recording timeline as Chrome trace-event JSON (one track
/// per engine and DMA queue, one complete event per slice, named after the
/// instruction and its source location; a cycle is one microsecond).
void printChromeTrace(llvm::raw_ostream &os, const Timeline &timeline);

} // namespace dyn::cost

#endif // DYN_COST_COST_H
