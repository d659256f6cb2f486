//===- OpImportsCompute.cpp - StableHLO tensor compute to linalg ----------===//
//
// The compute a decode step needs, imported to the linalg, arith and math
// ops the compute lowering takes: `exponential` and `negate`, `iota`,
// `broadcast_in_dim`, `reduce` with add, max or min, and `dot_general` in
// its matmul and batch-matmul forms (the right operand's contracting
// dimension first, or last: `q · Kᵀ`).
//
//===----------------------------------------------------------------------===//

#include "Import.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Support/DebugStringHelper.h"

using namespace mlir;
using namespace dyn::stablehlo;

static RankedTensorType tensorType(Value value) {
  return llvm::dyn_cast<RankedTensorType>(value.getType());
}

/// A tensor of `type`'s shape and element, empty (the init of a linalg op),
/// with `type`'s encoding (bounds stay on the init).
static Value emptyLike(OpBuilder &b, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType(), type.getEncoding());
}

/// A tensor of `type` filled with the scalar `value` (linalg.fill of an
/// empty init).
static Value filledLike(OpBuilder &b, Location loc, Value value,
                        RankedTensorType type) {
  return linalg::FillOp::create(b, loc, value, emptyLike(b, loc, type))
      .getResult(0);
}

/// The combiner of a reduce body: the name of its one op, when the body is
/// `return op(%a, %b)` (or `op(%b, %a)`) of its two arguments.
static std::optional<StringRef> getCombiner(Operation *op) {
  Block *block = getBody(op, 0);
  if (!block || block->getNumArguments() != 2)
    return std::nullopt;
  Block &body = *block;
  Operation *ret = &body.back();
  Operation *combine = &body.front();
  if (combine->getNextNode() != ret || ret->getNumOperands() != 1 ||
      combine->getNumResults() != 1 ||
      ret->getOperand(0) != combine->getResult(0) ||
      combine->getNumOperands() != 2 ||
      !llvm::is_contained(combine->getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combine->getOperands(), body.getArgument(1)))
    return std::nullopt;
  StringRef name = combine->getName().getStringRef();
  if (name != "stablehlo.add" && name != "stablehlo.maximum" &&
      name != "stablehlo.minimum")
    return std::nullopt;
  return name.drop_front(strlen("stablehlo."));
}

/// `lhs combiner rhs` in arith, for the element type (booleans: add and
/// maximum are OR, minimum AND).
static Value combine(OpBuilder &b, Location loc, StringRef combiner, Value lhs,
                     Value rhs) {
  bool isFloat = llvm::isa<FloatType>(lhs.getType());
  if (lhs.getType().isSignlessInteger(1))
    return combiner == "minimum"
               ? arith::AndIOp::create(b, loc, lhs, rhs).getResult()
               : arith::OrIOp::create(b, loc, lhs, rhs).getResult();
  if (combiner == "add")
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  if (combiner == "maximum")
    return isFloat ? arith::MaximumFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MaxSIOp::create(b, loc, lhs, rhs).getResult();
  return isFloat ? arith::MinimumFOp::create(b, loc, lhs, rhs).getResult()
                 : arith::MinSIOp::create(b, loc, lhs, rhs).getResult();
}

std::string dyn::stablehlo::checkStaticResult(Operation *op,
                                              int64_t minRank) {
  RankedTensorType type = tensorType(op->getResult(0));
  if (!type || type.getRank() < minRank)
    return "has a result of rank below " + std::to_string(minRank) +
           "; the import takes results of rank " + std::to_string(minRank) +
           " or more";
  if (!type.hasStaticShape())
    return "has a bounded result; the import takes static results";
  return "";
}

