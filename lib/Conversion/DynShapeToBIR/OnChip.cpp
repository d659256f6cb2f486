//===- OnChip.cpp - the operands of engine ops, staged on chip ------------===//
//
// An engine operand is an access pattern over an on-chip location whose
// first pair walks partitions. A view already laid out so (an SBUF
// location whose dim 0 is the partition loop) is used where it is; any
// other (a DRAM tensor, a view whose partition loop is a free dim, a view at
// a runtime offset) is copied by one DMA into an SBUF tile in the engine's
// loop order, and an output tile is copied back after the op.
//
//===----------------------------------------------------------------------===//

#include "Compute.h"

#include "dyn/Cost/Cost.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// True for the induction register of a bir loop.
static bool isInductionRegister(Value reg) {
  auto arg = llvm::dyn_cast_or_null<BlockArgument>(reg);
  return arg && llvm::isa_and_nonnull<ForOp, DynamicForOp>(
                    arg.getOwner()->getParentOp());
}

/// The free levels of a dense tile row that loops of `counts` walk in
/// order: a loop that is not `indexed` repeats (step 0); no loop is one
/// element.
static PatternVector denseLevels(ArrayRef<int64_t> counts,
                                ArrayRef<bool> indexed) {
  int64_t stride = 1;
  for (auto [count, isIndexed] : llvm::zip(counts, indexed))
    if (isIndexed)
      stride *= count;
  PatternVector levels;
  for (auto [count, isIndexed] : llvm::zip(counts, indexed)) {
    if (isIndexed)
      stride /= count;
    levels.append(isIndexed ? stride : 0, count);
  }
  if (levels.empty())
    levels.append(1, 1);
  return levels;
}

/// The loop of each dim of a view (its map is a projected permutation).
static SmallVector<int64_t> getDimLoops(AffineMap map) {
  SmallVector<int64_t> loops;
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    loops.push_back(map.getDimPosition(i));
  return loops;
}

/// The view dim that `loop` indexes, or -1.
static int64_t findDim(ArrayRef<int64_t> dimLoops, int64_t loop) {
  if (loop < 0)
    return -1;
  auto it = llvm::find(dimLoops, loop);
  return it == dimLoops.end() ? -1 : it - dimLoops.begin();
}

/// The view dims in the order the engine walks them: the partition loop's,
/// then the free loops' (those the view indexes).
static SmallVector<int64_t> getWalkOrder(ArrayRef<int64_t> dimLoops,
                                         int64_t partitionLoop,
                                         ArrayRef<int64_t> freeLoops) {
  SmallVector<int64_t> order;
  if (int64_t d = findDim(dimLoops, partitionLoop); d >= 0)
    order.push_back(d);
  for (int64_t loop : freeLoops)
    if (int64_t d = findDim(dimLoops, loop); d >= 0)
      order.push_back(d);
  return order;
}

/// Whether the PE array transposes a [partitions x rows] tile of `element`
/// (stageTransposed): at most 128 x 128, of an engine float type.
static bool isPETransposable(int64_t partitions, int64_t rows, Type element) {
  return partitions <= machine::kNumPartitions &&
         rows <= machine::kNumPartitions && machine::isEngineFloat(element);
}

std::string dyn::whyNotStageable(Value view, AffineMap map,
                                 int64_t partitionLoop,
                                 ArrayRef<int64_t> freeLoops) {
  if (!hasRuntimeOffset(view))
    return "";
  // The DMA generator of a runtime offset walks the view's dims in order;
  // a batch loop's dim (neither partitions nor free) is one index in each
  // instance.
  SmallVector<int64_t> order =
      getWalkOrder(getDimLoops(map), partitionLoop, freeLoops);
  if (llvm::is_sorted(order))
    return "";
  // A 2-D tile read transposed goes by rows, in order, and through the PE
  // array (stageTransposed).
  auto type = llvm::cast<MemRefType>(view.getType());
  if (order.size() == 2 && order[0] > order[1] &&
      isPETransposable(type.getDimSize(order[0]), type.getDimSize(order[1]),
                       type.getElementType()))
    return "";
  return "a compute operand at a runtime offset that the engines read in "
         "another dim order, larger than the 128 x 128 tile the PE array "
         "transposes; copy it into a buffer first";
}

Value OnChipBuilder::getTile(unsigned slot, ArrayRef<int64_t> shape, Type type,
                             MemorySpace space) {
  Value &tile = tiles[slot];
  if (tile) {
    auto existing = llvm::cast<MemRefType>(tile.getType());
    if (existing.getElementType() == type &&
        getMemorySpace(existing) == space &&
        existing.getDimSize(0) >= shape[0] &&
        existing.getDimSize(1) == shape[1])
      return tile;
  }
  auto memref = MemRefType::get(
      shape, type, MemRefLayoutAttrInterface(),
      MemorySpaceAttr::get(rewriter.getContext(), space));
  tile = AllocOp::create(rewriter, op->getLoc(), memref, IntegerAttr(),
                         UnitAttr());
  return tile;
}

