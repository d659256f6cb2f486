//===- AllocateRegisters.cpp - bir-allocate-registers ---------------------===//
//
// The hand-off of Stage 3 to Stage 4 (coloring_allocator_with_loop): every
// virtual register gets a physical id below machine::kRegistersPerEngine
// on its engine. Live ranges are intervals in program order, extended to
// the end of any loop a value is
// used in but not defined in (it must survive the back edge); an induction
// register lives for its loop. Greedy coloring in order of interval start is
// optimal for interval graphs. Since every register reference (access
// patterns and dynamic info included) is an SSA use, the ids recorded on the
// definitions are all a consumer needs: the report's rewireDynamicAPRegisters
// is implicit. Under pressure, values that can be computed again (constants,
// runtime scalar reads and register-ALU code over them) are rematerialized
// at their uses, the one live longest first, until the coloring fits.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "LiveRanges.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRALLOCATEREGISTERS
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn::bir;

namespace {
struct Interval {
  Value reg;
  Operation *owner; // its definition, or the loop of an induction register
  int64_t start, end;
  int64_t id = -1;
};

/// Every register value of the function, grouped by engine.
llvm::MapVector<Engine, SmallVector<Interval>>
collectIntervals(func::FuncOp func) {
  ProgramOrder order(func);
  llvm::MapVector<Engine, SmallVector<Interval>> byEngine;
  auto add = [&](Value reg) {
    std::optional<Engine> engine = getRegisterEngine(reg);
    if (!engine)
      return;
    auto [start, end] = order.liveRange(reg);
    Operation *owner = reg.getDefiningOp();
    if (auto arg = llvm::dyn_cast<BlockArgument>(reg))
      owner = arg.getOwner()->getParentOp();
    byEngine[*engine].push_back({reg, owner, start, end});
  };
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (llvm::isa<ForOp, DynamicForOp>(op))
      add(op->getRegion(0).getArgument(0));
    for (Value result : op->getResults())
      if (llvm::isa<RegType>(result.getType()))
        add(result);
  });
  return byEngine;
}

} // namespace

/// Colors intervals (sorted by start); returns the first interval that finds
/// no free id, if any.
static Interval *color(MutableArrayRef<Interval> intervals) {
  llvm::sort(intervals, [](const Interval &a, const Interval &b) {
    return a.start < b.start;
  });
  std::array<int64_t, AddressMap::kNumRegisters> busyUntil;
  busyUntil.fill(-1);
  for (Interval &interval : intervals) {
    for (int64_t id = 0; id < AddressMap::kNumRegisters; ++id)
      if (busyUntil[id] < interval.start) {
        interval.id = id;
        busyUntil[id] = interval.end;
        break;
      }
    if (interval.id < 0)
      return &interval;
  }
  return nullptr;
}

/// The uses of `reg` that keep it live past position `point`, in program
/// order: those a rematerialization would serve with a fresh copy.
static SmallVector<std::pair<Operation *, OpOperand *>>
usesAfter(Value reg, int64_t point, const ProgramOrder &order) {
  Operation *scope = reg.getDefiningOp()->getParentOp();
  SmallVector<std::pair<Operation *, OpOperand *>> later;
  for (auto use : getInstructionUses(reg))
    if (order.useEnd(use.first, scope) > point)
      later.push_back(use);
  llvm::stable_sort(later, [&](const auto &a, const auto &b) {
    return order.position(a.first) < order.position(b.first);
  });
  return later;
}

/// Emits the code of `reg` again at the builder's point; records what it
/// makes in `made`.
static Value recompute(Value reg, OpBuilder &builder,
                       llvm::DenseSet<Value> &made) {
  IRMapping mapping;
  for (Operation *def : getRegisterCode(reg))
    made.insert(builder.clone(*def, mapping)->getResult(0));
  return mapping.lookup(reg);
}

/// Erases `op` and the code feeding it once nothing uses them; adds what it
/// erases to `erased`.
static void eraseIfDead(Operation *op,
                        llvm::SmallPtrSetImpl<Operation *> &erased) {
  // Each op at most once in the worklist: ALU code may use an operand twice.
  llvm::SetVector<Operation *> worklist;
  worklist.insert(op);
  while (!worklist.empty()) {
    Operation *dead = worklist.pop_back_val();
    if (!dead->use_empty())
      continue;
    for (Value operand : dead->getOperands())
      if (Operation *def = operand.getDefiningOp();
          llvm::isa_and_nonnull<MovImmOp, ReadVarOp, AluOp, AluImmOp>(def))
        worklist.insert(def);
    erased.insert(dead);
    dead->erase();
  }
}

/// Computes `reg` again for the instructions of `later` (in program order),
/// which earlier uses leave to the original: once before the first of them
/// in each block, shared by the later ones of that block (before the loop
/// for a loop bound). An access pattern that reads it is copied next to its
/// consumer.
static void rematerialize(
    Value reg, ArrayRef<std::pair<Operation *, OpOperand *>> later,
    llvm::DenseSet<Value> &made, llvm::SmallPtrSetImpl<Operation *> &erased) {
  llvm::DenseMap<Block *, Value> copies;
  llvm::SetVector<Operation *> patterns;
  for (auto [consumer, use] : later) {
    Value &copy = copies[consumer->getBlock()];
    OpBuilder builder(consumer);
    if (!copy)
      copy = recompute(reg, builder, made);
    Operation *user = use->getOwner();
    if (user == consumer) {
      use->set(copy);
      continue;
    }
    // Through an access pattern: a copy of the pattern for this consumer.
    IRMapping mapping;
    mapping.map(reg, copy);
    Value pattern = builder.clone(*user, mapping)->getResult(0);
    consumer->replaceUsesOfWith(user->getResult(0), pattern);
    patterns.insert(user);
  }
  for (Operation *pattern : patterns)
    if (pattern->use_empty())
      pattern->erase();
  eraseIfDead(reg.getDefiningOp(), erased);
}

