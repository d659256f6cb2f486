//===- TileBounded.cpp - dynshape-tile-bounded ----------------------------===//
//
// Bounded compute over the valid tiles only (the pass description in
// Passes.td): which loop of each op follows a runtime size is decided on
// buffers, by the padder's masks (reductions) and by what the readers of
// each buffer need (a fixed point over parallel loops); each such op then
// runs in an scf.for of ceil(n / T) trips over static T-wide subviews.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"

#include <tuple>

namespace dyn::dynshape {
#define GEN_PASS_DEF_DYNSHAPETILEBOUNDED
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"
} // namespace dyn::dynshape

using namespace mlir;
using namespace dyn::dynshape;

namespace {

/// A runtime size up to its clamps: the value it is read from and the range
/// `maxsi`/`minsi` with constants clamp it into. Two sizes with the same key
/// are the same number at run time.
struct SizeKey {
  Value root;
  int64_t lo = INT64_MIN, hi = INT64_MAX;
  bool operator==(const SizeKey &o) const {
    return std::tie(root, lo, hi) == std::tie(o.root, o.lo, o.hi);
  }
};

SizeKey getSizeKey(Value size) {
  SizeKey key;
  while (Operation *def = size.getDefiningOp()) {
    APInt c;
    if (auto cast = llvm::dyn_cast<arith::IndexCastOp>(def)) {
      size = cast.getIn();
    } else if (auto max = llvm::dyn_cast<arith::MaxSIOp>(def);
               max && matchPattern(max.getRhs(), m_ConstantInt(&c))) {
      key.lo = std::max(key.lo, c.getSExtValue());
      key.hi = std::max(key.hi, key.lo);
      size = max.getLhs();
    } else if (auto min = llvm::dyn_cast<arith::MinSIOp>(def);
               min && matchPattern(min.getRhs(), m_ConstantInt(&c))) {
      key.hi = std::min(key.hi, c.getSExtValue());
      key.lo = std::min(key.lo, key.hi);
      size = min.getLhs();
    } else {
      break;
    }
  }
  key.root = size;
  return key;
}

/// The size `key` stands for, built before `op` from its root.
Value buildSize(OpBuilder &b, Location loc, const SizeKey &key) {
  Value size = key.root;
  auto constant = [&](int64_t c) -> Value {
    if (size.getType().isIndex())
      return arith::ConstantIndexOp::create(b, loc, c);
    return arith::ConstantIntOp::create(b, loc, size.getType(), c);
  };
  if (key.lo != INT64_MIN)
    size = arith::MaxSIOp::create(b, loc, size, constant(key.lo));
  if (key.hi != INT64_MAX)
    size = arith::MinSIOp::create(b, loc, size, constant(key.hi));
  return size;
}

/// A mask that replaces the padding along one dim by a constant: what
/// the padder writes before a reduction.
bool isFillMask(BufferMaskOp mask) {
  return !mask.getReplacement() && mask.getFillAttr() &&
         mask.getDims().size() == 1;
}

/// One tileable op seen uniformly: a linalg op on buffers, or a fill mask
/// (identity maps, every loop parallel).
struct Candidate {
  Operation *op;
  SmallVector<OpOperand *> operands; // buffers, inputs then inits
  SmallVector<AffineMap> maps;
  SmallVector<bool> isInit;
  SmallVector<int64_t> ranges;
  SmallVector<bool> parallel;
};

std::optional<Candidate> getCandidate(Operation *op) {
  Candidate c;
  c.op = op;
  if (auto linalgOp = llvm::dyn_cast<linalg::LinalgOp>(op)) {
    if (!linalgOp.hasPureBufferSemantics() ||
        !linalgOp.hasOnlyProjectedPermutations())
      return std::nullopt;
    c.ranges = linalgOp.getStaticLoopRanges();
    for (utils::IteratorType type : linalgOp.getIteratorTypesArray())
      c.parallel.push_back(type == utils::IteratorType::parallel);
    for (OpOperand &operand : op->getOpOperands()) {
      if (!llvm::isa<MemRefType>(operand.get().getType()))
        continue;
      c.operands.push_back(&operand);
      c.maps.push_back(linalgOp.getMatchingIndexingMap(&operand));
      c.isInit.push_back(linalgOp.isDpsInit(&operand));
    }
  } else if (auto mask = llvm::dyn_cast<BufferMaskOp>(op)) {
    if (!isFillMask(mask))
      return std::nullopt;
    auto type = mask.getOutput().getType();
    c.ranges.assign(type.getShape().begin(), type.getShape().end());
    c.parallel.assign(type.getRank(), true);
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(type.getRank(), op->getContext());
    c.operands = {&mask.getInputMutable(), &mask.getOutputMutable()};
    c.maps = {identity, identity};
    c.isInit = {false, true};
  } else {
    return std::nullopt;
  }
  if (llvm::any_of(c.ranges, ShapedType::isDynamic))
    return std::nullopt;
  return c;
}

/// The operand dim loop `loop` indexes, if any.
std::optional<unsigned> getOperandDim(AffineMap map, unsigned loop) {
  for (unsigned k = 0; k < map.getNumResults(); ++k)
    if (map.getDimPosition(k) == loop)
      return k;
  return std::nullopt;
}

/// Whether a mask's fill leaves the combiner of `linalgOp`'s one reduction
/// unchanged: a contraction (`out + a * b`) or a sum with 0, a max with
/// -inf, a min with +inf, a product with 1.
bool isNeutralFill(linalg::LinalgOp linalgOp, Attribute fill) {
  auto value = llvm::dyn_cast_if_present<FloatAttr>(fill);
  if (!value || linalgOp->getNumRegions() != 1 ||
      linalgOp.getNumDpsInits() != 1)
    return false;
  Block *body = linalgOp.getBlock();
  Operation *combiner = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!combiner || combiner->getBlock() != body)
    return false;
  APFloat f = value.getValue();
  if (llvm::isa<arith::AddFOp>(combiner))
    return f.isZero();
  if (llvm::isa<arith::MulFOp>(combiner))
    return f.isExactlyValue(1.0);
  if (llvm::isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner))
    return f.isInfinity() && f.isNegative();
  if (llvm::isa<arith::MinimumFOp, arith::MinNumFOp>(combiner))
    return f.isInfinity() && !f.isNegative();
  return false;
}