bool OnChipBuilder::stageTransposed(unsigned slot, const Side &view,
                                    const Side &staged) {
  // A 2-D view whose partitions are its contiguous dim: [P, F] read from F
  // rows of P elements (a row-major [F, P] source).
  if (view.pattern.size() != 2 ||
      view.pattern.step(0) != 1 || view.pattern.step(1) < view.pattern.num(0))
    return false;
  int64_t partitions = view.pattern.num(0), rows = view.pattern.num(1);
  // The staged tile must be that [P, F] (not a row of P x F elements).
  if (staged.pattern.size() != 2 || staged.pattern.num(0) != partitions ||
      staged.pattern.num(1) != rows)
    return false;
  auto baseType = llvm::cast<MemRefType>(view.base.getType());
  Type element = baseType.getElementType();
  if (!isPETransposable(partitions, rows, element))
    return false;
  // The cost model chooses: one DMA walking the source element by element,
  // or a DMA of whole rows, a PE transpose into PSUM and a copy out.
  cost::LatencyModel model;
  int64_t bytes = partitions * rows * *bir::getElementBytes(baseType);
  bool onChip = getMemorySpace(baseType) != MemorySpace::dram;
  PatternVector natural = {{view.pattern.step(1), rows}, {1, partitions}};
  PatternVector rowsTile = {{partitions, rows}, {1, partitions}};
  int64_t direct = cost::estimateTransfer(bytes, view.pattern.get(), onChip,
                                          staged.pattern.get(), true, model);
  int64_t viaPE =
      cost::estimateTransfer(bytes, natural.get(), onChip, rowsTile.get(), true,
                             model) +
      cost::estimateTranspose(rows, partitions, element.isF32(), model) +
      cost::estimateCompute(Engine::dve, rows, 1, model);
  // At a runtime offset, the DMA generator walks the source in order: only
  // the rows can go by DMA.
  if (viaPE >= direct && !view.isDynamic())
    return false;
  Location loc = op->getLoc();
  Side source = view;
  source.pattern = natural;
  Side rowsSide;
  rowsSide.base = getTile(kTransposedSlots + slot, {rows, partitions}, element,
                          MemorySpace::sbuf);
  int64_t rowLength =
      llvm::cast<MemRefType>(rowsSide.base.getType()).getDimSize(1);
  rowsSide.pattern = {{rowLength, rows}, {1, partitions}};
  rowsSide.staticDims = {0, 1};
  buildCopy(rewriter, op, dmaEngine, source, rowsSide);
  Value rowsAP = buildAP(rewriter, loc, rowsSide);
  Value psum = tile(kTransposedPsumSlots + slot, partitions, rows,
                    rewriter.getF32Type(), MemorySpace::psum);
  TransposeOp::create(rewriter, loc, rowsAP, psum, Engine::pe);
  TensorCopyOp::create(rewriter, loc, psum, buildAP(rewriter, loc, staged),
                       Engine::dve);
  return true;
}

Value OnChipBuilder::tile(unsigned slot, int64_t partitions, int64_t elements,
                          Type type, MemorySpace space) {
  Value location = getTile(slot, {partitions, elements}, type, space);
  int64_t row = llvm::cast<MemRefType>(location.getType()).getDimSize(1);
  Side side;
  side.base = location;
  side.pattern = {{row, partitions}, {1, elements}};
  return buildAP(rewriter, op->getLoc(), side);
}

Value OnChipBuilder::read(unsigned slot, Value view, AffineMap map,
                          int64_t partitionLoop, ArrayRef<int64_t> freeLoops,
                          ArrayRef<LoopRange> ranges) {
  return access(slot, view, map, partitionLoop, freeLoops, ranges,
                /*isWrite=*/false, /*alsoRead=*/true);
}

Value OnChipBuilder::write(unsigned slot, Value view, AffineMap map,
                           int64_t partitionLoop, ArrayRef<int64_t> freeLoops,
                           ArrayRef<LoopRange> ranges, bool alsoRead) {
  return access(slot, view, map, partitionLoop, freeLoops, ranges,
                /*isWrite=*/true, alsoRead);
}

void OnChipBuilder::eraseFoldedMasks() {
  for (Operation *mask : foldedMasks)
    rewriter.eraseOp(mask);
  foldedMasks.clear();
}

void OnChipBuilder::finishWrites() {
  for (auto &[tileSide, viewSide] : pendingWrites)
    buildCopy(rewriter, op, dmaEngine, tileSide, viewSide);
  pendingWrites.clear();
}

