//===- BIROps.cpp - bir registers, register-ALU, loops, locations ---------===//

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace dyn::bir;

//===----------------------------------------------------------------------===//
// ReadVarOp
//===----------------------------------------------------------------------===//

LogicalResult ReadVarOp::verify() {
  auto arg = llvm::dyn_cast<BlockArgument>(getVar());
  if (!arg || !llvm::isa_and_nonnull<func::FuncOp>(arg.getOwner()->getParentOp()) ||
      !arg.getOwner()->isEntryBlock())
    return emitOpError("reads a runtime scalar, which must be an i32 argument "
                       "of the enclosing function");
  return success();
}

LogicalResult ReadElemOp::verify() {
  MemRefType type = getMem().getType();
  if (getMemorySpace(type) != MemorySpace::dram || !type.hasStaticShape())
    return emitOpError("reads from a static DRAM tensor, got ") << type;
  if (getIndex() >= static_cast<uint64_t>(type.getNumElements()))
    return emitOpError("element ")
           << getIndex() << " is outside the " << type.getNumElements()
           << " elements of the tensor";
  return success();
}

//===----------------------------------------------------------------------===//
// Register-ALU
//===----------------------------------------------------------------------===//

/// The immediate of a register defined by mov_imm.
static std::optional<int32_t> getImmediate(Value reg) {
  if (auto mov = reg.getDefiningOp<MovImmOp>())
    return static_cast<int32_t>(mov.getValue());
  return std::nullopt;
}

bool dyn::bir::isRecomputable(Value reg, bool elementReads) {
  // A walk of the code's DAG, each definition once: ALU code may share an
  // operand at every level (`x = alu add y, y`).
  SmallVector<Value> worklist = {reg};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (llvm::isa_and_nonnull<MovImmOp, ReadVarOp>(def) ||
        (elementReads && llvm::isa_and_nonnull<ReadElemOp>(def)))
      continue;
    if (!llvm::isa_and_nonnull<AluOp, AluImmOp>(def))
      return false;
    if (seen.insert(def).second)
      llvm::append_range(worklist, def->getOperands());
  }
  return true;
}

/// `x <kind> imm` that is `x` itself.
static bool isRightIdentity(AluOpKind kind, int32_t imm) {
  switch (kind) {
  case AluOpKind::add:
  case AluOpKind::sub:
  case AluOpKind::bit_or:
  case AluOpKind::bit_xor:
  case AluOpKind::shl:
  case AluOpKind::shrs:
  case AluOpKind::shru:
    return imm == 0;
  case AluOpKind::mult:
  case AluOpKind::divide:
    return imm == 1;
  case AluOpKind::bit_and:
    return imm == -1;
  default:
    return false;
  }
}

OpFoldResult AluImmOp::fold(FoldAdaptor) {
  // add(x, 0), sub(x, 0), mult(x, 1), divide(x, 1), and(x, -1), or(x, 0),
  // xor(x, 0), shifts by 0 -> x
  if (isRightIdentity(getKind(), getImm()))
    return getLhs();
  return {};
}

OpFoldResult AluOp::fold(FoldAdaptor) {
  // max(x, x), min(x, x) -> x
  if (getLhs() == getRhs() &&
      (getKind() == AluOpKind::max || getKind() == AluOpKind::min))
    return getLhs();
  return {};
}

//===----------------------------------------------------------------------===//
// ALU custom forms
//===----------------------------------------------------------------------===//

// `add %x, %y on pool {reg = 1 : i32}` and `add %x, 2 on pool`: the operation
// and the engine as bare keywords, the physical register (an inherent
// attribute) and any discardable attributes in the attribute dictionary.

/// The operation keyword and `%lhs,`.
template <typename OpTy>
static ParseResult parseAluHead(OpAsmParser &parser, OperationState &result,
                                OpAsmParser::UnresolvedOperand &lhs) {
  AluOpKindAttr kind;
  if (parser.parseCustomAttributeWithFallback(kind, Type{}) ||
      parser.parseOperand(lhs) || parser.parseComma())
    return failure();
  result.getOrAddProperties<typename OpTy::Properties>().kind = kind;
  return success();
}

/// `on <engine>` and the attribute dictionary; then the register operands
/// and the result.
template <typename OpTy>
static ParseResult
parseAluTail(OpAsmParser &parser, OperationState &result,
             ArrayRef<OpAsmParser::UnresolvedOperand> operands) {
  EngineAttr engine;
  if (parser.parseKeyword("on") ||
      parser.parseCustomAttributeWithFallback(engine, Type{}))
    return failure();
  result.getOrAddProperties<typename OpTy::Properties>().engine = engine;
  if (parseAttrDict<OpTy>(parser, result))
    return failure();
  Type reg = RegType::get(parser.getContext());
  result.addTypes(reg);
  return parser.resolveOperands(operands, reg, result.operands);
}

