//===- MemoryPatterns.cpp - copies, gathers and scatters to bir DMAs ------===//
//
// Report Stage 1: a copy at a runtime position becomes a TensorCopyDynamic
// generator whose generic_addrs are the registers of its runtime offsets and
// whose offset_scale is the byte stride each register steps by; a gather or
// scatter becomes one whose generic address is the index tensor. Static
// copies become plain bir.dma. Views are kind-1 access patterns over their
// base location, in elements. A view's offsets are the registers the scalar
// patterns made of them (getRegisterOf: through the conversion's casts).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

Value dyn::getViewSource(Value view) {
  Operation *op = lookThroughConversion(view).getDefiningOp();
  if (auto subview = llvm::dyn_cast_or_null<memref::SubViewOp>(op))
    return subview.getSource();
  if (auto expand = llvm::dyn_cast_or_null<memref::ExpandShapeOp>(op))
    return expand.getSrc();
  if (auto collapse = llvm::dyn_cast_or_null<memref::CollapseShapeOp>(op))
    return collapse.getSrc();
  return Value();
}

/// A whole location: one level per dim, each at its stride.
static Side locationSide(Value base) {
  Side side;
  side.base = base;
  auto type = llvm::cast<MemRefType>(base.getType());
  SmallVector<int64_t> strides = getStrides(type);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    side.pattern.append(strides[d], type.getDimSize(d));
    side.staticDims.push_back(d);
    side.baseDims.push_back(d);
  }
  return side;
}

/// `side` (the subview's source) narrowed by `subview`: each source dim
/// adds its offset to the start; only the dims the view keeps walk
/// (upstream's dropped-dims mask says which a rank-reducing subview drops).
static Side applySubview(Side source, memref::SubViewOp subview,
                         RegisterOf registerOf) {
  int64_t elementBytes =
      *bir::getElementBytes(llvm::cast<MemRefType>(source.base.getType()));
  Side side = source;
  side.pattern.clear();
  side.staticDims.clear();
  side.baseDims.clear();
  llvm::SmallBitVector dropped = subview.getDroppedDims();
  SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
  ArrayRef<int64_t> sizes = subview.getStaticSizes();
  ArrayRef<int64_t> steps = subview.getStaticStrides();
  for (int64_t d = 0; d < static_cast<int64_t>(offsets.size()); ++d) {
    int64_t stride = source.pattern.step(d);
    std::optional<int64_t> offset = getConstantInt(offsets[d]);
    if (!dropped.test(d)) {
      if (offset)
        side.staticDims.push_back(side.pattern.size());
      side.pattern.append(stride * steps[d], sizes[d]);
      side.baseDims.push_back(source.baseDims[d]);
    }
    if (offset) {
      side.offset += *offset * stride;
      continue;
    }
    side.regs.push_back(registerOf(llvm::cast<Value>(offsets[d])));
    side.scales.push_back(stride * elementBytes);
    if (side.firstDynamicDim < 0)
      side.firstDynamicDim = source.baseDims[d];
  }
  return side;
}

