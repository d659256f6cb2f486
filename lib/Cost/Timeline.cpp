//===- Timeline.cpp - the dependency-driven schedule ----------------------===//

#include "dyn/Cost/Timeline.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::cost;

std::string Resource::name() const {
  std::string text = bir::stringifyEngine(engine).str();
  return queue ? text + " queue" : text;
}

int64_t Timeline::schedule(Operation *op, ArrayRef<Work> work) {
  unsigned stream = static_cast<unsigned>(
      llvm::cast<bir::InstInterface>(op).getEngine());
  Time ready;
  for (const Work &piece : work) {
    unsigned r = piece.resource.index();
    Time start = ready;
    if (freeAt[r].at > start.at)
      start = freeAt[r];
    Time finish{addCounts(start.at, piece.cycles), -1};
    if (record) {
      finish.slice = slices.size();
      slices.push_back({piece.resource, start.at, piece.cycles, op, start.slice});
    }
    freeAt[r] = finish;
    busy[r] = addCounts(busy[r], piece.cycles);
    peakBusy[r] = addCounts(peakBusy[r], piece.peakCycles);
    hbmBytes = addCounts(hbmBytes, piece.hbmBytes);
    if (finish.at >= end.at)
      end = finish;
    if (finish.at >= done[stream].at)
      done[stream] = finish;
    ready = finish;
  }
  return ready.at;
}

void Timeline::signal(bir::Engine engine, unsigned semaphore) {
  semaphores[semaphore].push_back(done[static_cast<unsigned>(engine)]);
}

void Timeline::wait(Operation *op, bir::Engine engine, unsigned semaphore) {
  // In program order a compiled program never waits before its signal; a
  // wait with none pending (hand-written code) orders nothing here.
  std::deque<Time> &pending = semaphores[semaphore];
  if (pending.empty())
    return;
  Time signalled = pending.front();
  pending.pop_front();
  Resource resource{engine, false};
  Time &free = freeAt[resource.index()];
  if (signalled.at <= free.at)
    return;
  // The gap is a slice of its own in a recording timeline, caused by the
  // signal, so that the trace shows it and the critical path crosses it.
  if (record) {
    slices.push_back({resource, free.at, signalled.at - free.at, op,
                      signalled.slice, /*waiting=*/true});
    signalled.slice = slices.size() - 1;
  }
  free = signalled;
}

Timeline::Snapshot Timeline::snapshot() const {
  Snapshot s;
  s.end = end.at;
  s.busy = busy;
  s.peakBusy = peakBusy;
  s.hbmBytes = hbmBytes;
  for (const Time &t : freeAt)
    s.relative.push_back(t.at - end.at);
  for (const Time &t : done)
    s.relative.push_back(t.at - end.at);
  for (const auto &[semaphore, pending] : semaphores) {
    s.relative.push_back(semaphore);
    s.relative.push_back(pending.size());
    for (const Time &t : pending)
      s.relative.push_back(t.at - end.at);
  }
  return s;
}

void Timeline::repeat(const Snapshot &before, int64_t times) {
  int64_t shift = mulCounts(end.at - before.end, times);
  end.at = addCounts(end.at, shift);
  for (Time &t : freeAt)
    t.at = addCounts(t.at, shift);
  for (Time &t : done)
    t.at = addCounts(t.at, shift);
  for (auto &entry : semaphores)
    for (Time &t : entry.second)
      t.at = addCounts(t.at, shift);
  for (unsigned i = 0; i < Resource::kCount; ++i) {
    busy[i] = addCounts(busy[i], mulCounts(busy[i] - before.busy[i], times));
    peakBusy[i] = addCounts(
        peakBusy[i], mulCounts(peakBusy[i] - before.peakBusy[i], times));
  }
  hbmBytes =
      addCounts(hbmBytes, mulCounts(hbmBytes - before.hbmBytes, times));
}

SmallVector<const Slice *> Timeline::getCriticalPath() const {
  SmallVector<const Slice *> path;
  for (int64_t i = end.slice; i >= 0; i = slices[i].cause)
    path.push_back(&slices[i]);
  std::reverse(path.begin(), path.end());
  return path;
}
