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
// is implicit. Under pressure constants are rematerialized at their uses.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "LiveRanges.h"

#include "mlir/IR/Builders.h"

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

/// Re-emits each mov_imm right before each of its users (before the loop for
/// a loop bound), so constants stop occupying registers between uses.
static bool rematerializeConstants(func::FuncOp func) {
  SmallVector<MovImmOp> constants;
  func.walk([&](MovImmOp op) { constants.push_back(op); });
  bool changed = false;
  for (MovImmOp constant : constants) {
    if (constant.getResult().hasOneUse()) {
      Operation *user = *constant.getResult().getUsers().begin();
      if (constant->getNextNode() != user) {
        constant->moveBefore(user);
        changed = true;
      }
      continue;
    }
    changed = true;
    for (OpOperand &use :
         llvm::make_early_inc_range(constant.getResult().getUses())) {
      OpBuilder builder(use.getOwner());
      auto copy = llvm::cast<MovImmOp>(builder.clone(*constant));
      use.set(copy);
    }
    constant.erase();
  }
  return changed;
}

namespace {
struct BIRAllocateRegistersPass
    : dyn::bir::impl::BIRAllocateRegistersBase<BIRAllocateRegistersPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto byEngine = collectIntervals(func);
    Interval *spill = nullptr;
    Engine spillEngine;
    for (auto &[engine, intervals] : byEngine)
      if ((spill = color(intervals))) {
        spillEngine = engine;
        break;
      }
    if (spill && rematerializeConstants(func)) {
      byEngine = collectIntervals(func);
      spill = nullptr;
      for (auto &[engine, intervals] : byEngine)
        if ((spill = color(intervals))) {
          spillEngine = engine;
          break;
        }
    }
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
