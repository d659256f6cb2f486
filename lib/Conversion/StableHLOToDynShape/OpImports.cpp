//===- OpImports.cpp - each StableHLO op the import takes -----------------===//
//
// One entry per op: the form it takes (a check that names what is not
// supported) and its rewrite on converted operands. Semantics follow the
// StableHLO spec: start indices clamp (dynshape's dynamic_slice and
// dynamic_update_slice clamp the same way), gather clamps rows, scatter
// skips rows out of range, shifts by the bit width or more give 0 (or the
// sign), and convert to i1 is `!= 0`.
//
//===----------------------------------------------------------------------===//

#include "Import.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Support/Machine.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Support/DebugStringHelper.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::stablehlo;

using Rewrite = std::function<LogicalResult(
    Operation *, ValueRange, ConversionPatternRewriter &,
    const TypeConverter &)>;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static RankedTensorType tensorType(Value value) {
  return llvm::dyn_cast<RankedTensorType>(value.getType());
}

/// A StableHLO scalar: a rank-0 i32 or i1 tensor.
static bool isScalar(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0 &&
         (tensor.getElementType().isSignlessInteger(32) ||
          tensor.getElementType().isSignlessInteger(1));
}

std::string dyn::stablehlo::checkElements(Operation *op, bool floats,
                                          bool integers, bool booleans) {
  auto types = llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                  llvm::to_vector(op->getResultTypes()));
  // i32 and i1 scalars become registers; a float scalar stays a tensor of
  // rank 0, and nothing moves a value between the two.
  auto isFloatScalar = [](Type type) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getRank() == 0 &&
           llvm::isa<FloatType>(tensor.getElementType());
  };
  if (llvm::any_of(types, isScalar) && llvm::any_of(types, isFloatScalar))
    return "mixes a float scalar with an i32 or i1 scalar; the import keeps "
           "i32 and i1 scalars in registers and float scalars in tensors, "
           "and moves no value between them";
  for (Type type : types) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return "takes a value of type " + debugString(type) +
             "; the import takes ranked tensors";
    Type element = tensor.getElementType();
    bool isInt = element.isSignlessInteger(32) ||
                 (booleans && element.isSignlessInteger(1));
    bool isFloat = machine::isEngineFloat(element);
    if ((isInt && !integers) || (isFloat && !floats) || (!isInt && !isFloat)) {
      SmallVector<StringRef> names;
      if (floats)
        names.append({"f32", "bf16", "f16"});
      if (integers)
        names.push_back("i32");
      if (integers && booleans)
        names.push_back("i1");
      std::string list = llvm::join(ArrayRef(names).drop_back(), ", ");
      list += (names.size() > 1 ? " and " : "") + names.back().str();
      return "takes elements of type " + debugString(element) +
             "; the import takes " + list + " elements";
    }
  }
  return "";
}

std::function<std::string(Operation *)>
dyn::stablehlo::elements(bool floats, bool integers, bool booleans) {
  return [=](Operation *op) {
    return checkElements(op, floats, integers, booleans);
  };
}

/// A constant of `type` (a scalar, or a splat tensor) with integer `value`.
static Value intConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  Type element = getElementTypeOrSelf(type);
  auto attr = IntegerAttr::get(element, value);
  if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(shaped, attr));
  return arith::ConstantOp::create(b, loc, attr);
}

/// A shift with StableHLO's meaning: an amount of the bit width or more
/// (unsigned) gives 0 (left, logical) or the sign (arithmetic).
template <typename ShiftOp>
static Rewrite shift() {
  return [](Operation *op, ValueRange operands,
            ConversionPatternRewriter &rewriter,
            const TypeConverter &converter) -> LogicalResult {
    Location loc = op->getLoc();
    Type type = getResultType(op, converter);
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    Value lhs = operands[0], amount = operands[1];
    Value widthValue = intConstant(rewriter, loc, type, width);
    Value inRange = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, amount, widthValue);
    if (std::is_same_v<ShiftOp, arith::ShRSIOp>) {
      // The sign fills: shift by width - 1 instead.
      Value last = intConstant(rewriter, loc, type, width - 1);
      amount = arith::SelectOp::create(rewriter, loc, inRange, amount, last);
      rewriter.replaceOpWithNewOp<ShiftOp>(op, type, lhs, amount);
      return success();
    }
    // An amount in range, so that the shift never makes a poison value
    // (arith's shifts are undefined past the width).
    amount = arith::SelectOp::create(rewriter, loc, inRange, amount,
                                     intConstant(rewriter, loc, type, 0));
    Value shifted = ShiftOp::create(rewriter, loc, type, lhs, amount);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, inRange, shifted, intConstant(rewriter, loc, type, 0));
    return success();
  };
}

