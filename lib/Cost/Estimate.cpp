//===- Estimate.cpp - the static estimate of a lowered function -----------===//
//
// Report Section 5: a static region is exact, from per-instruction
// latencies; a loop runs its trip estimate (`max_trip`, or a
// `trip_estimate` profile value) of trips, each costing the same once
// the schedule is steady; a dynamic-offset DMA is a DMA like any other,
// plus the register code that computes its address. The coarse and precise estimators of data-dependent work ride
// along.
//
//===----------------------------------------------------------------------===//

#include "dyn/Cost/Cost.h"

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <deque>
#include <map>

using namespace mlir;
using namespace dyn;
using namespace dyn::cost;

namespace {

/// Trips the static estimate schedules one by one at most, per run of a
/// loop, while waiting for the schedule to repeat itself.
constexpr int64_t kMaxScheduledTrips = 4096;
/// Work it does at most per function, counted as instructions and trip
/// starts scheduled plus the entries of the scheduler states it compares.
/// Each trip of a loop schedules the loops inside it again, so without this
/// the work would grow with the product of nested trip counts.
constexpr int64_t kMaxWork = int64_t(1) << 20;

class Estimator {
public:
  Estimator(const LatencyModel &model, FunctionEstimate &result)
      : model(model), result(result) {}

  /// Schedules `block` on `timeline`.
  void schedule(Block &block, Timeline &timeline) {
    SmallVector<Operation *> straight;
    for (auto it = block.begin(); it != block.end();) {
      if (!isLoop(&*it)) {
        straight.push_back(&*it);
        ++it;
        continue;
      }
      runStreams(straight, timeline);
      straight.clear();
      // Adjacent loops of as many trips on different engines run
      // together, trip by trip: those of one loop split across engines
      // wait for one another within a trip.
      SmallVector<Operation *> group = {&*it};
      for (++it; it != block.end() && isLoop(&*it) &&
                 getTripEstimate(&*it) == getTripEstimate(group.front()) &&
                 llvm::none_of(group, [&](Operation *member) {
                   return engineOf(member) == engineOf(&*it);
                 });
           ++it)
        group.push_back(&*it);
      loops(group, timeline);
    }
    runStreams(straight, timeline);
  }

  /// Adds `block`'s instructions, run `factor` times (`padded` at every
  /// loop's max_trip), to the estimators.
  void countRegion(Block &block, int64_t factor, int64_t padded) {
    for (Operation &op : block) {
      if (llvm::isa<bir::ForOp, bir::DynamicForOp>(op))
        countRegion(op.getRegion(0).front(),
                    mulCounts(factor, getTripEstimate(&op)),
                    mulCounts(padded, getMaxTrip(&op)));
      else
        count(&op, factor, padded);
    }
  }

private:
  static bool isLoop(Operation *op) {
    return llvm::isa<bir::ForOp, bir::DynamicForOp>(op);
  }
  /// Whether `op` is a wait that no signal has released yet.
  static bool isBlocked(Operation *op, const Timeline &timeline) {
    auto wait = llvm::dyn_cast<bir::SemWaitOp>(op);
    return wait && !timeline.hasPending(wait.getSem().value_or(0));
  }
  static bir::Engine engineOf(Operation *op) {
    return llvm::cast<bir::InstInterface>(op).getEngine();
  }

  /// Straight-line code of the engines' streams, in the order dyn-sim runs
  /// it (Machine::runStreams): next is the stream whose engine is free
  /// first (ties: the lower engine code), past streams stopped at a wait
  /// that no signal has released yet. The order matters where two streams
  /// share a resource (a trigger queued on another engine's queue), which
  /// serves its work in the order it is given. A wait that no signal can
  /// release any more (hand-written code) orders nothing, as in trip().
  void runStreams(ArrayRef<Operation *> ops, Timeline &timeline) {
    std::map<unsigned, std::deque<Operation *>> streams;
    for (Operation *op : ops)
      if (auto inst = llvm::dyn_cast<bir::InstInterface>(op))
        streams[static_cast<unsigned>(inst.getEngine())].push_back(op);
    while (true) {
      std::deque<Operation *> *best = nullptr, *stopped = nullptr;
      int64_t bestTime = 0;
      for (auto &[code, stream] : streams) {
        if (stream.empty())
          continue;
        if (isBlocked(stream.front(), timeline)) {
          stopped = stopped ? stopped : &stream;
          continue;
        }
        int64_t time =
            timeline.getFreeAt({static_cast<bir::Engine>(code), false});
        if (!best || time < bestTime) {
          best = &stream;
          bestTime = time;
        }
      }
      if (!best)
        best = stopped;
      if (!best)
        return;
      scheduleItem(best->front(), timeline);
      best->pop_front();
    }
  }