/// `source` reshaped: an expand_shape splits each level into its group's
/// dims (the innermost keeps the step), a collapse_shape merges each group
/// into one level (its dims are contiguous, which upstream's verifier
/// checks against the layout). A dim's offset is static when every dim it
/// comes from had one.
static Side applyReshape(Side source,
                         ArrayRef<ReassociationIndices> groups,
                         ArrayRef<int64_t> resultShape, bool expand) {
  Side side = source;
  side.pattern.clear();
  side.staticDims.clear();
  side.baseDims.clear();
  for (auto [i, group] : llvm::enumerate(groups)) {
    if (expand) {
      bool isStatic = llvm::is_contained(source.staticDims, int64_t(i));
      int64_t step = source.pattern.step(i);
      SmallVector<std::pair<int64_t, int64_t>> levels;
      for (int64_t d : llvm::reverse(group)) {
        levels.push_back({step, resultShape[d]});
        step *= resultShape[d];
      }
      for (auto [levelStep, num] : llvm::reverse(levels)) {
        if (isStatic)
          side.staticDims.push_back(side.pattern.size());
        side.pattern.append(levelStep, num);
        side.baseDims.push_back(source.baseDims[i]);
      }
      continue;
    }
    int64_t num = 1, step = source.pattern.step(group.back());
    int64_t baseDim = source.baseDims[group.back()];
    bool isStatic = true;
    for (int64_t d : group) {
      num *= source.pattern.num(d);
      if (source.pattern.num(d) != 1) { // the innermost walking dim's
        step = source.pattern.step(d);
        baseDim = source.baseDims[d];
      }
      isStatic &= llvm::is_contained(source.staticDims, d);
    }
    if (isStatic)
      side.staticDims.push_back(side.pattern.size());
    side.pattern.append(step, num);
    side.baseDims.push_back(baseDim);
  }
  return side;
}

Side dyn::describeSide(Value view, RegisterOf registerOf) {
  view = lookThroughConversion(view);
  Value source = getViewSource(view);
  if (!source)
    return locationSide(view);
  Side side = describeSide(source, registerOf);
  Operation *op = view.getDefiningOp();
  if (auto subview = llvm::dyn_cast<memref::SubViewOp>(op))
    side = applySubview(std::move(side), subview, registerOf);
  else if (auto expand = llvm::dyn_cast<memref::ExpandShapeOp>(op))
    side = applyReshape(std::move(side), expand.getReassociationIndices(),
                        expand.getResultType().getShape(), /*expand=*/true);
  else
    side = applyReshape(
        std::move(side),
        llvm::cast<memref::CollapseShapeOp>(op).getReassociationIndices(),
        {}, /*expand=*/false);
  // A view of rank 0 still walks one element.
  if (side.pattern.empty()) {
    side.pattern.append(1, 1);
    side.staticDims.push_back(0);
    side.baseDims.push_back(0);
  }
  return side;
}

Value dyn::buildAP(PatternRewriter &rewriter, Location loc,
                   const Side &side) {
  return PhysicalAPOp::create(
      rewriter, loc, AccessPatternType::get(rewriter.getContext()), side.base,
      rewriter.getI64IntegerAttr(side.offset),
      PatternAttr::get(rewriter.getContext(), side.pattern.getFlat()),
      IntegerAttr(),
      DenseI64ArrayAttr(), ValueRange(), Value(), IntegerAttr(), IntegerAttr(),
      IntegerAttr());
}

/// Rows of a gather/scatter operand: `[rowElems, rows], [1, rowElems]`.
static Side rowsSide(Value buffer) {
  auto type = llvm::cast<MemRefType>(buffer.getType());
  int64_t rowElems = 1;
  for (int64_t d : type.getShape().drop_front())
    rowElems *= d;
  Side side;
  side.base = buffer;
  side.pattern = {{rowElems, type.getDimSize(0)}, {1, rowElems}};
  return side;
}