/// `#stablehlo<comparison_direction LT>` and the compare type.
static std::optional<arith::CmpIPredicate> getIntPredicate(Operation *op) {
  std::optional<StringRef> direction =
      getAttributeText(getProperty(op, "comparison_direction"));
  std::optional<StringRef> kind =
      getAttributeText(getProperty(op, "compare_type"));
  if (!direction || !direction->consume_front("comparison_direction "))
    return std::nullopt;
  bool isUnsigned = kind && *kind == "comparison_type UNSIGNED";
  // i1 compares as unsigned (true is 1).
  if (getElementTypeOrSelf(op->getOperand(0).getType()).isSignlessInteger(1))
    isUnsigned = true;
  using P = arith::CmpIPredicate;
  return llvm::StringSwitch<std::optional<P>>(*direction)
      .Case("EQ", P::eq)
      .Case("NE", P::ne)
      .Case("LT", isUnsigned ? P::ult : P::slt)
      .Case("LE", isUnsigned ? P::ule : P::sle)
      .Case("GT", isUnsigned ? P::ugt : P::sgt)
      .Case("GE", isUnsigned ? P::uge : P::sge)
      .Default(std::nullopt);
}

static std::optional<arith::CmpFPredicate> getFloatPredicate(Operation *op) {
  std::optional<StringRef> direction =
      getAttributeText(getProperty(op, "comparison_direction"));
  if (!direction || !direction->consume_front("comparison_direction "))
    return std::nullopt;
  // StableHLO's FLOAT compares: ordered, NE unordered (NaN != NaN).
  using P = arith::CmpFPredicate;
  return llvm::StringSwitch<std::optional<P>>(*direction)
      .Case("EQ", P::OEQ)
      .Case("NE", P::UNE)
      .Case("LT", P::OLT)
      .Case("LE", P::OLE)
      .Case("GT", P::OGT)
      .Case("GE", P::OGE)
      .Default(std::nullopt);
}

/// A constant's dense value, of its result's type.
static std::string checkConstant(Operation *op) {
  auto value =
      llvm::dyn_cast_or_null<DenseElementsAttr>(getProperty(op, "value"));
  if (!value)
    return "has no dense value";
  auto type = llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (type && (value.getType().getShape() != type.getShape() ||
               value.getElementType() != type.getElementType()))
    return "has a value of type " + debugString(value.getType()) +
           " for a result of type " + debugString(type);
  return checkElements(op, true, true);
}

/// clamp(min, operand, max) on i32, its bounds of the operand's type.
static std::string checkClamp(Operation *op) {
  std::string why = checkElements(op, false, true, false);
  Type type = op->getOperand(1).getType();
  if (why.empty() && (op->getOperand(0).getType() != type ||
                      op->getOperand(2).getType() != type))
    return "has a min or max of another type than its operand; the import "
           "takes min and max of the operand's type";
  return why;
}

static std::string checkCompare(Operation *op) {
  std::string why = checkElements(op, true, true);
  if (!why.empty())
    return why;
  bool isFloat = llvm::isa<FloatType>(
      getElementTypeOrSelf(op->getOperand(0).getType()));
  std::optional<StringRef> kind =
      getAttributeText(getProperty(op, "compare_type"));
  if (kind && (*kind == "comparison_type TOTALORDER"))
    return "compares with TOTALORDER; the import takes FLOAT, SIGNED and "
           "UNSIGNED compares";
  if (isFloat ? !getFloatPredicate(op) : !getIntPredicate(op))
    return "has no comparison_direction of EQ, NE, LT, LE, GT or GE";
  return "";
}