  /// An instruction, or a loop inside a trip, on `timeline`.
  void scheduleItem(Operation *op, Timeline &timeline) {
    if (isLoop(op))
      return loops({op}, timeline);
    if (scheduleInstruction(timeline, op, describeWork(op, model)))
      ++done;
  }

  /// The index of `op`'s entry in result.loops (a loop inside another runs
  /// once per outer trip; it is listed once).
  size_t getEntry(Operation *op) {
    auto [it, inserted] = loopIndex.try_emplace(op, result.loops.size());
    if (inserted) {
      LoopEstimate entry{op, getMaxTrip(op), std::nullopt, 0};
      if (auto dyn = llvm::dyn_cast<bir::DynamicForOp>(op))
        entry.tripEstimate = dyn.getTripEstimate();
      result.loops.push_back(entry);
    }
    return it->second;
  }

  /// One trip of each loop of `group`: each engine's body as far as its
  /// waits allow, engine after engine, until all are done. A wait whose
  /// signal no engine can give any more (hand-written code) orders nothing,
  /// as Timeline::wait says.
  void trip(ArrayRef<Operation *> group, Timeline &timeline) {
    SmallVector<Block::iterator> at, ends;
    for (Operation *loop : group) {
      Block &body = loop->getRegion(0).front();
      timeline.schedule(loop, {describeTrip(loop, model)});
      ++done;
      at.push_back(body.begin());
      ends.push_back(body.end());
    }
    auto blocked = [&](size_t m) { return isBlocked(&*at[m], timeline); };
    for (bool progress = true; progress;) {
      progress = false;
      for (size_t m = 0; m < group.size(); ++m)
        for (; at[m] != ends[m] && !blocked(m); ++at[m], progress = true)
          scheduleItem(&*at[m], timeline);
      if (progress)
        continue;
      for (size_t m = 0; m < group.size() && !progress; ++m)
        if (at[m] != ends[m]) {
          scheduleItem(&*at[m]++, timeline);
          progress = true;
        }
    }
  }

  /// Loops of as many trips, run together (one loop, or one split across
  /// engines): their trips one after another, as the simulator runs them,
  /// until the schedule repeats itself from one trip to the next; the
  /// remaining trips then each add the same cycles.
  void loops(ArrayRef<Operation *> group, Timeline &timeline) {
    int64_t trips = getTripEstimate(group.front());
    SmallVector<size_t> entries;
    for (Operation *loop : group)
      entries.push_back(getEntry(loop));
    for (int64_t i = 0; i < trips; ++i) {
      Timeline::Snapshot before = timeline.snapshot();
      trip(group, timeline);
      for (size_t index : entries)
        result.loops[index].bodyCycles = timeline.getEnd() - before.end;
      done += 2 * static_cast<int64_t>(before.relative.size());
      if (timeline.snapshot().relative == before.relative) {
        timeline.repeat(before, trips - i - 1);
        break;
      }
      // A schedule that never settles, or one past the function's budget,
      // is extended from its last trip: an approximation, marked as such.
      if ((i + 1 == kMaxScheduledTrips || done >= kMaxWork) &&
          i + 1 < trips) {
        timeline.repeat(before, trips - i - 1);
        result.exact = false;
        break;
      }
    }
  }

