//===- MemoryPatterns.cpp - copies, gathers and scatters to bir DMAs ------===//
//
// Report Stage 1: a copy at a runtime position becomes a TensorCopyDynamic
// generator whose generic_addrs are the registers of its runtime offsets and
// whose offset_scale is the byte stride each register steps by; a gather or
// scatter becomes one whose generic address is the index tensor. Static
// copies become plain bir.dma. Views are kind-1 access patterns over their
// base location, in elements.
//
//===----------------------------------------------------------------------===//

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

namespace {

/// One side of a copy: a kind-1 pattern over a base location, plus the
/// runtime terms of its start address.
struct Side {
  Value base;
  int64_t offset = 0;              // static element offset
  SmallVector<int64_t> pattern;    // [step, num] pairs, elements
  SmallVector<Value> regs;         // runtime offset registers
  SmallVector<int64_t> scales;     // bytes per unit of each register
  SmallVector<int64_t> staticDims; // dims whose offset is static
  int64_t firstDynamicDim = -1;

  bool isDynamic() const { return !regs.empty(); }
};

/// The register behind a view offset: the scalar patterns left it as
/// `unrealized_conversion_cast %reg : !bir.reg to index`, possibly through
/// a cast to i32 when the value is also used as an i32 (a returned size).
Value getOffsetRegister(Value offset) {
  while (auto cast = offset.getDefiningOp<UnrealizedConversionCastOp>()) {
    if (cast.getNumOperands() != 1)
      return {};
    offset = cast.getOperand(0);
    if (llvm::isa<RegType>(offset.getType()))
      return offset;
  }
  return {};
}

/// Describes `view` (a base location or one subview of it).
FailureOr<Side> describeSide(Operation *user, Value view) {
  Side side;
  auto subview = view.getDefiningOp<memref::SubViewOp>();
  side.base = subview ? subview.getSource() : view;
  auto baseType = llvm::cast<MemRefType>(side.base.getType());
  if (side.base.getDefiningOp<memref::SubViewOp>() ||
      !baseType.getLayout().isIdentity() || !getMemorySpace(baseType))
    return user->emitOpError("cannot lower: operand is not a bir location or "
                             "a single subview of one");
  SmallVector<int64_t> strides = baseType.getStridesAndOffset().first;
  int64_t rank = baseType.getRank();
  if (!subview) {
    for (int64_t d = 0; d < rank; ++d) {
      side.pattern.append({strides[d], baseType.getDimSize(d)});
      side.staticDims.push_back(d);
    }
    return side;
  }
  int64_t elementBytes = *getElementBytes(baseType);
  SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
  ArrayRef<int64_t> sizes = subview.getStaticSizes();
  ArrayRef<int64_t> steps = subview.getStaticStrides();
  for (int64_t d = 0; d < rank; ++d) {
    if (ShapedType::isDynamic(sizes[d]) || ShapedType::isDynamic(steps[d]))
      return user->emitOpError("cannot lower: a view with a dynamic size or "
                               "stride");
    side.pattern.append({strides[d] * steps[d], sizes[d]});
    if (std::optional<int64_t> offset = getConstantIntValue(offsets[d])) {
      side.offset += *offset * strides[d];
      side.staticDims.push_back(d);
      continue;
    }
    Value reg = getOffsetRegister(llvm::cast<Value>(offsets[d]));
    if (!reg)
      return user->emitOpError("cannot lower: view offset of dimension ")
             << d << " is not register arithmetic";
    side.regs.push_back(reg);
    side.scales.push_back(strides[d] * elementBytes);
    if (side.firstDynamicDim < 0)
      side.firstDynamicDim = d;
  }
  return side;
}

Value buildAP(PatternRewriter &rewriter, Location loc, const Side &side) {
  return PhysicalAPOp::create(
      rewriter, loc, AccessPatternType::get(rewriter.getContext()), side.base,
      rewriter.getI64IntegerAttr(side.offset),
      rewriter.getDenseI64ArrayAttr(side.pattern), IntegerAttr(),
      DenseI64ArrayAttr(), ValueRange(), Value(), IntegerAttr(), IntegerAttr(),
      IntegerAttr());
}

/// Rows of a gather/scatter operand: `[rowElems, rows], [1, rowElems]`.
Side rowsSide(Value buffer) {
  auto type = llvm::cast<MemRefType>(buffer.getType());
  int64_t rowElems = 1;
  for (int64_t d : type.getShape().drop_front())
    rowElems *= d;
  Side side;
  side.base = buffer;
  side.pattern = {rowElems, type.getDimSize(0), 1, rowElems};
  return side;
}

template <typename GeneratorOp>
void buildGenerator(PatternRewriter &rewriter, Operation *op, Engine engine,
                    const Side &src, const Side &dst, const Side &generic,
                    ValueRange genericAddrs, ArrayRef<int64_t> scales,
                    int64_t genericDim, const Side &other) {
  Location loc = op->getLoc();
  Value srcAP = buildAP(rewriter, loc, src);
  Value dstAP = buildAP(rewriter, loc, dst);
  GeneratorOp::create(rewriter, loc, srcAP, dstAP, genericAddrs,
                      rewriter.getI64IntegerAttr(genericDim),
                      rewriter.getDenseI64ArrayAttr(scales),
                      rewriter.getDenseI64ArrayAttr(generic.staticDims),
                      other.regs, rewriter.getDenseI64ArrayAttr(other.scales),
                      EngineAttr::get(rewriter.getContext(), engine));
}

/// A copy from `src` to `dst`: a bir.dma when both are static, else the
/// TensorCopyDynamic generator of the dynamic side (the destination when
/// both are, the source's registers then its `other` terms).
void buildCopy(PatternRewriter &rewriter, Operation *op, Engine engine,
               const Side &src, const Side &dst, bool transpose = false) {
  if (dst.isDynamic()) {
    buildGenerator<TensorCopyDynamicDstOp>(rewriter, op, engine, src, dst, dst,
                                           dst.regs, dst.scales,
                                           dst.firstDynamicDim, src);
  } else if (src.isDynamic()) {
    buildGenerator<TensorCopyDynamicSrcOp>(rewriter, op, engine, src, dst, src,
                                           src.regs, src.scales,
                                           src.firstDynamicDim, dst);
  } else {
    Location loc = op->getLoc();
    Value srcAP = buildAP(rewriter, loc, src); // source first, in order
    Value dstAP = buildAP(rewriter, loc, dst);
    DMAOp::create(rewriter, loc, srcAP, dstAP, engine, transpose);
  }
}

/// memref.copy -> bir.dma, or a TensorCopyDynamic generator.
struct CopyToDMA : OpRewritePattern<memref::CopyOp> {
  CopyToDMA(MLIRContext *ctx, Engine engine)
      : OpRewritePattern(ctx), engine(engine) {}

  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<Side> src = describeSide(op, op.getSource());
    FailureOr<Side> dst = describeSide(op, op.getTarget());
    if (failed(src) || failed(dst))
      return failure();
    buildCopy(rewriter, op, engine, *src, *dst);
    rewriter.eraseOp(op);
    return success();
  }

