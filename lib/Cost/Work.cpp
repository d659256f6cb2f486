//===- Work.cpp - what each lowered instruction costs ---------------------===//

#include "dyn/Cost/Cost.h"

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::cost;

/// The bytes a pattern from byte `offset` reaches: [offset, last + 1); the
/// whole location when that does not fit in 64 bits.
static Access patternSpan(Value location, int64_t offset,
                          bir::PatternRef pattern, int64_t elementBytes) {
  std::optional<int64_t> last = pattern.getReach();
  std::optional<int64_t> bytes =
      last ? llvm::checkedMul(*last + 1, elementBytes) : std::nullopt;
  std::optional<int64_t> end =
      bytes ? llvm::checkedAdd(offset, *bytes) : std::nullopt;
  if (!end)
    return {location};
  return {location, offset, *end};
}

/// The bytes an access-pattern operand reaches: its span for a static
/// pattern, the whole location for a register one.
static Access operandAccess(Value ap) {
  Access access{Value()};
  if (auto phys = ap.getDefiningOp<bir::PhysicalAPOp>()) {
    int64_t eb = *bir::getElementBytes(
        llvm::cast<MemRefType>(phys.getMem().getType()));
    access = patternSpan(phys.getMem(), phys.getOffset() * eb,
                         phys.getPattern(), eb);
  } else if (auto reg = ap.getDefiningOp<bir::RegisterAPOp>()) {
    access = {reg.getMem()};
  }
  access.operand = ap;
  return access;
}

std::pair<int64_t, int64_t> dyn::cost::getOperandShape(Value ap) {
  auto described = bir::describeAP(ap);
  if (!described)
    return {1, 1};
  bir::PatternRef pattern = described->second;
  if (pattern.empty())
    return {1, 1};
  return {pattern.front().num,
          pattern.dropFront().getNumElements().value_or(1)};
}

/// An engine's cycles to stream `elements` per partition `passes` times at
/// its peak rate.
static int64_t streamedCycles(bir::Engine engine, int64_t elements,
                              int64_t passes, const LatencyModel &model) {
  return llvm::divideCeil(mulCounts(elements, passes),
                          model.computeRate(engine));
}

/// The accesses of a compute instruction on `engine`: it reads its inputs
/// and writes `written` (reading those it accumulates into); `elements` is
/// its largest operand's elements per partition.
static Work accessWork(Operation *op, bir::Engine engine,
                       ArrayRef<Value> written, ArrayRef<Value> accumulated,
                       int64_t &elements) {
  Work work{{engine, false}, 0, {}, {}};
  elements = 1;
  for (Value operand : op->getOperands()) {
    if (!llvm::isa<bir::AccessPatternType>(operand.getType()))
      continue;
    elements = std::max(elements, getOperandShape(operand).second);
    if (!llvm::is_contained(written, operand) ||
        llvm::is_contained(accumulated, operand))
      work.reads.push_back(operandAccess(operand));
  }
  for (Value out : written)
    work.writes.push_back(operandAccess(out));
  return work;
}

/// The work of a compute instruction: estimateCompute of its largest
/// operand's elements per partition, times `passes`.
static Work computeWork(Operation *op, bir::Engine engine,
                        ArrayRef<Value> written, ArrayRef<Value> accumulated,
                        const LatencyModel &model, int64_t passes = 1) {
  int64_t elements;
  Work work = accessWork(op, engine, written, accumulated, elements);
  work.cycles = estimateCompute(engine, elements, passes, model);
  work.peakCycles = model.toModelCycles(
      engine, streamedCycles(engine, elements, passes, model));
  return work;
}

int64_t dyn::cost::estimateCompute(bir::Engine engine, int64_t elements,
                                   int64_t passes, const LatencyModel &model) {
  return model.toModelCycles(
      engine, std::max(model.computeMin(engine),
                       addCounts(model.computeFixed(engine),
                                 streamedCycles(engine, elements, passes,
                                                model))));
}

