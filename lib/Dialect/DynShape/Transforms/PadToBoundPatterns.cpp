//===- PadToBoundPatterns.cpp - the DynamicPadder's rewrite rules ---------===//
//
// Each bounded value becomes (padded tensor, one i32 size per dynamic dim)
// through a 1:N type conversion. The rules below say how each op consumes
// and produces that pair, and where the padding `[size, bound)` must be
// masked so that it never reaches a result (report Stage 0, PadWithScalar).
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/Transforms/PadToBound.h"

#include "Padded.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/IR/FunctionBoundary.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

using namespace mlir;
using namespace dyn::dynshape;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool dyn::dynshape::isBoundedType(Type type) {
  auto ranked = llvm::dyn_cast<RankedTensorType>(type);
  return ranked && getBoundsAttr(ranked);
}

RankedTensorType dyn::dynshape::paddedType(RankedTensorType type) {
  return RankedTensorType::get(getBoundedShape(type), type.getElementType());
}

BoundedTypeConverter::BoundedTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](RankedTensorType type, SmallVectorImpl<Type> &results)
                    -> std::optional<LogicalResult> {
    if (!getBoundsAttr(type))
      return std::nullopt;
    results.push_back(paddedType(type));
    results.append(type.getNumDynamicDims(),
                   IntegerType::get(type.getContext(), 32));
    return success();
  });
}

bool dyn::dynshape::touchesBoundedTypes(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isBoundedType) ||
         llvm::any_of(op->getResultTypes(), isBoundedType);
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//


/// clamp(size, 0, bound) of the same type, without the halves that analysis
/// proved of `original` (the size before conversion).
Value dyn::dynshape::clampSize(OpBuilder &b, Location loc, Value size,
                               int64_t bound, Value original,
                               const InRangeSizes &inRange) {
  SizeRange range = inRange.lookup(original);
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(size.getType(), v));
  };
  if (range.min < 0)
    size = arith::MaxSIOp::create(b, loc, size, constant(0));
  if (range.max > bound)
    size = arith::MinSIOp::create(b, loc, size, constant(bound));
  return size;
}

/// A copy of `input` whose elements lie at or beyond `size` along any of the
/// given dimensions are replaced (dynshape.mask): by the elements of `with`,
/// a tensor of the input's type, or else by the constant `fill`.
Value dyn::dynshape::maskPadding(OpBuilder &b, Location loc, Value input,
                                 ArrayRef<std::pair<unsigned, Value>> dimSizes,
                                 Value with, TypedAttr fill) {
  SmallVector<int64_t> dims;
  SmallVector<Value> sizes;
  for (auto [dim, size] : dimSizes) {
    dims.push_back(dim);
    sizes.push_back(size);
  }
  return MaskOp::create(b, loc, input.getType(), input, with, sizes,
                        b.getDenseI64ArrayAttr(dims), fill);
}

/// The masks a linalg input needs: each dynamic dimension it reads along a
/// reduction loop.
static SmallVector<std::pair<unsigned, Value>>
reductionMasks(OpBuilder &b, Location loc, linalg::LinalgOp op,
               OpOperand &input, const Padded &padded) {
  SmallVector<std::pair<unsigned, Value>> masks;
  if (!padded.isBounded())
    return masks;
  AffineMap map = op.getMatchingIndexingMap(&input);
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned d = 0, e = padded.original.getRank(); d < e; ++d) {
    auto loop = llvm::dyn_cast<AffineDimExpr>(map.getResult(d));
    if (padded.original.isDynamicDim(d) && loop &&
        iterators[loop.getPosition()] == utils::IteratorType::reduction)
      masks.emplace_back(d, padded.size(b, loc, d));
  }
  return masks;
}

