//===- InsertSync.cpp - bir-insert-sync -----------------------------------===//
//
// Each engine runs its own stream: the instructions that name it, in program
// order. An engine finishes one instruction before it starts the next, so
// its own instructions are ordered; the transfer of a DMA it triggers runs
// on a queue and finishes later, so nothing else is ordered after a
// transfer. The pass walks the function in program order, as a compiler's
// vector clock: for each stream it knows up to which position of every
// other stream the work is known to be finished. An access that conflicts
// with an earlier access it is not ordered after (read after write, write
// after read or write, on overlapping bytes: dyn/Cost/Footprint.h) gets a
// `sem_signal` right after the earlier instruction and a `sem_wait` right
// before itself; the wait teaches its stream everything the signalling
// stream knew at the signal. Waits that knowledge makes needless are not
// emitted (docs/ExecutionModel.md, "Streams and semaphores").
//
//===----------------------------------------------------------------------===//

#include "dyn/Cost/Cost.h"
#include "dyn/Cost/Footprint.h"
#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRINSERTSYNC
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

#define DEBUG_TYPE "bir-insert-sync"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

namespace {

constexpr unsigned kStreams = machine::kNumEngineSlots;
/// Per stream, the last position known finished (-1: none).
using Clock = std::array<int64_t, kStreams>;

Clock noneKnown() {
  Clock clock;
  clock.fill(-1);
  return clock;
}

/// One access of an instruction (or of a loop, for all its trips).
struct Touch {
  cost::Footprint footprint;
  bool write, transfer;
};

/// An access made at a position of a stream, by `anchor` (the instruction
/// or loop at the level being walked).
struct Record {
  Touch touch;
  unsigned stream;
  int64_t pos;
  Operation *anchor;
};

/// The accesses made so far at one level of the walk.
using Records = llvm::DenseMap<const void *, SmallVector<Record, 4>>;

bool isLoop(Operation *op) { return llvm::isa<ForOp, DynamicForOp>(op); }

unsigned streamOf(Operation *op) {
  return static_cast<unsigned>(llvm::cast<InstInterface>(op).getEngine());
}

class SyncInserter {
public:
  SyncInserter(int64_t drop) : drop(drop) {
    for (Clock &clock : known)
      clock = noneKnown();
  }

  void walk(Block &block) {
    Records records;
    for (Operation *op : getItems(block))
      visit(op, records, &block, /*carriedLoop=*/nullptr);
  }

  int64_t getNumWaits() const { return waits; }

private:
  /// The instructions and loops of `block`, before any sync is added.
  static SmallVector<Operation *> getItems(Block &block) {
    SmallVector<Operation *> items;
    for (Operation &op : block)
      if (llvm::isa<InstInterface>(op))
        items.push_back(&op);
    return items;
  }

  /// The accesses of `op`, by the stream that makes them: an instruction's
  /// are its engine's; a loop's are its body's, each engine's on its own
  /// stream (a loop whose body holds several engines' work runs as one
  /// loop per engine), the loop's engine first.
  using Parts = SmallVector<std::pair<unsigned, SmallVector<Touch>>, 1>;
  Parts getParts(Operation *op) {
    Parts parts;
    auto partOf = [&](unsigned stream) -> SmallVector<Touch> & {
      for (auto &[s, touches] : parts)
        if (s == stream)
          return touches;
      parts.push_back({stream, {}});
      return parts.back().second;
    };
    partOf(streamOf(op));
    op->walk([&](Operation *inner) {
      if (!llvm::isa<InstInterface>(inner) || isLoop(inner))
        return;
      SmallVector<Touch> &touches = partOf(streamOf(inner));
      for (const cost::Work &piece : cost::describeWork(inner, model)) {
        for (const cost::Access &read : piece.reads)
          touches.push_back(
              {cost::getFootprint(read), false, piece.resource.queue});
        for (const cost::Access &write : piece.writes)
          touches.push_back(
              {cost::getFootprint(write), true, piece.resource.queue});
      }
    });
    return parts;
  }

  bool isOrdered(const Record &a, unsigned stream) const {
    if (a.stream == stream && !a.touch.transfer)
      return true;
    return known[stream][a.stream] >= a.pos;
  }