  /// The coarse and precise estimators, for `op` run `factor` times
  /// (`padded` times at every loop's max_trip).
  void count(Operation *op, int64_t factor, int64_t padded) {
    int64_t elements = 0, flops = 0, divisor = 65536, bytes = 0;
    // A compute instruction's on-chip traffic: the access patterns it
    // reads and writes.
    if (!llvm::isa<dge::TriggerOp>(op))
      for (Value operand : op->getOperands())
        if (llvm::isa<bir::AccessPatternType>(operand.getType()))
          bytes = addCounts(bytes,
                            bir::getAccessPatternBytes(operand).value_or(0));
    llvm::TypeSwitch<Operation *>(op)
        .Case([&](dge::TriggerOp trigger) {
          auto block = trigger.getBlock().getDefiningOp<dge::BlockOp>();
          for (auto desc : block.getBody().front().getOps<dge::DescriptorOp>()) {
            int64_t eb = *bir::getElementBytes(
                llvm::cast<MemRefType>(desc.getSrc().getType()));
            elements += desc.getBytes() / eb;
            bytes = addCounts(bytes, desc.getBytes());
          }
          result.dmaBytesMoved =
              addCounts(result.dmaBytesMoved, mulCounts(bytes, factor));
          result.hasCopy = true;
        })
        .Case([&](bir::MatmulOp mm) {
          auto [k, m] = getOperandShape(mm.getStationary());
          int64_t n = getOperandShape(mm.getMoving()).second;
          elements = k * m * n;
          flops = 2 * elements;
          divisor = 8388608;
        })
        .Case([&](bir::TensorReduceOp reduce) {
          auto [p, f] = getOperandShape(reduce.getIn());
          elements = flops = p * f;
          result.hasReduce = true;
        })
        .Case([&](bir::ActivationOp act) {
          auto [p, f] = getOperandShape(act.getOut());
          elements = p * f;
          flops = act.getSum() ? 2 * elements : elements;
          result.hasReduce |= static_cast<bool>(act.getSum());
        })
        .Case([&](bir::TransposeOp t) {
          auto [p, f] = getOperandShape(t.getIn());
          elements = p * f;
          result.hasCopy = true;
        })
        .Case([&](bir::TensorCopyOp copy) {
          auto [p, f] = getOperandShape(copy.getOut());
          elements = p * f;
          result.hasCopy = true;
        })
        .Case<bir::TensorTensorOp, bir::TensorScalarOp, bir::IotaOp,
              bir::AffineSelectOp, bir::CopyPredicatedOp>([&](auto compute) {
          auto [p, f] = getOperandShape(compute.getOut());
          elements = flops = p * f;
        })
        .Case([&](bir::MemsetOp memset) {
          auto [p, f] = getOperandShape(memset.getDst());
          elements = p * f;
        });
    result.dynamicInstEstimate = addCounts(
        result.dynamicInstEstimate, mulCounts(elements, factor) / divisor);
    result.totalFlops = addCounts(result.totalFlops, mulCounts(flops, factor));
    result.paddedFlops = addCounts(result.paddedFlops, mulCounts(flops, padded));
    result.totalBytesMoved =
        addCounts(result.totalBytesMoved, mulCounts(bytes, factor));
    result.paddedBytesMoved =
        addCounts(result.paddedBytesMoved, mulCounts(bytes, padded));
  }

  const LatencyModel &model;
  FunctionEstimate &result;
  /// Work done so far, as kMaxWork counts it.
  int64_t done = 0;
  /// Each loop's entry in result.loops.
  DenseMap<Operation *, size_t> loopIndex;
};

} // namespace

std::string dyn::cost::describeOperation(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName();
  if (auto loc = llvm::dyn_cast<FileLineColLoc>(op->getLoc()))
    os << " at " << loc.getFilename().getValue() << ':' << loc.getLine()
       << ':' << loc.getColumn();
  return text;
}

FunctionEstimate dyn::cost::estimateFunction(func::FuncOp func,
                                             const LatencyModel &model) {
  FunctionEstimate result;
  result.name = func.getName().str();
  Timeline timeline(/*record=*/true);
  Estimator estimator(model, result);
  estimator.schedule(func.getBody().front(), timeline);
  estimator.countRegion(func.getBody().front(), 1, 1);
  result.cycles = timeline.getEnd();
  result.microseconds = model.toMicroseconds(result.cycles);
  result.clockMHz = model.clockMHz;
  result.roofline = getRoofline(timeline, model);
  result.hbmBytes = timeline.getHBMBytes();
  result.busy = timeline.getBusy();
  // A run of the same step (a loop's trips) is one line with its count.
  SmallVector<const Slice *> path = timeline.getCriticalPath();
  // A run of trips is one line: the longest repetition of a group of up to
  // kMaxGroup steps (a trip's trigger and its transfer, or a trip of a
  // loop split across engines) is folded.
  constexpr size_t kMaxGroup = 64;
  auto same = [&](size_t a, size_t b) {
    return path[a]->op == path[b]->op &&
           path[a]->resource.index() == path[b]->resource.index();
  };
  for (size_t i = 0; i < path.size();) {
    size_t bestGroup = 1, bestReps = 1;
    for (size_t group = 1; group <= kMaxGroup && i + 2 * group <= path.size();
         ++group) {
      size_t reps = 1;
      while (i + (reps + 1) * group <= path.size()) {
        size_t start = i + reps * group, k = 0;
        while (k < group && same(i + k, start + k))
          ++k;
        if (k < group)
          break;
        ++reps;
      }
      if (reps > 1 && reps * group > bestReps * bestGroup) {
        bestGroup = group;
        bestReps = reps;
      }
    }
    std::string step;
    for (size_t k = 0; k < bestGroup; ++k)
      step += (k ? ", then " : "") + path[i + k]->resource.name() + ": " +
              describeOperation(path[i + k]->op);
    if (bestReps > 1)
      step += " (x" + std::to_string(bestReps) + ")";
    result.criticalPath.push_back(std::move(step));
    i += bestGroup * bestReps;
  }
  return result;
}