/// The identity of the single reduction combiner of `op`, or failure.
/// The combiner's `identity` as an element of type `element`, the type of
/// an input that reaches the combiner through an element conversion (extf,
/// truncf, sitofp): the value that converts back to the identity exactly
/// (0 for add, -inf / +inf for max / min between floats). None when there
/// is no such value.
static FailureOr<TypedAttr> identityAs(TypedAttr identity, Type element) {
  if (identity.getType() == element)
    return identity;
  auto floatIdentity = llvm::dyn_cast<FloatAttr>(identity);
  if (!floatIdentity)
    return failure();
  APFloat value = floatIdentity.getValue();
  if (auto floatType = llvm::dyn_cast<FloatType>(element)) {
    bool lost = false;
    value.convert(floatType.getFloatSemantics(),
                  APFloat::rmNearestTiesToEven, &lost);
    if (lost)
      return failure();
    return TypedAttr(FloatAttr::get(floatType, value));
  }
  // An integer converted to the float combiner (sitofp): only 0 maps.
  if (llvm::isa<IntegerType>(element) && value.isZero() && !value.isNegative())
    return TypedAttr(IntegerAttr::get(element, 0));
  return failure();
}

static FailureOr<TypedAttr> reductionIdentity(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1)
    return failure();
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1)
    return failure();
  std::optional<TypedAttr> identity = arith::getNeutralElement(combiners[0]);
  if (!identity)
    return failure();
  return *identity;
}

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

static bool hasUnboundedDims(Type type) {
  if (llvm::isa<UnrankedTensorType>(type))
    return true;
  auto ranked = llvm::dyn_cast<RankedTensorType>(type);
  return ranked && !ranked.hasStaticShape() && !getBoundsAttr(ranked);
}

static LogicalResult checkTypes(Operation *op) {
  auto check = [&](TypeRange types, StringRef kind) -> LogicalResult {
    for (auto [i, type] : llvm::enumerate(types)) {
      if (auto fn = llvm::dyn_cast<FunctionType>(type)) {
        if (llvm::any_of(fn.getInputs(), hasDynamicDims) ||
            llvm::any_of(fn.getResults(), hasDynamicDims))
          return op->emitOpError()
                 << kind << " #" << i << " is a function value of type " << fn
                 << " with dynamic dimensions; dynshape-pad-to-bound pads "
                    "direct calls only";
        continue;
      }
      if (hasUnboundedDims(type))
        return op->emitOpError()
               << kind << " #" << i << " has type " << type
               << " with a dynamic dimension but no #dynshape.bounds bound; "
                  "dynshape-pad-to-bound can only pad bounded dimensions";
    }
    return success();
  };
  if (auto func = llvm::dyn_cast<func::FuncOp>(op))
    if (failed(check(func.getArgumentTypes(), "argument")) ||
        failed(check(func.getResultTypes(), "result")))
      return failure();
  if (failed(check(op->getOperandTypes(), "operand")) ||
      failed(check(op->getResultTypes(), "result")))
    return failure();
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (failed(check(block.getArgumentTypes(), "block argument")))
        return failure();
  return success();
}

/// True when `input` (a DPS input) has a bounded dimension read along a
/// reduction loop, so pad-to-bound masks it.
static bool isMaskedInput(linalg::LinalgOp op, OpOperand *input) {
  auto type = llvm::dyn_cast<RankedTensorType>(input->get().getType());
  if (!type || !getBoundsAttr(type))
    return false;
  AffineMap map = op.getMatchingIndexingMap(input);
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned d = 0, e = type.getRank(); d < e; ++d) {
    auto loop = llvm::dyn_cast<AffineDimExpr>(map.getResult(d));
    if (type.isDynamicDim(d) && loop &&
        iterators[loop.getPosition()] == utils::IteratorType::reduction)
      return true;
  }
  return false;
}

/// True for an element conversion the mask can look through (the identity
/// converts exactly, see identityAs).
static bool isElementConversion(Operation *op) {
  return llvm::isa_and_nonnull<arith::ExtFOp, arith::TruncFOp,
                               arith::SIToFPOp>(op);
}

