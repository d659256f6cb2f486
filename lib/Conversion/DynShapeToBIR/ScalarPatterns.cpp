//===- ScalarPatterns.cpp - functions, element reads, loops and branches --===//
//
// Report Stage 1b and seam S1: runtime i32 arguments are read with
// bir.read_var, and an scf.for becomes bir.for or, with a runtime bound,
// bir.dynamic_for (opcode 106) whose block argument is the induction
// register (seam S2). Function signatures take their DRAM tensors; scalar
// results are registers. The arithmetic is in RegisterArithmetic.cpp.
//
//===----------------------------------------------------------------------===//

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"

#include "Patterns.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// func.func: tensors become DRAM tensors, i32 arguments stay (they are
/// read with bir.read_var where used), scalar results are registers.
static LogicalResult funcSignature(func::FuncOp op, func::FuncOp::Adaptor,
                                   ConversionPatternRewriter &rewriter,
                                   const BIRTypeConverter &converter) {
  TypeConverter::SignatureConversion signature(op.getNumArguments());
  for (auto [i, type] : llvm::enumerate(op.getArgumentTypes()))
    signature.addInputs(i, getFunctionArgumentType(type));
  SmallVector<Type> results;
  if (failed(converter.convertTypes(op.getResultTypes(), results)))
    return rewriter.notifyMatchFailure(op, "unconvertible result type");
  if (!op.isExternal() && !rewriter.applySignatureConversion(
                              &op.getBody().front(), signature, &converter))
    return rewriter.notifyMatchFailure(op, "unconvertible argument");
  rewriter.modifyOpInPlace(op, [&] {
    op.setType(FunctionType::get(op.getContext(), signature.getConvertedTypes(),
                                 results));
  });
  return success();
}

/// func.return of the converted values (tensors in their space, scalars
/// in registers). An i32 argument returned as it is is read into a register
/// at the return, so its register lives no longer than needed.
static LogicalResult returnOfConverted(func::ReturnOp op,
                                       func::ReturnOp::Adaptor adaptor,
                                       ConversionPatternRewriter &rewriter,
                                       const BIRTypeConverter &converter) {
  SmallVector<Value> operands(adaptor.getOperands());
  for (Value &operand : operands) {
    // The argument, behind the conversion's pending materialization.
    auto cast = operand.getDefiningOp<UnrealizedConversionCastOp>();
    if (!cast || cast.getNumOperands() != 1 ||
        !llvm::isa<BlockArgument>(cast.getOperand(0)) ||
        !cast.getOperand(0).getType().isSignlessInteger(32))
      continue;
    operand = ReadVarOp::create(
        rewriter, op.getLoc(), RegType::get(op.getContext()),
        cast.getOperand(0), converter.getEngine(), IntegerAttr());
  }
  rewriter.replaceOpWithNewOp<func::ReturnOp>(op, operands);
  return success();
}

/// memref.load of an i32 element at constant indices (an index vector after
/// dynshape-split-indices) -> bir.read_elem.
static LogicalResult loadToReadElem(memref::LoadOp op,
                                    memref::LoadOp::Adaptor adaptor,
                                    ConversionPatternRewriter &rewriter,
                                    const BIRTypeConverter &converter) {
  std::optional<int64_t> linear = getConstantLinearIndex(op);
  if (!linear)
    return rewriter.notifyMatchFailure(
        op, "not an i32 element at a constant position");
  rewriter.replaceOpWithNewOp<ReadElemOp>(
      op, RegType::get(op.getContext()), adaptor.getMemref(),
      rewriter.getI64IntegerAttr(*linear),
      EngineAttr::get(op.getContext(), converter.getEngine()), IntegerAttr());
  return success();
}

