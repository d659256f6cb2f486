//===- ScalarPatterns.cpp - functions, register arithmetic and loops ------===//
//
// Report Stage 1b and seam S1: runtime i32 arguments are read with
// bir.read_var, i32/index arithmetic becomes register-ALU code, and an
// scf.for becomes bir.for or, with a runtime bound, bir.dynamic_for (opcode
// 106) whose block argument is the induction register (seam S2). Function
// signatures take their DRAM tensors; scalar results are registers.
//
//===----------------------------------------------------------------------===//

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"

#include "dyn/Support/Machine.h"

#include "IntegerRanges.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

Value dyn::lookThroughConversion(Value value) {
  auto cast = value.getDefiningOp<UnrealizedConversionCastOp>();
  return cast && cast.getInputs().size() == 1 ? cast.getInputs().front()
                                              : value;
}

Value dyn::getRegisterOf(OpBuilder &builder, const BIRTypeConverter &converter,
                         Location loc, Value value) {
  if (llvm::isa<RegType>(value.getType()))
    return value;
  value = lookThroughConversion(value);
  if (llvm::isa<RegType>(value.getType()))
    return value;
  return converter.materializeTargetConversion(
      builder, loc, RegType::get(builder.getContext()), value);
}

/// The immediate a register operand of an op being converted holds: a
/// bir.mov_imm, or an integer constant (which stays one while its users take
/// immediates, and becomes a bir.mov_imm only if a register of it is left).
static std::optional<int32_t> getConvertedImmediate(Value value) {
  Value source = lookThroughConversion(value);
  if (auto mov = source.getDefiningOp<MovImmOp>())
    return static_cast<int32_t>(mov.getValue());
  if (source == value)
    return std::nullopt;
  // The constant itself, read as getConstantInt reads one.
  if (std::optional<int64_t> constant = getConstantInt(source))
    return static_cast<int32_t>(*constant);
  return std::nullopt;
}

TypedAttr dyn::getConstantAttr(Value value) {
  if (std::optional<int32_t> imm = getConvertedImmediate(value)) {
    // A !bir.reg holds an i32; a value of the original type (i32, index, or
    // an i1 flag) keeps its type.
    Type type = value.getType();
    if (llvm::isa<RegType>(type))
      type = IntegerType::get(value.getContext(), 32);
    if (type.isIndex())
      return IntegerAttr::get(type, *imm);
    return IntegerAttr::get(type, APInt(type.getIntOrFloatBitWidth(), *imm,
                                        /*isSigned=*/true,
                                        /*implicitTrunc=*/true));
  }
  TypedAttr attr;
  return matchPattern(value, m_Constant(&attr)) ? attr : TypedAttr();
}

std::optional<int64_t> dyn::getConstantInt(Value value) {
  if (std::optional<int32_t> imm = getConvertedImmediate(value))
    return *imm;
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  // A flag is 0 or 1 in a register; wider than 64 bits is no register's.
  if (constant.getBitWidth() == 1)
    return constant.getZExtValue();
  return constant.trySExtValue();
}

std::optional<int64_t> dyn::getConstantInt(OpFoldResult ofr) {
  if (auto value = llvm::dyn_cast<Value>(ofr))
    return getConstantInt(value);
  return getConstantIntValue(ofr);
}

bool dyn::hasRegisterForm(Operation *op) {
  auto all = [](TypeRange types, bool (*is)(Type)) {
    return llvm::all_of(types, is);
  };
  auto isFlag = [](Type type) { return type.isSignlessInteger(1); };
  if (llvm::isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op))
    return all(op->getResultTypes(), isRegisterType);
  if (llvm::isa<arith::CmpIOp>(op))
    return all(op->getOperandTypes(), isScalarType) ||
           all(op->getOperandTypes(), isFlag);
  if (llvm::isa<arith::ExtUIOp, arith::ExtSIOp>(op))
    return isFlag(op->getOperand(0).getType()) &&
           isScalarType(op->getResult(0).getType());
  if (llvm::isa<arith::TruncIOp>(op))
    return isScalarType(op->getOperand(0).getType()) &&
           isFlag(op->getResult(0).getType());
  if (llvm::isa<arith::SelectOp>(op))
    return all(op->getOperandTypes(), isRegisterType) &&
           isScalarType(op->getResult(0).getType());
  if (llvm::isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::AddIOp,
                arith::SubIOp, arith::MulIOp, arith::DivSIOp, arith::RemSIOp,
                arith::MinSIOp, arith::MaxSIOp, arith::ShLIOp, arith::ShRSIOp,
                arith::ShRUIOp>(op))
    return all(op->getOperandTypes(), isScalarType) &&
           all(op->getResultTypes(), isScalarType);
  return false;
}