/// `arg`, or the result of the one element conversion that is its only use.
static Value throughConversion(Value arg) {
  if (arg.hasOneUse() && isElementConversion(*arg.getUsers().begin()))
    return (*arg.getUsers().begin())->getResult(0);
  return arg;
}

/// For a dot product, `combiner(acc, input * other)` with `combiner` an
/// add: the input number of `other`, the product's other factor (through an
/// exact conversion), when it is an input of `op`.
static std::optional<unsigned>
getOtherFactor(linalg::LinalgOp op, OpOperand *input, Operation *combiner) {
  BlockArgument arg = op.getMatchingBlockArgument(input);
  Value seen = throughConversion(arg);
  if (!seen.hasOneUse() || !llvm::isa<arith::AddFOp, arith::AddIOp>(combiner))
    return std::nullopt;
  Operation *mul = *seen.getUsers().begin();
  if (!llvm::isa<arith::MulFOp, arith::MulIOp>(mul) ||
      !mul->getResult(0).hasOneUse() ||
      *mul->getResult(0).getUsers().begin() != combiner)
    return std::nullopt;
  Value other =
      mul->getOperand(0) == seen ? mul->getOperand(1) : mul->getOperand(0);
  if (isElementConversion(other.getDefiningOp()))
    other = other.getDefiningOp()->getOperand(0);
  auto otherArg = llvm::dyn_cast<BlockArgument>(other);
  if (!otherArg || otherArg.getOwner() != arg.getOwner() ||
      otherArg.getArgNumber() >= op.getNumDpsInputs())
    return std::nullopt;
  return otherArg.getArgNumber();
}

/// Masking an input with the combiner's identity is exact only when the
/// combiner sees the masked element unchanged (or converted exactly), or (a
/// dot product) sees the product of two masked elements, 0 * 0 under add.
static bool maskReachesCombiner(linalg::LinalgOp op, OpOperand *input,
                                Operation *combiner) {
  Value seen = throughConversion(op.getMatchingBlockArgument(input));
  if (llvm::all_of(seen.getUsers(),
                   [&](Operation *u) { return u == combiner; }))
    return true;
  std::optional<unsigned> other = getOtherFactor(op, input, combiner);
  return other && isMaskedInput(op, op.getDpsInputOperand(*other));
}

static LogicalResult checkLinalg(linalg::LinalgOp op) {
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation())
      return op->emitOpError("cannot pad bounded operands of a linalg op "
                             "whose indexing maps are not projected "
                             "permutations");
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!isMaskedInput(op, input))
      continue;
    auto type = llvm::cast<RankedTensorType>(input->get().getType());
    FailureOr<TypedAttr> identity = reductionIdentity(op);
    if (failed(identity) || identity->getType().isIndex())
      return op->emitOpError("reduces over a bounded dimension of input #")
             << input->getOperandNumber()
             << ", but its combiner has no known identity to mask the "
                "padding with (supported: one result whose combiner is add, "
                "mul, max, min, and, or or xor on integer or float elements)";
    SmallVector<Operation *> combiners;
    matchReduction(op.getRegionOutputArgs(), 0, combiners);
    bool identityExact =
        succeeded(identityAs(*identity, type.getElementType()));
    // A product with one factor masked: 0 * inf or 0 * NaN is not 0.
    std::optional<unsigned> other = getOtherFactor(op, input, combiners[0]);
    if (identityExact && other &&
        !isMaskedInput(op, op.getDpsInputOperand(*other)))
      return op->emitOpError("contracts bounded input #")
             << input->getOperandNumber() << " with input #" << *other
             << ", which is not bounded along the reduction; the padding is "
                "masked with 0 in both factors of a product, so input #"
             << *other << " needs the same bound";
    if (!identityExact || !maskReachesCombiner(op, input, combiners[0]))
      return op->emitOpError("reduces over a bounded dimension of input #")
             << input->getOperandNumber()
             << ", but its body transforms the element before the combiner "
                "sees it, so masking with the identity would be inexact";
  }
  return success();
}