namespace {

/// scf.for -> bir.for (constant bounds) or bir.dynamic_for (runtime bound
/// `1 * ub + 0`, max_trip computed before the conversion).
struct ForToBIRLoop : OpConversionPattern<scf::ForOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(scf::ForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> lb = getConstantInt(op.getLowerBound());
    std::optional<int64_t> step = getConstantInt(op.getStep());
    if (!lb || !step || *step <= 0 || op.getNumRegionIterArgs() != 0)
      return rewriter.notifyMatchFailure(op, "not a lowerable loop");
    MLIRContext *ctx = op.getContext();
    const auto &converter = *getTypeConverter<BIRTypeConverter>();
    Engine engine = converter.getEngine();
    Location loc = op.getLoc();
    Operation *loop;
    if (std::optional<int64_t> ub = getConstantInt(op.getUpperBound())) {
      loop = ForOp::create(rewriter, loc, rewriter.getI32IntegerAttr(*lb),
                           rewriter.getI32IntegerAttr(*ub),
                           rewriter.getI32IntegerAttr(*step),
                           EngineAttr::get(ctx, engine), IntegerAttr());
    } else {
      std::optional<int64_t> maxTrip = converter.getState().getMaxTrip(op);
      if (!maxTrip)
        return rewriter.notifyMatchFailure(op, "no provable trip bound");
      // A profile trip estimate for the cost model rides along.
      std::optional<int64_t> estimate = dynshape::getTripEstimate(op);
      loop = DynamicForOp::create(
          rewriter, loc, adaptor.getUpperBound(),
          rewriter.getI32IntegerAttr(*lb), rewriter.getI32IntegerAttr(*step),
          rewriter.getI32IntegerAttr(1), rewriter.getI32IntegerAttr(0),
          rewriter.getI64IntegerAttr(*maxTrip), EngineAttr::get(ctx, engine),
          IntegerAttr(),
          estimate ? rewriter.getI64IntegerAttr(*estimate) : IntegerAttr());
    }
    Region &body = loop->getRegion(0);
    rewriter.inlineRegionBefore(op.getRegion(), body, body.end());
    rewriter.eraseOp(body.front().getTerminator());
    TypeConverter::SignatureConversion signature(1);
    signature.addInputs(0, RegType::get(ctx));
    rewriter.applySignatureConversion(&body.front(), signature,
                                      getTypeConverter());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

/// scf.if on a runtime flag -> two 0/1-trip bir.dynamic_for loops, the
/// report's one runtime control primitive: the then-region runs
/// `1 * cond + 0` times, the else-region `-1 * cond + 1` times. Both
/// bounds are read when each loop starts, and the then-region cannot
/// change the flag (it is a register), so exactly one region runs.
static LogicalResult ifToDynamicLoops(scf::IfOp op, scf::IfOp::Adaptor adaptor,
                                      ConversionPatternRewriter &rewriter,
                                      const BIRTypeConverter &converter) {
  if (op.getNumResults() != 0)
    return rewriter.notifyMatchFailure(op, "yields values");
  MLIRContext *ctx = op.getContext();
  Type reg = RegType::get(ctx);
  auto engine = EngineAttr::get(ctx, converter.getEngine());
  auto lower = [&](Region &region, int32_t coef, int32_t constant) {
    if (region.empty() || region.front().without_terminator().empty())
      return;
    auto loop = DynamicForOp::create(
        rewriter, op.getLoc(), adaptor.getCondition(),
        rewriter.getI32IntegerAttr(0), rewriter.getI32IntegerAttr(1),
        rewriter.getI32IntegerAttr(coef), rewriter.getI32IntegerAttr(constant),
        rewriter.getI64IntegerAttr(1), engine, IntegerAttr(), IntegerAttr());
    Block *body =
        rewriter.createBlock(&loop.getBody(), {}, {reg}, {op.getLoc()});
    Block &branch = region.front();
    rewriter.eraseOp(branch.getTerminator());
    rewriter.mergeBlocks(&branch, body);
    rewriter.setInsertionPointAfter(loop);
  };
  lower(op.getThenRegion(), 1, 0);
  lower(op.getElseRegion(), -1, 1);
  rewriter.eraseOp(op);
  return success();
}

std::optional<int64_t> dyn::getConstantLinearIndex(memref::LoadOp load) {
  MemRefType type = load.getMemRefType();
  if (!type.getElementType().isSignlessInteger(32) || !type.hasStaticShape())
    return std::nullopt;
  int64_t linear = 0;
  for (auto [dim, index] : llvm::enumerate(load.getIndices())) {
    // In bounds, the linear index is below the element count.
    std::optional<int64_t> c = getConstantInt(index);
    if (!c || *c < 0 || *c >= type.getDimSize(dim))
      return std::nullopt;
    linear = linear * type.getDimSize(dim) + *c;
  }
  return linear;
}

void dyn::populateScalarPatterns(const BIRTypeConverter &converter,
                                 RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  // Functions, element reads and control flow.
  patterns.add<BIRRule<func::FuncOp, funcSignature>,
               BIRRule<func::ReturnOp, returnOfConverted>,
               BIRRule<memref::LoadOp, loadToReadElem>,
               BIRRule<scf::IfOp, ifToDynamicLoops>, ForToBIRLoop>(converter,
                                                                  ctx);
  populateRegisterArithmeticPatterns(converter, patterns);
}
