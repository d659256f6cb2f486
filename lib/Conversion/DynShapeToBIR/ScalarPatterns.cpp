//===- ScalarPatterns.cpp - i32/index arithmetic and loops to bir ---------===//
//
// Report Stage 1b and seam S1: a runtime scalar becomes an engine register,
// whether it steers an address or bounds a loop. Runtime i32 arguments are
// read with bir.read_var, index arithmetic becomes register-ALU code, and an
// scf.for becomes bir.for or, with a runtime bound, bir.dynamic_for (opcode
// 106) whose block argument is the induction register (seam S2).
//
//===----------------------------------------------------------------------===//

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

static bool isRegisterType(Type type) {
  return type.isIndex() || type.isSignlessInteger(32);
}

RegisterTypeConverter::RegisterTypeConverter(Engine engine) : engine(engine) {
  addConversion([](Type type) { return type; });
  addConversion([](Type type) -> std::optional<Type> {
    if (isRegisterType(type))
      return RegType::get(type.getContext());
    return std::nullopt;
  });
  // A register still used where an index is expected (a view offset, until
  // the memory patterns fold the view into a DMA) stays visible as a cast.
  addSourceMaterialization([](OpBuilder &builder, Type type, ValueRange inputs,
                              Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  });
  // A runtime i32 argument lives in DRAM: read it into a register.
  addTargetMaterialization([engine](OpBuilder &builder, Type type,
                                    ValueRange inputs, Location loc) -> Value {
    if (inputs.size() != 1 || !llvm::isa<RegType>(type))
      return {};
    auto arg = llvm::dyn_cast<BlockArgument>(inputs[0]);
    if (!arg || !arg.getType().isSignlessInteger(32) ||
        !llvm::isa<func::FuncOp>(arg.getOwner()->getParentOp()))
      return {};
    return ReadVarOp::create(builder, loc, type, arg, engine, IntegerAttr());
  });
}

namespace {

std::optional<int64_t> getConstant(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

Engine engineOf(const TypeConverter *converter) {
  return static_cast<const RegisterTypeConverter *>(converter)->getEngine();
}

/// arith.constant i32/index -> RegMov.
struct ConstantToMovImm : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> value = getConstant(op);
    if (!value || !isRegisterType(op.getType()))
      return rewriter.notifyMatchFailure(op, "not an i32/index constant");
    if (*value < INT32_MIN || *value > INT32_MAX)
      return op.emitOpError("constant ")
             << *value << " does not fit in a 32-bit register";
    rewriter.replaceOpWithNewOp<MovImmOp>(
        op, RegType::get(op.getContext()),
        rewriter.getI32IntegerAttr(static_cast<int32_t>(*value)),
        EngineAttr::get(op.getContext(), engineOf(getTypeConverter())),
        IntegerAttr());
    return success();
  }
};

/// A binary arith op -> bir.alu, or bir.alu_imm when an operand is constant.
template <typename ArithOp, AluOpKind Kind, bool Commutative>
struct BinaryToAlu : OpConversionPattern<ArithOp> {
  using OpConversionPattern<ArithOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRegisterType(op.getType()))
      return rewriter.notifyMatchFailure(op, "not i32/index arithmetic");
    MLIRContext *ctx = op.getContext();
    auto kind = AluOpKindAttr::get(ctx, Kind);
    auto engine = EngineAttr::get(ctx, engineOf(this->getTypeConverter()));
    Type reg = RegType::get(ctx);
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    std::optional<int64_t> imm = getConstant(op.getRhs());
    if (!imm && Commutative && (imm = getConstant(op.getLhs())))
      lhs = adaptor.getRhs();
    if (imm && *imm >= INT32_MIN && *imm <= INT32_MAX) {
      rewriter.replaceOpWithNewOp<AluImmOp>(
          op, reg, kind, lhs, rewriter.getI32IntegerAttr(*imm), engine,
          IntegerAttr());
      return success();
    }
    rewriter.replaceOpWithNewOp<AluOp>(op, reg, kind, lhs, rhs, engine,
                                       IntegerAttr());
    return success();
  }
};