LogicalResult dyn::dynshape::checkPaddable(Operation *op) {
  if (failed(checkTypes(op)))
    return failure();
  if (!touchesBoundedTypes(op))
    return success();
  if (llvm::isa_and_nonnull<DynShapeDialect>(op->getDialect()) ||
      llvm::isa<func::ReturnOp, func::CallOp, scf::ForOp, scf::IfOp,
                scf::WhileOp, scf::YieldOp, scf::ConditionOp, tensor::EmptyOp>(
          op) ||
      op->hasTrait<OpTrait::Elementwise>())
    return success();
  if (llvm::isa<tensor::ExtractSliceOp, tensor::InsertSliceOp>(op)) {
    std::string why = whyNotPaddableSlice(op);
    return why.empty() ? success() : op->emitOpError(why);
  }
  if (auto dim = llvm::dyn_cast<tensor::DimOp>(op)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index)
      return op->emitOpError("cannot pad a bounded operand of tensor.dim with "
                             "a non-constant dimension index");
    auto type = llvm::cast<RankedTensorType>(dim.getSource().getType());
    if (*index < 0 || *index >= type.getRank())
      return op->emitOpError("dimension index ")
             << *index << " is out of range for a tensor of rank "
             << type.getRank();
    return success();
  }
  if (auto linalgOp = llvm::dyn_cast<linalg::LinalgOp>(op))
    return checkLinalg(linalgOp);
  return op->emitOpError("has a bounded dynamic operand or result, and "
                         "dynshape-pad-to-bound has no rule to pad it");
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Replaces `op`'s one result by the padded `tensor` and its runtime sizes.
void dyn::dynshape::replaceWithPadded(ConversionPatternRewriter &rewriter,
                                      Operation *op, Value tensor,
                                      ValueRange sizes) {
  SmallVector<Value> values{tensor};
  llvm::append_range(values, sizes);
  rewriter.replaceOpWithMultiple(op, {values});
}

/// `op` on padded operands: each bounded result type padded.
static Operation *cloneOnPadded(ConversionPatternRewriter &rewriter,
                                Operation *op, ValueRange operands) {
  SmallVector<Type> resultTypes;
  for (Type type : op->getResultTypes())
    resultTypes.push_back(
        isBoundedType(type) ? paddedType(llvm::cast<RankedTensorType>(type)) : type);
  return clone(rewriter, op, resultTypes, operands);
}

/// Replaces each result of `op` by the same result of `padded` and, for a
/// bounded one, `sizesOf(i)`.
static void
replaceWithPaddedResults(ConversionPatternRewriter &rewriter, Operation *op,
                         Operation *padded,
                         llvm::function_ref<ValueRange(unsigned)> sizesOf) {
  SmallVector<SmallVector<Value>> replacements;
  for (auto [i, result] : llvm::enumerate(padded->getResults())) {
    SmallVector<Value> &values = replacements.emplace_back();
    values.push_back(result);
    if (isBoundedType(op->getResult(i).getType()))
      llvm::append_range(values, sizesOf(i));
  }
  rewriter.replaceOpWithMultiple(op, replacements);
}

/// get_dimension_size -> the runtime size carried next to the tensor.
static LogicalResult padGetDimensionSize(GetDimensionSizeOp op,
                                         PadAdaptor<GetDimensionSizeOp> adaptor,
                                         ConversionPatternRewriter &rewriter,
                                         const InRangeSizes &) {
  Padded operand(op.getOperand(), adaptor.getOperand());
  rewriter.replaceOp(op,
                     operand.size(rewriter, op.getLoc(), op.getDimension()));
  return success();
}