/// The fill mask whose output buffer `value` is, if it is a top-level alloc.
BufferMaskOp getMaskOf(Value value) {
  if (!value.getDefiningOp<memref::AllocOp>())
    return {};
  for (Operation *user : value.getUsers())
    if (auto mask = llvm::dyn_cast<BufferMaskOp>(user))
      if (mask.getOutput() == value && isFillMask(mask))
        return mask;
  return {};
}

/// How one op is tiled: along `loop`, by the size `size` (its value) with
/// key `key`.
struct Tiling {
  unsigned loop;
  Value size;
  SizeKey key;
};

/// What the readers of one buffer dim need: nothing yet, the first `n`
/// elements (one size), or all of it.
struct Demand {
  enum Kind { none, size, full } kind = none;
  SizeKey key;
  Value value;
  void join(const SizeKey &k, Value v) {
    if (kind == none)
      *this = {size, k, v};
    else if (kind == size && !(key == k))
      kind = full;
  }
};

class TileBounded
    : public dyn::dynshape::impl::DynShapeTileBoundedBase<TileBounded> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (tileSize <= 0 || !llvm::isPowerOf2_64(tileSize)) {
      getOperation().emitError("tile-size must be a positive power of two, got ")
          << static_cast<int64_t>(tileSize);
      return signalPassFailure();
    }
    if (getOperation().isExternal())
      return;
    // The pass object runs on one function after another.
    candidates.clear();
    tiled.clear();
    whole.clear();
    reductionTiled.clear();
    dominance = &getAnalysis<DominanceInfo>();
    decide();
    rewrite();
  }

