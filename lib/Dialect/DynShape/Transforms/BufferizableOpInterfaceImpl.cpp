//===- BufferizableOpInterfaceImpl.cpp - dynshape in One-Shot Bufferize ---===//
//
// dynamic_slice is a subview of its operand at the clamped offsets (like
// tensor.extract_slice); dynamic_update_slice and scatter write into their
// operand's buffer, in place when the analysis allows it, so a KV write into
// a dead cache never copies the cache; gather fills a new buffer. The clamp
// of StableHLO's semantics becomes explicit arith code here, folded away for
// constant indices.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/Transforms/BufferizableOpInterfaceImpl.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace dyn::dynshape;

/// The report's wording for an index vector that reached the backend.
static LogicalResult rejectIndexVector(Operation *op) {
  return op->emitOpError(
      "Dynamic indexing instruction with non-scalar index is not supported. "
      "Make sure that 'dynshape-split-indices' pass was executed to "
      "canonicalize the indices");
}

/// clamp(idx, 0, maxStart) as an index: an attribute when idx is a
/// constant, else arith code.
static OpFoldResult clampStart(RewriterBase &rewriter, Location loc,
                               Value idx, int64_t maxStart) {
  APInt constant;
  if (matchPattern(idx, m_ConstantInt(&constant)))
    return rewriter.getIndexAttr(
        std::clamp<int64_t>(constant.getSExtValue(), 0, maxStart));
  // In the index's own type (i32 or index).
  Type type = idx.getType();
  Value zero = arith::ConstantOp::create(rewriter, loc, type,
                                         rewriter.getIntegerAttr(type, 0));
  Value max = arith::ConstantOp::create(
      rewriter, loc, type, rewriter.getIntegerAttr(type, maxStart));
  Value lo = arith::MaxSIOp::create(rewriter, loc, idx, zero);
  Value clamped = arith::MinSIOp::create(rewriter, loc, lo, max);
  if (type.isIndex())
    return clamped;
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                    clamped)
      .getResult();
}

/// Clamped offsets of a window of `sizes` in a buffer of `shape`. With a
/// runtime offset among them, the window's type has a dynamic offset
/// whatever the others are, so constant ones stay static (as
/// canonicalization would make them), except in a dim of extent 0, where
/// no static offset is in bounds for the subview verifier. Without a
/// runtime offset, they all become index constants, so the subview keeps
/// the dynamic-offset type that getBufferType gives it.
static SmallVector<OpFoldResult>
clampedOffsets(RewriterBase &rewriter, Location loc, ValueRange indices,
               ArrayRef<int64_t> shape, ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> offsets;
  for (auto [idx, dim, size] : llvm::zip(indices, shape, sizes))
    offsets.push_back(clampStart(rewriter, loc, idx, dim - size));
  bool anyRuntime = llvm::any_of(offsets, llvm::IsaPred<Value>);
  for (auto [offset, dim] : llvm::zip(offsets, shape)) {
    if (llvm::isa<Value>(offset) || (anyRuntime && dim != 0))
      continue;
    offset = arith::ConstantIndexOp::create(rewriter, loc,
                                            *getConstantIntValue(offset))
                 .getResult();
  }
  return offsets;
}

/// The subview type of a window: dynamic offsets, unit strides, so the
/// source's strides. Upstream's inferResultType finds the strides of an
/// identity layout (every buffer of a function boundary) by building and
/// simplifying an affine expression each time, which is slow
/// (bench/README.md, "Figures behind choices in the code"); here they are
/// the suffix products of the shape when every dim but the first is positive
/// and they fit, and upstream's otherwise.
static MemRefType windowType(MemRefType source, ArrayRef<int64_t> sizes) {
  ArrayRef<int64_t> shape = source.getShape();
  SmallVector<int64_t> strides(shape.size(), 1);
  bool fast = source.getLayout().isIdentity() && !shape.empty();
  for (size_t i = shape.size() - 1; fast && i > 0; --i)
    fast = shape[i] > 0 &&
           !llvm::MulOverflow(strides[i], shape[i], strides[i - 1]);
  if (fast) {
    auto layout = StridedLayoutAttr::get(source.getContext(),
                                         ShapedType::kDynamic, strides);
    return MemRefType::get(sizes, source.getElementType(), layout,
                           source.getMemorySpace());
  }
  SmallVector<int64_t> offsets(sizes.size(), ShapedType::kDynamic);
  SmallVector<int64_t> ones(sizes.size(), 1);
  return memref::SubViewOp::inferResultType(source, offsets, sizes, ones);
}

