//===- LowerDynamicDMA.cpp - dge-lower-dynamic-dma ------------------------===//
//
// Report Stage 5 (lower_dynamic_dma): each routed DMA becomes an InstDMABlock
// of descriptors and is replaced in place by an InstDMATrigger bound to it
// (convertDMA2Trigger, setTrigger). An address that is the value of a
// runtime scalar is patched at run time from the scalar's memory location
// (createDescForReadVarAddr); over-budget DMAs are split (SplitLargeDMAs).
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DGE/Transforms/Passes.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

namespace dyn::dge {
#define GEN_PASS_DEF_DGELOWERDYNAMICDMA
#include "dyn/Dialect/DGE/Transforms/Passes.h.inc"
} // namespace dyn::dge

using namespace mlir;
using namespace dyn;
using namespace dyn::dge;

namespace {
/// One side of the DMA as a descriptor sees it.
struct Side {
  Value mem, dyn;
  AddressMode mode = AddressMode::imm;
  int64_t offset = 0; // bytes
  bir::PatternVector pattern;
  int64_t elementBytes = 0;
};

} // namespace

static FailureOr<Side> describe(Operation *dma, Value ap) {
  Side side;
  Operation *def = ap.getDefiningOp();
  if (auto phys = llvm::dyn_cast_or_null<bir::PhysicalAPOp>(def)) {
    if (phys.hasScalarDynamicInfo())
      return dma->emitOpError("has scalar dynamic info left; run "
                              "bir-expand-dynamic-ap-info first");
    side.mem = phys.getMem();
    side.pattern = bir::PatternVector(phys.getPattern());
    side.elementBytes =
        *bir::getElementBytes(llvm::cast<MemRefType>(side.mem.getType()));
    side.offset = phys.getOffset() * side.elementBytes;
    if (phys.hasIndirectDynamicInfo()) {
      side.mode = AddressMode::indirect;
      side.dyn = phys.getIndirect();
    }
    return side;
  }
  if (auto reg = llvm::dyn_cast_or_null<bir::RegisterAPOp>(def)) {
    side.mem = reg.getMem();
    side.pattern = bir::PatternVector(reg.getPattern());
    side.elementBytes =
        *bir::getElementBytes(llvm::cast<MemRefType>(side.mem.getType()));
    if (auto var = reg.getAddr().getDefiningOp<bir::ReadVarOp>()) {
      side.mode = AddressMode::patched;
      side.dyn = var.getVar();
    } else {
      side.mode = AddressMode::reg;
      side.dyn = reg.getAddr();
    }
    return side;
  }
  return dma->emitOpError("side is not a kind-1 or kind-3 access pattern; "
                          "run bir-lower-symbolic-ap first");
}

namespace {

/// One side of a piece of the DMA: a byte offset, a pattern, and on an
/// indirect side the first index slot it reads.
struct PieceSide {
  int64_t offset = 0, firstIndex = 0;
  bir::PatternVector pattern;
};

/// A piece of the DMA, one descriptor.
struct Piece {
  PieceSide src, dst;
};

} // namespace

/// How many descriptors the lowering may make (pass options).
struct DescriptorLimits {
  int64_t bytes, perDMA, perFunction;
  int64_t used = 0; // so far in the function

  /// Takes `count` descriptors for `dma`, or explains which limit it breaks.
  LogicalResult take(Operation *dma, std::optional<int64_t> count) {
    if (!count || *count > perDMA)
      return dma->emitOpError("needs ")
             << (count ? std::to_string(*count) : std::string("over 2^63"))
             << " descriptors of at most " << bytes
             << " bytes, over max-descriptors-per-dma " << perDMA
             << "; raise max-descriptor-bytes or max-descriptors-per-dma";
    if (*count > perFunction - used)
      return dma->emitOpError("brings the function to ")
             << used + *count
             << " descriptors, over max-descriptors-per-function "
             << perFunction << "; raise max-descriptors-per-function";
    used += *count;
    return success();
  }
};

/// The piece of `side` whose outer levels (before `k`) sit at `idx` and
/// whose level `k` covers `n` steps from `start`. An indirect side's first
/// entry is its index rows: there a position is an index slot rather than
/// bytes, and a piece inside one row keeps that row as a one-row entry.
static PieceSide cut(const Side &side, ArrayRef<int64_t> idx, size_t k,
                     int64_t start, int64_t n) {
  bool indirect = side.mode == AddressMode::indirect;
  bir::PatternRef pattern = side.pattern;
  PieceSide piece;
  piece.offset = side.offset;
  for (size_t j = 0; j < k; ++j) {
    if (indirect && j == 0)
      piece.firstIndex = idx[0];
    else
      piece.offset += idx[j] * pattern.step(j) * side.elementBytes;
  }
  if (indirect && k == 0)
    piece.firstIndex = start;
  else
    piece.offset += start * pattern.step(k) * side.elementBytes;
  if (indirect && k > 0)
    piece.pattern.append(pattern.step(0), 1);
  piece.pattern.append(pattern.step(k), n);
  piece.pattern.append(pattern.dropFront(k + 1));
  return piece;
}