Value OnChipBuilder::access(unsigned slot, Value view, AffineMap map,
                            int64_t partitionLoop, ArrayRef<int64_t> freeLoops,
                            ArrayRef<LoopRange> ranges, bool isWrite,
                            bool alsoRead) {
  Location loc = op->getLoc();
  Side side = describeSide(view, [&](Value offset) {
    return getRegisterOf(rewriter, converter, loc, offset);
  });
  auto baseType = llvm::cast<MemRefType>(side.base.getType());
  SmallVector<int64_t> dimLoops = getDimLoops(map);
  auto count = [&](int64_t loop) {
    return loop < 0 ? int64_t(1) : ranges[loop].count;
  };
  // The first element of the ranges.
  for (auto [d, loop] : llvm::enumerate(dimLoops))
    side.offset += ranges[loop].first * side.pattern.step(d);
  int64_t partitions = count(partitionLoop);
  int64_t partitionDim = findDim(dimLoops, partitionLoop);

  // Where the view is: on chip, in partition order, free dims in rows, at
  // a static offset or one that enclosing loops' induction registers steer
  // (a kind-2 pattern that Stage 3a addresses).
  bool direct = getMemorySpace(baseType) != MemorySpace::dram &&
                !dimLoops.empty() &&
                llvm::all_of(side.regs, isInductionRegister) &&
                (partitionDim >= 0 ? partitionDim == 0
                                   : count(dimLoops.front()) == 1);
  for (int64_t loop : freeLoops)
    if (findDim(dimLoops, loop) == 0 && count(loop) != 1)
      direct = false;
  Side ap = side;
  if (direct) {
    ap.pattern = {{partitionDim == 0 ? side.pattern.step(0) : 0, partitions}};
    for (int64_t loop : freeLoops) {
      int64_t d = findDim(dimLoops, loop);
      ap.pattern.append(d > 0 ? side.pattern.step(d) : 0, count(loop));
    }
    if (freeLoops.empty())
      ap.pattern.append(1, 1);
    // A view whose dims are not the location's in that order (a row of a
    // tile, which a rank-reducing slice makes 1-D) walks its elements along
    // a partition: the engines' rule (verifyComputeOperand) is whole rows
    // on the first level and one row for the rest, else it is staged.
    int64_t rowElems = baseType.getNumElements() / baseType.getDimSize(0);
    int64_t reach = ap.offset % rowElems;
    for (PatternLevel level : ap.pattern.get().dropFront().levels())
      reach += level.step * (level.num - 1);
    direct = ap.pattern.step(0) % rowElems == 0 && reach < rowElems;
  }
  if (direct) {
    if (!ap.isDynamic())
      return buildAP(rewriter, loc, ap);
    // offset + sum of (register * elements per unit).
    int64_t elementBytes = *bir::getElementBytes(baseType);
    AffineExpr offset = rewriter.getAffineConstantExpr(ap.offset);
    for (auto [i, scale] : llvm::enumerate(ap.scales))
      offset = offset + rewriter.getAffineDimExpr(i) * (scale / elementBytes);
    return SymbolicAPOp::create(
        rewriter, loc, AccessPatternType::get(rewriter.getContext()), ap.base,
        AffineMap::get(ap.regs.size(), 0, offset), ap.regs,
        ap.pattern.get());
  }

  // An SBUF tile in walk order: [partitions (or 1), the free loops the view
  // indexes], filled (or emptied) by one DMA.
  SmallVector<int64_t> order = getWalkOrder(dimLoops, partitionLoop, freeLoops);
  Side viewSide = side;
  viewSide.pattern.clear();
  for (int64_t d : order)
    viewSide.pattern.append(side.pattern.step(d), count(dimLoops[d]));
  // The counts of the free loops, and which of them the view indexes.
  SmallVector<int64_t> counts, indexedCounts;
  SmallVector<bool> indexed;
  for (int64_t loop : freeLoops) {
    counts.push_back(count(loop));
    indexed.push_back(findDim(dimLoops, loop) >= 0);
    if (indexed.back())
      indexedCounts.push_back(count(loop));
  }
  // Both sides walk the same shape (a DMA too large for one descriptor
  // splits along matching dims), with a free pair as engine patterns have.
  if (viewSide.pattern.size() < 2)
    viewSide.pattern.append(1, 1);
  int64_t tilePartitions = partitionDim >= 0 ? partitions : 1;
  int64_t elements = 1;
  for (int64_t n : indexedCounts)
    elements *= n;
  Value location =
      getTile(slot, {tilePartitions, elements}, baseType.getElementType(),
              MemorySpace::sbuf);
  int64_t row = llvm::cast<MemRefType>(location.getType()).getDimSize(1);
  Side tileSide;
  tileSide.base = location;
  if (partitionDim >= 0)
    tileSide.pattern = {{row, tilePartitions}};
  tileSide.pattern.append(denseLevels(
      indexedCounts, SmallVector<bool>(indexedCounts.size(), true)));
  if (tileSide.pattern.size() < 2)
    tileSide.pattern.append(1, 1);
  for (size_t d = 0; d < tileSide.pattern.size(); ++d)
    tileSide.staticDims.push_back(d);
  if (isWrite ? alsoRead : !stageTransposed(slot, viewSide, tileSide))
    buildCopy(rewriter, op, dmaEngine, viewSide, tileSide);
  if (isWrite)
    pendingWrites.push_back({tileSide, viewSide});

  // The engine's pattern over the tile; a loop the view does not index
  // repeats (step 0).
  Side onTile;
  onTile.base = location;
  onTile.pattern = {{partitionDim >= 0 ? row : 0, partitions}};
  onTile.pattern.append(denseLevels(counts, indexed));
  return buildAP(rewriter, loc, onTile);
}