static Value window(RewriterBase &rewriter, Location loc, Value buffer,
                    ValueRange indices, ArrayRef<int64_t> sizes) {
  auto type = llvm::cast<MemRefType>(buffer.getType());
  SmallVector<OpFoldResult> offsets =
      clampedOffsets(rewriter, loc, indices, type.getShape(), sizes);
  SmallVector<OpFoldResult> sizeAttrs, strides;
  for (int64_t size : sizes) {
    sizeAttrs.push_back(rewriter.getIndexAttr(size));
    strides.push_back(rewriter.getIndexAttr(1));
  }
  return memref::SubViewOp::create(rewriter, loc, windowType(type, sizes),
                                   buffer, offsets, sizeAttrs, strides);
}

namespace {

/// dynamic_slice and dynamic_update_slice: their scalar start indices are
/// checked and the buffer of operand #0 looked up in one place, then
/// `Concrete::bufferizeWindow` takes its window at those indices.
template <typename Concrete, typename OpTy, typename Base>
struct WindowModel : Base {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto windowed = llvm::cast<OpTy>(op);
    if (!windowed.hasScalarIndices())
      return rejectIndexVector(op);
    FailureOr<Value> buffer =
        getBuffer(rewriter, windowed.getOperand(), options, state);
    if (failed(buffer))
      return failure();
    return static_cast<const Concrete *>(this)->bufferizeWindow(
        rewriter, windowed, *buffer, options, state);
  }
};

struct DynamicSliceModel
    : WindowModel<DynamicSliceModel, DynamicSliceOp,
                  BufferizableOpInterface::ExternalModel<DynamicSliceModel,
                                                         DynamicSliceOp>> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false; // the subview itself reads nothing
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    if (operand.getOperandNumber() != 0)
      return {};
    return {{op->getResult(0), BufferRelation::Unknown}};
  }
  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto slice = llvm::cast<DynamicSliceOp>(op);
    FailureOr<BufferLikeType> source = bufferization::getBufferType(
        slice.getOperand(), options, state, invocationStack);
    if (failed(source))
      return failure();
    return llvm::cast<BufferLikeType>(windowType(
        llvm::cast<MemRefType>(*source), slice.getSliceSizes()));
  }
  /// The slice is a view of the operand's buffer.
  LogicalResult bufferizeWindow(RewriterBase &rewriter, DynamicSliceOp slice,
                                Value source, const BufferizationOptions &,
                                BufferizationState &) const {
    Value view = window(rewriter, slice.getLoc(), source,
                        slice.getStartIndices(), slice.getSliceSizes());
    replaceOpWithBufferizedValues(rewriter, slice, view);
    return success();
  }
};

/// Shared by dynamic_update_slice and scatter: operand #1 is the buffer
/// written in place and returned; the others are only read.
template <typename Model, typename OpTy>
struct InPlaceWriteModel
    : BufferizableOpInterface::ExternalModel<Model, OpTy> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &, const AnalysisState &) const {
    return true; // the operand's untouched part flows to the result
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &operand,
                               const AnalysisState &) const {
    return operand.getOperandNumber() == 1;
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    if (operand.getOperandNumber() != 1)
      return {};
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }
};