/// PE cycles of `columns` streamed `passes` times after a start of
/// min(MM_INIT_LATENCY, `width`): the matmul's moving columns or the
/// transpose's partitions (the NKI ISA reference's nc_matmul cost).
static int64_t peCycles(int64_t columns, int64_t width, int64_t passes,
                        const LatencyModel &model) {
  int64_t start =
      mulCounts(std::min(model.computeMin(bir::Engine::pe), width), passes);
  return model.toModelCycles(
      bir::Engine::pe,
      addCounts(model.computeFixed(bir::Engine::pe),
                std::max(start, streamedCycles(bir::Engine::pe, columns,
                                               passes, model))));
}

int64_t dyn::cost::estimateTranspose(int64_t partitions, int64_t each, bool f32,
                                     const LatencyModel &model) {
  return peCycles(partitions, each, f32 ? model.matmulFp32Passes : 1, model);
}

/// Whether the location `ap` walks holds f32.
static bool isF32Operand(Value ap) {
  auto pattern = ap.getDefiningOp<bir::AccessPatternInterface>();
  return pattern && llvm::cast<MemRefType>(pattern.getMem().getType())
                        .getElementType()
                        .isF32();
}

/// The work of a PE instruction that streams `columns` after a start of
/// `width` (peCycles), `passes` times.
static Work peWork(Operation *op, ArrayRef<Value> written,
                   ArrayRef<Value> accumulated, int64_t columns, int64_t width,
                   int64_t passes, const LatencyModel &model) {
  int64_t elements;
  Work work = accessWork(op, bir::Engine::pe, written, accumulated, elements);
  work.cycles = peCycles(columns, width, passes, model);
  work.peakCycles = model.toModelCycles(
      bir::Engine::pe, streamedCycles(bir::Engine::pe, columns, passes, model));
  return work;
}

/// A matmul: its moving columns after a start of its stationary columns,
/// four passes on fp32.
static Work matmulWork(bir::MatmulOp mm, const LatencyModel &model) {
  SmallVector<Value> out{mm.getOut()};
  int64_t passes = isF32Operand(mm.getStationary()) ||
                           isF32Operand(mm.getMoving())
                       ? model.matmulFp32Passes
                       : 1;
  return peWork(mm, out, mm.getAccumulate() ? ArrayRef<Value>(out)
                                            : ArrayRef<Value>{},
                getOperandShape(mm.getMoving()).second,
                getOperandShape(mm.getStationary()).second, passes, model);
}

/// A transpose streams its input's partitions through the PE array as a
/// matmul streams its moving columns (project-defined: the NKI ISA
/// reference gives no separate cost).
static Work transposeWork(bir::TransposeOp t, const LatencyModel &model) {
  auto [partitions, each] = getOperandShape(t.getIn());
  return peWork(t, {t.getOut()}, {}, partitions, each,
                isF32Operand(t.getIn()) ? model.matmulFp32Passes : 1, model);
}

/// The contiguous runs a DMA side walks: its innermost level of step 1,
/// merged with the levels around it that continue it. An on-chip side does
/// not merge across its first level, the partitions.
static int64_t countContiguousRuns(bir::PatternRef pattern, bool onChip) {
  size_t first = onChip ? 1 : 0, i = pattern.size();
  while (i > first && pattern.num(i - 1) == 1)
    --i;
  int64_t run = 1;
  if (i > first && pattern.step(i - 1) == 1) {
    run = pattern.num(--i);
    for (; i > first; --i) {
      if (pattern.num(i - 1) == 1)
        continue;
      std::optional<int64_t> merged =
          llvm::checkedMul(run, pattern.num(i - 1));
      if (pattern.step(i - 1) != run || !merged)
        break;
      run = *merged;
    }
  }
  return std::max<int64_t>(1, pattern.getNumElements().value_or(run) / run);
}

/// What a descriptor of `bytes` costs, in bytes at the queue's bandwidth:
/// each contiguous run of the side that walks more of them costs
/// dma_run_overhead_bytes more, so a strided or element-by-element side
/// moves fewer bytes a cycle.
static int64_t chargedBytes(int64_t bytes, bir::PatternRef src, bool srcOnChip,
                            bir::PatternRef dst, bool dstOnChip,
                            const LatencyModel &model) {
  int64_t runs = std::max(countContiguousRuns(src, srcOnChip),
                          countContiguousRuns(dst, dstOnChip));
  return addCounts(bytes, mulCounts(runs, model.dmaRunOverheadBytes));
}