void dyn::dropRedundantClamps(Operation *root) {
  IntegerRanges ranges;
  SmallVector<Operation *> redundant;
  root->walk([&](Operation *op) {
    bool isMax = llvm::isa<arith::MaxSIOp>(op);
    if (!isMax && !llvm::isa<arith::MinSIOp>(op))
      return;
    std::optional<int64_t> c = getConstantInt(op->getOperand(1));
    if (!c)
      return;
    ConstantIntRanges range = ranges.get(op->getOperand(0));
    if (isMax ? range.smin().sge(*c) : range.smax().sle(*c))
      redundant.push_back(op);
  });
  // In program order, so a clamp of a clamp sees its operand's replacement.
  for (Operation *op : redundant) {
    op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  }
}

void dyn::hoistConditionalScalars(Operation *root) {
  // Post-order: an inner if's code reaches the outer if's branch first.
  root->walk([](scf::IfOp conditional) {
    for (Region *region :
         {&conditional.getThenRegion(), &conditional.getElseRegion()}) {
      if (region->empty())
        continue;
      // In order, so an op's operands are outside once their definitions
      // have moved.
      for (Operation &op :
           llvm::make_early_inc_range(region->front().without_terminator()))
        if (isPure(&op) && op.getNumRegions() == 0 &&
            llvm::all_of(op.getResultTypes(), isRegisterType) &&
            llvm::all_of(op.getOperands(), [&](Value operand) {
              return !conditional->isAncestor(
                  operand.getParentRegion()->getParentOp());
            }))
          op.moveBefore(conditional);
    }
  });
}

std::optional<int64_t> dyn::getMaxTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantInt(loop.getLowerBound());
  std::optional<int64_t> step = getConstantInt(loop.getStep());
  if (!lb || !step || *step <= 0 || !machine::fitsRegister(*lb))
    return std::nullopt;
  if (std::optional<int64_t> ub = getConstantInt(loop.getUpperBound())) {
    if (!machine::fitsRegister(*ub))
      return std::nullopt;
    return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
  }
  // Integer ranges understand minsi/maxsi/index_cast; value bounds
  // understand affine.min and index arithmetic. The full i32 range is no
  // bound at all.
  std::optional<int64_t> ub;
  ConstantIntRanges range = IntegerRanges().get(loop.getUpperBound());
  if (range.smax().slt(machine::kRegisterMax))
    ub = range.smax().getSExtValue();
  if (!ub) {
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB,
        ValueBoundsConstraintSet::Variable(loop.getUpperBound()),
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (succeeded(bound) && *bound < machine::kRegisterMax)
      ub = *bound;
  }
  if (!ub)
    return std::nullopt;
  return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
}

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

/// `lhs kind rhs` in registers: bir.alu_imm when the right operand is a
/// constant, or the left one and the kind swaps its operands; bir.alu
/// otherwise. `lhs`/`rhs` are the original operands, `lhsReg`/`rhsReg`
/// their registers.
static Value createAlu(ConversionPatternRewriter &rewriter, Location loc,
                       Engine engine, AluOpKind kind, Value lhs, Value rhs,
                       Value lhsReg, Value rhsReg) {
  MLIRContext *ctx = rewriter.getContext();
  auto engineAttr = EngineAttr::get(ctx, engine);
  Type reg = RegType::get(ctx);
  auto fits = [](std::optional<int64_t> imm) {
    return imm && machine::fitsRegister(*imm);
  };
  std::optional<int64_t> imm = getConstantInt(rhs);
  if (!fits(imm)) {
    std::optional<AluOpKind> swapped = getSwappedAluKind(kind);
    imm = getConstantInt(lhs);
    if (!swapped || !fits(imm))
      return AluOp::create(rewriter, loc, reg, AluOpKindAttr::get(ctx, kind),
                           lhsReg, rhsReg, engineAttr, IntegerAttr());
    kind = *swapped;
    lhsReg = rhsReg;
  }
  return AluImmOp::create(rewriter, loc, reg, AluOpKindAttr::get(ctx, kind),
                          lhsReg,
                          rewriter.getI32IntegerAttr(*imm), engineAttr,
                          IntegerAttr());
}

/// An arith op with a register form (hasRegisterForm), replaced by the
/// register `Lower(op, adaptor, rewriter, engine)` computes.
template <typename ArithOp, Value (*Lower)(ArithOp, typename ArithOp::Adaptor,
                                           ConversionPatternRewriter &, Engine)>