/// set_dimension_size -> the operand itself, with the clamped size.
static LogicalResult padSetDimensionSize(SetDimensionSizeOp op,
                                         PadAdaptor<SetDimensionSizeOp> adaptor,
                                         ConversionPatternRewriter &rewriter,
                                         const InRangeSizes &inRange) {
  Location loc = op.getLoc();
  Padded operand(op.getOperand(), adaptor.getOperand());
  auto resultType = llvm::cast<RankedTensorType>(op.getType());
  unsigned dim = op.getDimension();
  SmallVector<Value> sizes;
  for (unsigned d = 0, e = resultType.getRank(); d < e; ++d) {
    if (!resultType.isDynamicDim(d))
      continue;
    if (d == dim)
      sizes.push_back(clampSize(rewriter, loc, adaptor.getSize().front(),
                                getStaticExtent(resultType, d), op.getSize(),
                                inRange));
    else
      sizes.push_back(operand.size(rewriter, loc, d));
  }
  replaceWithPadded(rewriter, op, operand.tensor, sizes);
  return success();
}

/// The i32 start indices of a converted op (each converts 1:1).
static SmallVector<Value> flatIndices(ArrayRef<ValueRange> indices) {
  SmallVector<Value> flat;
  for (ValueRange index : indices)
    flat.append(index.begin(), index.end());
  return flat;
}

/// dynamic_slice of a bounded operand reads its padded tensor; the clamp
/// already uses the bound (the static extent).
static LogicalResult padDynamicSlice(DynamicSliceOp op,
                                     PadAdaptor<DynamicSliceOp> adaptor,
                                     ConversionPatternRewriter &rewriter,
                                     const InRangeSizes &) {
  Padded operand(op.getOperand(), adaptor.getOperand());
  rewriter.replaceOpWithNewOp<DynamicSliceOp>(
      op, op.getType(), operand.tensor, flatIndices(adaptor.getStartIndices()),
      op.getSliceSizes());
  return success();
}

/// dynamic_update_slice: a padded update first takes the base's values over
/// its padding, so only `[0, size)` of it is written (XLA's rewrite).
static LogicalResult padDynamicUpdateSlice(
    DynamicUpdateSliceOp op, PadAdaptor<DynamicUpdateSliceOp> adaptor,
    ConversionPatternRewriter &rewriter, const InRangeSizes &) {
  Location loc = op.getLoc();
  Padded operand(op.getOperand(), adaptor.getOperand());
  Padded update(op.getUpdate(), adaptor.getUpdate());
  SmallVector<Value> indices = flatIndices(adaptor.getStartIndices());
  Value newUpdate = update.tensor;
  if (update.isBounded()) {
    auto updateType = llvm::cast<RankedTensorType>(newUpdate.getType());
    // Same clamp as the write below, so this reads the window it writes.
    Value window =
        DynamicSliceOp::create(rewriter, loc, updateType, operand.tensor,
                               indices, updateType.getShape());
    SmallVector<std::pair<unsigned, Value>> masks;
    for (unsigned d = 0, e = updateType.getRank(); d < e; ++d)
      if (update.original.isDynamicDim(d))
        masks.emplace_back(d, update.size(rewriter, loc, d));
    newUpdate = maskPadding(rewriter, loc, newUpdate, masks, window);
  }
  Value result =
      DynamicUpdateSliceOp::create(rewriter, loc, operand.tensor.getType(),
                                   newUpdate, operand.tensor, indices);
  replaceWithPadded(rewriter, op, result, operand.dynamicSizes);
  return success();
}

/// gather: rows from the padded table; row count from the index tensor.
static LogicalResult padGather(GatherOp op, PadAdaptor<GatherOp> adaptor,
                               ConversionPatternRewriter &rewriter,
                               const InRangeSizes &) {
  auto resultType = llvm::cast<RankedTensorType>(op.getType());
  Location loc = op.getLoc();
  Padded table(op.getOperand(), adaptor.getOperand());
  Padded indices(op.getIndices(), adaptor.getIndices());
  Value result = GatherOp::create(rewriter, loc, paddedType(resultType),
                                  table.tensor, indices.tensor);
  SmallVector<Value> sizes;
  for (unsigned d = 0, e = resultType.getRank(); d < e; ++d)
    if (resultType.isDynamicDim(d))
      sizes.push_back(d == 0 ? indices.size(rewriter, loc, 0)
                             : table.size(rewriter, loc, d));
  replaceWithPadded(rewriter, op, result, sizes);
  return success();
}

