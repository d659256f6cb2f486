//===- AllocateRegisters.cpp - bir-allocate-registers ---------------------===//
//
// The hand-off of Stage 3 to Stage 4 (coloring_allocator_with_loop): every
// virtual register gets a physical id below 0x40 on its engine. Live ranges
// are intervals in program order, extended to the end of any loop a value is
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
    byEngine[*engine].push_back({reg, start, end});
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

/// Instructions in the code of `reg`.
static int64_t codeSize(Value reg) {
  int64_t n = 1;
  for (Value operand : reg.getDefiningOp()->getOperands())
    if (llvm::isa<RegType>(operand.getType()))
      n += codeSize(operand);
  return n;
}

/// Emits the code of `reg` again at the builder's point; records what it
/// makes in `made`.
static Value recompute(Value reg, OpBuilder &builder,
                       llvm::DenseSet<Value> &made) {
  Operation *def = reg.getDefiningOp();
  IRMapping mapping;
  for (Value operand : def->getOperands())
    if (llvm::isa<RegType>(operand.getType()))
      mapping.map(operand, recompute(operand, builder, made));
  Value copy = builder.clone(*def, mapping)->getResult(0);
  made.insert(copy);
  return copy;
}

/// Erases `op` and the code feeding it once nothing uses them.
static void eraseIfDead(Operation *op) {
  if (!op || !op->use_empty())
    return;
  SmallVector<Operation *> operands;
  for (Value operand : op->getOperands())
    operands.push_back(operand.getDefiningOp());
  op->erase();
  for (Operation *def : operands)
    if (llvm::isa_and_nonnull<MovImmOp, ReadVarOp, AluOp, AluImmOp>(def))
      eraseIfDead(def);
}

/// Computes `reg` again for the instructions of `later` (in program order),
/// which earlier uses leave to the original: once before the first of them
/// in each block, shared by the later ones of that block (before the loop
/// for a loop bound). An access pattern that reads it is copied next to its
/// consumer.
static void rematerialize(
    Value reg, ArrayRef<std::pair<Operation *, OpOperand *>> later,
    llvm::DenseSet<Value> &made) {
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
  eraseIfDead(reg.getDefiningOp());
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
struct BIRAllocateRegistersPass
    : dyn::bir::impl::BIRAllocateRegistersBase<BIRAllocateRegistersPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto byEngine = collectIntervals(func);
    std::optional<std::pair<Engine, Interval>> overflow =
        firstOverflow(byEngine);
    // Rematerialize, one value at a time, a rematerializable value live
    // where the coloring fails: the one that adds the fewest instructions,
    // and of those the one whose range ends last. Then color again. A
    // value is rematerialized at most once, and copies are never picked,
    // so this ends.
    llvm::DenseSet<Value> made;
    while (overflow) {
      auto &[engine, failing] = *overflow;
      ProgramOrder order(func);
      const Interval *victim = nullptr;
      SmallVector<std::pair<Operation *, OpOperand *>> victimUses;
      int64_t victimCost = 0;
      for (const Interval &other : byEngine[engine]) {
        if (other.start > failing.start || failing.start > other.end ||
            made.contains(other.reg) || !isRecomputable(other.reg))
          continue;
        auto later = usesAfter(other.reg, failing.start, order);
        if (later.empty())
          continue;
        llvm::SmallPtrSet<Block *, 4> blocks;
        for (auto &use : later)
          blocks.insert(use.first->getBlock());
        int64_t cost = static_cast<int64_t>(blocks.size()) * codeSize(other.reg);
        if (!victim || cost < victimCost ||
            (cost == victimCost && other.end > victim->end)) {
          victim = &other;
          victimCost = cost;
          victimUses = std::move(later);
        }
      }
      if (!victim)
        break;
      rematerialize(victim->reg, victimUses, made);
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
      return signalPassFailure();
    }
    for (auto &[engine, intervals] : byEngine)
      for (const Interval &interval : intervals) {
        Operation *owner = interval.reg.getDefiningOp();
        if (auto arg = llvm::dyn_cast<BlockArgument>(interval.reg))
          owner = arg.getOwner()->getParentOp();
        if (failed(llvm::cast<InstInterface>(owner).setPhysicalRegister(
                interval.id))) {
          owner->emitOpError("defines a register but cannot record its "
                             "physical id");
          return signalPassFailure();
        }
      }
  }
};
} // namespace
