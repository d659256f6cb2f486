//===- PadSlices.cpp - padding rules for upstream tensor slices -----------===//
//
// tensor.extract_slice and tensor.insert_slice with runtime offsets and
// sizes on bounded tensors, in dynshape's own access ops. Upstream's meaning
// holds wherever it is defined (the slice lies inside the tensor's runtime
// extent); an out-of-range slice, undefined upstream, moves data at start
// indices clamped into the padded tensor, as dynshape.dynamic_slice does.
//
// A runtime size n (bound B) is the clamped size of a bounded result, and
// moves one of two ways:
// - the window of B at a constant offset c with c + B within the padded
//   tensor is one dynamic_slice (insert: a dynamic_update_slice of the
//   update, its padding masked with the target's old values);
// - otherwise a window of B might not fit where the n valid rows do, so a
//   loop of n trips (max_trip B) moves one row at a time.
//
//===----------------------------------------------------------------------===//

#include "Padded.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace dyn::dynshape;

/// The slice's small side: the result of an extract, the update of an insert.
static RankedTensorType getSliceType(Operation *op) {
  if (auto extract = llvm::dyn_cast<tensor::ExtractSliceOp>(op))
    return extract.getType();
  return llvm::cast<tensor::InsertSliceOp>(op).getSourceType();
}

/// The tensor the slice is taken from or written into.
static RankedTensorType getBaseType(Operation *op) {
  if (auto extract = llvm::dyn_cast<tensor::ExtractSliceOp>(op))
    return extract.getSourceType();
  return llvm::cast<tensor::InsertSliceOp>(op).getDestType();
}

std::string dyn::dynshape::whyNotPaddableSlice(Operation *op) {
  auto slice = llvm::cast<OffsetSizeAndStrideOpInterface>(op);
  if (!llvm::all_of(slice.getMixedStrides(), [](OpFoldResult stride) {
        return isConstantIntValue(stride, 1);
      }))
    return "has a stride other than 1 on a bounded tensor; padded slices "
           "take unit strides";
  if (getSliceType(op).getRank() != getBaseType(op).getRank())
    return "is rank-reducing on a bounded tensor; padded slices keep the rank";
  return "";
}

/// The converted scalar operands of a 1:N adaptor, one value each.
static SmallVector<Value> flatten(ArrayRef<ValueRange> converted) {
  SmallVector<Value> values;
  for (ValueRange range : converted)
    values.push_back(range.front());
  return values;
}

namespace {

/// A slice on padded tensors: per dimension its offset (an index), its
/// padded extent (the static size, or the bound of a runtime size) and, for
/// a runtime size, that size clamped into [0, bound] (an index).
struct Window {
  SmallVector<Value> offsets;
  SmallVector<int64_t> extents;
  SmallVector<Value> sizes;
  /// Every runtime size has a constant offset at which its bound fits.
  bool fits = true;

  /// The window of `slice` (an extract_slice or insert_slice) in its padded
  /// base tensor; `dynamicOffsets`/`dynamicSizes` are its converted
  /// operands, and its own sizes key the proven ranges.
  Window(OpBuilder &b, Location loc, OffsetSizeAndStrideOpInterface slice,
         ValueRange dynamicOffsets, ValueRange dynamicSizes,
         const InRangeSizes &inRange) {
    RankedTensorType sliceType = getSliceType(slice);
    SmallVector<int64_t> baseExtents = getBoundedShape(getBaseType(slice));
    SmallVector<OpFoldResult> mixedOffsets =
        getMixedValues(slice.getStaticOffsets(), dynamicOffsets, b);
    SmallVector<OpFoldResult> mixedSizes =
        getMixedValues(slice.getStaticSizes(), dynamicSizes, b);
    for (auto [d, offset, size, original] :
         llvm::enumerate(mixedOffsets, mixedSizes, slice.getMixedSizes())) {
      offsets.push_back(getValueOrCreateConstantIndexOp(b, loc, offset));
      int64_t extent = getStaticExtent(sliceType, d);
      extents.push_back(extent);
      auto runtime = llvm::dyn_cast<Value>(size);
      if (!runtime) {
        sizes.push_back(Value());
        continue;
      }
      sizes.push_back(clampSize(b, loc, runtime, extent,
                                llvm::cast<Value>(original), inRange));
      std::optional<int64_t> c = getConstantIntValue(offset);
      fits &= c && *c >= 0 && *c + extent <= baseExtents[d];
    }
  }

  /// A loop nest over the runtime sizes that moves one row per trip from
  /// `from` into `into` (updated in place and returned). The slice's
  /// offsets apply on the side of the base tensor: `from` for an extract,
  /// `into` for an insert (`fromIsBase`).
  Value copyRows(OpBuilder &b, Location loc, Value from, Value into,
                 bool fromIsBase) const {
    auto rowType = RankedTensorType::get(
        rowExtents(), llvm::cast<RankedTensorType>(from.getType())
                          .getElementType());
    auto body = [&](OpBuilder &b, Location loc, ArrayRef<Value> ivs,
                    Value acc) -> Value {
      Value row = DynamicSliceOp::create(b, loc, rowType, from,
                                         starts(b, loc, ivs, fromIsBase),
                                         rowExtents());
      return DynamicUpdateSliceOp::create(b, loc, acc.getType(), row, acc,
                                          starts(b, loc, ivs, !fromIsBase));
    };
    SmallVector<Value> lbs, ubs, steps;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    for (Value size : sizes)
      if (size) {
        lbs.push_back(zero);
        ubs.push_back(size);
        steps.push_back(one);
      }
    scf::LoopNest nest = scf::buildLoopNest(
        b, loc, lbs, ubs, steps, ValueRange{into},
        [&](OpBuilder &nested, Location loc, ValueRange ivs,
            ValueRange carried) -> scf::ValueVector {
          SmallVector<Value> perDim;
          auto iv = ivs.begin();
          for (Value size : sizes)
            perDim.push_back(size ? *iv++ : Value());
          return {body(nested, loc, perDim, carried.front())};
        });
    return nest.results.front();
  }

