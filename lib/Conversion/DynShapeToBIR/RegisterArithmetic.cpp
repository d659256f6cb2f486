//===- RegisterArithmetic.cpp - arith ops on the register ALU -------------===//
//
// Report Stage 1b: i32/index arithmetic, and i1 flags held as 0 and 1,
// become register-ALU code. One table says which arith ops have a register
// form, on which types, and what they become; the legality check, the
// patterns and the diagnostic's list of what is supported all read it.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "dyn/Support/Machine.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

namespace {

/// The types an op with a register form takes and gives.
enum class Operands {
  Scalars,      // i32/index in, i32/index out
  Registers,    // scalars, or flags, in and out (bitwise)
  Compare,      // two scalars or two flags, a flag out
  FlagToScalar, // a flag in, a scalar out
  ScalarToFlag, // a scalar in, a flag out
  Select,       // a flag and two scalars, a scalar out
};

/// What the op becomes.
enum class Lowering {
  Alu,          // bir.alu of `kind` (bir.alu_imm with a constant operand)
  AluImm,       // bir.alu_imm of `kind` and `imm` on the operand
  SameRegister, // its operand's register
  Compare,      // the ALU compare of its predicate
  Select,       // f + c * (t - f)
};

struct RegisterForm {
  llvm::StringLiteral name;
  Operands operands;
  Lowering lowering;
  AluOpKind kind = AluOpKind::add;
  int32_t imm = 0;
};

} // namespace

/// The arith ops with a register form. extsi of a flag is `flag * -1`;
/// trunci to a flag keeps bit 0.
static const RegisterForm kRegisterForms[] = {
    {"arith.index_cast", Operands::Scalars, Lowering::SameRegister},
    {"arith.index_castui", Operands::Scalars, Lowering::SameRegister},
    {"arith.addi", Operands::Scalars, Lowering::Alu, AluOpKind::add},
    {"arith.subi", Operands::Scalars, Lowering::Alu, AluOpKind::sub},
    {"arith.muli", Operands::Scalars, Lowering::Alu, AluOpKind::mult},
    {"arith.divsi", Operands::Scalars, Lowering::Alu, AluOpKind::divide},
    {"arith.remsi", Operands::Scalars, Lowering::Alu, AluOpKind::mod},
    {"arith.minsi", Operands::Scalars, Lowering::Alu, AluOpKind::min},
    {"arith.maxsi", Operands::Scalars, Lowering::Alu, AluOpKind::max},
    {"arith.andi", Operands::Registers, Lowering::Alu, AluOpKind::bit_and},
    {"arith.ori", Operands::Registers, Lowering::Alu, AluOpKind::bit_or},
    {"arith.xori", Operands::Registers, Lowering::Alu, AluOpKind::bit_xor},
    {"arith.shli", Operands::Scalars, Lowering::Alu, AluOpKind::shl},
    {"arith.shrsi", Operands::Scalars, Lowering::Alu, AluOpKind::shrs},
    {"arith.shrui", Operands::Scalars, Lowering::Alu, AluOpKind::shru},
    {"arith.cmpi", Operands::Compare, Lowering::Compare},
    {"arith.select", Operands::Select, Lowering::Select},
    {"arith.extui", Operands::FlagToScalar, Lowering::SameRegister},
    {"arith.extsi", Operands::FlagToScalar, Lowering::AluImm, AluOpKind::mult,
     -1},
    {"arith.trunci", Operands::ScalarToFlag, Lowering::AluImm,
     AluOpKind::bit_and, 1},
};

static const RegisterForm *findRegisterForm(OperationName name) {
  for (const RegisterForm &form : kRegisterForms)
    if (name.getStringRef() == form.name)
      return &form;
  return nullptr;
}

static bool isFlag(Type type) { return type.isSignlessInteger(1); }

/// True if `op`'s types are those `operands` takes.
static bool takes(Operation *op, Operands operands) {
  auto all = [](TypeRange types, bool (*is)(Type)) {
    return llvm::all_of(types, is);
  };
  switch (operands) {
  case Operands::Scalars:
    return all(op->getOperandTypes(), isScalarType) &&
           all(op->getResultTypes(), isScalarType);
  case Operands::Registers:
    return all(op->getResultTypes(), isRegisterType);
  case Operands::Compare:
    return all(op->getOperandTypes(), isScalarType) ||
           all(op->getOperandTypes(), isFlag);
  case Operands::FlagToScalar:
    return isFlag(op->getOperand(0).getType()) &&
           isScalarType(op->getResult(0).getType());
  case Operands::ScalarToFlag:
    return isScalarType(op->getOperand(0).getType()) &&
           isFlag(op->getResult(0).getType());
  case Operands::Select:
    return all(op->getOperandTypes(), isRegisterType) &&
           isScalarType(op->getResult(0).getType());
  }
  llvm_unreachable("unknown operands");
}

