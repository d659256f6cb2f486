//===- AllocateSemaphores.cpp - bir-allocate-semaphores -------------------===//
//
// Gives each channel of semaphore instructions a semaphore of the core.
// Channels share one when they link the same two streams in the same
// direction and their instructions do not interleave in program order:
// each stream then meets all the signals (or waits) of one channel before
// those of the next, so the k-th wait still goes on with the k-th signal.
// Channels that link other streams never share: a signal of one could
// release a wait of the other. Linear scan over the channels' program-order
// intervals, per pair of streams.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRALLOCATESEMAPHORES
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

namespace {

struct Channel {
  int64_t first = 0, last = 0;
  std::optional<Engine> from, to;
  SmallVector<Operation *> ops;
};

struct BIRAllocateSemaphoresPass
    : dyn::bir::impl::BIRAllocateSemaphoresBase<BIRAllocateSemaphoresPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (count < 1 || count > machine::kSemaphoresPerCore) {
      func.emitError("count must be between 1 and the core's ")
          << machine::kSemaphoresPerCore << " semaphores, got "
          << static_cast<int64_t>(count);
      return signalPassFailure();
    }
    llvm::MapVector<int64_t, Channel> channels;
    int64_t index = 0;
    bool failed = false;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      ++index;
      auto signal = llvm::dyn_cast<SemSignalOp>(op);
      auto wait = llvm::dyn_cast<SemWaitOp>(op);
      if (!signal && !wait)
        return;
      int64_t id = signal ? signal.getChannel() : wait.getChannel();
      Engine engine = signal ? signal.getEngine() : wait.getEngine();
      auto [it, inserted] = channels.try_emplace(id);
      Channel &channel = it->second;
      if (inserted)
        channel.first = index;
      channel.last = index;
      channel.ops.push_back(op);
      std::optional<Engine> &side = signal ? channel.from : channel.to;
      if (side && *side != engine) {
        op->emitOpError("is on '")
            << stringifyEngine(engine) << "' but channel " << id
            << " already has its " << (signal ? "signals" : "waits")
            << " on '" << stringifyEngine(*side)
            << "'; a channel links one stream to one other";
        failed = true;
      }
      side = engine;
    });
    if (failed)
      return signalPassFailure();
    for (auto &[id, channel] : channels)
      if (!channel.from || !channel.to) {
        channel.ops.front()->emitOpError("is on channel ")
            << id << ", which has no "
            << (channel.from ? "wait" : "signal")
            << "; every signal needs a wait and every wait a signal";
        return signalPassFailure();
      }
    // Per pair of streams, the semaphores it has and when each is free.
    std::map<std::pair<Engine, Engine>, SmallVector<std::pair<int64_t, int64_t>>>
        owned;
    int64_t used = 0;
    SmallVector<Channel *> order;
    for (auto &entry : channels)
      order.push_back(&entry.second);
    llvm::stable_sort(order, [](const Channel *a, const Channel *b) {
      return a->first < b->first;
    });
    for (Channel *channel : order) {
      auto &mine = owned[{*channel->from, *channel->to}];
      std::optional<int64_t> sem;
      for (auto &[id, freeAfter] : mine)
        if (freeAfter < channel->first) {
          sem = id;
          freeAfter = channel->last;
          break;
        }
      if (!sem) {
        if (used == count) {
          InFlightDiagnostic diag = channel->ops.front()->emitOpError(
              "needs a semaphore, but all ");
          diag << static_cast<int64_t>(count)
               << " of the core are taken by channels that "
               << "overlap it or link other streams";
          return signalPassFailure();
        }
        sem = used++;
        mine.push_back({*sem, channel->last});
      }
      auto attr = IntegerAttr::get(IntegerType::get(&getContext(), 32), *sem);
      for (Operation *op : channel->ops)
        op->setAttr("sem", attr);
    }
    numSemaphores += used;
  }
};

} // namespace