/// The resources that did any work, in index order.
static SmallVector<Resource> usedResources(
    const std::array<int64_t, Resource::kCount> &busy) {
  SmallVector<Resource> used;
  for (unsigned i = 0; i < Resource::kCount; ++i)
    if (busy[i])
      used.push_back(Resource::fromIndex(i));
  return used;
}

llvm::json::Object
dyn::cost::getBusyJSON(const std::array<int64_t, Resource::kCount> &busy) {
  llvm::json::Object engines;
  for (Resource r : usedResources(busy))
    engines[r.name()] = busy[r.index()];
  return engines;
}

void dyn::cost::printTable(raw_ostream &os, const FunctionEstimate &e) {
  os << "function @" << e.name << ": " << e.cycles << " cycles, "
     << llvm::format("%.3f", e.microseconds) << " us at " << e.clockMHz
     << " MHz"
     << (e.exact ? "" : " (approximate: a loop's schedule did not settle)")
     << "\n";
  os << "  roofline: " << e.roofline.cycles << " cycles, bound by "
     << e.roofline.bound << " (" << e.hbmBytes << " HBM bytes); efficiency "
     << llvm::format("%.3f", e.roofline.efficiency) << "\n";
  for (Resource r : usedResources(e.busy))
    os << "  " << llvm::left_justify(r.name(), 12) << " busy "
       << e.busy[r.index()] << " cycles\n";
  for (const LoopEstimate &loop : e.loops) {
    os << "  loop " << describeOperation(loop.loop) << ": " << loop.bodyCycles
       << " cycles per trip x ";
    if (loop.tripEstimate)
      os << loop.tripEstimate << " (trip_estimate; max_trip "
         << loop.maxTrip << ")\n";
    else
      os << loop.maxTrip << " (max_trip)\n";
  }
  os << "  critical path:";
  for (const std::string &step : e.criticalPath)
    os << "\n    " << step;
  os << "\n  dynamic instructions (coarse): " << e.dynamicInstEstimate
     << (e.hasCopy ? ", copies" : "") << (e.hasReduce ? ", reductions" : "")
     << "\n  FLOPs: " << e.totalFlops << ", bytes moved: " << e.totalBytesMoved
     << " (" << e.dmaBytesMoved << " by DMA)"
     << "\n  padded (every loop at max_trip): FLOPs: " << e.paddedFlops
     << ", bytes moved: " << e.paddedBytesMoved << "\n";
}

void dyn::cost::printJSON(raw_ostream &os,
                          ArrayRef<FunctionEstimate> estimates) {
  llvm::json::Array functions;
  for (const FunctionEstimate &e : estimates) {
    llvm::json::Array loops;
    for (const LoopEstimate &loop : e.loops)
      loops.push_back(llvm::json::Object{
          {"op", describeOperation(loop.loop)},
          {"max_trip", loop.maxTrip},
          {"trip_estimate", loop.tripEstimate ? llvm::json::Value(*loop.tripEstimate)
                                              : llvm::json::Value(nullptr)},
          {"body_cycles", loop.bodyCycles}});
    llvm::json::Array path;
    for (const std::string &step : e.criticalPath)
      path.push_back(step);
    functions.push_back(llvm::json::Object{
        {"name", e.name},
        {"estimated_cycles", e.cycles},
        {"estimated_us", e.microseconds},
        {"clock_mhz", e.clockMHz},
        {"roofline_cycles", e.roofline.cycles},
        {"bound", e.roofline.bound},
        {"efficiency", e.roofline.efficiency},
        {"hbm_bytes", e.hbmBytes},
        {"engines", getBusyJSON(e.busy)},
        {"loops", std::move(loops)},
        {"critical_path", std::move(path)},
        {"dynamic_inst_estimate", e.dynamicInstEstimate},
        {"exact", e.exact},
        {"has_copy", e.hasCopy},
        {"has_reduce", e.hasReduce},
        {"total_flops", e.totalFlops},
        {"total_bytes_moved", e.totalBytesMoved},
        {"dma_bytes_moved", e.dmaBytesMoved},
        {"padded_flops", e.paddedFlops},
        {"padded_bytes_moved", e.paddedBytesMoved}});
  }
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(functions))) << "\n";
}