/// index_cast between i32 and index is the same 32-bit register.
template <typename CastOp>
struct CastIsRegister : OpConversionPattern<CastOp> {
  using OpConversionPattern<CastOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CastOp op, typename CastOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRegisterType(op.getType()) || !isRegisterType(op.getIn().getType()))
      return rewriter.notifyMatchFailure(op, "not an i32/index cast");
    rewriter.replaceOp(op, adaptor.getIn());
    return success();
  }
};

/// memref.load of an i32 element at constant indices (an index vector after
/// dynshape-split-indices) -> bir.read_elem.
struct LoadToReadElem : OpConversionPattern<memref::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::LoadOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getMemRefType();
    if (!type.getElementType().isSignlessInteger(32) || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not an i32 tensor element");
    int64_t linear = 0;
    for (auto [dim, index] : llvm::enumerate(op.getIndices())) {
      std::optional<int64_t> c = getConstant(index);
      if (!c)
        return op.emitOpError("reads a runtime scalar at a runtime position; "
                              "only constant positions become registers");
      linear = linear * type.getDimSize(dim) + *c;
    }
    rewriter.replaceOpWithNewOp<ReadElemOp>(
        op, RegType::get(op.getContext()), op.getMemRef(),
        rewriter.getI64IntegerAttr(linear),
        EngineAttr::get(op.getContext(), engineOf(getTypeConverter())),
        IntegerAttr());
    return success();
  }
};

/// scf.for -> bir.for (constant bounds) or bir.dynamic_for (runtime bound
/// `1 * ub + 0`, max_trip from the range analysis of the pass).
struct ForToBIRLoop : OpConversionPattern<scf::ForOp> {
  ForToBIRLoop(const TypeConverter &converter, const LoopTripBounds &bounds,
               MLIRContext *ctx)
      : OpConversionPattern(converter, ctx), tripBounds(bounds) {}

  LogicalResult
  matchAndRewrite(scf::ForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> lb = getConstant(op.getLowerBound());
    std::optional<int64_t> step = getConstant(op.getStep());
    if (!lb || !step || op.getNumRegionIterArgs() != 0)
      return rewriter.notifyMatchFailure(op, "not a lowerable loop");
    MLIRContext *ctx = op.getContext();
    Engine engine = engineOf(getTypeConverter());
    Location loc = op.getLoc();
    Operation *loop;
    if (std::optional<int64_t> ub = getConstant(op.getUpperBound())) {
      loop = ForOp::create(rewriter, loc, rewriter.getI32IntegerAttr(*lb),
                           rewriter.getI32IntegerAttr(*ub),
                           rewriter.getI32IntegerAttr(*step),
                           EngineAttr::get(ctx, engine), IntegerAttr());
    } else {
      auto bound = tripBounds.find(op);
      if (bound == tripBounds.end())
        return rewriter.notifyMatchFailure(op, "no trip bound");
      loop = DynamicForOp::create(
          rewriter, loc, adaptor.getUpperBound(),
          rewriter.getI32IntegerAttr(*lb), rewriter.getI32IntegerAttr(*step),
          rewriter.getI32IntegerAttr(1), rewriter.getI32IntegerAttr(0),
          rewriter.getI64IntegerAttr(bound->second),
          EngineAttr::get(ctx, engine), IntegerAttr());
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

  const LoopTripBounds &tripBounds;
};

} // namespace

void dyn::populateDynShapeToBIRScalarPatterns(
    const RegisterTypeConverter &converter, const LoopTripBounds &tripBounds,
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ConstantToMovImm, CastIsRegister<arith::IndexCastOp>,
               CastIsRegister<arith::IndexCastUIOp>,
               BinaryToAlu<arith::AddIOp, AluOpKind::add, true>,
               BinaryToAlu<arith::SubIOp, AluOpKind::sub, false>,
               BinaryToAlu<arith::MulIOp, AluOpKind::mult, true>,
               BinaryToAlu<arith::DivSIOp, AluOpKind::divide, false>,
               BinaryToAlu<arith::RemSIOp, AluOpKind::mod, false>,
               BinaryToAlu<arith::MaxSIOp, AluOpKind::max, true>,
               BinaryToAlu<arith::MinSIOp, AluOpKind::min, true>>(converter,
                                                                   ctx);
  patterns.add<LoadToReadElem>(converter, ctx);
  patterns.add<ForToBIRLoop>(converter, tripBounds, ctx);
}