  Engine engine;
};

int64_t rowBytes(Value buffer) {
  auto type = llvm::cast<MemRefType>(buffer.getType());
  return type.getStridesAndOffset().first[0] * *getElementBytes(type);
}

/// The rows moved through an index tensor: one table row per index. The
/// outermost step is 0: the index tensor, not the pattern, picks each row.
Side indexedRows(Value table, Value rows) {
  Side side = rowsSide(table);
  side.pattern[0] = 0;
  side.pattern[1] = rowsSide(rows).pattern[1];
  side.staticDims = {1};
  return side;
}

/// buffer_gather -> tensor_copy_dynamic_src reading rows through the ids;
/// buffer_scatter -> tensor_copy_dynamic_dst writing rows through them.
template <typename OpTy, typename GeneratorOp, bool IsGather>
struct IndirectToDMA : OpRewritePattern<OpTy> {
  IndirectToDMA(MLIRContext *ctx, Engine engine)
      : OpRewritePattern<OpTy>(ctx), engine(engine) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value rowsBuffer = IsGather ? op->getOperand(2) : op->getOperand(0);
    Side table = indexedRows(op.getTable(), rowsBuffer);
    Side rows = rowsSide(rowsBuffer);
    buildGenerator<GeneratorOp>(
        rewriter, op, engine, IsGather ? table : rows,
        IsGather ? rows : table, table, op.getIndices(),
        {rowBytes(op.getTable())}, 0, Side());
    rewriter.eraseOp(op);
    return success();
  }

  Engine engine;
};
using GatherToDMA = IndirectToDMA<dynshape::BufferGatherOp,
                                  TensorCopyDynamicSrcOp, /*IsGather=*/true>;