/// `on <engine>` and the dictionary of the physical register and the
/// discardable attributes.
static void printAluTail(OpAsmPrinter &p, Operation *op, EngineAttr engine,
                         StringAttr regName, IntegerAttr reg) {
  p << " on";
  engine.print(p);
  printAttrDict(p, op, {{regName, reg}});
}

ParseResult AluOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand operands[2];
  if (parseAluHead<AluOp>(parser, result, operands[0]) ||
      parser.parseOperand(operands[1]))
    return failure();
  return parseAluTail<AluOp>(parser, result, operands);
}

void AluOp::print(OpAsmPrinter &p) {
  getKindAttr().print(p);
  p << ' ' << getLhs() << ", " << getRhs();
  printAluTail(p, *this, getEngineAttr(), getRegAttrName(), getRegAttr());
}

ParseResult AluImmOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs;
  IntegerAttr imm;
  if (parseAluHead<AluImmOp>(parser, result, lhs) ||
      parser.parseCustomAttributeWithFallback(
          imm, parser.getBuilder().getIntegerType(32)))
    return failure();
  result.getOrAddProperties<Properties>().imm = imm;
  return parseAluTail<AluImmOp>(parser, result, lhs);
}

void AluImmOp::print(OpAsmPrinter &p) {
  getKindAttr().print(p);
  p << ' ' << getLhs() << ", ";
  p.printAttributeWithoutType(getImmAttr());
  printAluTail(p, *this, getEngineAttr(), getRegAttrName(), getRegAttr());
}

namespace {
/// alu(x, mov_imm c) -> alu_imm(x, c); alu(mov_imm c, x) -> alu_imm(x, c)
/// with the kind that swaps the operands (commutative kinds and compares).
struct AluToImmediate : OpRewritePattern<AluOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AluOp op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op.getLhs();
    std::optional<int32_t> imm = getImmediate(op.getRhs());
    AluOpKind kind = op.getKind();
    std::optional<AluOpKind> swapped = getSwappedAluKind(kind);
    if (!imm && swapped && (imm = getImmediate(op.getLhs()))) {
      lhs = op.getRhs();
      kind = *swapped;
    }
    if (!imm)
      return rewriter.notifyMatchFailure(op, "no immediate operand");
    rewriter.replaceOpWithNewOp<AluImmOp>(
        op, op.getType(), AluOpKindAttr::get(op.getContext(), kind), lhs,
        rewriter.getI32IntegerAttr(*imm), op.getEngineAttr(), op.getRegAttr());
    return success();
  }
};

/// alu_imm(mov_imm a, b) -> mov_imm(a op b); mult(x, 0) -> mov_imm 0.
struct FoldConstantAluImm : OpRewritePattern<AluImmOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AluImmOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<int32_t> value;
    if (std::optional<int32_t> lhs = getImmediate(op.getLhs()))
      value = evaluateAlu(op.getKind(), *lhs, op.getImm());
    else if (op.getKind() == AluOpKind::mult && op.getImm() == 0)
      value = 0;
    if (!value)
      return rewriter.notifyMatchFailure(op, "not a constant");
    rewriter.replaceOpWithNewOp<MovImmOp>(op, op.getType(),
                                          rewriter.getI32IntegerAttr(*value),
                                          op.getEngineAttr(), op.getRegAttr());
    return success();
  }
};

/// add(add(x, a), b) -> add(x, a + b); likewise mult(mult(x, a), b).
struct ReassociateAluImm : OpRewritePattern<AluImmOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AluImmOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getLhs().getDefiningOp<AluImmOp>();
    AluOpKind kind = op.getKind();
    if (!inner || inner.getKind() != kind ||
        (kind != AluOpKind::add && kind != AluOpKind::mult))
      return rewriter.notifyMatchFailure(op, "not a reassociable chain");
    int32_t imm = evaluateAlu(kind, inner.getImm(), op.getImm());
    rewriter.replaceOpWithNewOp<AluImmOp>(
        op, op.getType(), op.getKindAttr(), inner.getLhs(),
        rewriter.getI32IntegerAttr(imm), op.getEngineAttr(), op.getRegAttr());
    return success();
  }
};
} // namespace

void AluOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<AluToImmediate>(context);
}

void AluImmOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<FoldConstantAluImm, ReassociateAluImm>(context);
}