/// The engine and interval where coloring first fails, if it does.
static std::optional<std::pair<Engine, Interval>>
firstOverflow(llvm::MapVector<Engine, SmallVector<Interval>> &byEngine) {
  for (auto &[engine, intervals] : byEngine)
    if (Interval *spill = color(intervals))
      return std::make_pair(engine, *spill);
  return std::nullopt;
}

namespace {
/// A value worth rematerializing at a point, and the uses a copy serves.
struct Victim {
  Interval *interval = nullptr;
  SmallVector<std::pair<Operation *, OpOperand *>> later;
  int64_t cost = 0;
};
} // namespace

/// Of `live` (in order of start), the value to compute again for the uses
/// that keep it live past `point`: the one that adds the fewest
/// instructions, and of those the one whose range ends last. Values already
/// made by a rematerialization are never picked.
static Victim pickVictim(ArrayRef<Interval *> live, int64_t point,
                         const ProgramOrder &order,
                         const llvm::DenseSet<Value> &made) {
  Victim best;
  for (Interval *other : live) {
    if (made.contains(other->reg) || !isRecomputable(other->reg))
      continue;
    auto later = usesAfter(other->reg, point, order);
    if (later.empty())
      continue;
    llvm::SmallPtrSet<Block *, 4> blocks;
    for (auto &use : later)
      blocks.insert(use.first->getBlock());
    int64_t cost = static_cast<int64_t>(blocks.size() * getRegisterCode(other->reg).size());
    if (!best.interval || cost < best.cost ||
        (cost == best.cost && other->end > best.interval->end))
      best = {other, std::move(later), cost};
  }
  return best;
}

/// One sweep over the intervals of an engine (in order of start), as the
/// coloring meets them: wherever more values are live than there are
/// registers, values are rematerialized, one at a time, until they fit.
/// Copies are left to the next coloring. Returns whether anything changed.
static bool relievePressure(func::FuncOp func,
                            MutableArrayRef<Interval> intervals,
                            llvm::DenseSet<Value> &made) {
  ProgramOrder order(func);
  SmallVector<Interval *> live; // in order of start
  bool changed = false;
  for (Interval &interval : intervals) {
    int64_t point = interval.start;
    llvm::erase_if(live, [&](Interval *other) { return other->end < point; });
    live.push_back(&interval);
    while (static_cast<int64_t>(live.size()) > AddressMap::kNumRegisters) {
      Victim victim = pickVictim(live, point, order, made);
      if (!victim.interval)
        return changed;
      llvm::SmallPtrSet<Operation *, 8> erased;
      rematerialize(victim.interval->reg, victim.later, made, erased);
      changed = true;
      // The copies serve the later uses; what is still live ends sooner.
      llvm::erase_if(live, [&](Interval *other) {
        if (erased.contains(other->owner))
          return true;
        other->end = order.liveRange(other->reg).second;
        return other->end < point;
      });
    }
  }
  return changed;
}

/// Colors the registers of each engine of `func` and records the physical
/// ids; rematerializes values where an engine runs out.
static LogicalResult allocateRegisters(func::FuncOp func) {
  auto byEngine = collectIntervals(func);
  std::optional<std::pair<Engine, Interval>> overflow = firstOverflow(byEngine);
  // Where the coloring of an engine fails, rematerialize values until
  // it would not (one sweep), then color again: the copies need
  // registers too. A value is rematerialized at most once, and copies
  // are never picked, so this ends.
  llvm::DenseSet<Value> made;
  while (overflow && relievePressure(func, byEngine[overflow->first], made)) {
    byEngine = collectIntervals(func);
    overflow = firstOverflow(byEngine);
  }
  Interval *spill = overflow ? &overflow->second : nullptr;
  Engine spillEngine = overflow ? overflow->first : Engine::pool;
  if (spill) {
    SmallVector<Interval> &intervals = byEngine[spillEngine];
    InFlightDiagnostic diag =
        emitError(spill->reg.getLoc())
        << "engine '" << stringifyEngine(spillEngine) << "' needs more than "
        << AddressMap::kNumRegisters << " registers here; live values:";
    for (const Interval &other : intervals)
      if (other.start <= spill->start && spill->start <= other.end)
        diag.attachNote(other.reg.getLoc()) << "live register";
    return failure();
  }
  for (auto &[engine, intervals] : byEngine)
    for (const Interval &interval : intervals) {
      if (failed(llvm::cast<InstInterface>(interval.owner)
                     .setPhysicalRegister(interval.id))) {
        interval.owner->emitOpError("defines a register but cannot record its "
                                    "physical id");
        return failure();
      }
    }
  return success();
}

namespace {
struct BIRAllocateRegistersPass
    : dyn::bir::impl::BIRAllocateRegistersBase<BIRAllocateRegistersPass> {
  void runOnOperation() override {
    if (failed(allocateRegisters(getOperation())))
      signalPassFailure();
  }
};
} // namespace