using ScatterToDMA = IndirectToDMA<dynshape::BufferScatterOp,
                                   TensorCopyDynamicDstOp, /*IsGather=*/false>;

/// A 2-D linalg.transpose between static views -> a transposing bir.dma.
struct TransposeToDMA : OpRewritePattern<linalg::TransposeOp> {
  TransposeToDMA(MLIRContext *ctx, Engine engine)
      : OpRewritePattern(ctx), engine(engine) {}

  LogicalResult matchAndRewrite(linalg::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics() ||
        op.getPermutation() != ArrayRef<int64_t>{1, 0})
      return rewriter.notifyMatchFailure(op, "not a 2-D transpose of buffers");
    FailureOr<Side> src = describeSide(op, op.getInput());
    FailureOr<Side> dst = describeSide(op, op.getInit());
    if (failed(src) || failed(dst))
      return failure();
    if (src->isDynamic() || dst->isDynamic())
      return op.emitOpError("cannot lower a transpose at a runtime offset");
    buildCopy(rewriter, op, engine, *src, *dst, /*transpose=*/true);
    rewriter.eraseOp(op);
    return success();
  }

  Engine engine;
};

/// The padding mask of dynshape-pad-to-bound along one dimension d:
/// out[i] = i_d >= size ? repl : x[i], the replacement a tensor (the XLA
/// rewrite of a padded update) or a constant (padded scatter ids). Lowered
/// as: out = repl (a copy, or a memset), then a dynamic loop over the valid
/// rows [0, size) copies x's rows over it.
struct MaskToDMA : OpRewritePattern<linalg::GenericOp> {
  MaskToDMA(MLIRContext *ctx, Engine engine)
      : OpRewritePattern(ctx), engine(engine) {}

  struct Mask {
    unsigned dim;
    Value size;
    std::optional<uint64_t> fill; // the bits of a constant replacement
  };