static std::string checkReduce(Operation *op) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return "reduces more than one tensor; the import takes one input and "
           "one init";
  std::string why = checkElements(op, true, true);
  if (!why.empty())
    return why;
  if (!getIntList(op, "dimensions"))
    return "has no dimensions";
  if (!getCombiner(op))
    return "combines with something other than add, maximum or minimum of "
           "its two arguments";
  // An integer scalar result is a register: rewriteReduce reduces a
  // unit-led view of the input, which a bounded input has no rule for.
  RankedTensorType input = tensorType(op->getOperand(0));
  RankedTensorType result = tensorType(op->getResult(0));
  if (result && result.getRank() == 0 &&
      !llvm::isa<FloatType>(result.getElementType()) && !input.hasStaticShape())
    return "reduces a bounded tensor to an integer scalar; the import takes "
           "a static input for an integer scalar result";
  if (input.getRank() == 0)
    return "reduces a scalar; the import takes inputs of rank 1 or more";
  return checkStaticResult(op, 0);
}

/// reduce(input, init) -> linalg.reduce of the input into a tensor filled
/// with the init.
static LogicalResult rewriteReduce(Operation *op, ValueRange operands,
                                   ConversionPatternRewriter &rewriter,
                                   const TypeConverter &converter) {
  Location loc = op->getLoc();
  Type converted = getResultType(op, converter);
  auto resultType = llvm::dyn_cast<RankedTensorType>(converted);
  Value input = operands[0];
  SmallVector<int64_t> dims = *getIntList(op, "dimensions");
  if (!resultType) {
    // A rank-0 i32 or i1 result converts to a scalar, and rank-0 tensors of
    // those are not legal here: reduce a unit-led view of the input into a
    // tensor<1x..> and read its element.
    auto inType = llvm::cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> shape{1};
    llvm::append_range(shape, inType.getShape());
    SmallVector<ReassociationIndices> groups{{0, 1}};
    for (int64_t d = 2, e = shape.size(); d < e; ++d)
      groups.push_back({d});
    input = tensor::ExpandShapeOp::create(rewriter, loc, inType.clone(shape),
                                          input, groups);
    for (int64_t &d : dims)
      ++d;
    resultType = RankedTensorType::get({1}, converted);
  }
  Value init = operands[1];
  // A float init is a rank-0 tensor; an integer one an i32 already.
  if (llvm::isa<RankedTensorType>(init.getType()))
    init = tensor::ExtractOp::create(rewriter, loc, init, ValueRange());
  Value filled = filledLike(rewriter, loc, init, resultType);
  StringRef combiner = *getCombiner(op);
  auto reduce = linalg::ReduceOp::create(
      rewriter, loc, input, filled, dims,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc,
                                combine(b, loc, combiner, args[0], args[1]));
      });
  Value result = reduce.getResult(0);
  if (result.getType() != converted)
    result = tensor::ExtractOp::create(
        rewriter, loc, result,
        ValueRange{arith::ConstantIndexOp::create(rewriter, loc, 0)});
  rewriter.replaceOp(op, result);
  return success();
}