/// scatter: padded rows get index -1, which scatter skips.
static LogicalResult padScatter(ScatterOp op, PadAdaptor<ScatterOp> adaptor,
                                ConversionPatternRewriter &rewriter,
                                const InRangeSizes &) {
  Location loc = op.getLoc();
  Padded indices(op.getIndices(), adaptor.getIndices());
  Value ids = indices.tensor;
  if (indices.isBounded())
    ids = maskPadding(rewriter, loc, ids, {{0, indices.size(rewriter, loc, 0)}},
                      Value(), rewriter.getI32IntegerAttr(-1));
  Padded table(op.getOperand(), adaptor.getOperand());
  Padded updates(op.getUpdates(), adaptor.getUpdates());
  Value result = ScatterOp::create(rewriter, loc, table.tensor.getType(),
                                   updates.tensor, table.tensor, ids);
  replaceWithPadded(rewriter, op, result, table.dynamicSizes);
  return success();
}

/// tensor.empty of a bounded type -> the bound-sized empty tensor.
static LogicalResult padEmpty(tensor::EmptyOp op,
                              PadAdaptor<tensor::EmptyOp> adaptor,
                              ConversionPatternRewriter &rewriter,
                              const InRangeSizes &inRange) {
  Location loc = op.getLoc();
  RankedTensorType type = op.getType();
  Value empty = tensor::EmptyOp::create(rewriter, loc, getBoundedShape(type),
                                        type.getElementType());
  SmallVector<Value> clampedSizes;
  ValueRange sizes = op.getDynamicSizes();
  for (unsigned d = 0, e = type.getRank(); d < e; ++d) {
    if (!type.isDynamicDim(d))
      continue;
    // Clamp as an index, before narrowing to i32.
    Value size = sizes[type.getDynamicDimIndex(d)];
    Value clamped =
        clampSize(rewriter, loc, size, getStaticExtent(type, d), size, inRange);
    clampedSizes.push_back(arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(), clamped));
  }
  replaceWithPadded(rewriter, op, empty, clampedSizes);
  return success();
}

/// tensor.dim of a bounded dim -> its runtime size as an index.
static LogicalResult padDim(tensor::DimOp op, PadAdaptor<tensor::DimOp> adaptor,
                            ConversionPatternRewriter &rewriter,
                            const InRangeSizes &) {
  Padded source(op.getSource(), adaptor.getSource());
  Value size = source.size(rewriter, op.getLoc(), *op.getConstantIndex());
  rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, rewriter.getIndexType(),
                                                  size);
  return success();
}

/// The function-boundary order of converted values (FunctionBoundary).
static SmallVector<Value> withSizesAppended(ArrayRef<ValueRange> converted) {
  return FunctionBoundary::arrange<Value>(converted);
}

/// func.return: padded tensors in place, their sizes appended in order.
static LogicalResult padReturn(func::ReturnOp op,
                               PadAdaptor<func::ReturnOp> adaptor,
                               ConversionPatternRewriter &rewriter,
                               const InRangeSizes &) {
  SmallVector<Value> operands = withSizesAppended(adaptor.getOperands());
  rewriter.replaceOpWithNewOp<func::ReturnOp>(op, operands);
  return success();
}

