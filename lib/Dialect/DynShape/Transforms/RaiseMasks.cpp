//===- RaiseMasks.cpp - dynshape-raise-masks ------------------------------===//
//
// A front end's own padding mask, `select(iota < n, x, splat)`, raised to
// the padder's dynshape.mask (the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"
#include "dyn/Support/WalkPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace dyn::dynshape {
#define GEN_PASS_DEF_DYNSHAPERAISEMASKS
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"
} // namespace dyn::dynshape

using namespace mlir;
using namespace dyn::dynshape;

/// The dim of an iota: a linalg.generic with no inputs that yields
/// `index_cast(linalg.index d)` as an i32 at every point.
static std::optional<int64_t> getIotaDim(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 0 ||
      generic->getNumResults() != 1 || !generic.isAllParallelLoops() ||
      !generic.getIndexingMapsArray()[0].isIdentity())
    return std::nullopt;
  Block &body = *generic.getBlock();
  Value yielded = body.getTerminator()->getOperand(0);
  auto cast = yielded.getDefiningOp<arith::IndexCastOp>();
  if (!cast || !cast.getType().isInteger(32) ||
      llvm::range_size(body.without_terminator()) != 2)
    return std::nullopt;
  auto index = cast.getIn().getDefiningOp<linalg::IndexOp>();
  if (!index)
    return std::nullopt;
  return static_cast<int64_t>(index.getDim());
}

/// The i32 scalar a tensor is a splat of: a linalg.fill's value, or a
/// splat constant (made a scalar constant before `before`).
static Value getSplatSize(Value value, PatternRewriter &rewriter,
                          Operation *before) {
  if (auto fill = value.getDefiningOp<linalg::FillOp>()) {
    Value scalar = fill.getInputs()[0];
    return scalar.getType().isInteger(32) ? scalar : Value();
  }
  SplatElementsAttr splat;
  if (!matchPattern(value, m_Constant(&splat)) ||
      !splat.getElementType().isInteger(32))
    return Value();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(before);
  return arith::ConstantOp::create(rewriter, before->getLoc(),
                                   splat.getSplatValue<IntegerAttr>());
}

/// The value a tensor is a splat of: a splat constant's, or the constant
/// scalar of a linalg.fill (a broadcast constant, as the StableHLO import
/// writes `-inf`).
static TypedAttr getSplatValue(Value value) {
  SplatElementsAttr splat;
  if (matchPattern(value, m_Constant(&splat)))
    return llvm::dyn_cast<TypedAttr>(splat.getSplatValue<Attribute>());
  TypedAttr scalar;
  if (auto fill = value.getDefiningOp<linalg::FillOp>())
    if (matchPattern(fill.getInputs()[0], m_Constant(&scalar)))
      return scalar;
  return {};
}

/// A broadcast of `condition`'s source (a linalg.generic that only copies
/// its one input into an identity-mapped output, as the StableHLO import
/// writes broadcast_in_dim, or linalg.broadcast): the source, and the
/// result dim of each source dim. `condition` itself when it is no
/// broadcast (each dim its own).
static std::pair<Value, SmallVector<int64_t>> lookThroughBroadcast(
    Value condition) {
  auto identity = [&] {
    auto type = llvm::cast<RankedTensorType>(condition.getType());
    return std::make_pair(
        condition, llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())));
  };
  if (auto broadcast = condition.getDefiningOp<linalg::BroadcastOp>()) {
    SmallVector<int64_t> dims;
    ArrayRef<int64_t> added = broadcast.getDimensions();
    int64_t rank = broadcast.getInit().getType().getRank();
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(added, d))
        dims.push_back(d);
    return {broadcast.getInput(), dims};
  }
  auto generic = condition.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic->getNumResults() != 1 || !generic.isAllParallelLoops())
    return identity();
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  Block &body = *generic.getBlock();
  if (!maps[1].isIdentity() || !maps[0].isProjectedPermutation() ||
      body.getTerminator()->getOperand(0) != body.getArgument(0))
    return identity();
  SmallVector<int64_t> dims;
  for (unsigned i = 0; i < maps[0].getNumResults(); ++i)
    dims.push_back(maps[0].getDimPosition(i));
  return {generic.getDpsInputs()[0], dims};
}

namespace {

struct RaiseIotaMask : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto type = llvm::dyn_cast<RankedTensorType>(select.getType());
    if (!type)
      return rewriter.notifyMatchFailure(select, "not a select of tensors");
    // The compare, perhaps of fewer dims and broadcast (jnp.arange(n) < k
    // broadcast to the scores' shape): resultDims maps its dims to the
    // select's.
    auto [source, resultDims] = lookThroughBroadcast(select.getCondition());
    auto compare = source.getDefiningOp<arith::CmpIOp>();
    if (!compare)
      return rewriter.notifyMatchFailure(select, "not a select on a compare");
    // `iota <predicate> n`, or `n <predicate> iota`.
    using P = arith::CmpIPredicate;
    Value iota = compare.getLhs(), size = compare.getRhs();
    bool iotaOnLeft = getIotaDim(iota).has_value();
    if (!iotaOnLeft)
      std::swap(iota, size);
    std::optional<int64_t> dim = getIotaDim(iota);
    if (!dim)
      return rewriter.notifyMatchFailure(select, "no iota compared");
    // `iota < n` (`n > iota`) keeps the true side below n; `iota >= n`
    // (`n <= iota`) the false side.
    P predicate = compare.getPredicate();
    Value kept, replaced;
    if (predicate == (iotaOnLeft ? P::slt : P::sgt)) {
      kept = select.getTrueValue();
      replaced = select.getFalseValue();
    } else if (predicate == (iotaOnLeft ? P::sge : P::sle)) {
      kept = select.getFalseValue();
      replaced = select.getTrueValue();
    } else {
      return rewriter.notifyMatchFailure(select, "not iota < n or iota >= n");
    }
    TypedAttr fill = getSplatValue(replaced);
    if (!fill || fill.getType() != type.getElementType())
      return rewriter.notifyMatchFailure(select, "the padding is not a splat");
    Value n = getSplatSize(size, rewriter, select);
    if (!n)
      return rewriter.notifyMatchFailure(select, "the size is not an i32 splat");
    rewriter.replaceOpWithNewOp<MaskOp>(
        select, type, kept, /*replacement=*/Value(), ValueRange{n},
        rewriter.getDenseI64ArrayAttr({resultDims[*dim]}), fill);
    return success();
  }
};

} // namespace

void dyn::dynshape::populateRaiseMasksPatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseIotaMask>(patterns.getContext());
}

namespace {
struct DynShapeRaiseMasksPass final
    : dyn::OneWalkPatternPass<
          dyn::dynshape::impl::DynShapeRaiseMasksBase<DynShapeRaiseMasksPass>,
          populateRaiseMasksPatterns> {};
} // namespace