namespace {
/// An affine trip count goes into the loop's own fields: for
/// ub = coef * r + const with r = x + c, x - c or x * c (an alu_imm),
/// ub = coef * x + (const + coef * c), ... or (coef * c) * x + const.
/// Exact in the registers' 32-bit wrapping arithmetic (evaluateAlu), as the
/// loop reads its bound; a product coefficient of 0 stays unfolded.
struct FoldAffineTripCount : OpRewritePattern<DynamicForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicForOp loop,
                                PatternRewriter &rewriter) const override {
    auto bound = loop.getUbReg().getDefiningOp<AluImmOp>();
    if (!bound)
      return rewriter.notifyMatchFailure(loop, "the bound is not an alu_imm");
    int32_t coef = loop.getUbCoef(), constant = loop.getUbConst();
    int32_t term = evaluateAlu(AluOpKind::mult, coef, bound.getImm());
    switch (bound.getKind()) {
    case AluOpKind::add:
      constant = evaluateAlu(AluOpKind::add, constant, term);
      break;
    case AluOpKind::sub:
      constant = evaluateAlu(AluOpKind::sub, constant, term);
      break;
    case AluOpKind::mult:
      if (term == 0)
        return rewriter.notifyMatchFailure(loop, "the coefficient would be 0");
      coef = term;
      break;
    default:
      return rewriter.notifyMatchFailure(loop, "not an affine bound");
    }
    rewriter.modifyOpInPlace(loop, [&] {
      loop.getUbRegMutable().assign(bound.getLhs());
      loop.setUbCoef(coef);
      loop.setUbConst(constant);
    });
    return success();
  }
};
} // namespace

void DynamicForOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldAffineTripCount>(context);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

static ParseResult parseEngine(OpAsmParser &parser, OperationState &result) {
  if (parser.parseKeyword("on"))
    return failure();
  Attribute engine = EngineAttr::parse(parser, Type());
  if (!engine)
    return failure();
  result.addAttribute("engine", engine);
  return success();
}

static ParseResult parseI32(OpAsmParser &parser, OperationState &result,
                            StringRef name) {
  int32_t value;
  if (parser.parseInteger(value))
    return failure();
  result.addAttribute(name, parser.getBuilder().getI32IntegerAttr(value));
  return success();
}

template <typename OpTy>
static ParseResult parseLoopBody(OpAsmParser &parser, OperationState &result,
                                 OpAsmParser::Argument &iv) {
  if (parseAttrDict<OpTy>(parser, result, /*withKeyword=*/true))
    return failure();
  iv.type = RegType::get(parser.getContext());
  Region *body = result.addRegion();
  return parser.parseRegion(*body, {iv});
}

/// `on <engine>`, the dictionary of the physical register and the
/// discardable attributes, and the body.
template <typename OpTy> static void printLoopTail(OpAsmPrinter &p, OpTy op) {
  p << " on " << stringifyEngine(op.getEngine());
  printAttrDict(p, op, {{op.getRegAttrName(), op.getRegAttr()}},
                /*withKeyword=*/true);
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

// %j = 0 to 1 * %len + 0 step 1 max_trip 64 on pool { ... }
ParseResult DynamicForOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand ub;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parseI32(parser, result, "lb") || parser.parseKeyword("to") ||
      parseI32(parser, result, "ub_coef") || parser.parseStar() ||
      parser.parseOperand(ub) || parser.parsePlus() ||
      parseI32(parser, result, "ub_const") || parser.parseKeyword("step") ||
      parseI32(parser, result, "step") || parser.parseKeyword("max_trip"))
    return failure();
  int64_t maxTrip;
  if (parser.parseInteger(maxTrip))
    return failure();
  result.addAttribute("max_trip", parser.getBuilder().getI64IntegerAttr(maxTrip));
  if (succeeded(parser.parseOptionalKeyword("trip_estimate"))) {
    int64_t estimate;
    if (parser.parseInteger(estimate))
      return failure();
    result.addAttribute("trip_estimate",
                        parser.getBuilder().getI64IntegerAttr(estimate));
  }
  if (parseEngine(parser, result) ||
      parser.resolveOperand(ub, RegType::get(parser.getContext()),
                            result.operands))
    return failure();
  return parseLoopBody<DynamicForOp>(parser, result, iv);
}

void DynamicForOp::print(OpAsmPrinter &p) {
  p << ' ' << getInductionReg() << " = " << getLbAttr().getInt() << " to "
    << getUbCoefAttr().getInt() << " * " << getUbReg() << " + "
    << getUbConstAttr().getInt() << " step " << getStepAttr().getInt()
    << " max_trip " << getMaxTrip();
  if (std::optional<uint64_t> estimate = getTripEstimate())
    p << " trip_estimate " << *estimate;
  printLoopTail(p, *this);
}

static LogicalResult verifyLoopBody(Operation *op) {
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != 1 ||
      !llvm::isa<RegType>(body.getArgument(0).getType()))
    return op->emitOpError("body must have one !bir.reg argument, the "
                           "induction register");
  return success();
}