/// iota -> a linalg.generic writing each element's index along the dim.
static LogicalResult rewriteIota(Operation *op, ValueRange,
                                 ConversionPatternRewriter &rewriter,
                                 const TypeConverter &converter) {
  Location loc = op->getLoc();
  auto type = llvm::cast<RankedTensorType>(getResultType(op, converter));
  int64_t dim = llvm::cast<IntegerAttr>(getProperty(op, "iota_dimension")).getInt();
  SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(type.getRank())};
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange{},
      ValueRange{emptyLike(rewriter, loc, type)}, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange) {
        Value index = linalg::IndexOp::create(b, loc, dim);
        Value value =
            arith::IndexCastOp::create(b, loc, b.getI32Type(), index);
        Type element = type.getElementType();
        if (llvm::isa<FloatType>(element))
          value = arith::SIToFPOp::create(b, loc, element, value);
        else if (element != value.getType())
          value = arith::TruncIOp::create(b, loc, element, value);
        linalg::YieldOp::create(b, loc, value);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

static std::string checkBroadcast(Operation *op) {
  std::string why = checkElements(op, true, true);
  if (!why.empty())
    return why;
  RankedTensorType in = tensorType(op->getOperand(0)),
                   out = tensorType(op->getResult(0));
  if (in == out && out.getRank() == 0)
    return ""; // a scalar to itself
  if (std::string why = checkStaticResult(op, 1); !why.empty())
    return why;
  std::optional<SmallVector<int64_t>> dims =
      getIntList(op, "broadcast_dimensions");
  if (!dims || static_cast<int64_t>(dims->size()) != in.getRank())
    return "has no broadcast_dimensions with one entry per operand dimension";
  if (llvm::SmallDenseSet<int64_t>(dims->begin(), dims->end()).size() !=
      dims->size())
    return "maps two operand dimensions to one result dimension "
           "(broadcast_dimensions must be unique)";
  for (auto [i, d] : llvm::enumerate(*dims))
    if (d < 0 || d >= out.getRank() ||
        (in.getDimSize(i) != 1 && in.getDimSize(i) != out.getDimSize(d)))
      return "maps operand dimension " + std::to_string(i) +
             " to a result dimension of another extent";
  return "";
}

/// broadcast_in_dim -> a linalg.generic reading operand dim i at result dim
/// broadcast_dimensions[i] (at 0 where a unit dim expands).
static LogicalResult rewriteBroadcast(Operation *op, ValueRange operands,
                                      ConversionPatternRewriter &rewriter,
                                      const TypeConverter &converter) {
  Location loc = op->getLoc();
  Value input = operands[0];
  if (tensorType(op->getResult(0)).getRank() == 0) {
    rewriter.replaceOp(op, input); // a scalar to itself
    return success();
  }
  auto type = llvm::cast<RankedTensorType>(getResultType(op, converter));
  // A splat constant (JAX's `x + 2.0` broadcasts a constant scalar) is a
  // fill of its value: the engines take constants as scalars, not as
  // tensors in memory.
  DenseElementsAttr splat;
  if (matchPattern(input, m_Constant(&splat)) && splat.isSplat())
    input = arith::ConstantOp::create(rewriter, loc,
                                      splat.getSplatValue<TypedAttr>());
  // A scalar operand (an i32 or i1 after conversion, or a splat) is a fill.
  if (!llvm::isa<RankedTensorType>(input.getType())) {
    rewriter.replaceOp(op, filledLike(rewriter, loc, input, type));
    return success();
  }
  RankedTensorType in = tensorType(input);
  SmallVector<int64_t> dims = *getIntList(op, "broadcast_dimensions");
  SmallVector<AffineExpr> reads;
  for (auto [i, d] : llvm::enumerate(dims))
    reads.push_back(in.getDimSize(i) == 1 && type.getDimSize(d) != 1
                        ? rewriter.getAffineConstantExpr(0)
                        : rewriter.getAffineDimExpr(d));
  SmallVector<AffineMap> maps{
      AffineMap::get(type.getRank(), 0, reads, rewriter.getContext()),
      rewriter.getMultiDimIdentityMap(type.getRank())};
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange{input},
      ValueRange{emptyLike(rewriter, loc, type)}, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc, args[0]);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

namespace {
/// The forms of dot_general the import takes: [B] x M x K times [B] x K x N
/// (rhs contracting first) or [B] x N x K (rhs contracting last, `q · Kᵀ`),
/// and K times K into a scalar (a vector dot product).
struct DotForm {
  bool batched, transposedRhs, vector = false;
};
} // namespace

static std::optional<DotForm> matchDot(Operation *op) {
  std::optional<StringRef> text =
      getAttributeText(getProperty(op, "dot_dimension_numbers"));
  std::optional<Fields> fields = text ? parseFields(*text) : std::nullopt;
  RankedTensorType lhs = tensorType(op->getOperand(0)),
                   rhs = tensorType(op->getOperand(1));
  if (!fields || !lhs || !rhs || lhs.getRank() != rhs.getRank() ||
      lhs.getRank() < 1 || lhs.getRank() > 3)
    return std::nullopt;
  auto field = [&](StringRef name) {
    auto it = fields->find(name);
    return it == fields->end() ? SmallVector<int64_t>() : it->second;
  };
  if (lhs.getRank() == 1) {
    if (field("lhs_batching_dimensions").empty() &&
        field("rhs_batching_dimensions").empty() &&
        field("lhs_contracting_dimensions") == SmallVector<int64_t>{0} &&
        field("rhs_contracting_dimensions") == SmallVector<int64_t>{0})
      return DotForm{false, false, true};
    return std::nullopt;
  }
  bool batched = lhs.getRank() == 3;
  SmallVector<int64_t> batch = batched ? SmallVector<int64_t>{0}
                                       : SmallVector<int64_t>{};
  int64_t k = lhs.getRank() - 1;
  if (field("lhs_batching_dimensions") != batch ||
      field("rhs_batching_dimensions") != batch ||
      field("lhs_contracting_dimensions") != SmallVector<int64_t>{k})
    return std::nullopt;
  SmallVector<int64_t> rhsContracting = field("rhs_contracting_dimensions");
  if (rhsContracting == SmallVector<int64_t>{k - 1})
    return DotForm{batched, false};
  if (rhsContracting == SmallVector<int64_t>{k})
    return DotForm{batched, true};
  return std::nullopt;
}

static std::string checkDot(Operation *op) {
  std::string why = checkElements(op, true, false);
  if (!why.empty())
    return why;
  std::optional<DotForm> form = matchDot(op);
  if (!form)
    return "is not a matmul or batch matmul (lhs [B,] M x K contracting "
           "its last dimension, rhs [B,] K x N or [B,] N x K, batch "
           "dimension 0) or a dot product of two vectors";
  Type result = getElementTypeOrSelf(op->getResult(0).getType());
  for (Type type : op->getOperandTypes()) {
    Type element = getElementTypeOrSelf(type);
    if (element != result &&
        element.getIntOrFloatBitWidth() >= result.getIntOrFloatBitWidth())
      return "has an operand of element type " + debugString(element) +
             " for a result of element type " + debugString(result) +
             "; the import takes operands of the result's element type or "
             "narrower ones (the product accumulates in the result's type)";
  }
  return checkStaticResult(op, form->vector ? 0 : 2);
}

/// dot_general -> linalg.dot, linalg.matmul / batch_matmul, or a linalg.generic that is
/// a matmul with the right operand transposed; into a tensor of zeros of
/// the result's element type (f32 accumulation for bf16 and f16 inputs).
static LogicalResult rewriteDot(Operation *op, ValueRange operands,
                                ConversionPatternRewriter &rewriter,
                                const TypeConverter &converter) {
  Location loc = op->getLoc();
  DotForm form = *matchDot(op);
  auto type = llvm::cast<RankedTensorType>(getResultType(op, converter));
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
  Value init = filledLike(rewriter, loc, zero, type);
  if (form.vector) {
    rewriter.replaceOp(op, linalg::DotOp::create(rewriter, loc, TypeRange{type},
                                                 operands, ValueRange{init})
                               ->getResults());
    return success();
  }
  if (!form.transposedRhs) {
    Operation *matmul =
        form.batched
            ? linalg::BatchMatmulOp::create(rewriter, loc, TypeRange{type},
                                            operands, ValueRange{init})
                  .getOperation()
            : linalg::MatmulOp::create(rewriter, loc, TypeRange{type},
                                       operands, ValueRange{init})
                  .getOperation();
    rewriter.replaceOp(op, matmul->getResults());
    return success();
  }
  // (b,) m, n parallel; k reduction; lhs (b,) m, k; rhs (b,) n, k.
  MLIRContext *ctx = rewriter.getContext();
  unsigned loops = form.batched ? 4 : 3;
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  unsigned m = form.batched ? 1 : 0;
  SmallVector<AffineExpr> batch;
  if (form.batched)
    batch.push_back(d(0));
  auto with = [&](std::initializer_list<AffineExpr> rest) {
    SmallVector<AffineExpr> exprs(batch);
    exprs.append(rest);
    return AffineMap::get(loops, 0, exprs, ctx);
  };
  SmallVector<AffineMap> maps{with({d(m), d(m + 2)}), with({d(m + 1), d(m + 2)}),
                              with({d(m), d(m + 1)})};
  SmallVector<utils::IteratorType> iterators(loops,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  Type element = type.getElementType();
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, operands, ValueRange{init}, maps,
      iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
        auto widen = [&](Value v) -> Value {
          return v.getType() == element
                     ? v
                     : arith::ExtFOp::create(b, loc, element, v).getResult();
        };
        Value product =
            arith::MulFOp::create(b, loc, widen(args[0]), widen(args[1]));
        linalg::YieldOp::create(
            b, loc, arith::AddFOp::create(b, loc, args[2], product).getResult());
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

/// logistic(x) = 1 / (1 + exp(-x)), on the result's element type: the
/// ops the Activation and Vector engines run (a tensor's constant 1 is a
/// splat, which dyn-fold-splat-inputs makes a scalar).
static LogicalResult rewriteLogistic(Operation *op, ValueRange operands,
                                     ConversionPatternRewriter &rewriter,
                                     const TypeConverter &converter) {
  Location loc = op->getLoc();
  Type type = getResultType(op, converter);
  auto element = llvm::cast<FloatType>(getElementTypeOrSelf(type));
  TypedAttr one = rewriter.getFloatAttr(element, 1.0);
  if (auto tensor = llvm::dyn_cast<RankedTensorType>(type))
    one = SplatElementsAttr::get(tensor, one);
  Value oneValue = arith::ConstantOp::create(rewriter, loc, one);
  Value negated = arith::NegFOp::create(rewriter, loc, operands[0]);
  Value exp = math::ExpOp::create(rewriter, loc, negated);
  Value sum = arith::AddFOp::create(rewriter, loc, oneValue, exp);
  rewriter.replaceOpWithNewOp<arith::DivFOp>(op, oneValue, sum);
  return success();
}

void dyn::stablehlo::appendComputeImports(SmallVectorImpl<OpImport> &imports) {
  imports.append({
      {"stablehlo.exponential", {1, 1, 1}, elements(true, false),
       elementwise<void, math::ExpOp>()},
      {"stablehlo.negate", {1, 1, 1}, elements(true, false),
       elementwise<void, arith::NegFOp>()},
      {"stablehlo.rsqrt", {1, 1, 1}, elements(true, false),
       elementwise<void, math::RsqrtOp>()},
      {"stablehlo.sqrt", {1, 1, 1}, elements(true, false),
       elementwise<void, math::SqrtOp>()},
      {"stablehlo.tanh", {1, 1, 1}, elements(true, false),
       elementwise<void, math::TanhOp>()},
      {"stablehlo.log", {1, 1, 1}, elements(true, false),
       elementwise<void, math::LogOp>()},
      {"stablehlo.logistic", {1, 1, 1}, elements(true, false),
       rewriteLogistic},
      {"stablehlo.iota", {0, 0, 1},
       [](Operation *op) -> std::string {
         auto dim = llvm::dyn_cast_or_null<IntegerAttr>(
             getProperty(op, "iota_dimension"));
         if (!dim)
           return "has no iota_dimension";
         if (std::string why = checkElements(op, true, true); !why.empty())
           return why;
         if (std::string why = checkStaticResult(op, 1); !why.empty())
           return why;
         if (dim.getInt() < 0 ||
             dim.getInt() >= tensorType(op->getResult(0)).getRank())
           return "has an iota_dimension outside its result's rank";
         return "";
       },
       rewriteIota},
      {"stablehlo.broadcast_in_dim", {1, 1, 1}, checkBroadcast,
       rewriteBroadcast},
      {"stablehlo.reduce", {2, kVariadic, kVariadic}, checkReduce,
       rewriteReduce},
      {"stablehlo.dot_general", {2, 2, 1}, checkDot, rewriteDot},
  });
}