  /// Per dimension: `offsets[d] + iv` where a row moves, else `offsets[d]`
  /// (with `shifted`), or `iv` / 0 (without).
  SmallVector<Value> starts(OpBuilder &b, Location loc, ArrayRef<Value> ivs,
                            bool shifted) const {
    SmallVector<Value> result;
    for (auto [offset, iv] : llvm::zip(offsets, ivs)) {
      if (!shifted)
        result.push_back(iv ? iv : arith::ConstantIndexOp::create(b, loc, 0));
      else
        result.push_back(iv ? arith::AddIOp::create(b, loc, offset, iv)
                            : offset);
    }
    return result;
  }

  /// The block one trip moves: one row along each runtime size.
  SmallVector<int64_t> rowExtents() const {
    SmallVector<int64_t> result(extents);
    for (auto [extent, size] : llvm::zip(result, sizes))
      if (size)
        extent = 1;
    return result;
  }

  /// The i32 sizes of the dynamic dimensions (the clamped runtime sizes).
  SmallVector<Value> i32Sizes(OpBuilder &b, Location loc) const {
    SmallVector<Value> result;
    for (Value size : sizes)
      if (size)
        result.push_back(
            arith::IndexCastOp::create(b, loc, b.getI32Type(), size));
    return result;
  }
};

/// A paddable slice op, its window and its padded base tensor (the source
/// of an extract, the destination of an insert); `rewriteSlice` moves the
/// data.
template <typename OpTy>
struct PadSlicePattern : PadPattern<OpTy> {
  using PadPattern<OpTy>::PadPattern;
  using OneToNOpAdaptor = typename PadPattern<OpTy>::OneToNOpAdaptor;
  static constexpr bool kIsInsert =
      std::is_same_v<OpTy, tensor::InsertSliceOp>;

  virtual void rewriteSlice(OpTy op, OneToNOpAdaptor adaptor,
                            const Window &window, const Padded &base,
                            ConversionPatternRewriter &rewriter) const = 0;

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (!whyNotPaddableSlice(op).empty())
      return rewriter.notifyMatchFailure(op, "not a paddable slice");
    Window window(rewriter, op.getLoc(), op, flatten(adaptor.getOffsets()),
                  flatten(adaptor.getSizes()), this->inRange);
    Padded base = [&] {
      if constexpr (kIsInsert)
        return Padded(op.getDest(), adaptor.getDest());
      else
        return Padded(op.getSource(), adaptor.getSource());
    }();
    rewriteSlice(op, adaptor, window, base, rewriter);
    return success();
  }
};

/// extract_slice -> a window of the padded source, or rows copied into a
/// new bound-sized tensor.
struct PadExtractSlice : PadSlicePattern<tensor::ExtractSliceOp> {
  using PadSlicePattern::PadSlicePattern;
  void rewriteSlice(tensor::ExtractSliceOp op, OneToNOpAdaptor,
                    const Window &window, const Padded &source,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType resultType = paddedType(op.getType());
    Value result;
    if (window.fits) {
      result = DynamicSliceOp::create(rewriter, loc, resultType, source.tensor,
                                      window.offsets, window.extents);
    } else {
      Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                           resultType.getElementType());
      result = window.copyRows(rewriter, loc, source.tensor, init,
                               /*fromIsBase=*/true);
    }
    replaceWithPadded(rewriter, op, result, window.i32Sizes(rewriter, loc));
  }
};

/// insert_slice -> an update of the padded target (the update's padding
/// masked with the target's old values), or rows copied into it.
struct PadInsertSlice : PadSlicePattern<tensor::InsertSliceOp> {
  using PadSlicePattern::PadSlicePattern;
  void rewriteSlice(tensor::InsertSliceOp op, OneToNOpAdaptor adaptor,
                    const Window &window, const Padded &target,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Padded update(op.getSource(), adaptor.getSource());
    auto targetType = llvm::cast<RankedTensorType>(target.tensor.getType());
    auto updateType = llvm::cast<RankedTensorType>(update.tensor.getType());
    Value result;
    if (window.fits) {
      Value value = update.tensor;
      SmallVector<std::pair<unsigned, Value>> masks;
      SmallVector<Value> sizes = window.i32Sizes(rewriter, loc);
      auto size = sizes.begin();
      for (auto [d, runtime] : llvm::enumerate(window.sizes))
        if (runtime)
          masks.emplace_back(d, *size++);
      if (!masks.empty()) {
        Value old = DynamicSliceOp::create(rewriter, loc, updateType,
                                           target.tensor, window.offsets,
                                           window.extents);
        value = maskPadding(rewriter, loc, value, masks, old);
      }
      result = DynamicUpdateSliceOp::create(rewriter, loc, targetType, value,
                                            target.tensor, window.offsets);
    } else {
      result = window.copyRows(rewriter, loc, update.tensor, target.tensor,
                               /*fromIsBase=*/false);
    }
    replaceWithPadded(rewriter, op, result, target.dynamicSizes);
  }
};

} // namespace

void dyn::dynshape::populatePadSlicePatterns(
    const BoundedTypeConverter &converter, const InRangeSizes &inRange,
    RewritePatternSet &patterns) {
  patterns.add<PadExtractSlice, PadInsertSlice>(converter, inRange,
                                                patterns.getContext());
}
