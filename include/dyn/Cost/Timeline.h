//===- Timeline.h - the dependency-driven schedule --------------*- C++ -*-===//
//
// The one scheduler of the cost model, shared by the static estimate
// (dge-cost-report) and the simulator (dyn-sim --profile/--trace). Each
// engine runs its own stream; an instruction's work starts when its
// resource (an engine, or the DMA queue of an engine) is free, after the
// earlier work of the same instruction, and after the semaphore waits its
// stream has passed: nothing else orders the streams (bir-insert-sync puts
// every dependency into semaphores). A signal fires when all the work its
// stream has started, transfers included, has finished; the k-th wait on a
// semaphore lasts until its k-th signal. A loop's trips are scheduled one
// after another like any other instructions, so a trip's register code may
// overlap the previous trip's DMA; the static estimate finds when the
// schedule repeats itself from one trip to the next (`Snapshot`) and
// extends it to the remaining trips without scheduling them.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_COST_TIMELINE_H
#define DYN_COST_TIMELINE_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <deque>
#include <map>
#include <array>
#include <limits>
#include <string>

namespace dyn::cost {

/// Cycle, byte and FLOP counts are non-negative and saturate at INT64_MAX:
/// the static estimate of nested loops with large trip counts can exceed it.
inline int64_t addCounts(int64_t a, int64_t b) {
  return static_cast<int64_t>(std::min<uint64_t>(
      llvm::SaturatingAdd<uint64_t>(a, b), INT64_MAX));
}
inline int64_t mulCounts(int64_t a, int64_t b) {
  return static_cast<int64_t>(std::min<uint64_t>(
      llvm::SaturatingMultiply<uint64_t>(a, b), INT64_MAX));
}

/// An engine, or the DMA queue that carries the transfers an engine starts.
struct Resource {
  bir::Engine engine = bir::Engine::pool;
  bool queue = false;

  unsigned index() const {
    return static_cast<unsigned>(engine) +
           (queue ? machine::kNumEngineSlots : 0);
  }
  static constexpr unsigned kCount = 2 * machine::kNumEngineSlots;
  /// The resource whose index() is `index`.
  static Resource fromIndex(unsigned index) {
    return {static_cast<bir::Engine>(index % machine::kNumEngineSlots),
            index >= machine::kNumEngineSlots};
  }
  /// "pool", or "pool queue".
  std::string name() const;
};

/// Bytes [lo, hi) of a location; a runtime address touches all of it.
/// `operand` is the access pattern of a compute operand, `descriptor` (and
/// `source`) the descriptor side it comes from, for whoever knows the
/// runtime address (dyn-sim's race checker).
struct Access {
  mlir::Value location;
  int64_t lo = 0, hi = std::numeric_limits<int64_t>::max();
  mlir::Value operand = {};
  mlir::Operation *descriptor = nullptr;
  bool source = false;
};

/// One piece of an instruction's work on one resource: its cycles, of
/// which `peakCycles` would remain at the resource's peak rate (no fixed or
/// minimum cycles; the roofline's share), and the bytes it moves to or
/// from DRAM (the high-bandwidth memory's share).
struct Work {
  Resource resource;
  int64_t cycles = 0;
  llvm::SmallVector<Access, 2> reads, writes;
  int64_t peakCycles = 0;
  int64_t hbmBytes = 0;
};

/// A scheduled piece of work, kept when the timeline records them, with the
/// slice whose end it waited for (its cause on the critical path), if any.
struct Slice {
  Resource resource;
  int64_t start = 0, cycles = 0;
  mlir::Operation *op = nullptr;
  int64_t cause = -1;
  /// A wait's gap: the engine idles until a signal (not busy time).
  bool waiting = false;
};

class Timeline {
public:
  explicit Timeline(bool record = false) : record(record) {}

  /// Schedules the pieces of `op`'s work in order (each after the one
  /// before it); returns when the last finishes.
  int64_t schedule(mlir::Operation *op, llvm::ArrayRef<Work> work);
  /// A semaphore signal on `engine`'s stream, and a wait (`op`), which
  /// holds its engine until the signal it takes.
  void signal(bir::Engine engine, unsigned semaphore);
  void wait(mlir::Operation *op, bir::Engine engine, unsigned semaphore);
  /// Whether a signal on `semaphore` is scheduled that no wait took yet.
  bool hasPending(unsigned semaphore) const {
    auto it = semaphores.find(semaphore);
    return it != semaphores.end() && !it->second.empty();
  }
  /// The state that decides how later work is scheduled, relative to the
  /// end, with the end and busy cycles.
  struct Snapshot {
    int64_t end = 0;
    std::array<int64_t, Resource::kCount> busy{}, peakBusy{};
    int64_t hbmBytes = 0;
    llvm::SmallVector<int64_t> relative; // free and done times, semaphores
  };
  Snapshot snapshot() const;
  /// After work that took the schedule from state `before` to a state
  /// equal to it relative to the end, the same work repeated `times` more
  /// times shifts everything by the same amount each time: does that
  /// without scheduling it.
  void repeat(const Snapshot &before, int64_t times);

  /// The slices from the start to the last one to finish, each the cause
  /// of the next (recording timelines only).
  llvm::SmallVector<const Slice *> getCriticalPath() const;

  /// When `resource` is free for its next work.
  int64_t getFreeAt(Resource resource) const {
    return freeAt[resource.index()].at;
  }
  /// When the last work finishes.
  int64_t getEnd() const { return end.at; }
  const std::array<int64_t, Resource::kCount> &getBusy() const { return busy; }
  /// Per resource, the busy cycles its work needs at its peak rate.
  const std::array<int64_t, Resource::kCount> &getPeakBusy() const {
    return peakBusy;
  }
  /// The bytes moved to or from DRAM.
  int64_t getHBMBytes() const { return hbmBytes; }
  llvm::ArrayRef<Slice> getSlices() const { return slices; }

private:
  /// A finish time and the slice that ends then (-1 when not recording).
  struct Time {
    int64_t at = 0, slice = -1;
  };
  bool record;
  Time end;
  std::array<Time, Resource::kCount> freeAt{};
  std::array<int64_t, Resource::kCount> busy{}, peakBusy{};
  int64_t hbmBytes = 0;
  /// Per stream (engine), when all the work it has started finishes.
  std::array<Time, machine::kNumEngineSlots> done{};
  /// Per semaphore, the times of its signals not yet waited for.
  std::map<unsigned, std::deque<Time>> semaphores;
  llvm::SmallVector<Slice, 0> slices;
};

} // namespace dyn::cost

#endif // DYN_COST_TIMELINE_H