static LogicalResult lowerToRegister(ArithOp op,
                                     typename ArithOp::Adaptor adaptor,
                                     ConversionPatternRewriter &rewriter,
                                     const BIRTypeConverter &converter) {
  if (!hasRegisterForm(op))
    return rewriter.notifyMatchFailure(op, "no register form");
  rewriter.replaceOp(op, Lower(op, adaptor, rewriter, converter.getEngine()));
  return success();
}

/// A binary arith op -> bir.alu, or bir.alu_imm when an operand is constant.
template <typename ArithOp, AluOpKind Kind>
static Value binaryAlu(ArithOp op, typename ArithOp::Adaptor adaptor,
                       ConversionPatternRewriter &rewriter, Engine engine) {
  return createAlu(rewriter, op.getLoc(), engine, Kind, op.getLhs(),
                   op.getRhs(), adaptor.getLhs(), adaptor.getRhs());
}

arith::CmpIPredicate dyn::getFlagPredicate(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::slt:
    return P::ugt;
  case P::sle:
    return P::uge;
  case P::sgt:
    return P::ult;
  case P::sge:
    return P::ule;
  default:
    return predicate;
  }
}

/// arith.cmpi of scalars or flags -> a register-ALU compare, 1 where it
/// holds. The ALU's compares are named as cmpi's predicates (BIREnums.td),
/// so the name maps one to the other.
static Value cmpiAlu(arith::CmpIOp op, arith::CmpIOp::Adaptor adaptor,
                     ConversionPatternRewriter &rewriter, Engine engine) {
  arith::CmpIPredicate predicate = op.getPredicate();
  if (op.getLhs().getType().isSignlessInteger(1))
    predicate = getFlagPredicate(predicate);
  AluOpKind kind =
      *symbolizeAluOpKind(arith::stringifyCmpIPredicate(predicate));
  return createAlu(rewriter, op.getLoc(), engine, kind, op.getLhs(),
                   op.getRhs(), adaptor.getLhs(), adaptor.getRhs());
}

/// Flags and scalars: extsi of a flag is `flag * -1`, trunci to a flag
/// keeps bit 0 (`and 1`).
template <typename CastOp, AluOpKind Kind, int32_t Imm>
static Value flagCast(CastOp op, typename CastOp::Adaptor adaptor,
                      ConversionPatternRewriter &rewriter, Engine engine) {
  MLIRContext *ctx = op.getContext();
  return AluImmOp::create(rewriter, op.getLoc(), RegType::get(ctx),
                          AluOpKindAttr::get(ctx, Kind), adaptor.getIn(),
                          rewriter.getI32IntegerAttr(Imm),
                          EngineAttr::get(ctx, engine), IntegerAttr());
}

/// index_cast between i32 and index, and extui of a flag, are the same
/// 32-bit register.
template <typename CastOp>
static Value sameRegister(CastOp, typename CastOp::Adaptor adaptor,
                          ConversionPatternRewriter &, Engine) {
  return adaptor.getIn();
}

/// arith.select of registers: `f + c * (t - f)`, exact in wrapping 32-bit
/// arithmetic since the flag c is 0 or 1.
static Value selectAlu(arith::SelectOp op, arith::SelectOp::Adaptor adaptor,
                       ConversionPatternRewriter &rewriter, Engine engine) {
  Location loc = op.getLoc();
  Value diff = createAlu(rewriter, loc, engine, AluOpKind::sub,
                         op.getTrueValue(), op.getFalseValue(),
                         adaptor.getTrueValue(), adaptor.getFalseValue());
  Value term = createAlu(rewriter, loc, engine, AluOpKind::mult,
                         op.getCondition(), diff, adaptor.getCondition(), diff);
  return createAlu(rewriter, loc, engine, AluOpKind::add, term,
                   op.getFalseValue(), term, adaptor.getFalseValue());
}

