//===- ComputePatterns.cpp - elementwise compute on the engines -----------===//
//
// The first compute the lowering takes: an elementwise linalg.generic of
// whole 2-D f32 locations of at most 128 rows, with dimension 0 on the
// partitions. Its operands come on chip: a DRAM tensor is copied into an
// SBUF tile of its shape by DMA, the op runs on the engine that owns it
// (a binary op on the Vector engine as tensor_tensor, exp on the
// Activation engine), and a DRAM result goes back by DMA.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// The Vector engine's kind for a binary float op.
static std::optional<ElementwiseKind> getBinaryKind(Operation *op) {
  if (llvm::isa<arith::AddFOp>(op))
    return ElementwiseKind::add;
  if (llvm::isa<arith::SubFOp>(op))
    return ElementwiseKind::subtract;
  if (llvm::isa<arith::MulFOp>(op))
    return ElementwiseKind::multiply;
  if (llvm::isa<arith::MaximumFOp>(op))
    return ElementwiseKind::max;
  if (llvm::isa<arith::MinimumFOp>(op))
    return ElementwiseKind::min;
  return std::nullopt;
}

/// The one op of an elementwise body, when the body yields it.
static Operation *getBodyOp(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 2)
    return nullptr;
  Operation *inner = &body.front();
  auto yield = llvm::cast<linalg::YieldOp>(body.getTerminator());
  if (inner->getNumResults() != 1 || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != inner->getResult(0))
    return nullptr;
  return inner;
}

std::string dyn::whyNotEngineElementwise(linalg::GenericOp op) {
  const std::string form =
      "not elementwise compute the engines run yet (a linalg.generic "
      "of whole 2-D f32 tensors of at most 128 rows, identity maps, "
      "parallel loops, a body of one addf, subf, mulf, maximumf or minimumf "
      "of its two inputs, or math.exp of its one input)";
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      llvm::any_of(op.getIteratorTypesArray(),
                   [](utils::IteratorType t) {
                     return t != utils::IteratorType::parallel;
                   }) ||
      llvm::any_of(op.getIndexingMapsArray(),
                   [](AffineMap map) { return !map.isIdentity(); }))
    return form;
  for (Value operand : op->getOperands()) {
    auto type = llvm::dyn_cast<MemRefType>(operand.getType());
    if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
        !type.getElementType().isF32() || type.getDimSize(0) > 128 ||
        operand.getDefiningOp<memref::SubViewOp>() ||
        !whyNotASide(operand).empty())
      return form;
  }
  Operation *inner = getBodyOp(op);
  if (!inner)
    return form;
  Block &body = op.getRegion().front();
  auto isInput = [&](Value v, unsigned i) {
    return v == body.getArgument(i);
  };
  if (getBinaryKind(inner) && op.getNumDpsInputs() == 2 &&
      isInput(inner->getOperand(0), 0) && isInput(inner->getOperand(1), 1))
    return "";
  if (llvm::isa<math::ExpOp>(inner) && op.getNumDpsInputs() == 1 &&
      isInput(inner->getOperand(0), 0))
    return "";
  return form;
}

namespace {

/// An elementwise linalg.generic -> DMAs on chip, one engine instruction,
/// and a DMA back for a DRAM result.
struct ElementwiseToEngines : OpConversionPattern<linalg::GenericOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(linalg::GenericOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why = whyNotEngineElementwise(op);
    if (!why.empty())
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    Engine dmaEngine = engineOf(getTypeConverter());
    auto isOnChip = [](Value location) {
      return getMemorySpace(llvm::cast<MemRefType>(location.getType())) ==
             MemorySpace::sbuf;
    };
    // An SBUF tile of a DRAM location's shape.
    auto tileFor = [&](Value location) -> Value {
      auto type = llvm::cast<MemRefType>(location.getType());
      auto tile = MemRefType::get(type.getShape(), type.getElementType(),
                                  MemRefLayoutAttrInterface(),
                                  MemorySpaceAttr::get(ctx, MemorySpace::sbuf));
      return AllocOp::create(rewriter, loc, tile, IntegerAttr(), UnitAttr());
    };
    SmallVector<Value> inputs;
    for (Value input : adaptor.getInputs()) {
      if (isOnChip(input)) {
        inputs.push_back(buildLocationAP(rewriter, loc, input));
        continue;
      }
      Value tile = tileFor(input);
      buildLocationCopy(rewriter, op, dmaEngine, input, tile);
      inputs.push_back(buildLocationAP(rewriter, loc, tile));
    }
    Value result = adaptor.getOutputs()[0];
    Value out = isOnChip(result) ? result : tileFor(result);
    Value outAP = buildLocationAP(rewriter, loc, out);
    Operation *inner = getBodyOp(op);
    if (std::optional<ElementwiseKind> kind = getBinaryKind(inner))
      TensorTensorOp::create(rewriter, loc, ElementwiseKindAttr::get(ctx, *kind),
                             inputs[0], inputs[1], outAP,
                             EngineAttr::get(ctx, Engine::dve));
    else
      ActivationOp::create(rewriter, loc, ActivationFunction::exp, inputs[0],
                           outAP, APFloat(1.0f), Value(),
                           rewriter.getF32FloatAttr(0.0f), Value(),
                           Engine::act);
    if (out != result)
      buildLocationCopy(rewriter, op, dmaEngine, out, result);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void dyn::populateComputePatterns(const BIRTypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<ElementwiseToEngines>(converter, patterns.getContext());
}