  /// `iota(d) >= size ? in1 : in0`, or `? constant : in0`.
  static std::optional<Mask> matchMask(linalg::GenericOp op) {
    if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
        op.getNumDpsInputs() < 1 || op.getNumDpsInputs() > 2 ||
        op.getNumReductionLoops() != 0 ||
        !llvm::all_of(op.getIndexingMapsArray(),
                      [](AffineMap m) { return m.isIdentity(); }))
      return std::nullopt;
    Block &body = op.getRegion().front();
    auto yield = llvm::cast<linalg::YieldOp>(body.getTerminator());
    auto select = yield.getOperand(0).getDefiningOp<arith::SelectOp>();
    if (!select || select.getFalseValue() != body.getArgument(0))
      return std::nullopt;
    std::optional<uint64_t> fill;
    if (op.getNumDpsInputs() == 2) {
      if (select.getTrueValue() != body.getArgument(1))
        return std::nullopt;
    } else {
      Attribute value;
      Value constant = select.getTrueValue();
      unsigned bits = constant.getType().getIntOrFloatBitWidth();
      if (Value reg = getOffsetRegister(constant)) {
        // An i32 constant the scalar patterns already made a RegMov.
        auto mov = reg.getDefiningOp<MovImmOp>();
        if (!mov)
          return std::nullopt;
        fill = static_cast<uint64_t>(mov.getValueAttr().getInt());
      } else if (!matchPattern(constant, m_Constant(&value))) {
        return std::nullopt;
      } else if (auto i = llvm::dyn_cast<IntegerAttr>(value)) {
        fill = i.getValue().getZExtValue();
      } else if (auto f = llvm::dyn_cast<FloatAttr>(value)) {
        fill = f.getValue().bitcastToAPInt().getZExtValue();
      } else {
        return std::nullopt;
      }
      if (bits < 64)
        *fill &= (uint64_t(1) << bits) - 1;
    }
    auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::sge)
      return std::nullopt;
    auto cast = cmp.getLhs().getDefiningOp<arith::IndexCastOp>();
    auto index = cast ? cast.getIn().getDefiningOp<linalg::IndexOp>() : nullptr;
    Value size = getOffsetRegister(cmp.getRhs());
    if (!index || !size)
      return std::nullopt;
    return Mask{static_cast<unsigned>(index.getDim()), size, fill};
  }

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<Mask> mask = matchMask(op);
    if (!mask)
      return rewriter.notifyMatchFailure(op, "not a padding mask");
    unsigned dim = mask->dim;
    Value size = mask->size;
    FailureOr<Side> x = describeSide(op, op.getDpsInputs()[0]);
    FailureOr<Side> out = describeSide(op, op.getDpsInits()[0]);
    if (failed(x) || failed(out))
      return failure();
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    if (mask->fill) {
      // out = fill (the constant replacement)
      if (out->isDynamic())
        return op.emitOpError("cannot fill a view at a runtime offset");
      MemsetOp::create(rewriter, loc, buildAP(rewriter, loc, *out),
                       rewriter.getI64IntegerAttr(*mask->fill),
                       EngineAttr::get(ctx, engine));
    } else {
      FailureOr<Side> repl = describeSide(op, op.getDpsInputs()[1]);
      if (failed(repl))
        return failure();
      buildCopy(rewriter, op, engine, *repl, *out);
    }
    // for r in [0, size): out[.., r, ..] = x[.., r, ..]
    int64_t extent = llvm::cast<MemRefType>(op.getDpsInits()[0].getType())
                         .getDimSize(dim);
    auto loop = DynamicForOp::create(
        rewriter, loc, size, rewriter.getI32IntegerAttr(0),
        rewriter.getI32IntegerAttr(1), rewriter.getI32IntegerAttr(1),
        rewriter.getI32IntegerAttr(0), rewriter.getI64IntegerAttr(extent),
        EngineAttr::get(ctx, engine), IntegerAttr());
    Block &body = loop.getBody().emplaceBlock();
    Value row = body.addArgument(RegType::get(ctx), loc);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&body);
    for (Side *side : {&*x, &*out}) {
      int64_t bytes = *getElementBytes(llvm::cast<MemRefType>(side->base.getType()));
      side->regs.push_back(row);
      side->scales.push_back(side->pattern[2 * dim] * bytes);
      side->pattern[2 * dim + 1] = 1;
      llvm::erase(side->staticDims, static_cast<int64_t>(dim));
      if (side->firstDynamicDim < 0)
        side->firstDynamicDim = dim;
    }
    buildGenerator<TensorCopyDynamicDstOp>(rewriter, op, engine, *x, *out, *out,
                                           out->regs, out->scales,
                                           out->firstDynamicDim, *x);
    rewriter.eraseOp(op);
    return success();
  }

  Engine engine;
};

} // namespace

void dyn::populateDynShapeToBIRMemoryPatterns(Engine engine,
                                              RewritePatternSet &patterns) {
  patterns.add<CopyToDMA, GatherToDMA, ScatterToDMA, TransposeToDMA,
               MaskToDMA>(patterns.getContext(), engine);
}