int64_t dyn::cost::estimateTransfer(int64_t bytes, bir::PatternRef src,
                                    bool srcOnChip, bir::PatternRef dst,
                                    bool dstOnChip, const LatencyModel &model) {
  return addCounts(
      addCounts(model.dmaFixedCycles, model.dmaDescriptorCycles),
      model.transferCycles(
          chargedBytes(bytes, src, srcOnChip, dst, dstOnChip, model),
          model.dmaQueueMBPerSecond));
}

/// The work of a trigger: its start (and software DGE's descriptor
/// generation) on the triggering engine, then the transfer on the DMA queue
/// of its queue engine (hardware DGE) or of its triggering engine.
static SmallVector<Work, 2> triggerWork(dge::TriggerOp trigger,
                                        const LatencyModel &model) {
  auto block = trigger.getBlock().getDefiningOp<dge::BlockOp>();
  Work start{{trigger.getTrigger(), false}, model.triggerCycles, {}, {}};
  Work transfer{{trigger.getQueue().value_or(trigger.getTrigger()), true},
                model.dmaFixedCycles, {}, {}};
  int64_t descriptors = 0, bytes = 0, charged = 0;
  for (auto desc : block.getBody().front().getOps<dge::DescriptorOp>()) {
    ++descriptors;
    bytes = addCounts(bytes, desc.getBytes());
    auto onChip = [](Value mem) {
      return bir::getMemorySpace(llvm::cast<MemRefType>(mem.getType())) !=
             bir::MemorySpace::dram;
    };
    charged = addCounts(
        charged, chargedBytes(desc.getBytes(), desc.getSrcPattern(),
                              onChip(desc.getSrc()), desc.getDstPattern(),
                              onChip(desc.getDst()), model));
    for (Value mem : {desc.getSrc(), desc.getDst()})
      if (!onChip(mem))
        transfer.hbmBytes = addCounts(transfer.hbmBytes, desc.getBytes());
    auto side = [&](Value mem, Value dyn, dge::AddressMode mode,
                    int64_t offset, bir::PatternRef pattern, bool source) {
      int64_t eb = *bir::getElementBytes(llvm::cast<MemRefType>(mem.getType()));
      Access access{mem};
      if (mode == dge::AddressMode::imm)
        access = patternSpan(mem, offset, pattern, eb);
      else if (mode == dge::AddressMode::indirect)
        transfer.reads.push_back({dyn}); // the index tensor
      access.descriptor = desc;
      access.source = source;
      return access;
    };
    transfer.reads.push_back(side(desc.getSrc(), desc.getSrcDyn(),
                                  desc.getSrcMode(), desc.getSrcOffset(),
                                  desc.getSrcPattern(), true));
    transfer.writes.push_back(side(desc.getDst(), desc.getDstDyn(),
                                   desc.getDstMode(), desc.getDstOffset(),
                                   desc.getDstPattern(), false));
  }
  if (trigger.getDgeType() == dge::DGEType::swdge)
    start.cycles = addCounts(
        start.cycles, mulCounts(model.swdgeDescriptorCycles, descriptors));
  transfer.cycles = addCounts(
      transfer.cycles,
      addCounts(mulCounts(model.dmaDescriptorCycles, descriptors),
                model.transferCycles(charged, model.dmaQueueMBPerSecond)));
  transfer.peakCycles = model.transferCycles(bytes, model.dmaQueueMBPerSecond);
  return {start, transfer};
}

