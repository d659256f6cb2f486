//===- RaceChecker.cpp - the binary's ThreadSanitizer ---------------------===//

#include "RaceChecker.h"

#include "dyn/Cost/Cost.h"
#include "dyn/Dialect/BIR/IR/BIR.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::sim;

static std::string describeAgent(Operation *op, unsigned agent) {
  std::string text = cost::describeOperation(op);
  if (agent >= machine::kNumEngineSlots)
    text += " (its transfer)";
  return text;
}

void RaceChecker::setStreams(ArrayRef<bir::Engine> engines) {
  for (bir::Engine engine : engines)
    running[unsigned(engine)] = true;
}

void RaceChecker::finish(bir::Engine engine) {
  running[unsigned(engine)] = false;
}

bool RaceChecker::isDead(const Record &a) const {
  for (unsigned s = 0; s < machine::kNumEngineSlots; ++s)
    if (running[s] && !isOrdered(a, s, clocks[s]))
      return false;
  return true;
}

LogicalResult RaceChecker::check(Operation *op, const cost::Footprint &fp,
                                 bool write, unsigned agent, int64_t epoch,
                                 const Clock &clock) {
  auto it = records.find(fp.memory);
  if (it == records.end())
    return success();
  for (const Record &a : it->second.list) {
    // An instruction reads all it reads before it writes.
    if (a.agent == agent && a.epoch == epoch)
      continue;
    if ((!a.write && !write) || !a.footprint.overlaps(fp) ||
        isOrdered(a, agent, clock))
      continue;
    // One report per pair of instructions is enough to fix it.
    if (++reported > 20 && allowRaces)
      return success();
    InFlightDiagnostic diag =
        allowRaces ? op->emitWarning() : op->emitError();
    diag << "race: " << describeAgent(op, agent)
         << (write ? " writes" : " reads") << " bytes that "
         << describeAgent(a.op, a.agent) << (a.write ? " wrote" : " read")
         << ", and no semaphore orders the two";
    diag.attachNote(a.op->getLoc()) << "the earlier access";
    if (!allowRaces)
      return failure();
  }
  return success();
}

void RaceChecker::record(Operation *op, const cost::Footprint &fp, bool write,
                         unsigned agent, int64_t epoch, const Clock &clock) {
  Records &entry = records[fp.memory];
  SmallVector<Record, 8> &list = entry.list;
  // The next run of an instruction's bytes (descriptor after descriptor)
  // extends its record.
  if (!list.empty()) {
    Record &last = list.back();
    if (last.agent == agent && last.epoch == epoch && last.write == write &&
        last.footprint.partitionLo == fp.partitionLo &&
        last.footprint.partitionHi == fp.partitionHi &&
        fp.lo <= last.footprint.hi && last.footprint.lo <= fp.hi) {
      last.footprint.lo = std::min(last.footprint.lo, fp.lo);
      last.footprint.hi = std::max(last.footprint.hi, fp.hi);
      return;
    }
  }
  // A write that covers an earlier access, and is ordered after it, stands
  // for it: whatever is ordered after the write is ordered after it too.
  if (write)
    llvm::erase_if(list, [&](const Record &a) {
      return fp.covers(a.footprint) && isOrdered(a, agent, clock);
    });
  list.push_back({fp, write, agent, epoch, op});
  if (list.size() >= entry.nextPrune) {
    llvm::erase_if(list, [&](const Record &a) { return isDead(a); });
    entry.nextPrune = std::max<size_t>(64, 2 * list.size());
  }
}

LogicalResult RaceChecker::access(Operation *op, ArrayRef<cost::Work> work,
                                  Resolver resolve) {
  auto footprint = [&](const cost::Access &access) {
    if (std::optional<cost::Footprint> exact = resolve(access))
      return *exact;
    return cost::getFootprint(access);
  };
  auto inst = llvm::dyn_cast<bir::InstInterface>(op);
  if (!inst)
    return success();
  bir::Engine engine = inst.getEngine();
  unsigned stream = unsigned(engine);
  Clock &mine = clocks[stream];
  for (const cost::Work &piece : work) {
    unsigned agent;
    int64_t epoch;
    Clock clock = mine;
    if (piece.resource.queue) {
      agent = transferAgent(engine);
      epoch = ++transfers[stream];
    } else {
      agent = engineAgent(engine);
      epoch = ++mine[agent];
      clock = mine;
    }
    SmallVector<std::pair<cost::Footprint, bool>, 4> touched;
    for (const cost::Access &read : piece.reads)
      touched.push_back({footprint(read), false});
    for (const cost::Access &write : piece.writes)
      touched.push_back({footprint(write), true});
    for (auto [fp, write] : touched)
      if (failed(check(op, fp, write, agent, epoch, clock)))
        return failure();
    for (auto [fp, write] : touched)
      record(op, fp, write, agent, epoch, clock);
  }
  return success();
}

void RaceChecker::signal(bir::Engine engine, unsigned semaphore) {
  unsigned stream = unsigned(engine);
  Clock clock = clocks[stream];
  clock[transferAgent(engine)] = transfers[stream];
  semaphores[semaphore].push_back(clock);
}

void RaceChecker::wait(bir::Engine engine, unsigned semaphore) {
  std::deque<Clock> &queue = semaphores[semaphore];
  Clock &mine = clocks[unsigned(engine)];
  for (unsigned i = 0; i < kAgents; ++i)
    mine[i] = std::max(mine[i], queue.front()[i]);
  queue.pop_front();
}