/// Why start indices are not StableHLO's `tensor<i32>` scalars, or "".
static std::string checkStartIndices(ValueRange starts) {
  for (Value start : starts)
    if (!isScalar(start.getType()) ||
        !getElementTypeOrSelf(start.getType()).isSignlessInteger(32))
      return "has a start index that is not a tensor<i32>";
  return "";
}

/// The one integer of a property (e.g. `dimension = 0 : i64`).
static std::optional<int64_t> getInt(Operation *op, StringRef name) {
  if (auto attr = llvm::dyn_cast_or_null<IntegerAttr>(getProperty(op, name)))
    return attr.getInt();
  return std::nullopt;
}

/// The 1-D i32 row indices of a gather or scatter whose indices are
/// `[N]`, or `[N, 1]` made from `[N]` by a reshape.
static Value getRowIndices(Operation *op, ConversionPatternRewriter *rewriter,
                           Value converted) {
  Value indices = op->getOperand(1);
  RankedTensorType type = tensorType(indices);
  if (type.getRank() == 1)
    return rewriter ? converted : indices;
  // The reshape is in generic form, so nothing has checked its operands.
  Operation *reshape = indices.getDefiningOp();
  if (!reshape || reshape->getName().getStringRef() != "stablehlo.reshape" ||
      reshape->getNumOperands() != 1)
    return {};
  RankedTensorType source = tensorType(reshape->getOperand(0));
  if (!source || source.getRank() != 1)
    return {};
  return rewriter ? rewriter->getRemappedValue(reshape->getOperand(0))
                  : reshape->getOperand(0);
}

/// Why a gather or scatter is not a row gather/scatter: the rows of dim 0
/// picked by a 1-D list of i32 indices, whole rows moved.
static std::string checkRows(Operation *op, StringRef attrName,
                             ArrayRef<StringRef> fieldNames,
                             RankedTensorType operand) {
  RankedTensorType indices = tensorType(op->getOperand(1));
  std::string form =
      "is not in the row form that dynshape takes (rows of dimension 0 "
      "picked by i32 indices of shape [N], or [N, 1] reshaped from [N]; " +
      attrName.str() + " " + fieldNames[0].str() + " = [1, ..., rank - 1], " +
      fieldNames[1].str() + " = [0], " + fieldNames[2].str() +
      " = [0], index_vector_dim = 1)";
  std::optional<StringRef> text = getAttributeText(getProperty(op, attrName));
  std::optional<Fields> fields = text ? parseFields(*text) : std::nullopt;
  if (!fields || !indices || !indices.getElementType().isSignlessInteger(32))
    return form;
  SmallVector<int64_t> window;
  for (int64_t d = 1; d < operand.getRank(); ++d)
    window.push_back(d);
  auto field = [&](StringRef name) {
    auto it = fields->find(name);
    return it == fields->end() ? SmallVector<int64_t>() : it->second;
  };
  if (field(fieldNames[0]) != window ||
      field(fieldNames[1]) != SmallVector<int64_t>{0} ||
      field(fieldNames[2]) != SmallVector<int64_t>{0} ||
      field("index_vector_dim") != SmallVector<int64_t>{1} ||
      !field("operand_batching_dims").empty() ||
      !field("input_batching_dims").empty())
    return form;
  if (!(indices.getRank() == 1 ||
        (indices.getRank() == 2 && indices.getDimSize(1) == 1)) ||
      !getRowIndices(op, nullptr, Value()))
    return form;
  return "";
}