  /// The latest earlier record per stream that `touches`, on `stream`,
  /// conflicts with and is not ordered after.
  SmallVector<const Record *> findDependencies(ArrayRef<Touch> touches,
                                               unsigned stream,
                                               const Records &records) {
    std::array<const Record *, kStreams> latest{};
    for (const Touch &touch : touches) {
      auto it = records.find(touch.footprint.memory);
      if (it == records.end())
        continue;
      for (const Record &a : it->second) {
        if (!a.touch.write && !touch.write)
          continue;
        if (!a.touch.footprint.overlaps(touch.footprint) ||
            isOrdered(a, stream))
          continue;
        const Record *&best = latest[a.stream];
        if (!best || best->pos < a.pos)
          best = &a;
      }
    }
    SmallVector<const Record *> deps;
    for (const Record *a : latest)
      if (a)
        deps.push_back(a);
    return deps;
  }

  /// What `stream` learns from a wait on a signal right after position
  /// `pos` of stream `from`.
  void learn(unsigned stream, unsigned from, int64_t pos) {
    const Clock &then = history[from][pos];
    for (unsigned s = 0; s < kStreams; ++s)
      known[stream][s] = std::max(known[stream][s], then[s]);
    known[stream][from] = std::max(known[stream][from], pos);
  }

  template <typename OpT>
  OpT create(OpBuilder &builder, Location loc, int64_t channel,
             unsigned stream) {
    return OpT::create(builder, loc, static_cast<uint64_t>(channel),
                       static_cast<Engine>(stream), IntegerAttr());
  }

  /// Makes `b` (on `stream`) wait for `a`: a signal right after a's anchor
  /// and a wait right before `b`, on `channel`.
  void synchronize(const Record &a, Operation *b, unsigned stream,
                   int64_t channel) {
    learn(stream, a.stream, a.pos);
    if (created++ == drop)
      return; // the test-only `drop`: the program is otherwise unchanged
    OpBuilder builder(a.anchor->getContext());
    builder.setInsertionPointAfter(a.anchor);
    create<SemSignalOp>(builder, a.anchor->getLoc(), channel, a.stream);
    builder.setInsertionPoint(b);
    create<SemWaitOp>(builder, b->getLoc(), channel, stream);
    ++waits;
  }

  /// The channel of the dependencies from stream `from` to stream `to`
  /// whose signal and wait both sit directly in `block`: in one block,
  /// they are added in the same order in both streams.
  int64_t getChannel(Block *block, unsigned from, unsigned to) {
    auto [it, inserted] =
        channels.try_emplace(std::make_tuple(block, from, to), nextChannel);
    if (inserted)
      ++nextChannel;
    return it->second;
  }

  /// Records `op`'s accesses on `stream` at its next position; returns
  /// that position.
  int64_t record(Operation *op, unsigned stream, ArrayRef<Touch> touches,
                 Records &records) {
    int64_t pos = next[stream]++;
    history[stream].push_back(known[stream]);
    for (const Touch &touch : touches) {
      SmallVector<Record, 4> &list = records[touch.footprint.memory];
      // An earlier access that this one covers, is ordered after, and
      // conflicts with whatever it conflicts with (a write covers both
      // kinds, a read only reads) stands for nothing more: whatever comes
      // later and is ordered after this one is ordered after it too. This
      // keeps the lists short on long programs.
      llvm::erase_if(list, [&](const Record &a) {
        return (touch.write || !a.touch.write) &&
               touch.footprint.covers(a.touch.footprint) &&
               isOrdered(a, stream);
      });
      list.push_back({touch, stream, pos, op});
    }
    return pos;
  }

  /// Walks one instruction or loop of `block`.
  void visit(Operation *op, Records &records, Block *block,
             Operation *carriedLoop) {
    Parts parts = getParts(op);
    for (auto &[stream, touches] : parts)
      synchronizePart(op, stream, touches, records, block, carriedLoop);
    if (isLoop(op) && !carriedLoop) {
      // A loop may run no trip: what any stream learns inside it, it
      // does not know after it.
      std::array<Clock, kStreams> before = known;
      walkBody(op);
      known = before;
    }
    for (auto &[stream, touches] : parts) {
      int64_t pos = record(op, stream, touches, records);
      if (carriedLoop)
        secondTrip[{op, stream}] = pos;
    }
  }