private:
  bool tileable(const Candidate &c, unsigned loop) const {
    return c.ranges[loop] > tileSize && c.ranges[loop] % tileSize == 0;
  }

  void decide();
  void rewrite();
  DenseMap<std::pair<Value, unsigned>, Demand> computeDemands();
  void tileOp(const Candidate &c, const Tiling &tiling);
  BufferMaskOp getFusibleMask(Operation *op, OpOperand *operand,
                              std::optional<unsigned> dim,
                              const Tiling &tiling) const;

  std::vector<Candidate> candidates;
  DominanceInfo *dominance = nullptr;
  // Decided (tiled) ops; a parallel candidate absent from both maps is
  // still optimistic.
  DenseMap<Operation *, Tiling> tiled;
  DenseSet<Operation *> whole;
  DenseSet<Operation *> reductionTiled;
};

} // namespace

/// The demands of every buffer dim under the current decisions. Only
/// top-level allocs have a demand other than full.
DenseMap<std::pair<Value, unsigned>, Demand>
TileBounded::computeDemands() {
  DenseMap<std::pair<Value, unsigned>, Demand> demands;
  DenseMap<Operation *, const Candidate *> byOp;
  for (const Candidate &c : candidates)
    byOp[c.op] = &c;
  Block &body = getOperation().getBody().front();
  for (auto alloc : body.getOps<memref::AllocOp>()) {
    Value buffer = alloc.getResult();
    unsigned rank = alloc.getType().getRank();
    auto all = [&](Demand::Kind kind) {
      for (unsigned d = 0; d < rank; ++d)
        demands[{buffer, d}].kind = kind;
    };
    all(Demand::none);
    for (OpOperand &use : buffer.getUses()) {
      Operation *user = use.getOwner();
      auto it = byOp.find(user);
      if (it == byOp.end() || user->getBlock() != &body) {
        all(Demand::full);
        break;
      }
      if (whole.contains(user)) {
        all(Demand::full);
        break;
      }
      auto tiling = tiled.find(user);
      if (tiling == tiled.end())
        continue; // optimistic: reads what it will be tiled by
      const Candidate &c = *it->second;
      unsigned i = llvm::find(c.operands, &use) - c.operands.begin();
      std::optional<unsigned> dim =
          getOperandDim(c.maps[i], tiling->second.loop);
      for (unsigned d = 0; d < rank; ++d) {
        Demand &demand = demands[{buffer, d}];
        if (dim && d == *dim)
          demand.join(tiling->second.key, tiling->second.size);
        else
          demand.kind = Demand::full;
      }
    }
  }
  return demands;
}