dynshape::BufferMaskOp dyn::findFoldedMask(Value buffer, Engine engine) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return {};
  dynshape::BufferMaskOp mask;
  Operation *reader = nullptr;
  for (OpOperand &use : alloc->getUses()) {
    auto maskUse = llvm::dyn_cast<dynshape::BufferMaskOp>(use.getOwner());
    if (maskUse && use.get() == maskUse.getOutput() && !mask) {
      mask = maskUse;
      continue;
    }
    auto linalgOp = llvm::dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (reader || !linalgOp || !linalgOp.isDpsInput(&use))
      return {};
    reader = use.getOwner();
  }
  if (!mask || !reader || !whyNotEngineMask(mask, engine).empty() ||
      mask->getBlock() != reader->getBlock() ||
      !mask->isBeforeInBlock(reader))
    return {};
  // Nothing between them writes the mask's input.
  for (Operation *op = mask->getNextNode(); op != reader;
       op = op->getNextNode()) {
    auto other = llvm::dyn_cast<dynshape::BufferMaskOp>(op);
    if (other ? other.getOutput() == mask.getInput()
              : !llvm::isa<memref::AllocOp, arith::ConstantOp>(op))
      return {};
  }
  return mask;
}

Value OnChipBuilder::readOperand(unsigned slot, Value original, Value view,
                                 AffineMap map, int64_t partitionLoop,
                                 ArrayRef<int64_t> freeLoops,
                                 ArrayRef<LoopRange> ranges) {
  auto mask = llvm::cast_if_present<dynshape::BufferMaskOp>(
      converter.getState().getFoldedMask(original));
  if (!mask)
    return read(slot, view, map, partitionLoop, freeLoops, ranges);
  // The mask is left to this op (the target keeps it legal); it goes with
  // the op, and its buffer with the last cast of it.
  foldedMasks.insert(mask);
  Value input = lookThroughConversion(mask.getInput());
  Value size =
      getRegisterOf(rewriter, converter, op->getLoc(), mask.getSizes().front());
  Value in = read(slot, input, map, partitionLoop, freeLoops, ranges);
  // The masked dim's loop: its index is `first + (partition or free index)`.
  int64_t masked = map.getDimPosition(mask.getDims().front());
  int64_t partitions =
      partitionLoop < 0 ? int64_t(1) : ranges[partitionLoop].count;
  int64_t elements = 1;
  for (int64_t loop : freeLoops)
    elements *= ranges[loop].count;
  auto element = llvm::cast<MemRefType>(input.getType()).getElementType();
  Value location = getTile(kMaskedSlots + slot, {partitions, elements},
                           element, MemorySpace::sbuf);
  SmallVector<int64_t> counts;
  SmallVector<int32_t> free; // the masked loop's free coefficient
  for (int64_t loop : freeLoops) {
    counts.push_back(ranges[loop].count);
    free.push_back(loop == masked);
  }
  if (free.empty()) // the one-element free pair
    free.push_back(0);
  Side out;
  out.base = location;
  out.pattern = {{llvm::cast<MemRefType>(location.getType()).getDimSize(1),
                  partitions}};
  out.pattern.append(denseLevels(counts, SmallVector<bool>(counts.size(), true)));
  Value outAP = buildAP(rewriter, op->getLoc(), out);
  float fill = static_cast<float>(
      llvm::cast<FloatAttr>(mask.getFillAttr()).getValueAsDouble());
  AffineSelectOp::create(rewriter, op->getLoc(), in, outAP,
                         ranges[masked].first, partitionLoop == masked, free,
                         CompareKind::lt, size, IntegerAttr(), APFloat(fill),
                         Engine::pool);
  return outAP;
}