static std::string checkGather(Operation *op) {
  RankedTensorType operand = tensorType(op->getOperand(0));
  if (!operand || operand.getRank() < 1)
    return "gathers from a value that is not a ranked tensor";
  std::string why = checkRows(
      op, "dimension_numbers",
      {"offset_dims", "collapsed_slice_dims", "start_index_map"}, operand);
  if (!why.empty())
    return why;
  std::optional<SmallVector<int64_t>> sizes = getIntList(op, "slice_sizes");
  SmallVector<int64_t> rows(operand.getShape());
  rows[0] = 1;
  if (!sizes || *sizes != rows)
    return "does not gather whole rows (slice_sizes must be [1, " +
           std::string("the other dimensions of the operand])");
  return "";
}

static std::string checkScatter(Operation *op) {
  if (op->getNumOperands() != 3 || op->getNumResults() != 1)
    return "scatters more than one tensor; the import takes one";
  RankedTensorType operand = tensorType(op->getOperand(0));
  if (!operand || operand.getRank() < 1)
    return "scatters into a value that is not a ranked tensor";
  std::string why = checkRows(op, "scatter_dimension_numbers",
                              {"update_window_dims", "inserted_window_dims",
                               "scatter_dims_to_operand_dims"},
                              operand);
  if (!why.empty())
    return why;
  // The update computation must overwrite: return its second argument.
  Block *update = getBody(op, 0);
  if (!update || update->getNumArguments() != 2)
    return "has no update computation of two arguments";
  Operation *ret = &update->back();
  if (&update->front() != ret || ret->getNumOperands() != 1 ||
      ret->getOperand(0) != update->getArgument(1))
    return "combines rows with an update computation; the import takes "
           "scatters that overwrite (the computation returns its second "
           "argument)";
  return "";
}

//===----------------------------------------------------------------------===//
// Loops: a while that counts up by 1 to a bound is an scf.for
//===----------------------------------------------------------------------===//

namespace {
/// The counting form of a stablehlo.while: `counter < bound` in the
/// condition, `counter + 1` in the body, the bound an operand the body
/// returns unchanged.
struct CountedLoop {
  unsigned counter, bound;
};
} // namespace

static std::optional<CountedLoop> matchCountedLoop(Operation *op) {
  Block *condBlock = getBody(op, 0), *bodyBlock = getBody(op, 1);
  if (op->getNumRegions() != 2 || !condBlock || !bodyBlock)
    return std::nullopt;
  Block &cond = *condBlock, &body = *bodyBlock;
  if (cond.getNumArguments() != op->getNumOperands() ||
      body.getNumArguments() != op->getNumOperands() ||
      op->getNumResults() != op->getNumOperands())
    return std::nullopt;
  Operation *condReturn = &cond.back();
  if (condReturn->getNumOperands() != 1)
    return std::nullopt;
  Operation *compare = condReturn->getOperand(0).getDefiningOp();
  if (!compare || compare->getName().getStringRef() != "stablehlo.compare" ||
      compare->getNumOperands() != 2 || &cond.front() != compare ||
      compare->getNextNode() != condReturn)
    return std::nullopt;
  std::optional<arith::CmpIPredicate> predicate = getIntPredicate(compare);
  auto lhs = llvm::dyn_cast<BlockArgument>(compare->getOperand(0));
  auto rhs = llvm::dyn_cast<BlockArgument>(compare->getOperand(1));
  if (predicate != arith::CmpIPredicate::slt || !lhs || !rhs ||
      lhs.getOwner() != &cond || rhs.getOwner() != &cond ||
      !isScalar(lhs.getType()) ||
      !getElementTypeOrSelf(lhs.getType()).isSignlessInteger(32))
    return std::nullopt;
  CountedLoop loop{lhs.getArgNumber(), rhs.getArgNumber()};
  Operation *bodyReturn = &body.back();
  if (bodyReturn->getNumOperands() != body.getNumArguments() ||
      loop.bound >= body.getNumArguments() ||
      loop.counter >= body.getNumArguments() ||
      bodyReturn->getOperand(loop.bound) != body.getArgument(loop.bound))
    return std::nullopt;
  Operation *increment = bodyReturn->getOperand(loop.counter).getDefiningOp();
  if (!increment || increment->getName().getStringRef() != "stablehlo.add" ||
      increment->getNumOperands() != 2 ||
      increment->getOperand(0) != body.getArgument(loop.counter))
    return std::nullopt;
  Operation *one = increment->getOperand(1).getDefiningOp();
  APInt step;
  if (!one || one->getName().getStringRef() != "stablehlo.constant" ||
      !matchPattern(getProperty(one, "value"), m_ConstantInt(&step)) ||
      step != 1)
    return std::nullopt;
  return loop;
}