bool dyn::hasRegisterForm(Operation *op) {
  const RegisterForm *form = findRegisterForm(op->getName());
  return form && takes(op, form->operands);
}

std::string dyn::describeRegisterForms() {
  std::string scalars = "constant", flags;
  for (const RegisterForm &form : kRegisterForms) {
    llvm::StringRef name = form.name.drop_front(strlen("arith."));
    bool onScalars = form.operands != Operands::FlagToScalar &&
                     form.operands != Operands::ScalarToFlag;
    bool onFlags = form.operands != Operands::Scalars &&
                   form.operands != Operands::Select;
    if (onScalars)
      scalars += (", " + name).str();
    if (onFlags)
      flags += ((flags.empty() ? "" : ", ") + name).str();
  }
  return "i32/index arith (" + scalars + "), i1 flags (" + flags + ")";
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

/// `lhs kind rhs` in registers: bir.alu_imm when the right operand is a
/// constant, or the left one and the kind swaps its operands; bir.alu
/// otherwise. `lhs`/`rhs` are the original operands, `lhsReg`/`rhsReg`
/// their registers.
static Value createAlu(OpBuilder &builder, Location loc, Engine engine,
                       AluOpKind kind, Value lhs, Value rhs, Value lhsReg,
                       Value rhsReg) {
  MLIRContext *ctx = builder.getContext();
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
      return AluOp::create(builder, loc, reg, AluOpKindAttr::get(ctx, kind),
                           lhsReg, rhsReg, engineAttr, IntegerAttr());
    kind = *swapped;
    lhsReg = rhsReg;
  }
  return AluImmOp::create(builder, loc, reg, AluOpKindAttr::get(ctx, kind),
                          lhsReg, builder.getI32IntegerAttr(*imm), engineAttr,
                          IntegerAttr());
}

/// The register `op` computes under `form`, from the registers of its
/// operands.
static Value lowerRegisterForm(OpBuilder &builder, Operation *op,
                               const RegisterForm &form,
                               ArrayRef<Value> regs, Engine engine) {
  Location loc = op->getLoc();
  MLIRContext *ctx = op->getContext();
  switch (form.lowering) {
  case Lowering::SameRegister:
    return regs[0];
  case Lowering::Alu:
    return createAlu(builder, loc, engine, form.kind, op->getOperand(0),
                     op->getOperand(1), regs[0], regs[1]);
  case Lowering::AluImm:
    return AluImmOp::create(builder, loc, RegType::get(ctx),
                            AluOpKindAttr::get(ctx, form.kind), regs[0],
                            builder.getI32IntegerAttr(form.imm),
                            EngineAttr::get(ctx, engine), IntegerAttr());
  case Lowering::Compare: {
    // The ALU's compares are named as cmpi's predicates (BIREnums.td), so
    // the name maps one to the other; 1 where it holds.
    auto cmp = llvm::cast<arith::CmpIOp>(op);
    arith::CmpIPredicate predicate = cmp.getPredicate();
    if (isFlag(cmp.getLhs().getType()))
      predicate = getFlagPredicate(predicate);
    AluOpKind kind =
        *symbolizeAluOpKind(arith::stringifyCmpIPredicate(predicate));
    return createAlu(builder, loc, engine, kind, cmp.getLhs(), cmp.getRhs(),
                     regs[0], regs[1]);
  }
  case Lowering::Select: {
    // Exact in wrapping 32-bit arithmetic, since the flag c is 0 or 1.
    auto select = llvm::cast<arith::SelectOp>(op);
    Value diff = createAlu(builder, loc, engine, AluOpKind::sub,
                           select.getTrueValue(), select.getFalseValue(),
                           regs[1], regs[2]);
    Value term = createAlu(builder, loc, engine, AluOpKind::mult,
                           select.getCondition(), diff, regs[0], diff);
    return createAlu(builder, loc, engine, AluOpKind::add, term,
                     select.getFalseValue(), term, regs[2]);
  }
  }
  llvm_unreachable("unknown lowering");
}

namespace {

/// An arith op with a register form, replaced by the register it computes.
struct ArithToRegister : ConversionPattern {
  ArithToRegister(const BIRTypeConverter &converter, MLIRContext *ctx,
                  const RegisterForm &form)
      : ConversionPattern(converter, form.name, /*benefit=*/1, ctx),
        form(form) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!takes(op, form.operands))
      return rewriter.notifyMatchFailure(op, "no register form");
    rewriter.replaceOp(
        op, lowerRegisterForm(
                rewriter, op, form, operands,
                getTypeConverter<BIRTypeConverter>()->getEngine()));
    return success();
  }

private:
  const RegisterForm &form;
};

} // namespace

void dyn::populateRegisterArithmeticPatterns(
    const BIRTypeConverter &converter, RewritePatternSet &patterns) {
  for (const RegisterForm &form : kRegisterForms)
    patterns.add<ArithToRegister>(converter, patterns.getContext(), form);
}