template <typename GeneratorOp>
static void buildGenerator(PatternRewriter &rewriter, Operation *op, Engine engine,
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

void dyn::buildCopy(PatternRewriter &rewriter, Operation *op, Engine engine,
                    const Side &src, const Side &dst, bool transpose) {
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

/// The sides of the converted memref operands `views` of `op`, or a match
/// failure. Every view is checked before any is described: describing one
/// may read an argument into a register, and the conversion does not roll
/// back a pattern that fails after changing the IR.
static FailureOr<SmallVector<Side, 3>>
getSides(ConversionPatternRewriter &rewriter, Operation *op,
         const BIRTypeConverter &converter, ArrayRef<Value> views) {
  for (Value view : views)
    if (std::string why = whyNotASide(view); !why.empty())
      return rewriter.notifyMatchFailure(op, why);
  SmallVector<Side, 3> sides;
  for (Value view : views)
    sides.push_back(describeSide(view, [&](Value offset) {
      return getRegisterOf(rewriter, converter, op->getLoc(), offset);
    }));
  return sides;
}

/// memref.alloc -> bir.alloc in the space the converter gives it.
static LogicalResult allocToLocation(memref::AllocOp op,
                                     memref::AllocOp::Adaptor,
                                     ConversionPatternRewriter &rewriter,
                                     const BIRTypeConverter &converter) {
  auto type = converter.convertType<MemRefType>(op.getResult());
  if (!type)
    return rewriter.notifyMatchFailure(op, "no location type");
  rewriter.replaceOpWithNewOp<AllocOp>(op, type, IntegerAttr(), UnitAttr());
  return success();
}

/// memref.copy -> bir.dma, or a TensorCopyDynamic generator.
static LogicalResult copyToDMA(memref::CopyOp op,
                               memref::CopyOp::Adaptor adaptor,
                               ConversionPatternRewriter &rewriter,
                               const BIRTypeConverter &converter) {
  FailureOr<SmallVector<Side, 3>> sides = getSides(
      rewriter, op, converter, {adaptor.getSource(), adaptor.getTarget()});
  if (failed(sides))
    return failure();
  buildCopy(rewriter, op, converter.getEngine(), (*sides)[0], (*sides)[1]);
  rewriter.eraseOp(op);
  return success();
}

static int64_t rowBytes(Value buffer) {
  auto type = llvm::cast<MemRefType>(buffer.getType());
  return getStrides(type)[0] * *bir::getElementBytes(type);
}

/// The rows moved through an index tensor: one table row per index. The
/// outermost step is 0: the index tensor, not the pattern, picks each row.
static Side indexedRows(Value table, Value rows) {
  Side side = rowsSide(table);
  side.pattern.setStep(0, 0);
  side.pattern.setNum(0, rowsSide(rows).pattern.num(0));
  side.staticDims = {1};
  return side;
}

/// buffer_gather -> tensor_copy_dynamic_src reading rows through the ids;
/// buffer_scatter -> tensor_copy_dynamic_dst writing rows through them.
template <typename OpTy, typename GeneratorOp, bool IsGather>
static LogicalResult indirectToDMA(OpTy op, typename OpTy::Adaptor adaptor,
                                   ConversionPatternRewriter &rewriter,
                                   const BIRTypeConverter &converter) {
  Value rowsBuffer =
      IsGather ? adaptor.getOperands()[2] : adaptor.getOperands()[0];
  Side table = indexedRows(adaptor.getTable(), rowsBuffer);
  Side rows = rowsSide(rowsBuffer);
  buildGenerator<GeneratorOp>(rewriter, op, converter.getEngine(),
                              IsGather ? table : rows, IsGather ? rows : table,
                              table, adaptor.getIndices(),
                              {rowBytes(adaptor.getTable())}, 0, Side());
  rewriter.eraseOp(op);
  return success();
}

/// A 2-D linalg.transpose between static views -> a transposing bir.dma.
static LogicalResult transposeToDMA(linalg::TransposeOp op,
                                    linalg::TransposeOp::Adaptor adaptor,
                                    ConversionPatternRewriter &rewriter,
                                    const BIRTypeConverter &converter) {
  std::string why = whyNotATransposeDMA(op);
  if (!why.empty())
    return rewriter.notifyMatchFailure(op, why);
  FailureOr<SmallVector<Side, 3>> sides = getSides(
      rewriter, op, converter, {adaptor.getInput(), adaptor.getInit()});
  if (failed(sides))
    return failure();
  buildCopy(rewriter, op, converter.getEngine(), (*sides)[0], (*sides)[1],
            /*transpose=*/true);
  rewriter.eraseOp(op);
  return success();
}

/// The bits of a fill constant, as wide as its type.
static std::optional<uint64_t> getFillBits(TypedAttr fill) {
  APInt bits;
  if (auto i = llvm::dyn_cast<IntegerAttr>(fill))
    bits = i.getValue();
  else if (auto f = llvm::dyn_cast<FloatAttr>(fill))
    bits = f.getValue().bitcastToAPInt();
  else
    return std::nullopt;
  if (bits.getBitWidth() > 64)
    return std::nullopt;
  return bits.getZExtValue();
}

/// The padding mask along one dimension d (dynshape.buffer_mask):
/// out[i] = i_d >= size ? repl : x[i], the replacement a buffer (the XLA
/// rewrite of a padded update) or a fill constant (padded scatter ids).
/// Lowered as: out = repl (a copy, or a memset), then a dynamic loop over
/// the valid rows [0, size) copies x's rows over it.
static LogicalResult maskToDMA(dynshape::BufferMaskOp op,
                               dynshape::BufferMaskOp::Adaptor adaptor,
                               ConversionPatternRewriter &rewriter,
                               const BIRTypeConverter &converter) {
  if (op.getDims().size() != 1)
    return rewriter.notifyMatchFailure(op, "masks more than one dimension");
  unsigned dim = op.getDims().front();
  Value size = adaptor.getSizes().front();
  TypedAttr fill = op.getFillAttr();
  std::optional<uint64_t> bits = fill ? getFillBits(fill) : std::nullopt;
  if (fill && (!bits || hasRuntimeOffset(adaptor.getOutput())))
    return rewriter.notifyMatchFailure(op, "not a static fill");
  SmallVector<Value, 3> views = {adaptor.getInput(), adaptor.getOutput()};
  if (!fill)
    views.push_back(adaptor.getReplacement());
  FailureOr<SmallVector<Side, 3>> sides =
      getSides(rewriter, op, converter, views);
  if (failed(sides))
    return failure();
  Side &x = (*sides)[0], &out = (*sides)[1];
  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  if (fill) // out = fill (the constant replacement)
    MemsetOp::create(rewriter, loc, buildAP(rewriter, loc, out),
                     rewriter.getI64IntegerAttr(*bits),
                     EngineAttr::get(ctx, converter.getEngine()));
  else
    buildCopy(rewriter, op, converter.getEngine(), (*sides)[2], out);
  // for r in [0, size): out[.., r, ..] = x[.., r, ..]
  int64_t extent = op.getOutput().getType().getDimSize(dim);
  auto loop = DynamicForOp::create(
      rewriter, loc, size, rewriter.getI32IntegerAttr(0),
      rewriter.getI32IntegerAttr(1), rewriter.getI32IntegerAttr(1),
      rewriter.getI32IntegerAttr(0), rewriter.getI64IntegerAttr(extent),
      EngineAttr::get(ctx, converter.getEngine()), IntegerAttr(),
      IntegerAttr());
  Block &body = loop.getBody().emplaceBlock();
  Value row = body.addArgument(RegType::get(ctx), loc);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&body);
  for (Side *side : {&x, &out}) {
    int64_t bytes =
        *bir::getElementBytes(llvm::cast<MemRefType>(side->base.getType()));
    side->regs.push_back(row);
    side->scales.push_back(side->pattern.step(dim) * bytes);
    side->pattern.setNum(dim, 1);
    llvm::erase(side->staticDims, static_cast<int64_t>(dim));
    if (side->firstDynamicDim < 0)
      side->firstDynamicDim = dim;
  }
  buildGenerator<TensorCopyDynamicDstOp>(rewriter, op, converter.getEngine(), x,
                                         out, out, out.regs, out.scales,
                                         out.firstDynamicDim, x);
  rewriter.eraseOp(op);
  return success();
}

Value dyn::buildLocationAP(PatternRewriter &rewriter, Location loc,
                           Value location) {
  return buildAP(rewriter, loc, describeSide(location, [](Value) {
                   return Value();
                 }));
}

void dyn::buildLocationCopy(PatternRewriter &rewriter, Operation *op,
                            Engine engine, Value src, Value dst) {
  auto noRegisters = [](Value) { return Value(); };
  buildCopy(rewriter, op, engine, describeSide(src, noRegisters),
            describeSide(dst, noRegisters));
}

/// True for a subview with an offset known only at run time.
static bool isRuntimeOffsetSubview(Value view) {
  auto subview = lookThroughConversion(view).getDefiningOp<memref::SubViewOp>();
  return subview &&
         llvm::any_of(subview.getMixedOffsets(), [](OpFoldResult offset) {
           return !getConstantInt(offset);
         });
}

bool dyn::hasRuntimeOffset(Value view) {
  for (Value v = view; v; v = getViewSource(v))
    if (isRuntimeOffsetSubview(v))
      return true;
  return false;
}

std::string dyn::whyNotASide(Value view) {
  // Views down to the location: subviews, expand_shape and collapse_shape.
  SmallVector<Value> chain;
  Value base = lookThroughConversion(view);
  for (Value source = getViewSource(base); source;
       source = getViewSource(base)) {
    chain.push_back(base);
    base = lookThroughConversion(source);
  }
  auto baseType = llvm::dyn_cast<MemRefType>(base.getType());
  if (!baseType || !baseType.getLayout().isIdentity() ||
      !baseType.hasStaticShape() || !bir::getElementBytes(baseType))
    return "an operand that is not a location or views of one (subviews, "
           "expand_shape, collapse_shape)";
  for (Value link : chain) {
    auto subview = link.getDefiningOp<memref::SubViewOp>();
    if (!subview) {
      if (!llvm::cast<MemRefType>(link.getType()).hasStaticShape())
        return "a reshape with a dynamic size";
      continue;
    }
    if (llvm::any_of(subview.getStaticSizes(), ShapedType::isDynamic) ||
        llvm::any_of(subview.getStaticStrides(), ShapedType::isDynamic))
      return "a view with a dynamic size or stride";
    // A constant start (also one a constant operand gives) lies in its
    // source, so every start address the lowering computes fits 64 bits.
    ArrayRef<int64_t> sizes = subview.getStaticSizes();
    ArrayRef<int64_t> shape = subview.getSourceType().getShape();
    for (auto [d, offset] : llvm::enumerate(subview.getMixedOffsets())) {
      std::optional<int64_t> start = getConstantInt(offset);
      if (start && (*start < 0 || *start > shape[d] - sizes[d]))
        return "a view whose constant offset " + std::to_string(*start) +
               " in dimension " + std::to_string(d) +
               " lies outside its buffer";
    }
  }
  return {};
}

std::string dyn::whyNotATransposeDMA(linalg::LinalgOp op) {
  auto transpose = llvm::dyn_cast<linalg::TransposeOp>(op.getOperation());
  if (!transpose || !transpose.hasPureBufferSemantics() ||
      transpose.getPermutation() != ArrayRef<int64_t>{1, 0})
    return "a transpose other than the 2-D one of buffers (permutation [1, 0]), "
           "which is a DMA";
  for (Value view : {transpose.getInput(), transpose.getInit()})
    if (hasRuntimeOffset(view))
      return "a transpose at a runtime offset";
  return {};
}

void dyn::populateMemoryPatterns(const BIRTypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<
      BIRRule<memref::AllocOp, allocToLocation>,
      BIRRule<memref::CopyOp, copyToDMA>,
      BIRRule<dynshape::BufferGatherOp,
              indirectToDMA<dynshape::BufferGatherOp, TensorCopyDynamicSrcOp,
                            /*IsGather=*/true>>,
      BIRRule<dynshape::BufferScatterOp,
              indirectToDMA<dynshape::BufferScatterOp, TensorCopyDynamicDstOp,
                            /*IsGather=*/false>>,
      BIRRule<linalg::TransposeOp, transposeToDMA>,
      BIRRule<dynshape::BufferMaskOp, maskToDMA>>(converter,
                                                  patterns.getContext());
}