static std::string checkWhile(Operation *op) {
  if (!matchCountedLoop(op))
    return "is not a counted loop; a stablehlo.while imports when its "
           "condition is `counter < bound` (signed i32 scalars it carries) "
           "and its body adds 1 to the counter and returns the bound "
           "unchanged (the form of a fori_loop), and runtime loops must "
           "have a provable bound";
  return "";
}

/// get_dimension_size and set_dimension_size name their dimension in an
/// attribute.
static std::string checkDimension(Operation *op) {
  return getInt(op, "dimension") ? "" : "has no dimension";
}

/// get_dimension_size(operand) -> dynshape.get_dimension_size, an i32;
/// set_dimension_size(operand, size) -> dynshape.set_dimension_size.
static LogicalResult rewriteDimensionSize(Operation *op, ValueRange operands,
                                          ConversionPatternRewriter &rewriter,
                                          const TypeConverter &converter) {
  IntegerAttr dim = rewriter.getI64IntegerAttr(*getInt(op, "dimension"));
  if (operands.size() == 1)
    rewriter.replaceOpWithNewOp<dynshape::GetDimensionSizeOp>(
        op, rewriter.getI32Type(), operands[0], dim);
  else
    rewriter.replaceOpWithNewOp<dynshape::SetDimensionSizeOp>(
        op, getResultType(op, converter), operands[0], operands[1], dim);
  return success();
}

