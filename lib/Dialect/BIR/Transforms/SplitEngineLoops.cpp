//===- SplitEngineLoops.cpp - bir-split-engine-loops ----------------------===//
//
// A loop whose body holds several engines' work becomes one loop per
// engine, each with the same trips: the engine's own instructions, in
// their order, semaphore instructions included. bir-insert-sync has
// already made every dependency between the engines a signal and a wait in
// the body (per trip) or around it, so the loops need nothing more to meet.
// Registers belong to one engine: each new loop gets an induction register
// of its engine, and a dynamic loop's trip count is computed again on that
// engine from the same register code (runtime scalars, constants and ALU
// operations), in registers that are free there. Runs after
// bir-allocate-registers (it picks physical registers) and
// bir-allocate-semaphores.
//
//===----------------------------------------------------------------------===//

#include "dyn/Cost/Cost.h"
#include "dyn/Cost/Footprint.h"
#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "LiveRanges.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRSPLITENGINELOOPS
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

namespace {

bool isLoop(Operation *op) { return llvm::isa<ForOp, DynamicForOp>(op); }

Engine engineOf(Operation *op) {
  return llvm::cast<InstInterface>(op).getEngine();
}

/// The engines of the instructions inside `loop`, in engine order.
SmallVector<Engine> getBodyEngines(Operation *loop) {
  std::set<Engine> engines;
  loop->walk([&](InstInterface inst) {
    if (inst != loop)
      engines.insert(inst.getEngine());
  });
  return {engines.begin(), engines.end()};
}

class Splitter {
public:
  explicit Splitter(func::FuncOp func) : func(func) {}

  /// Splits `loop` if its body holds other engines' work; true if it did.
  FailureOr<bool> split(Operation *loop);

private:
  /// Physical registers of `engine` that hold a value somewhere in
  /// [from, to] of `order`.
  std::set<unsigned> getBusyRegisters(const ProgramOrder &order, Engine engine,
                                      int64_t from, int64_t to);
  /// Emits the trip count code of `loop` again on `engine` before it, in
  /// registers outside `busy`; returns the new upper-bound register.
  FailureOr<Value> copyTripCount(DynamicForOp loop, Engine engine,
                                 std::set<unsigned> &busy);
  /// Clones `op` (of `loop`'s body) into `mapping`'s new body, after the
  /// ops of the body it uses that are not instructions (access patterns).
  void cloneWithOperands(Operation *op, Operation *loop, OpBuilder &builder,
                         IRMapping &mapping);