struct DynamicUpdateSliceModel
    : WindowModel<
          DynamicUpdateSliceModel, DynamicUpdateSliceOp,
          InPlaceWriteModel<DynamicUpdateSliceModel, DynamicUpdateSliceOp>> {
  /// The update is copied into the window of the operand's buffer, which is
  /// the result.
  LogicalResult bufferizeWindow(RewriterBase &rewriter,
                                DynamicUpdateSliceOp update, Value dest,
                                const BufferizationOptions &options,
                                BufferizationState &state) const {
    FailureOr<Value> source =
        getBuffer(rewriter, update.getUpdate(), options, state);
    if (failed(source))
      return failure();
    Location loc = update.getLoc();
    Value view = window(rewriter, loc, dest, update.getStartIndices(),
                        update.getUpdate().getType().getShape());
    if (failed(options.createMemCpy(rewriter, loc, *source, view)))
      return failure();
    replaceOpWithBufferizedValues(rewriter, update, dest);
    return success();
  }
};

struct ScatterModel : InPlaceWriteModel<ScatterModel, ScatterOp> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto scatter = llvm::cast<ScatterOp>(op);
    FailureOr<Value> table =
        getBuffer(rewriter, scatter.getOperand(), options, state);
    FailureOr<Value> rows =
        getBuffer(rewriter, scatter.getUpdates(), options, state);
    FailureOr<Value> ids =
        getBuffer(rewriter, scatter.getIndices(), options, state);
    if (failed(table) || failed(rows) || failed(ids))
      return failure();
    BufferScatterOp::create(rewriter, op->getLoc(), *rows, *table, *ids);
    replaceOpWithBufferizedValues(rewriter, op, *table);
    return success();
  }
};

/// An op that reads its operands and fills a new buffer with its result;
/// `ConcreteModel::build` creates the buffer form writing into `output`.
template <typename ConcreteModel, typename OpT>
struct FillsNewBufferModel
    : BufferizableOpInterface::ExternalModel<ConcreteModel, OpT> {
  bool bufferizesToAllocation(Operation *, Value) const { return true; }
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    // The buffers of the tensor operands, in operand order.
    IRMapping buffers;
    for (Value operand : op->getOperands()) {
      if (!llvm::isa<TensorType>(operand.getType()))
        continue;
      FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
      if (failed(buffer))
        return failure();
      buffers.map(operand, *buffer);
    }
    auto resultType = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    auto type = MemRefType::get(resultType.getShape(),
                                resultType.getElementType());
    FailureOr<Value> output =
        options.createAlloc(rewriter, op->getLoc(), type, {});
    if (failed(output))
      return failure();
    ConcreteModel::build(rewriter, llvm::cast<OpT>(op), buffers, *output);
    replaceOpWithBufferizedValues(rewriter, op, *output);
    return success();
  }
};

struct GatherModel : FillsNewBufferModel<GatherModel, GatherOp> {
  static void build(RewriterBase &rewriter, GatherOp op,
                    const IRMapping &buffers, Value output) {
    BufferGatherOp::create(rewriter, op.getLoc(),
                           buffers.lookup(op.getOperand()),
                           buffers.lookup(op.getIndices()), output);
  }
};

struct MaskModel : FillsNewBufferModel<MaskModel, MaskOp> {
  static void build(RewriterBase &rewriter, MaskOp op,
                    const IRMapping &buffers, Value output) {
    Value with = op.getReplacement() ? buffers.lookup(op.getReplacement())
                                     : Value();
    BufferMaskOp::create(rewriter, op.getLoc(), buffers.lookup(op.getInput()),
                         with, op.getSizes(), op.getDimsAttr(),
                         op.getFillAttr(), output);
  }
};

} // namespace

void dyn::dynshape::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, DynShapeDialect *) {
    ctx->loadDialect<memref::MemRefDialect, arith::ArithDialect>();
    DynamicSliceOp::attachInterface<DynamicSliceModel>(*ctx);
    DynamicUpdateSliceOp::attachInterface<DynamicUpdateSliceModel>(*ctx);
    GatherOp::attachInterface<GatherModel>(*ctx);
    MaskOp::attachInterface<MaskModel>(*ctx);
    ScatterOp::attachInterface<ScatterModel>(*ctx);
  });
}