/// The counted while -> scf.for from the counter's start to the bound,
/// carrying the other operands.
static LogicalResult rewriteWhile(Operation *op, ValueRange operands,
                                  ConversionPatternRewriter &rewriter,
                                  const TypeConverter &converter) {
  CountedLoop loop = *matchCountedLoop(op);
  Location loc = op->getLoc();
  Value start = operands[loop.counter], bound = operands[loop.bound];
  Type index = rewriter.getIndexType();
  Value lb = arith::IndexCastOp::create(rewriter, loc, index, start);
  Value ub = arith::IndexCastOp::create(rewriter, loc, index, bound);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> inits;
  SmallVector<unsigned> carried;
  for (auto [i, value] : llvm::enumerate(operands))
    if (i != loop.counter && i != loop.bound) {
      inits.push_back(value);
      carried.push_back(i);
    }
  auto forOp = scf::ForOp::create(rewriter, loc, lb, ub, one, inits);
  Block &body = *getBody(op, 1);
  Block *forBody = forOp.getBody();
  // A loop without iter_args comes with its yield; the body brings one.
  if (!forBody->empty())
    rewriter.eraseOp(forBody->getTerminator());
  // The body's arguments, in their original types: the counter is the
  // induction variable, the bound is the bound, the rest are carried.
  rewriter.setInsertionPointToStart(forBody);
  SmallVector<Value> arguments(body.getNumArguments());
  auto original = [&](Value value, Type type) -> Value {
    if (value.getType() == type)
      return value;
    return converter.materializeSourceConversion(rewriter, loc, type, value);
  };
  Value counter = arith::IndexCastOp::create(
      rewriter, loc, rewriter.getI32Type(), forOp.getInductionVar());
  arguments[loop.counter] =
      original(counter, body.getArgument(loop.counter).getType());
  arguments[loop.bound] = original(bound, body.getArgument(loop.bound).getType());
  for (auto [k, i] : llvm::enumerate(carried))
    arguments[i] = original(forOp.getRegionIterArgs()[k],
                            body.getArgument(i).getType());
  Operation *bodyReturn = &body.back();
  SmallVector<Value> yielded;
  for (unsigned i : carried)
    yielded.push_back(bodyReturn->getOperand(i));
  rewriter.inlineBlockBefore(&body, forBody, forBody->end(), arguments);
  rewriter.setInsertionPoint(bodyReturn);
  SmallVector<Value> converted;
  for (auto [value, init] : llvm::zip(yielded, inits))
    converted.push_back(
        value.getType() == init.getType()
            ? value
            : converter.materializeTargetConversion(rewriter, loc,
                                                    init.getType(), value));
  scf::YieldOp::create(rewriter, loc, converted);
  rewriter.eraseOp(bodyReturn);
  // The results: the counter ends at max(start, bound).
  rewriter.setInsertionPointAfter(forOp);
  SmallVector<Value> results(op->getNumResults());
  results[loop.counter] = arith::MaxSIOp::create(rewriter, loc, start, bound);
  results[loop.bound] = bound;
  for (auto [k, i] : llvm::enumerate(carried))
    results[i] = forOp.getResult(k);
  rewriter.replaceOp(op, results);
  return success();
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

ArrayRef<OpImport> dyn::stablehlo::getOpImports() {
  static const SmallVector<OpImport> imports = [] {
    SmallVector<OpImport> scalarsAndAccesses = {
      {"stablehlo.constant", {0, 0, 1},
       checkConstant,
       [](Operation *op, ValueRange, ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         auto value = llvm::cast<DenseElementsAttr>(getProperty(op, "value"));
         Type type = getResultType(op, converter);
         if (!llvm::isa<ShapedType>(type)) {
           rewriter.replaceOp(op, intConstant(rewriter, op->getLoc(), type,
                                              value.getSplatValue<APInt>()
                                                  .getZExtValue()));
           return success();
         }
         rewriter.replaceOpWithNewOp<arith::ConstantOp>(
             op, value.reshape(llvm::cast<ShapedType>(type)));
         return success();
       }},
      {"stablehlo.add", {2, 2, 1}, elements(true, true),
       elementwise<arith::AddIOp, arith::AddFOp, arith::OrIOp>()},
      {"stablehlo.subtract", {2, 2, 1}, elements(true, true, false),
       elementwise<arith::SubIOp, arith::SubFOp, void>()},
      {"stablehlo.multiply", {2, 2, 1}, elements(true, true),
       elementwise<arith::MulIOp, arith::MulFOp, arith::AndIOp>()},
      {"stablehlo.divide", {2, 2, 1}, elements(true, true, false),
       elementwise<arith::DivSIOp, arith::DivFOp, void>()},
      {"stablehlo.remainder", {2, 2, 1}, elements(true, true, false),
       elementwise<arith::RemSIOp, arith::RemFOp, void>()},
      {"stablehlo.maximum", {2, 2, 1}, elements(true, true),
       elementwise<arith::MaxSIOp, arith::MaximumFOp, arith::OrIOp>()},
      {"stablehlo.minimum", {2, 2, 1}, elements(true, true),
       elementwise<arith::MinSIOp, arith::MinimumFOp, arith::AndIOp>()},
      {"stablehlo.and", {2, 2, 1}, elements(false, true),
       elementwise<arith::AndIOp, void>()},
      {"stablehlo.or", {2, 2, 1}, elements(false, true),
       elementwise<arith::OrIOp, void>()},
      {"stablehlo.xor", {2, 2, 1}, elements(false, true),
       elementwise<arith::XOrIOp, void>()},
      {"stablehlo.shift_left", {2, 2, 1}, elements(false, true, false),
       shift<arith::ShLIOp>()},
      {"stablehlo.shift_right_arithmetic", {2, 2, 1},
       elements(false, true, false),
       shift<arith::ShRSIOp>()},
      {"stablehlo.shift_right_logical", {2, 2, 1},
       elements(false, true, false),
       shift<arith::ShRUIOp>()},
      {"stablehlo.compare", {2, 2, 1}, checkCompare,
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &) -> LogicalResult {
         if (llvm::isa<FloatType>(getElementTypeOrSelf(operands[0].getType())))
           rewriter.replaceOpWithNewOp<arith::CmpFOp>(
               op, *getFloatPredicate(op), operands[0], operands[1]);
         else
           rewriter.replaceOpWithNewOp<arith::CmpIOp>(op, *getIntPredicate(op),
                                                      operands[0], operands[1]);
         return success();
       }},
      {"stablehlo.select", {3, 3, 1}, elements(true, true),
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &) -> LogicalResult {
         rewriter.replaceOpWithNewOp<arith::SelectOp>(op, operands[0],
                                                      operands[1], operands[2]);
         return success();
       }},
      {"stablehlo.clamp", {3, 3, 1},
       checkClamp,
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &) -> LogicalResult {
         // clamp(min, operand, max) = min(max(operand, min), max)
         Location loc = op->getLoc();
         Value low =
             arith::MaxSIOp::create(rewriter, loc, operands[1], operands[0]);
         rewriter.replaceOpWithNewOp<arith::MinSIOp>(op, low, operands[2]);
         return success();
       }},
      {"stablehlo.convert", {1, 1, 1}, elements(true, true),
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         Location loc = op->getLoc();
         Type type = getResultType(op, converter);
         Value in = operands[0];
         Type from = getElementTypeOrSelf(in.getType()),
              to = getElementTypeOrSelf(type);
         bool fromFloat = llvm::isa<FloatType>(from),
              toFloat = llvm::isa<FloatType>(to);
         if (from == to)
           rewriter.replaceOp(op, in);
         else if (fromFloat && toFloat &&
                  from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
           rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, type, in);
         else if (fromFloat && toFloat &&
                  from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth()) {
           // f16 <-> bf16: exact through f32, then rounded once.
           Type wide = rewriter.getF32Type();
           if (auto shaped = llvm::dyn_cast<ShapedType>(in.getType()))
             wide = shaped.clone(wide);
           Value extended = arith::ExtFOp::create(rewriter, loc, wide, in);
           rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, extended);
         } else if (fromFloat && toFloat)
           rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, in);
         else if (to.isSignlessInteger(1) && fromFloat)
           // Nonzero is true, NaN too.
           rewriter.replaceOpWithNewOp<arith::CmpFOp>(
               op, arith::CmpFPredicate::UNE, in,
               arith::ConstantOp::create(rewriter, loc,
                                         rewriter.getZeroAttr(in.getType())));
         else if (to.isSignlessInteger(1))
           rewriter.replaceOpWithNewOp<arith::CmpIOp>(
               op, arith::CmpIPredicate::ne, in,
               intConstant(rewriter, loc, in.getType(), 0));
         else if (toFloat && from.isSignlessInteger(1))
           rewriter.replaceOpWithNewOp<arith::UIToFPOp>(op, type, in);
         else if (toFloat)
           rewriter.replaceOpWithNewOp<arith::SIToFPOp>(op, type, in);
         else if (fromFloat)
           rewriter.replaceOpWithNewOp<arith::FPToSIOp>(op, type, in);
         else
           rewriter.replaceOpWithNewOp<arith::ExtUIOp>(op, type, in);
         return success();
       }},
      {"stablehlo.dynamic_slice", {1, kVariadic, 1},
       [](Operation *op) -> std::string {
         if (!getIntList(op, "slice_sizes"))
           return "has no slice_sizes";
         return checkStartIndices(op->getOperands().drop_front());
       },
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         rewriter.replaceOpWithNewOp<dynshape::DynamicSliceOp>(
             op, getResultType(op, converter), operands[0],
             operands.drop_front(), *getIntList(op, "slice_sizes"));
         return success();
       }},
      {"stablehlo.dynamic_update_slice", {2, kVariadic, 1},
       [](Operation *op) -> std::string {
         return checkStartIndices(op->getOperands().drop_front(2));
       },
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         rewriter.replaceOpWithNewOp<dynshape::DynamicUpdateSliceOp>(
             op, getResultType(op, converter), operands[1],
             operands[0], operands.drop_front(2));
         return success();
       }},
      {"stablehlo.get_dimension_size", {1, 1, 1}, checkDimension,
       rewriteDimensionSize},
      {"stablehlo.set_dimension_size", {2, 2, 1}, checkDimension,
       rewriteDimensionSize},
      {"stablehlo.slice", {1, 1, 1},
       [](Operation *op) -> std::string {
         std::optional<SmallVector<int64_t>> strides = getIntList(op, "strides");
         if (!getIntList(op, "start_indices") || !getIntList(op, "limit_indices"))
           return "has no start_indices or limit_indices";
         if (strides && llvm::any_of(*strides, [](int64_t s) { return s != 1; }))
           return "has a stride other than 1; the import takes unit strides";
         return checkStaticResult(op, 0);
       },
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         SmallVector<int64_t> starts = *getIntList(op, "start_indices");
         SmallVector<int64_t> limits = *getIntList(op, "limit_indices");
         SmallVector<int64_t> sizes, strides(starts.size(), 1);
         for (auto [start, limit] : llvm::zip(starts, limits))
           sizes.push_back(limit - start);
         rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
             op,
             llvm::cast<RankedTensorType>(
                 getResultType(op, converter)),
             operands[0], ValueRange(), ValueRange(), ValueRange(), starts,
             sizes, strides);
         return success();
       }},
      {"stablehlo.reshape", {1, 1, 1},
       [](Operation *op) -> std::string {
         RankedTensorType from = tensorType(op->getOperand(0)),
                          to = tensorType(op->getResult(0));
         if (!from || !to || !from.hasStaticShape() || !to.hasStaticShape())
           return "has a bounded operand or result; the import takes "
                  "reshapes of static tensors";
         if (from.getRank() == 0 || to.getRank() == 0)
           return from == to ? ""
                             : "reshapes a scalar; the import takes reshapes "
                               "of static tensors of rank 1 or more";
         return "";
       },
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         auto from = llvm::cast<RankedTensorType>(operands[0].getType());
         auto to = llvm::cast<RankedTensorType>(
             getResultType(op, converter));
         if (from == to) {
           rewriter.replaceOp(op, operands[0]);
           return success();
         }
         // One collapse or expand where the dims group (a reshape that
         // splits or merges dims); otherwise a collapse to one dim, then an
         // expand: element n stays element n, as StableHLO's reshape says.
         Location loc = op->getLoc();
         if (auto reassociation = getReassociationIndicesForReshape(from, to);
             reassociation && from.getRank() != to.getRank()) {
           if (from.getRank() > to.getRank())
             rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
                 op, to, operands[0], *reassociation);
           else
             rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
                 op, to, operands[0], *reassociation);
           return success();
         }
         auto flat = RankedTensorType::get({from.getNumElements()},
                                           from.getElementType());
         auto all = [](int64_t rank) {
           return SmallVector<ReassociationIndices>{
               llvm::to_vector(llvm::seq<int64_t>(0, rank))};
         };
         Value collapsed = tensor::CollapseShapeOp::create(
             rewriter, loc, flat, operands[0], all(from.getRank()));
         rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
             op, to, collapsed, all(to.getRank()));
         return success();
       }},
      {"stablehlo.gather", {2, 2, 1}, checkGather,
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         rewriter.replaceOpWithNewOp<dynshape::GatherOp>(
             op, getResultType(op, converter), operands[0],
             getRowIndices(op, &rewriter, operands[1]));
         return success();
       }},
      {"stablehlo.scatter", {3, kVariadic, kVariadic}, checkScatter,
       [](Operation *op, ValueRange operands,
          ConversionPatternRewriter &rewriter,
          const TypeConverter &converter) -> LogicalResult {
         rewriter.replaceOpWithNewOp<dynshape::ScatterOp>(
             op, getResultType(op, converter), operands[2],
             operands[0], getRowIndices(op, &rewriter, operands[1]));
         return success();
       }},
      {"stablehlo.while", {0, kVariadic, kVariadic}, checkWhile, rewriteWhile},
    };
    appendComputeImports(scalarsAndAccesses);
    appendLayoutImports(scalarsAndAccesses);
    return scalarsAndAccesses;
  }();
  return imports;
}
