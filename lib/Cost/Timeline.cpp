//===- Timeline.cpp - the dependency-driven schedule ----------------------===//

#include "dyn/Cost/Timeline.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::cost;

std::string Resource::name() const {
  std::string text = bir::stringifyEngine(engine).str();
  return queue ? text + " queue" : text;
}

void Timeline::waitFor(ArrayRef<Span> spans, const Access &access, Time &t) {
  for (const Span &span : spans)
    if (span.lo < access.hi && access.lo < span.hi && span.finish.at > t.at)
      t = span.finish;
}

void Timeline::dropCovered(SmallVectorImpl<Span> &spans, const Access &access,
                           int64_t finish) {
  llvm::erase_if(spans, [&](const Span &span) {
    return access.lo <= span.lo && span.hi <= access.hi &&
           span.finish.at <= finish;
  });
}

int64_t Timeline::schedule(Operation *op, ArrayRef<Work> work) {
  Time ready;
  for (const Work &piece : work) {
    unsigned r = piece.resource.index();
    Time start = ready;
    if (freeAt[r].at > start.at)
      start = freeAt[r];
    for (const Access &read : piece.reads)
      waitFor(writes.lookup(read.location), read, start);
    for (const Access &write : piece.writes) {
      waitFor(writes.lookup(write.location), write, start);
      waitFor(reads.lookup(write.location), write, start);
    }
    Time finish{addCounts(start.at, piece.cycles), -1};
    if (record) {
      finish.slice = slices.size();
      slices.push_back({piece.resource, start.at, piece.cycles, op, start.slice});
    }
    for (const Access &read : piece.reads) {
      dropCovered(reads[read.location], read, finish.at);
      reads[read.location].push_back({read.lo, read.hi, finish});
    }
    for (const Access &write : piece.writes) {
      dropCovered(writes[write.location], write, finish.at);
      dropCovered(reads[write.location], write, finish.at);
      writes[write.location].push_back({write.lo, write.hi, finish});
    }
    freeAt[r] = finish;
    busy[r] = addCounts(busy[r], piece.cycles);
    if (finish.at >= end.at)
      end = finish;
    ready = finish;
  }
  return ready.at;
}

Timeline::Snapshot Timeline::snapshot() const {
  Snapshot s;
  s.end = end.at;
  s.busy = busy;
  for (const Time &t : freeAt)
    s.relative.push_back(t.at - end.at);
  // Spans in a canonical order: by location, then kind, then bytes.
  SmallVector<std::array<int64_t, 5>> spans;
  for (auto [kind, map] : {std::make_pair(0, &reads), std::make_pair(1, &writes)})
    for (const auto &[location, list] : *map)
      for (const Span &span : list)
        spans.push_back({reinterpret_cast<int64_t>(location.getAsOpaquePointer()),
                         kind, span.lo, span.hi, span.finish.at - end.at});
  llvm::sort(spans);
  for (const auto &span : spans)
    s.relative.append(span.begin(), span.end());
  return s;
}

void Timeline::repeat(const Snapshot &before, int64_t times) {
  int64_t shift = mulCounts(end.at - before.end, times);
  end.at = addCounts(end.at, shift);
  for (Time &t : freeAt)
    t.at = addCounts(t.at, shift);
  for (auto *map : {&reads, &writes})
    for (auto &entry : *map)
      for (Span &span : entry.second)
        span.finish.at = addCounts(span.finish.at, shift);
  for (unsigned i = 0; i < Resource::kCount; ++i)
    busy[i] = addCounts(busy[i], mulCounts(busy[i] - before.busy[i], times));
}

SmallVector<const Slice *> Timeline::getCriticalPath() const {
  SmallVector<const Slice *> path;
  for (int64_t i = end.slice; i >= 0; i = slices[i].cause)
    path.push_back(&slices[i]);
  std::reverse(path.begin(), path.end());
  return path;
}
