//===- RaceChecker.h - the binary's ThreadSanitizer -------------*- C++ -*-===//
//
// Private to lib/Sim/Machine. Each engine runs its own stream, and a DMA's
// transfer runs on after its trigger; streams meet only at semaphores.
// The checker keeps a vector clock per stream (how far it knows every
// engine and every stream's transfers to have finished), passes it along
// each signal to the wait that takes the signal, and flags two accesses to
// overlapping bytes, at least one a write, when the later one's clock does
// not cover the earlier one: the order the simulator ran them in is then
// one the hardware need not keep. It is independent of the order the
// simulator runs the streams in.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_SIM_MACHINE_RACECHECKER_H
#define DYN_LIB_SIM_MACHINE_RACECHECKER_H

#include "dyn/Cost/Footprint.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>

namespace dyn::sim {

class RaceChecker {
public:
  /// Races are errors, or with `allowRaces` warnings.
  explicit RaceChecker(bool allowRaces) : allowRaces(allowRaces) {
    semaphores.resize(machine::kSemaphoresPerCore);
  }

  /// The bytes an access touched as run, when the run knows them better
  /// than the compiler (a runtime address); none to take the compiler's.
  using Resolver =
      llvm::function_ref<std::optional<cost::Footprint>(const cost::Access &)>;
  /// Checks and records the accesses of `op` (an instruction run now; not
  /// a loop), its `work` as cost::describeWork gives it. Fails on a race
  /// unless races are allowed.
  mlir::LogicalResult access(mlir::Operation *op,
                             llvm::ArrayRef<cost::Work> work, Resolver resolve);
  /// The streams that run, and when one ends: accesses that every stream
  /// still running is ordered after can never race again and are dropped.
  void setStreams(llvm::ArrayRef<bir::Engine> engines);
  void finish(bir::Engine engine);
  /// A signal: the semaphore's count goes up, carrying its stream's clock.
  void signal(bir::Engine engine, unsigned semaphore);
  /// True when a wait on `semaphore` can go on: its count is above zero.
  bool canWait(unsigned semaphore) const {
    return !semaphores[semaphore].empty();
  }
  /// A wait that can go on: takes one count, and the clock of its signal.
  void wait(bir::Engine engine, unsigned semaphore);

private:
  /// Agents: each engine (its instructions), and each engine's transfers.
  static constexpr unsigned kAgents = 2 * machine::kNumEngineSlots;
  using Clock = std::array<int64_t, kAgents>;
  static unsigned engineAgent(bir::Engine e) { return unsigned(e); }
  static unsigned transferAgent(bir::Engine e) {
    return unsigned(e) + machine::kNumEngineSlots;
  }

  struct Record {
    cost::Footprint footprint;
    bool write;
    unsigned agent;
    int64_t epoch;
    mlir::Operation *op;
  };

  bool isOrdered(const Record &a, unsigned agent, const Clock &clock) const {
    if (a.agent == agent && agent < machine::kNumEngineSlots)
      return true;
    return clock[a.agent] >= a.epoch;
  }
  mlir::LogicalResult check(mlir::Operation *op, const cost::Footprint &fp,
                            bool write, unsigned agent, int64_t epoch,
                            const Clock &clock);
  void record(mlir::Operation *op, const cost::Footprint &fp, bool write,
              unsigned agent, int64_t epoch, const Clock &clock);
  /// True when every running stream is ordered after `a`.
  bool isDead(const Record &a) const;

  bool allowRaces;
  /// Per stream: its clock.
  std::array<Clock, machine::kNumEngineSlots> clocks{};
  /// Per stream: transfers triggered so far.
  std::array<int64_t, machine::kNumEngineSlots> transfers{};
  std::vector<std::deque<Clock>> semaphores;
  /// Per memory, the accesses that may still race, and the size at which
  /// the list is next cleared of dead ones (it doubles, so that clearing
  /// stays linear overall).
  struct Records {
    llvm::SmallVector<Record, 8> list;
    size_t nextPrune = 64;
  };
  llvm::DenseMap<const void *, Records> records;
  std::array<bool, machine::kNumEngineSlots> running{};
  int64_t reported = 0;
};

} // namespace dyn::sim

#endif // DYN_LIB_SIM_MACHINE_RACECHECKER_H