/// Splits along the outermost entries so each piece is at most `budget`
/// bytes; the two sides must have the same entry counts (nums). An indirect
/// DMA splits by chunks of index rows, each chunk reading its own index
/// slots (or, when one row is over the budget, inside a row). Refuses to
/// make more descriptors than the limits allow, before making any.
static FailureOr<SmallVector<Piece>> split(Operation *dma, const Side &src,
                                           const Side &dst,
                                           DescriptorLimits &limits) {
  int64_t budget = limits.bytes;
  // Verified patterns count their bytes in 64 bits.
  int64_t bytes = *src.pattern.get().getBytes(src.elementBytes);
  if (bytes <= budget) {
    if (failed(limits.take(dma, 1)))
      return failure();
    return SmallVector<Piece>{{{src.offset, 0, src.pattern},
                               {dst.offset, 0, dst.pattern}}};
  }
  if (src.pattern.get().getNums() != dst.pattern.get().getNums())
    return dma->emitOpError("moves ")
           << bytes << " bytes, over max-descriptor-bytes " << budget
           << ", and its sides have different shapes, so it cannot be split";
  if (src.elementBytes > budget)
    return dma->emitOpError("max-descriptor-bytes ")
           << budget << " is smaller than one element";
  size_t levels = src.pattern.size();
  // The outermost level k whose inner rows fit the budget.
  size_t k = levels - 1;
  int64_t inner = src.elementBytes;
  for (size_t j = levels; j-- > 0;) {
    if (inner * src.pattern.num(j) > budget) {
      k = j;
      break;
    }
    inner *= src.pattern.num(j);
  }
  int64_t chunk = std::max<int64_t>(1, budget / inner);
  // Descriptors: every combination of the outer indices, times the chunks
  // of entry k. Checked, and compared with the limits before any is made.
  std::optional<int64_t> count =
      llvm::divideCeil(src.pattern.num(k), chunk);
  for (size_t j = 0; j < k && count; ++j)
    count = llvm::checkedMul(*count, src.pattern.num(j));
  if (failed(limits.take(dma, count)))
    return failure();
  SmallVector<Piece> pieces;
  SmallVector<int64_t> idx(k, 0);
  while (true) {
    int64_t num = src.pattern.num(k);
    for (int64_t start = 0; start < num; start += chunk) {
      int64_t n = std::min(chunk, num - start);
      pieces.push_back(
          {cut(src, idx, k, start, n), cut(dst, idx, k, start, n)});
    }
    // Next combination of the outer indices.
    size_t j = k;
    while (j > 0 && ++idx[j - 1] == src.pattern.num(j - 1))
      idx[--j] = 0;
    if (j == 0)
      break;
  }
  return pieces;
}