void TileBounded::decide() {
  Block &body = getOperation().getBody().front();
  for (Operation &op : body)
    if (std::optional<Candidate> c = getCandidate(&op))
      candidates.push_back(std::move(*c));

  // Reductions: by the mask on one of their inputs along the reduced dim.
  for (const Candidate &c : candidates) {
    auto linalgOp = llvm::dyn_cast<linalg::LinalgOp>(c.op);
    if (!linalgOp)
      continue;
    for (unsigned loop = 0; loop < c.ranges.size() && !tiled.count(c.op);
         ++loop) {
      if (c.parallel[loop] || !tileable(c, loop))
        continue;
      for (auto [i, operand] : llvm::enumerate(c.operands)) {
        std::optional<unsigned> dim = getOperandDim(c.maps[i], loop);
        BufferMaskOp mask = getMaskOf(operand->get());
        if (c.isInit[i] || !dim || !mask || mask.getDims()[0] != *dim ||
            !isNeutralFill(linalgOp, mask.getFillAttr()))
          continue;
        Value size = mask.getSizes().front();
        tiled[c.op] = {loop, size, getSizeKey(size)};
        reductionTiled.insert(c.op);
        break;
      }
    }
  }

  // Parallel loops: to the fixed point. Decisions only move from optimistic
  // to tiled to whole, and demands only grow.
  for (bool changed = true; changed;) {
    changed = false;
    auto demands = computeDemands();
    for (const Candidate &c : candidates) {
      if (whole.contains(c.op) || reductionTiled.contains(c.op))
        continue;
      std::optional<Tiling> choice;
      bool waiting = false;
      for (unsigned loop = 0; loop < c.ranges.size() && !choice; ++loop) {
        if (!tileable(c, loop))
          continue;
        Demand joined;
        bool ok = true, anyInit = false;
        for (auto [i, operand] : llvm::enumerate(c.operands)) {
          if (!c.isInit[i])
            continue;
          anyInit = true;
          std::optional<unsigned> dim = getOperandDim(c.maps[i], loop);
          auto it = demands.find({operand->get(), dim.value_or(0)});
          if (!dim || it == demands.end() ||
              it->second.kind == Demand::full) {
            ok = false;
            break;
          }
          if (it->second.kind == Demand::size)
            joined.join(it->second.key, it->second.value);
        }
        if (!ok || !anyInit || joined.kind == Demand::full)
          continue;
        if (joined.kind == Demand::none)
          waiting = true;
        else if (dominance->properlyDominates(joined.key.root, c.op))
          choice = Tiling{loop, joined.value, joined.key};
      }
      auto it = tiled.find(c.op);
      if (choice) {
        if (it == tiled.end() || !(it->second.key == choice->key) ||
            it->second.loop != choice->loop) {
          tiled[c.op] = *choice;
          changed = true;
        }
      } else if (!waiting || it != tiled.end()) {
        tiled.erase(c.op);
        whole.insert(c.op);
        changed = true;
      }
    }
  }
}

/// The fill mask of the input `operand` of `op` (tiled by `tiling`) that
/// can move into `op`'s loop: tiled the same way, its output read by `op`
/// alone, and nothing between the two writing what it reads.
BufferMaskOp TileBounded::getFusibleMask(Operation *op, OpOperand *operand,
                                         std::optional<unsigned> dim,
                                         const Tiling &tiling) const {
  Value buffer = operand->get();
  BufferMaskOp mask = getMaskOf(buffer);
  auto it = mask ? tiled.find(mask) : tiled.end();
  if (!dim || it == tiled.end() || reductionTiled.contains(mask) ||
      it->second.loop != *dim || !(it->second.key == tiling.key) ||
      mask->getBlock() != op->getBlock() || !mask->isBeforeInBlock(op) ||
      !llvm::all_of(buffer.getUsers(), [&](Operation *user) {
        return user == mask || user == op;
      }))
    return {};
  for (Operation *between = mask->getNextNode(); between != op;
       between = between->getNextNode())
    if (!isMemoryEffectFree(between) &&
        !llvm::isa<memref::AllocOp, BufferMaskOp>(between))
      return {};
  return mask;
}