namespace {

/// func.call: the callee's padded signature (sizes after the originals).
struct PadCall : OpConversionPattern<func::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands = withSizesAppended(adaptor.getOperands());
    SmallVector<SmallVector<Type>> resultGroups;
    SmallVector<unsigned> numSizes;
    for (Type type : op.getResultTypes()) {
      if (failed(getTypeConverter()->convertType(type,
                                                 resultGroups.emplace_back())))
        return rewriter.notifyMatchFailure(op, "unconvertible result type");
      numSizes.push_back(resultGroups.back().size() - 1);
    }
    auto call = func::CallOp::create(
        rewriter, op.getLoc(), op.getCallee(),
        FunctionBoundary::arrange<Type>(resultGroups), operands);
    SmallVector<SmallVector<Value>> replacements =
        FunctionBoundary::group<Value>(call.getResults(), numSizes);
    rewriter.replaceOpWithMultiple(op, replacements);
    return success();
  }
};

/// Any linalg op: padded operands, reduction inputs masked to the
/// combiner's identity; result sizes are those of the matching init.
struct PadLinalgOp : OpInterfaceConversionPattern<linalg::LinalgOp> {
  using OpInterfaceConversionPattern::OpInterfaceConversionPattern;
  LogicalResult
  matchAndRewrite(linalg::LinalgOp op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!touchesBoundedTypes(op))
      return rewriter.notifyMatchFailure(op, "no bounded types");
    Location loc = op.getLoc();
    SmallVector<Value> newOperands;
    SmallVector<Padded> inits;
    for (OpOperand &opOperand : op->getOpOperands()) {
      Padded padded(opOperand.get(), operands[opOperand.getOperandNumber()]);
      Value value = padded.tensor;
      if (op.isDpsInput(&opOperand)) {
        auto masks = reductionMasks(rewriter, loc, op, opOperand, padded);
        if (!masks.empty()) {
          FailureOr<TypedAttr> identity = reductionIdentity(op);
          if (succeeded(identity))
            identity = identityAs(
                *identity,
                llvm::cast<RankedTensorType>(value.getType()).getElementType());
          if (failed(identity))
            return rewriter.notifyMatchFailure(op, "no reduction identity");
          value = maskPadding(rewriter, loc, value, masks, Value(), *identity);
        }
      } else {
        inits.push_back(padded);
      }
      newOperands.push_back(value);
    }
    Operation *padded = cloneOnPadded(rewriter, op, newOperands);
    replaceWithPaddedResults(rewriter, op, padded, [&](unsigned i) {
      return inits[i].dynamicSizes;
    });
    return success();
  }
};

/// Elementwise ops on tensors: same op on the padded tensors; the sizes are
/// those of the first bounded operand (all operands share the shape).
struct PadElementwise : OpTraitConversionPattern<OpTrait::Elementwise> {
  using OpTraitConversionPattern::OpTraitConversionPattern;
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!touchesBoundedTypes(op) || op->getNumRegions() != 0)
      return rewriter.notifyMatchFailure(op, "no bounded types");
    SmallVector<Value> newOperands;
    ValueRange sizes;
    for (ValueRange converted : operands) {
      newOperands.push_back(converted.front());
      if (sizes.empty())
        sizes = converted.drop_front();
    }
    Operation *padded = cloneOnPadded(rewriter, op, newOperands);
    replaceWithPaddedResults(rewriter, op, padded,
                             [&](unsigned) { return sizes; });
    return success();
  }
};

} // namespace

void dyn::dynshape::populatePadToBoundPatterns(
    const BoundedTypeConverter &converter, const InRangeSizes &inRange,
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns
      .add<PadRule<GetDimensionSizeOp, padGetDimensionSize>,
           PadRule<SetDimensionSizeOp, padSetDimensionSize>,
           PadRule<DynamicSliceOp, padDynamicSlice>,
           PadRule<DynamicUpdateSliceOp, padDynamicUpdateSlice>,
           PadRule<GatherOp, padGather>, PadRule<ScatterOp, padScatter>,
           PadRule<tensor::EmptyOp, padEmpty>, PadRule<tensor::DimOp, padDim>,
           PadRule<func::ReturnOp, padReturn>>(converter, inRange, ctx);
  patterns.add<PadCall, PadLinalgOp, PadElementwise>(converter, ctx);
  populatePadSlicePatterns(converter, inRange, patterns);
}