SmallVector<Work, 2> dyn::cost::describeWork(Operation *op,
                                             const LatencyModel &model) {
  auto on = [](bir::Engine engine, int64_t cycles) {
    return SmallVector<Work, 2>{Work{{engine, false}, cycles, {}, {}}};
  };
  return llvm::TypeSwitch<Operation *, SmallVector<Work, 2>>(op)
      .Case([&](bir::ReadVarOp read) {
        return on(read.getEngine(), model.readVarCycles);
      })
      .Case([&](bir::ReadElemOp read) {
        SmallVector<Work, 2> work = on(read.getEngine(), model.readElemCycles);
        work[0].reads.push_back({read.getMem(), 4 * int64_t(read.getIndex()),
                                 4 * int64_t(read.getIndex()) + 4});
        return work;
      })
      .Case([&](bir::MovImmOp mov) {
        return on(mov.getEngine(), model.movImmCycles);
      })
      .Case<bir::AluOp, bir::AluImmOp>([&](auto alu) {
        return on(alu.getEngine(), model.aluCycles);
      })
      .Case([&](bir::MemsetOp memset) {
        return SmallVector<Work, 2>{computeWork(
            memset, memset.getEngine(), {memset.getDst()}, {}, model)};
      })
      .Case([&](bir::ActivationOp act) {
        SmallVector<Value> written{act.getOut()};
        if (act.getSum())
          written.push_back(act.getSum());
        return SmallVector<Work, 2>{computeWork(
            act, act.getEngine(), written,
            act.getSum() ? ArrayRef<Value>{act.getSum()} : ArrayRef<Value>{},
            model)};
      })
      .Case([&](bir::MatmulOp mm) {
        return SmallVector<Work, 2>{matmulWork(mm, model)};
      })
      .Case([&](bir::TransposeOp t) {
        return SmallVector<Work, 2>{transposeWork(t, model)};
      })
      .Case([&](bir::TensorTensorOp tt) {
        // Two tensor inputs take two passes on the Vector engine.
        int64_t passes = tt.getEngine() == bir::Engine::dve
                             ? model.vectorTwoInputPasses
                             : 1;
        return SmallVector<Work, 2>{computeWork(
            tt, tt.getEngine(), {tt.getOut()}, {}, model, passes)};
      })
      .Case([&](bir::CopyPredicatedOp copy) {
        // The elements not selected keep their values: out is also read.
        SmallVector<Value> out{copy.getOut()};
        return SmallVector<Work, 2>{
            computeWork(copy, copy.getEngine(), out, out, model)};
      })
      .Case<bir::TensorScalarOp, bir::TensorCopyOp, bir::TensorReduceOp,
            bir::IotaOp, bir::AffineSelectOp>(
          [&](auto compute) {
            return SmallVector<Work, 2>{computeWork(
                compute, compute.getEngine(), {compute.getOut()}, {}, model)};
          })
      .Case([&](dge::TriggerOp trigger) { return triggerWork(trigger, model); })
      .Default([](Operation *) { return SmallVector<Work, 2>{}; });
}

bool dyn::cost::scheduleInstruction(Timeline &timeline, Operation *op,
                                    ArrayRef<Work> work) {
  if (auto signal = llvm::dyn_cast<bir::SemSignalOp>(op)) {
    timeline.signal(signal.getEngine(), signal.getSem().value_or(0));
    return true;
  }
  if (auto wait = llvm::dyn_cast<bir::SemWaitOp>(op)) {
    timeline.wait(wait, wait.getEngine(), wait.getSem().value_or(0));
    return true;
  }
  if (work.empty())
    return false;
  timeline.schedule(op, work);
  return true;
}

Work dyn::cost::describeTrip(Operation *loop, const LatencyModel &model) {
  return {{llvm::cast<bir::InstInterface>(loop).getEngine(), false},
          model.loopTripCycles, {}, {}};
}

int64_t dyn::cost::getTripEstimate(Operation *loop) {
  if (auto stat = llvm::dyn_cast<bir::ForOp>(loop))
    return stat.getTripCount();
  return llvm::cast<bir::DynamicForOp>(loop).getEstimatedTripCount();
}

int64_t dyn::cost::getMaxTrip(Operation *loop) {
  if (auto dynamic = llvm::dyn_cast<bir::DynamicForOp>(loop))
    return static_cast<int64_t>(dynamic.getMaxTrip());
  return getTripEstimate(loop);
}

int64_t dyn::cost::getEstimatedRuns(Operation *op) {
  int64_t runs = 1;
  for (Operation *loop = op->getParentOp(); loop; loop = loop->getParentOp())
    if (llvm::isa<bir::ForOp, bir::DynamicForOp>(loop))
      runs = mulCounts(runs, getTripEstimate(loop));
  return runs;
}