/// `op` inside `for iv = 0 to n step T`, each operand that the tiled loop
/// indexes replaced by its T-wide subview at `iv`. A fill mask whose output
/// only this op reads goes along, onto a tile-sized buffer.
void TileBounded::tileOp(const Candidate &c, const Tiling &tiling) {
  Operation *op = c.op;
  SmallVector<BufferMaskOp> fused;
  for (auto [i, operand] : llvm::enumerate(c.operands))
    fused.push_back(c.isInit[i] ? BufferMaskOp()
                                : getFusibleMask(op, operand,
                                                 getOperandDim(c.maps[i],
                                                               tiling.loop),
                                                 tiling));
  OpBuilder b(op);
  Location loc = op->getLoc();
  // A size a reader gave may be computed after this op; its root is not.
  Value ub = dominance->properlyDominates(tiling.size, op)
                 ? tiling.size
                 : buildSize(b, loc, tiling.key);
  if (!ub.getType().isIndex())
    ub = arith::IndexCastOp::create(b, loc, b.getIndexType(), ub);
  // A size not clamped into the bound is clamped here: the loop never runs
  // past the buffers.
  int64_t extent = c.ranges[tiling.loop];
  if (tiling.key.hi > extent)
    ub = arith::MinSIOp::create(
        b, loc, ub, arith::ConstantIndexOp::create(b, loc, extent));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value step = arith::ConstantIndexOp::create(b, loc, tileSize);
  auto loop = scf::ForOp::create(b, loc, zero, ub, step);
  // A profile's expected size gives the loop its expected trips.
  if (std::optional<int64_t> size = getSizeEstimate(tiling.key.root)) {
    int64_t lo = std::max<int64_t>(tiling.key.lo, 0);
    int64_t hi = std::max(std::min(tiling.key.hi, extent), lo);
    int64_t expected = std::clamp(*size, lo, hi);
    loop->setAttr(DynShapeDialect::TripEstimateAttrHelper::getNameStr(),
                  b.getI64IntegerAttr(llvm::divideCeil(expected, tileSize)));
  }
  b.setInsertionPointToStart(loop.getBody());
  Value iv = loop.getInductionVar();
  auto sliceOf = [&](Value buffer, unsigned dim) -> Value {
    auto type = llvm::cast<MemRefType>(buffer.getType());
    SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, strides(type.getRank(),
                                             b.getIndexAttr(1));
    for (int64_t d : type.getShape())
      sizes.push_back(b.getIndexAttr(d));
    offsets[dim] = iv;
    sizes[dim] = b.getIndexAttr(tileSize);
    return memref::SubViewOp::create(b, loc, buffer, offsets, sizes, strides);
  };
  // A mask's size relative to the tile: n - iv.
  auto relativeSize = [&](BufferMaskOp mask, unsigned dim) -> Value {
    Value size = mask.getSizes().front();
    if (mask.getDims()[0] != dim)
      return size;
    Value start = arith::IndexCastOp::create(b, loc, size.getType(), iv);
    return arith::SubIOp::create(b, loc, size, start);
  };

  SmallVector<std::pair<unsigned, Value>> replacements;
  SmallVector<Operation *> erasable;
  for (auto [i, operand] : llvm::enumerate(c.operands)) {
    std::optional<unsigned> dim = getOperandDim(c.maps[i], tiling.loop);
    if (!dim)
      continue;
    unsigned number = operand->getOperandNumber();
    BufferMaskOp mask = fused[i];
    if (!mask) {
      replacements.push_back({number, sliceOf(operand->get(), *dim)});
      continue;
    }
    Value input = sliceOf(mask.getInput(), *dim);
    auto inputType = llvm::cast<MemRefType>(input.getType());
    Value tile = memref::AllocOp::create(
        b, loc,
        MemRefType::get(inputType.getShape(),
                        mask.getOutput().getType().getElementType()));
    BufferMaskOp::create(b, loc, input, Value(),
                         ValueRange{relativeSize(mask, *dim)},
                         mask.getDimsAttr(), mask.getFillAttr(), tile);
    replacements.push_back({number, tile});
    tiled.erase(mask);
    mask->erase();
    // The whole-bound buffer the mask wrote is left to the op alone.
    erasable.push_back(operand->get().getDefiningOp());
  }
  if (auto mask = llvm::dyn_cast<BufferMaskOp>(op))
    replacements.push_back({mask.getSizesMutable()[0].getOperandNumber(),
                            relativeSize(mask, tiling.loop)});
  Operation *clone = b.clone(*op);
  for (auto [number, value] : replacements)
    clone->setOperand(number, value);
  op->erase();
  for (Operation *alloc : erasable)
    if (alloc->use_empty())
      alloc->erase();
}

void TileBounded::rewrite() {
  // Readers first (last to first), so that a mask a reader takes into its
  // loop is still in place; such a mask leaves `tiled` and is skipped.
  for (const Candidate &c : llvm::reverse(candidates))
    if (auto it = tiled.find(c.op); it != tiled.end())
      tileOp(c, Tiling(it->second));
}