// LoopLikeOpInterface: the body is the loop's one region; upstream's
// loop-invariant code motion hoists out of it (bir-hoist-loop-invariants).
SmallVector<Region *> DynamicForOp::getLoopRegions() { return {&getBody()}; }
SmallVector<Region *> ForOp::getLoopRegions() { return {&getBody()}; }

LogicalResult DynamicForOp::verify() {
  if (getStepAttr().getInt() <= 0)
    return emitOpError("step must be positive, got ") << getStepAttr().getInt();
  if (getUbCoefAttr().getInt() == 0)
    return emitOpError("upper bound must be coef * reg + const with a "
                       "non-zero coef; use bir.for for a static trip count");
  return success();
}

LogicalResult DynamicForOp::verifyRegions() { return verifyLoopBody(*this); }

// %i = 0 to 8 step 1 on pool { ... }
ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::Argument iv;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parseI32(parser, result, "lb") || parser.parseKeyword("to") ||
      parseI32(parser, result, "ub") || parser.parseKeyword("step") ||
      parseI32(parser, result, "step") || parseEngine(parser, result))
    return failure();
  return parseLoopBody<ForOp>(parser, result, iv);
}

void ForOp::print(OpAsmPrinter &p) {
  p << ' ' << getInductionReg() << " = " << getLbAttr().getInt() << " to "
    << getUbAttr().getInt() << " step " << getStepAttr().getInt();
  printLoopTail(p, *this);
}

LogicalResult ForOp::verify() {
  if (getStepAttr().getInt() <= 0)
    return emitOpError("step must be positive, got ") << getStepAttr().getInt();
  return success();
}

LogicalResult ForOp::verifyRegions() { return verifyLoopBody(*this); }

int64_t ForOp::getTripCount() {
  int64_t step = getStepAttr().getInt();
  int64_t span = getUbAttr().getInt() - getLbAttr().getInt();
  return span <= 0 ? 0 : (span + step - 1) / step;
}

//===----------------------------------------------------------------------===//
// AllocOp
//===----------------------------------------------------------------------===//

std::string dyn::bir::whyNotLocation(MemRefType type,
                                     std::optional<uint64_t> address) {
  std::string why;
  llvm::raw_string_ostream os(why);
  std::optional<MemorySpace> space = getMemorySpace(type);
  if (!space) {
    os << "location must be in a bir memory space (#bir.mem<dram|sbuf|psum>)";
    return why;
  }
  if (!type.getLayout().isIdentity()) {
    os << "location must have the identity layout";
    return why;
  }
  if (*space == MemorySpace::dram) {
    if (address)
      os << "a DRAM output has no on-chip address";
    return why;
  }
  if (type.getRank() < 1 || type.getDimSize(0) < 1 ||
      type.getDimSize(0) > AddressMap::kNumPartitions) {
    os << "dimension 0 is the partition dimension: between 1 and "
       << AddressMap::kNumPartitions << " partitions";
    return why;
  }
  std::optional<int64_t> elementBytes = getElementBytes(type);
  if (!elementBytes) {
    os << "element type must be one dyn carries (" << dyn::getElementTypeNames()
       << "), got '"
       << type.getElementType() << "'";
    return why;
  }
  std::optional<int64_t> bytes = *elementBytes;
  for (int64_t d : type.getShape().drop_front())
    bytes = bytes ? llvm::checkedMul(*bytes, d) : std::nullopt;
  int64_t capacity = AddressMap::getCapacity(*space);
  if (bytes && address && *address + *bytes > static_cast<uint64_t>(capacity))
    os << "at address " << *address << " with " << *bytes
       << " bytes per partition ends past the "
       << stringifyMemorySpace(*space) << " capacity of " << capacity;
  else if (!bytes || *bytes > capacity)
    os << "needs " << (bytes ? std::to_string(*bytes) : std::string("too many"))
       << " bytes per partition, more than the "
       << stringifyMemorySpace(*space) << " capacity of " << capacity;
  return why;
}

LogicalResult
dyn::bir::verifyLocationType(function_ref<InFlightDiagnostic()> emitError,
                             MemRefType type, std::optional<uint64_t> address) {
  std::string why = whyNotLocation(type, address);
  if (why.empty())
    return success();
  return emitError() << why;
}

LogicalResult AllocOp::verify() {
  return verifyLocationType([&] { return emitOpError(); }, getType(),
                            getAddress());
}

void AllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       llvm::cast<OpResult>(getResult()));
  // Software DGE writes its descriptors into the scratch at run time, an
  // effect no SSA use shows: keep the location alive.
  if (getDynamicDMAScratchLoc())
    effects.emplace_back(MemoryEffects::Write::get());
}

#define GET_OP_CLASSES
#include "dyn/Dialect/BIR/IR/BIROps.cpp.inc"