/// The patterns of the register forms: any `Lower` above, a binary op with
/// its ALU kind, and a cast that keeps the register.
template <typename ArithOp, auto Lower>
using RegisterRule = BIRRule<ArithOp, lowerToRegister<ArithOp, Lower>>;
template <typename ArithOp, AluOpKind Kind>
using BinaryToAlu = RegisterRule<ArithOp, binaryAlu<ArithOp, Kind>>;
template <typename CastOp>
using CastIsRegister = RegisterRule<CastOp, sameRegister<CastOp>>;

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
  ForToBIRLoop(const TypeConverter &converter, MLIRContext *ctx,
               const MaxTripCounts &maxTrips)
      : OpConversionPattern(converter, ctx), maxTrips(maxTrips) {}

  LogicalResult
  matchAndRewrite(scf::ForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> lb = getConstantInt(op.getLowerBound());
    std::optional<int64_t> step = getConstantInt(op.getStep());
    if (!lb || !step || *step <= 0 || op.getNumRegionIterArgs() != 0)
      return rewriter.notifyMatchFailure(op, "not a lowerable loop");
    MLIRContext *ctx = op.getContext();
    Engine engine = engineOf(getTypeConverter());
    Location loc = op.getLoc();
    Operation *loop;
    if (std::optional<int64_t> ub = getConstantInt(op.getUpperBound())) {
      loop = ForOp::create(rewriter, loc, rewriter.getI32IntegerAttr(*lb),
                           rewriter.getI32IntegerAttr(*ub),
                           rewriter.getI32IntegerAttr(*step),
                           EngineAttr::get(ctx, engine), IntegerAttr());
    } else {
      auto maxTrip = maxTrips.find(op);
      if (maxTrip == maxTrips.end())
        return rewriter.notifyMatchFailure(op, "no provable trip bound");
      // A profile trip estimate for the cost model rides along (checked
      // before the conversion).
      std::optional<int64_t> estimate =
          getTripEstimate(op->getAttr(kTripEstimateAttrName));
      loop = DynamicForOp::create(
          rewriter, loc, adaptor.getUpperBound(),
          rewriter.getI32IntegerAttr(*lb), rewriter.getI32IntegerAttr(*step),
          rewriter.getI32IntegerAttr(1), rewriter.getI32IntegerAttr(0),
          rewriter.getI64IntegerAttr(maxTrip->second),
          EngineAttr::get(ctx, engine),
          IntegerAttr());
      if (estimate)
        loop->setAttr(kTripEstimateAttrName,
                      rewriter.getI64IntegerAttr(*estimate));
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

private:
  const MaxTripCounts &maxTrips;
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
        rewriter.getI64IntegerAttr(1), engine, IntegerAttr());
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

MaxTripCounts dyn::computeMaxTripCounts(Operation *root) {
  MaxTripCounts maxTrips;
  root->walk([&](scf::ForOp loop) {
    if (std::optional<int64_t> maxTrip = getMaxTripCount(loop))
      maxTrips[loop] = *maxTrip;
  });
  return maxTrips;
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
                                 const MaxTripCounts &maxTrips,
                                 RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  // Functions, constants, element reads and control flow.
  patterns.add<BIRRule<func::FuncOp, funcSignature>,
               BIRRule<func::ReturnOp, returnOfConverted>,
               BIRRule<memref::LoadOp, loadToReadElem>,
               BIRRule<scf::IfOp, ifToDynamicLoops>>(converter, ctx);
  // Arithmetic.
  patterns.add<BinaryToAlu<arith::AddIOp, AluOpKind::add>,
               BinaryToAlu<arith::SubIOp, AluOpKind::sub>,
               BinaryToAlu<arith::MulIOp, AluOpKind::mult>,
               BinaryToAlu<arith::DivSIOp, AluOpKind::divide>,
               BinaryToAlu<arith::RemSIOp, AluOpKind::mod>>(converter, ctx);
  // Comparison and selection.
  patterns.add<BinaryToAlu<arith::MaxSIOp, AluOpKind::max>,
               BinaryToAlu<arith::MinSIOp, AluOpKind::min>,
               RegisterRule<arith::CmpIOp, cmpiAlu>,
               RegisterRule<arith::SelectOp, selectAlu>>(converter, ctx);
  // Bitwise, on flags too.
  patterns.add<BinaryToAlu<arith::AndIOp, AluOpKind::bit_and>,
               BinaryToAlu<arith::OrIOp, AluOpKind::bit_or>,
               BinaryToAlu<arith::XOrIOp, AluOpKind::bit_xor>>(converter, ctx);
  // Shifts.
  patterns.add<BinaryToAlu<arith::ShLIOp, AluOpKind::shl>,
               BinaryToAlu<arith::ShRSIOp, AluOpKind::shrs>,
               BinaryToAlu<arith::ShRUIOp, AluOpKind::shru>>(converter, ctx);
  // Casts between i32, index and flags.
  using ExtSIOfFlag =
      RegisterRule<arith::ExtSIOp,
                   flagCast<arith::ExtSIOp, AluOpKind::mult, -1>>;
  using TruncIToFlag =
      RegisterRule<arith::TruncIOp,
                   flagCast<arith::TruncIOp, AluOpKind::bit_and, 1>>;
  patterns.add<CastIsRegister<arith::IndexCastOp>,
               CastIsRegister<arith::IndexCastUIOp>,
               CastIsRegister<arith::ExtUIOp>, ExtSIOfFlag, TruncIToFlag>(
      converter, ctx);
  patterns.add<ForToBIRLoop>(converter, ctx, maxTrips);
}
