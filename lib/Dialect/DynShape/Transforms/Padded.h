//===- Padded.h - shared pieces of dynshape-pad-to-bound's rules -*- C++ -*-===//
//
// Private to lib/Dialect/DynShape/Transforms: a converted value (padded
// tensor and sizes) and the helpers every padding rule uses, so that the
// rules can live in files named for what they pad.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_DIALECT_DYNSHAPE_TRANSFORMS_PADDED_H
#define DYN_LIB_DIALECT_DYNSHAPE_TRANSFORMS_PADDED_H

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/Transforms/PadToBound.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace dyn::dynshape {

/// A value after conversion: its padded tensor and the runtime extent of each
/// dimension (a constant where the original dimension is static).
struct Padded {
  mlir::Value tensor;
  mlir::RankedTensorType original;
  mlir::ValueRange dynamicSizes;

  Padded(mlir::Value original, mlir::ValueRange converted)
      : tensor(converted.front()),
        original(llvm::dyn_cast<mlir::RankedTensorType>(original.getType())),
        dynamicSizes(converted.drop_front()) {}

  bool isBounded() const { return !dynamicSizes.empty(); }

  /// The runtime extent of `dim`, an i32.
  mlir::Value size(mlir::OpBuilder &b, mlir::Location loc,
                   unsigned dim) const {
    if (!original.isDynamicDim(dim))
      return mlir::arith::ConstantOp::create(
          b, loc, b.getI32IntegerAttr(original.getDimSize(dim)));
    return dynamicSizes[original.getDynamicDimIndex(dim)];
  }

  /// The sizes of every dynamic dimension of `resultType`, taken from the
  /// same dimensions of this value.
  llvm::SmallVector<mlir::Value> sizesFor(mlir::RankedTensorType resultType,
                                          mlir::OpBuilder &b,
                                          mlir::Location loc) const {
    llvm::SmallVector<mlir::Value> sizes;
    for (unsigned d = 0, e = resultType.getRank(); d < e; ++d)
      if (resultType.isDynamicDim(d))
        sizes.push_back(size(b, loc, d));
    return sizes;
  }
};

/// The static tensor type of a bounded one: its bounds as extents.
mlir::RankedTensorType paddedType(mlir::RankedTensorType type);

/// clamp(size, 0, bound) of the same type, without the halves that analysis
/// proved of `original` (the size before conversion).
mlir::Value clampSize(mlir::OpBuilder &b, mlir::Location loc, mlir::Value size,
                      int64_t bound, mlir::Value original,
                      const InRangeSizes &inRange);

/// A copy of `input` whose elements lie at or beyond `size` along any of the
/// given dimensions are replaced (dynshape.mask): by the elements of `with`,
/// a tensor of the input's type, or else by the constant `fill`.
mlir::Value maskPadding(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value input,
                        llvm::ArrayRef<std::pair<unsigned, mlir::Value>> dimSizes,
                        mlir::Value with, mlir::TypedAttr fill = {});

/// Replaces `op`'s one result by the padded `tensor` and its runtime sizes.
void replaceWithPadded(mlir::ConversionPatternRewriter &rewriter,
                       mlir::Operation *op, mlir::Value tensor,
                       mlir::ValueRange sizes);

/// A padding rule: a conversion pattern that knows the proven size ranges.
template <typename OpTy>
struct PadPattern : mlir::OpConversionPattern<OpTy> {
  PadPattern(const mlir::TypeConverter &converter, const InRangeSizes &inRange,
             mlir::MLIRContext *ctx)
      : mlir::OpConversionPattern<OpTy>(converter, ctx), inRange(inRange) {}
  const InRangeSizes &inRange;
};

/// The operands of an `OpTy` after the 1:N conversion: for each, the padded
/// tensor and its sizes, or the one value it converts to.
template <typename OpTy>
using PadAdaptor =
    typename OpTy::template GenericAdaptor<llvm::ArrayRef<mlir::ValueRange>>;

/// The rewrite of one padding rule: it replaces `op`, or says why not.
template <typename OpTy>
using PadRuleFn = mlir::LogicalResult (*)(OpTy op, PadAdaptor<OpTy> adaptor,
                                          mlir::ConversionPatternRewriter &,
                                          const InRangeSizes &inRange);

/// A padding rule written as a function.
template <typename OpTy, PadRuleFn<OpTy> Rule>
struct PadRule : PadPattern<OpTy> {
  using PadPattern<OpTy>::PadPattern;
  mlir::LogicalResult
  matchAndRewrite(OpTy op, PadAdaptor<OpTy> adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    return Rule(op, adaptor, rewriter, this->inRange);
  }
};

/// Why a tensor.extract_slice/insert_slice on bounded types cannot be
/// padded (a stride other than 1, a rank-reducing slice), or empty.
std::string whyNotPaddableSlice(mlir::Operation *op);

/// The rules for upstream tensor.extract_slice and tensor.insert_slice.
void populatePadSlicePatterns(const BoundedTypeConverter &converter,
                              const InRangeSizes &inRange,
                              mlir::RewritePatternSet &patterns);

} // namespace dyn::dynshape

#endif // DYN_LIB_DIALECT_DYNSHAPE_TRANSFORMS_PADDED_H