static LogicalResult lower(DMAOp dma, DescriptorLimits &limits) {
  int64_t budget = limits.bytes;
  if (dma.getDgeType() == DGEType::unassigned)
    return dma.emitOpError("has no route; run dge-scan");
  FailureOr<Side> src = describe(dma, dma.getSrc());
  FailureOr<Side> dst = describe(dma, dma.getDst());
  if (failed(src) || failed(dst))
    return failure();
  if (dma.getTranspose()) {
    // The xbar transpose of a 2-D tile (the verifier's rule) reads it
    // column by column: the same data movement as a strided copy (below
    // ArchLevel 30 that is what runs).
    src->pattern = {src->pattern[1], src->pattern[0]};
  }
  FailureOr<SmallVector<Piece>> pieces = split(dma, *src, *dst, limits);
  if (failed(pieces))
    return failure();
  // A runtime on-chip address is an address-map address: a piece further
  // into the location moves by whole partitions, not by linear bytes.
  for (auto [side, isSrc] : {std::make_pair(&*src, true), std::make_pair(&*dst, false)}) {
    if (side->mode != AddressMode::reg && side->mode != AddressMode::patched)
      continue;
    std::optional<bir::OnChipLocation> layout =
        bir::OnChipLocation::get(side->mem);
    if (!layout)
      continue;
    for (Piece &piece : *pieces) {
      int64_t &offset = isSrc ? piece.src.offset : piece.dst.offset;
      if (offset % layout->getRowBytes() != 0)
        return dma.emitOpError("cannot split inside a partition at a runtime "
                               "on-chip address; raise max-descriptor-bytes");
      offset = layout->getDisplacement(offset);
    }
  }

  OpBuilder builder(dma);
  MLIRContext *ctx = builder.getContext();
  auto block = BlockOp::create(builder, dma.getLoc(),
                               DescriptorBlockType::get(ctx),
                               builder.getI64IntegerAttr(budget));
  OpBuilder inner = OpBuilder::atBlockBegin(&block.getBody().emplaceBlock());
  // A later chunk of an index tensor is named by its first slot.
  auto firstIndex = [&](const PieceSide &side) {
    return side.firstIndex ? inner.getI64IntegerAttr(side.firstIndex)
                           : IntegerAttr();
  };
  for (const Piece &piece : *pieces) {
    int64_t bytes = *piece.src.pattern.get().getBytes(src->elementBytes);
    DescriptorOp::create(
        inner, dma.getLoc(), src->mem, src->dyn, dst->mem, dst->dyn,
        AddressModeAttr::get(ctx, src->mode),
        inner.getI64IntegerAttr(piece.src.offset),
        AddressModeAttr::get(ctx, dst->mode),
        inner.getI64IntegerAttr(piece.dst.offset),
        inner.getI64IntegerAttr(bytes),
        bir::PatternAttr::get(ctx, piece.src.pattern.getFlat()),
        bir::PatternAttr::get(ctx, piece.dst.pattern.getFlat()), IntegerAttr(),
        IntegerAttr(), IndirectRecordKindAttr(), IndirectRecordKindAttr(),
        firstIndex(piece.src), firstIndex(piece.dst));
  }
  TriggerOp::create(builder, dma.getLoc(), block, dma.getDgeTypeAttr(),
                    dma.getTriggerAttr(), dma.getQueueAttr());
  llvm::SetVector<Operation *> aps;
  aps.insert(dma.getSrc().getDefiningOp());
  aps.insert(dma.getDst().getDefiningOp());
  dma.erase();
  for (Operation *ap : aps) {
    if (!ap || !ap->use_empty())
      continue;
    Operation *var = nullptr;
    if (auto reg = llvm::dyn_cast<bir::RegisterAPOp>(ap))
      var = reg.getAddr().getDefiningOp<bir::ReadVarOp>();
    ap->erase();
    // A scalar read only to be patched into a descriptor is not needed.
    if (var && var->use_empty())
      var->erase();
  }
  return success();
}

/// Software DGE stages the descriptors it generates at run time (those with
/// a register or indirect side) of each block it triggers in the DGE
/// scratch: the largest such block must fit the scratch's bytes per
/// partition (dge::getScratchUsePerPartition). A function without a scratch
/// (dge-setup has not run) is not checked.
static LogicalResult checkScratchUse(func::FuncOp func) {
  int64_t capacity = -1;
  func.walk([&](bir::AllocOp alloc) {
    if (alloc.getDynamicDMAScratchLoc())
      capacity = bir::getBytesPerPartition(alloc.getType());
  });
  TriggerOp largest;
  int64_t largestUse = 0, largestCount = 0;
  func.walk([&](TriggerOp trigger) {
    if (trigger.getDgeType() != DGEType::swdge)
      return;
    auto block = trigger.getBlock().getDefiningOp<BlockOp>();
    if (!block)
      return;
    int64_t count = llvm::count_if(
        block.getBody().front().getOps<DescriptorOp>(),
        [](DescriptorOp desc) {
          return isGeneratedAtRunTime(desc.getSrcMode()) ||
                 isGeneratedAtRunTime(desc.getDstMode());
        });
    int64_t use = getScratchUsePerPartition(count);
    if (use > largestUse) {
      largest = trigger;
      largestUse = use;
      largestCount = count;
    }
  });
  if (capacity < 0 || largestUse <= capacity)
    return success();
  return largest.emitError("software DGE stages ")
         << largestCount << " descriptors here, " << largestUse
         << " bytes per partition, over the DGE scratch of " << capacity
         << " bytes per partition; raise "
            "dynamic-dma-scratch-size-per-partition";
}

namespace {

struct DGELowerDynamicDMAPass
    : dyn::dge::impl::DGELowerDynamicDMABase<DGELowerDynamicDMAPass> {
  using Base::Base;
  void runOnOperation() override {
    if (maxDescriptorBytes <= 0 || maxDescriptorsPerDMA <= 0 ||
        maxDescriptorsPerFunction <= 0) {
      getOperation().emitError("max-descriptor-bytes, max-descriptors-per-dma "
                               "and max-descriptors-per-function must be "
                               "positive");
      return signalPassFailure();
    }
    DescriptorLimits limits{maxDescriptorBytes, maxDescriptorsPerDMA,
                            maxDescriptorsPerFunction};
    SmallVector<DMAOp> dmas;
    getOperation().walk([&](DMAOp dma) { dmas.push_back(dma); });
    for (DMAOp dma : dmas)
      if (failed(lower(dma, limits)))
        return signalPassFailure();
    if (failed(checkScratchUse(getOperation())))
      return signalPassFailure();
  }
};
} // namespace