  func::FuncOp func;
  cost::LatencyModel model;
};

std::set<unsigned> Splitter::getBusyRegisters(const ProgramOrder &order,
                                              Engine engine, int64_t from,
                                              int64_t to) {
  std::set<unsigned> busy;
  auto add = [&](Value reg, Operation *def) {
    if (getRegisterEngine(reg) != engine)
      return;
    auto [start, end] = order.liveRange(reg);
    if (start <= to && from <= end)
      if (std::optional<unsigned> id =
              llvm::cast<InstInterface>(def).getPhysicalRegister())
        busy.insert(*id);
  };
  func.walk([&](Operation *op) {
    if (isLoop(op))
      add(op->getRegion(0).getArgument(0), op);
    for (Value result : op->getResults())
      if (llvm::isa<RegType>(result.getType()))
        add(result, op);
  });
  return busy;
}

/// The first register id outside `busy`, which it joins.
static std::optional<unsigned> takeFree(std::set<unsigned> &busy) {
  for (unsigned id = 0; id < machine::kRegistersPerEngine; ++id)
    if (busy.insert(id).second)
      return id;
  return std::nullopt;
}

FailureOr<Value> Splitter::copyTripCount(DynamicForOp loop, Engine engine,
                                         std::set<unsigned> &busy) {
  SmallVector<Operation *> code = getRegisterCode(loop.getUbReg());
  if (!loop.getUbReg().getDefiningOp())
    return loop.emitOpError("has a trip count that is not register code; it "
                            "cannot be read again on '")
           << stringifyEngine(engine) << "'";
  OpBuilder builder(loop);
  IRMapping mapping;
  MLIRContext *ctx = loop.getContext();
  for (Operation *def : code) {
    if (!llvm::isa<ReadVarOp, ReadElemOp, MovImmOp, AluOp, AluImmOp>(def))
      return def->emitOpError("computes the trip count of a loop split across "
                              "engines, which '")
             << stringifyEngine(engine)
             << "' cannot compute again (only runtime scalars, constants and "
                "register ALU code)";
    // A memory read again later must read what the first read did: only
    // memory that no instruction writes.
    if (llvm::isa<ReadElemOp>(def)) {
      SmallVector<cost::Work, 2> read = cost::describeWork(def, model);
      cost::Footprint element = cost::getFootprint(read.front().reads.front());
      Value mem = llvm::cast<ReadElemOp>(def).getMem();
      WalkResult written = func.walk([&](InstInterface inst) {
        // A DMA not yet lowered to descriptors may write any location it
        // names.
        if (llvm::isa<DMAInterface>(*inst))
          for (Value operand : inst->getOperands())
            if (auto ap = operand.getDefiningOp<AccessPatternInterface>();
                ap && ap.getMem() == mem)
              return WalkResult::interrupt();
        for (const cost::Work &piece : cost::describeWork(inst, model))
          for (const cost::Access &write : piece.writes)
            if (cost::getFootprint(write).overlaps(element))
              return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (written.wasInterrupted())
        return def->emitOpError("reads the trip count of a loop split across "
                                "engines from memory the function writes; '")
               << stringifyEngine(engine) << "' cannot read it again";
    }
    std::optional<unsigned> id = takeFree(busy);
    if (!id)
      return loop.emitOpError("is split across engines, but '")
             << stringifyEngine(engine)
             << "' has no free register for its trip count";
    Operation *copy = builder.clone(*def, mapping);
    copy->setAttr("engine", EngineAttr::get(ctx, engine));
    (void)llvm::cast<InstInterface>(copy).setPhysicalRegister(*id);
  }
  return mapping.lookup(loop.getUbReg());
}

void Splitter::cloneWithOperands(Operation *op, Operation *loop,
                                 OpBuilder &builder, IRMapping &mapping) {
  Block *body = &loop->getRegion(0).front();
  // The values `op` (or an op nested in it) uses that the body defines
  // with an op that is not an instruction: cloned first, once.
  llvm::SetVector<Operation *> needed;
  SmallVector<Operation *> worklist = {op};
  while (!worklist.empty()) {
    Operation *current = worklist.pop_back_val();
    current->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (def && def->getBlock() == body && !llvm::isa<InstInterface>(def) &&
            !mapping.contains(operand) && needed.insert(def))
          worklist.push_back(def);
      }
    });
  }
  SmallVector<Operation *> ordered(needed.begin(), needed.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  for (Operation *def : ordered)
    builder.clone(*def, mapping);
  builder.clone(*op, mapping);
}

FailureOr<bool> Splitter::split(Operation *loop) {
  SmallVector<Engine> engines = getBodyEngines(loop);
  Engine home = engineOf(loop);
  if (engines.empty() || (engines.size() == 1 && engines.front() == home))
    return false;
  // Only the outermost loop of a nest may hold several engines' work.
  WalkResult nested = loop->walk([&](Operation *inner) {
    if (inner == loop || !isLoop(inner))
      return WalkResult::advance();
    for (Engine engine : getBodyEngines(inner))
      if (engine != engineOf(inner)) {
        inner->emitOpError("on '")
            << stringifyEngine(engineOf(inner)) << "' holds work for '"
            << stringifyEngine(engine)
            << "' inside a loop split across engines; only the outermost "
               "loop of a nest may hold several engines' work";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (nested.wasInterrupted())
    return failure();

  Block &body = loop->getRegion(0).front();
  // Locations are addresses by now: declared once, before the loops.
  for (AllocOp alloc : llvm::make_early_inc_range(body.getOps<AllocOp>()))
    alloc->moveBefore(loop);

  ProgramOrder order(func);
  int64_t start = order.position(loop), end = order.end(loop);
  Operation *last = loop;
  MLIRContext *ctx = loop->getContext();
  SmallVector<Operation *> moved;
  for (Engine engine : engines) {
    if (engine == home)
      continue;
    // Registers of `engine` live across the loop's start (for the trip
    // count code), or anywhere in the loop (for the induction register).
    std::set<unsigned> atStart = getBusyRegisters(order, engine, start, start);
    std::set<unsigned> inLoop = getBusyRegisters(order, engine, start, end);
    std::optional<unsigned> iv = takeFree(inLoop);
    if (!iv)
      return loop->emitOpError("is split across engines, but '")
             << stringifyEngine(engine)
             << "' has no free register for its induction register";
    atStart.insert(*iv);
    OpBuilder builder(loop);
    Operation *copy;
    if (auto dynamic = llvm::dyn_cast<DynamicForOp>(loop)) {
      FailureOr<Value> ub = copyTripCount(dynamic, engine, atStart);
      if (failed(ub))
        return failure();
      builder.setInsertionPointAfter(last);
      copy = DynamicForOp::create(
          builder, loop->getLoc(), *ub, dynamic.getLbAttr(),
          dynamic.getStepAttr(), dynamic.getUbCoefAttr(),
          dynamic.getUbConstAttr(), dynamic.getMaxTripAttr(),
          EngineAttr::get(ctx, engine), builder.getI32IntegerAttr(*iv),
          dynamic.getTripEstimateAttr());
    } else {
      auto stat = llvm::cast<ForOp>(loop);
      builder.setInsertionPointAfter(last);
      copy = ForOp::create(builder, loop->getLoc(), stat.getLbAttr(),
                           stat.getUbAttr(), stat.getStepAttr(),
                           EngineAttr::get(ctx, engine),
                           builder.getI32IntegerAttr(*iv));
    }
    last = copy;
    Region &region = copy->getRegion(0);
    Block *newBody = builder.createBlock(&region, region.end(),
                                         {RegType::get(ctx)}, {loop->getLoc()});
    IRMapping mapping;
    mapping.map(body.getArgument(0), newBody->getArgument(0));
    builder.setInsertionPointToEnd(newBody);
    for (Operation &op : body)
      if (llvm::isa<InstInterface>(op) && engineOf(&op) == engine) {
        cloneWithOperands(&op, loop, builder, mapping);
        moved.push_back(&op);
      }
  }
  // The originals go; an access pattern that read their registers goes
  // with them below.
  for (Operation *op : moved)
    op->dropAllDefinedValueUses();
  for (Operation *op : llvm::reverse(moved))
    op->erase();
  // What only the moved instructions used.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (!llvm::isa<InstInterface>(op) && op.use_empty())
      op.erase();
  if (!llvm::is_contained(engines, home)) {
    Value ub = llvm::isa<DynamicForOp>(loop)
                   ? llvm::cast<DynamicForOp>(loop).getUbReg()
                   : Value();
    loop->erase();
    // Its trip count code, unless something else reads it. (The list is
    // kept: a reversed temporary would be gone before the walk.)
    SmallVector<Operation *> code =
        ub ? getRegisterCode(ub) : SmallVector<Operation *>();
    for (Operation *def : llvm::reverse(code))
      if (def->use_empty())
        def->erase();
  }
  return true;
}

struct BIRSplitEngineLoopsPass
    : dyn::bir::impl::BIRSplitEngineLoopsBase<BIRSplitEngineLoopsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    Splitter splitter(func);
    SmallVector<Operation *> loops;
    for (Operation &op : func.getBody().front())
      if (isLoop(&op))
        loops.push_back(&op);
    for (Operation *loop : loops) {
      FailureOr<bool> split = splitter.split(loop);
      if (failed(split))
        return signalPassFailure();
      numSplit += *split;
    }
  }
};

} // namespace