  /// The waits `stream`'s part of `op` needs before it.
  void synchronizePart(Operation *op, unsigned stream, ArrayRef<Touch> touches,
                       Records &records, Block *block,
                       Operation *carriedLoop) {
    // Knowledge a replayed trip had from the waits added before `op`.
    if (carriedLoop)
      for (auto [to, from, anchor] : applied.lookup(op))
        if (to == stream)
          if (auto it = secondTrip.find({anchor, from});
              it != secondTrip.end())
            learn(stream, from, it->second);
    SmallVector<const Record *> deps =
        findDependencies(touches, stream, records);
    // A dependency whose signal teaches the position of another makes that
    // one's wait needless: those go first.
    auto teaches = [&](const Record *from, const Record *to) {
      return from != to && history[from->stream][from->pos][to->stream] >= to->pos;
    };
    while (!deps.empty()) {
      const Record **first = llvm::find_if(deps, [&](const Record *x) {
        return llvm::none_of(deps, [&](const Record *y) { return teaches(y, x); });
      });
      if (first == deps.end())
        first = deps.begin();
      const Record *a = *first;
      deps.erase(first);
      if (isOrdered(*a, stream))
        continue; // learnt from a dependency handled just before
      if (carriedLoop && a->pos < secondTripStart[a->stream]) {
        carry(*a, op, stream, carriedLoop);
        continue;
      }
      synchronize(*a, op, stream, getChannel(block, a->stream, stream));
      applied[op].push_back({stream, a->stream, a->anchor});
    }
  }

  /// A dependency of `b` on `a` in the previous trip of `loop`: a channel
  /// of its own, primed with one signal before the loop (trip 0 waits for
  /// nothing) and drained by one wait after it (the last trip's signal).
  void carry(const Record &a, Operation *b, unsigned stream, Operation *loop) {
    int64_t channel = nextChannel++;
    bool dropped = created == drop;
    synchronize(a, b, stream, channel);
    if (dropped)
      return;
    OpBuilder builder(loop);
    create<SemSignalOp>(builder, loop->getLoc(), channel, a.stream);
    builder.setInsertionPointAfter(loop);
    create<SemWaitOp>(builder, loop->getLoc(), channel, stream);
  }

  /// The body of a loop: one trip, then a second one against the first to
  /// find the dependencies carried from trip to trip.
  void walkBody(Operation *loop) {
    Block &body = loop->getRegion(0).front();
    SmallVector<Operation *> items = getItems(body);
    Records records;
    for (Operation *op : items)
      visit(op, records, &body, nullptr);
    secondTrip.clear();
    secondTripStart = next;
    for (Operation *op : items)
      visit(op, records, &body, loop);
  }

  cost::LatencyModel model;
  int64_t drop, created = 0, waits = 0, nextChannel = 0;
  std::array<int64_t, kStreams> next{}, secondTripStart{};
  std::array<Clock, kStreams> known;
  std::array<SmallVector<Clock, 0>, kStreams> history;
  /// Where each instruction (or each stream's part of a loop) of the body
  /// being walked a second time is.
  llvm::DenseMap<std::pair<Operation *, unsigned>, int64_t> secondTrip;
  /// The dependencies a first trip synchronized before each instruction:
  /// the waiting stream, the signalling stream and the signal's anchor.
  llvm::DenseMap<Operation *,
                 SmallVector<std::tuple<unsigned, unsigned, Operation *>, 1>>
      applied;
  llvm::DenseMap<std::tuple<Block *, unsigned, unsigned>, int64_t> channels;
};

struct BIRInsertSyncPass
    : dyn::bir::impl::BIRInsertSyncBase<BIRInsertSyncPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    WalkResult present = func.walk([](Operation *op) {
      if (llvm::isa<SemSignalOp, SemWaitOp>(op)) {
        op->emitOpError("is already present; bir-insert-sync adds every "
                        "semaphore instruction and runs once");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (present.wasInterrupted())
      return signalPassFailure();
    SyncInserter inserter(drop);
    inserter.walk(func.getBody().front());
    numWaits += inserter.getNumWaits();
  }
};

} // namespace
