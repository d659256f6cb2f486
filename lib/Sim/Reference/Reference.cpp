//===- Reference.cpp - the reference semantics of the tensor level --------===//
//
// Written from the tensor-level contract (docs/FrontEnd.md) and the op descriptions, independently of
// the lowering: a tensor is its bound-sized storage plus its runtime extent
// per dimension; start indices clamp with static extents (bounds); gather
// clamps rows, scatter skips rows out of range and applies rows in order.
//
//===----------------------------------------------------------------------===//

#include "dyn/Sim/Reference/Reference.h"

#include "ReferenceValues.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/IR/FunctionBoundary.h"

#include "dyn/Sim/Machine/Numerics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Support/DebugStringHelper.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cstring>

using namespace mlir;
using namespace dyn;
using namespace dyn::sim;

using reference::Array;
using reference::Slot;

/// i32 is the S32 of the report, and index values live in the target's
/// 32-bit registers (project-defined).
using reference::wrapInteger;

/// True when `user`'s one use of `v` is its last: `v` belongs to `user`'s
/// block, and every other use is by an op of that block before `user` (or
/// nested in one).
static bool isLastUse(mlir::Value v, Operation *user) {
  Block *block = user->getBlock();
  if (v.getParentBlock() != block)
    return false;
  unsigned byUser = 0;
  for (OpOperand &use : v.getUses()) {
    if (use.getOwner() == user) {
      ++byUser;
      continue;
    }
    Operation *owner = block->findAncestorOpInBlock(*use.getOwner());
    if (!owner || owner == user || !owner->isBeforeInBlock(user))
      return false;
  }
  return byUser == 1;
}

static int64_t strideOf(const Tensor &t, size_t dim) {
  int64_t s = 1;
  for (size_t d = dim + 1; d < t.shape.size(); ++d)
    s *= t.shape[d];
  return s;
}

namespace {

class Interpreter {
public:
  FailureOr<SmallVector<sim::RuntimeValue>> run(func::FuncOp func,
                                         ArrayRef<sim::RuntimeValue> args);

private:
  LogicalResult execute(Block &block);
  LogicalResult execute(Operation *op);
  /// Whether `op` reads the elements of a tensor.empty.
  bool readsUninitialized(Operation *op);
  // The op kinds (or families) execute(Operation *) dispatches to.
  LogicalResult executeIntegerBinary(Operation *op);
  LogicalResult executeAffine(Operation *op, AffineMap map,
                              ValueRange operands);
  LogicalResult executeDynamicSlice(dynshape::DynamicSliceOp slice);
  LogicalResult
  executeDynamicUpdateSlice(dynshape::DynamicUpdateSliceOp update);
  LogicalResult executeGather(dynshape::GatherOp gather);
  LogicalResult executeScatter(dynshape::ScatterOp scatter);
  LogicalResult executeExtract(tensor::ExtractOp extract);
  LogicalResult executeEmpty(tensor::EmptyOp empty);
  LogicalResult executeTranspose(linalg::TransposeOp transpose);
  LogicalResult executeSlice(Operation *op);
  LogicalResult executeReshape(Operation *op);
  LogicalResult executeConcat(tensor::ConcatOp concat);
  LogicalResult executeFor(scf::ForOp loop);
  LogicalResult executeIf(scf::IfOp conditional);
  LogicalResult executeReturn(func::ReturnOp ret);
  // Lookups never insert: a value is defined before it is used, and an
  // insertion could move the entries that callers hold references to.
  int64_t scalar(mlir::Value v) { return std::get<int64_t>(env.find(v)->second); }
  Array &array(mlir::Value v) { return std::get<Array>(env.find(v)->second); }
  /// The array of `v` for `user` to own (to overwrite, or to carry into a
  /// loop): moved out when `user` is its last use (value semantics cannot
  /// observe the move), copied and counted otherwise.
  /// A loop that reads and rewrites a large tensor each trip then costs its
  /// updates, not a copy of the tensor per trip.
  Array take(mlir::Value v, Operation *user) {
    Array &a = array(v);
    if (isLastUse(v, user))
      return std::move(a);
    moved += static_cast<int64_t>(a.storage.bytes.size());
    return a;
  }
  /// Bytes of the tensor results of `op` (what it computed).
  static int64_t resultBytes(ArrayRef<Slot> results) {
    int64_t bytes = 0;
    for (const Slot &slot : results)
      if (auto *a = std::get_if<Array>(&slot))
        bytes += static_cast<int64_t>(a->storage.bytes.size());
    return bytes;
  }
  /// Fails at `op` when a tensor it makes, at its bound, would take more
  /// than maxTensorBytes (or its byte count overflows).
  LogicalResult checkResultSizes(Operation *op);
  /// Fails at `op` once the interpretation has moved more than its limit.
  LogicalResult checkMoved(Operation *op) {
    if (moved <= maxMoved)
      return success();
    return fail(op, "takes the interpretation past " + Twine(maxMoved) +
                        " moved bytes; raise --max-moved-bytes");
  }
  LogicalResult fail(Operation *op, const Twine &message) {
    return op->emitOpError("(reference) ") << message;
  }
  /// The source's semantics leave this undefined: the program has no
  /// reference result.
  LogicalResult undefinedBehaviour(Operation *op, const Twine &message) {
    if (undefined) {
      *undefined = ("'" + op->getName().getStringRef() + "' " + message).str();
      return failure();
    }
    return op->emitOpError("(reference) undefined behaviour: ") << message;
  }

public:
  std::string *undefined = nullptr;
  int64_t maxTrips = 0, trips = 0;
  /// Bytes of one tensor an op makes (--max-tensor-bytes).
  int64_t maxTensorBytes = 0;
  /// Bytes copied and computed so far, and the limit (maxMovedBytes).
  int64_t maxMoved = 0, moved = 0;

private:

  /// Copies the window `sizes` at `srcStart` of `src` to `dstStart` of `dst`
  /// (row-major over the window), skipping window elements at or beyond
  /// `limit` in any dimension.
  void copyWindow(const Tensor &src, ArrayRef<int64_t> srcStart, Tensor &dst,
                  ArrayRef<int64_t> dstStart, ArrayRef<int64_t> sizes,
                  ArrayRef<int64_t> limit);
  /// The same over a strided window: element i of the window is at
  /// srcStart + i * srcSteps in `src` and dstStart + i * dstSteps in `dst`.
  void copyStrided(const Tensor &src, ArrayRef<int64_t> srcStart,
                   ArrayRef<int64_t> srcSteps, Tensor &dst,
                   ArrayRef<int64_t> dstStart, ArrayRef<int64_t> dstSteps,
                   ArrayRef<int64_t> sizes);

  /// Start indices as integers: i32 scalars, or the elements of an index
  /// vector.
  SmallVector<int64_t> startIndices(ValueRange indices) {
    SmallVector<int64_t> values;
    if (dynshape::hasScalarIndices(indices)) {
      for (mlir::Value idx : indices)
        values.push_back(scalar(idx));
      return values;
    }
    const Array &vector = array(indices[0]);
    for (int64_t i = 0; i < vector.storage.shape[0]; ++i) {
      int32_t v;
      std::memcpy(&v, vector.storage.bytes.data() + 4 * i, 4);
      values.push_back(v);
    }
    return values;
  }

  llvm::DenseMap<mlir::Value, Slot> env;
  SmallVector<sim::RuntimeValue> results;
};

void Interpreter::copyWindow(const Tensor &src, ArrayRef<int64_t> srcStart,
                             Tensor &dst, ArrayRef<int64_t> dstStart,
                             ArrayRef<int64_t> sizes, ArrayRef<int64_t> limit) {
  size_t rank = sizes.size();
  int64_t eb = src.elementBytes(), total = 1;
  for (int64_t s : sizes)
    total *= s;
  moved += total * eb;
  if (rank == 0) {
    std::memcpy(dst.bytes.data(), src.bytes.data(), eb);
    return;
  }
  // Row-major tensors: the innermost dimension of the window is one
  // contiguous run on both sides, cut at `limit`.
  size_t outer = rank - 1;
  int64_t run = std::min(sizes[outer], limit[outer]);
  if (total == 0 || run <= 0)
    return;
  SmallVector<int64_t> idx(outer, 0);
  for (int64_t n = 0, rows = total / sizes[outer]; n < rows; ++n) {
    bool valid = true;
    int64_t so = srcStart[outer], dof = dstStart[outer];
    for (size_t d = 0; d < outer; ++d) {
      valid &= idx[d] < limit[d];
      so += (srcStart[d] + idx[d]) * strideOf(src, d);
      dof += (dstStart[d] + idx[d]) * strideOf(dst, d);
    }
    if (valid)
      std::memcpy(dst.bytes.data() + dof * eb, src.bytes.data() + so * eb,
                  run * eb);
    advanceIndex(idx, ArrayRef(sizes).take_front(outer));
  }
}

void Interpreter::copyStrided(const Tensor &src, ArrayRef<int64_t> srcStart,
                              ArrayRef<int64_t> srcSteps, Tensor &dst,
                              ArrayRef<int64_t> dstStart,
                              ArrayRef<int64_t> dstSteps,
                              ArrayRef<int64_t> sizes) {
  int64_t eb = src.elementBytes(), total = 1;
  for (int64_t s : sizes)
    total *= s;
  moved += total * eb;
  SmallVector<int64_t> idx(sizes.size(), 0);
  for (int64_t n = 0; n < total; ++n) {
    int64_t from = 0, to = 0;
    for (size_t d = 0; d < sizes.size(); ++d) {
      from += (srcStart[d] + idx[d] * srcSteps[d]) * strideOf(src, d);
      to += (dstStart[d] + idx[d] * dstSteps[d]) * strideOf(dst, d);
    }
    std::memcpy(dst.bytes.data() + to * eb, src.bytes.data() + from * eb, eb);
    advanceIndex(idx, sizes);
  }
}

LogicalResult Interpreter::execute(Block &block) {
  for (Operation &op : block) {
    // A pure op whose results nobody uses changes nothing (the pipeline
    // erases it too); skipping it keeps a dead update of a large tensor in
    // a loop from costing a copy per trip.
    if (isOpTriviallyDead(&op))
      continue;
    if (readsUninitialized(&op))
      return undefinedBehaviour(&op, "reads the undefined elements of a "
                                     "tensor.empty");
    if (failed(execute(&op)))
      return failure();
    if (failed(checkMoved(&op)))
      return failure();
    // What an op computes is defined, even from a tensor.empty's storage.
    if (!llvm::isa<tensor::EmptyOp>(op))
      for (Value result : op.getResults())
        if (auto it = env.find(result); it != env.end())
          if (auto *a = std::get_if<Array>(&it->second))
            a->uninitialized = false;
  }
  return success();
}

bool Interpreter::readsUninitialized(Operation *op) {
  auto isUninitialized = [&](Value v) {
    auto it = env.find(v);
    auto *a = it == env.end() ? nullptr : std::get_if<Array>(&it->second);
    return a && a->uninitialized;
  };
  // A linalg op reads its inputs, and an init only where its body uses it
  // (a reduction's accumulator, a matmul's), not where it only writes.
  if (auto linalgOp = llvm::dyn_cast<linalg::LinalgOp>(op)) {
    return llvm::any_of(op->getOpOperands(), [&](OpOperand &operand) {
      return isUninitialized(operand.get()) &&
             (linalgOp.isDpsInput(&operand) ||
              linalgOp.payloadUsesValueFromOperand(&operand));
    });
  }
  // Elementwise compute reads every operand; a return hands them out.
  return (llvm::isa_and_nonnull<arith::ArithDialect, math::MathDialect>(
              op->getDialect()) ||
          llvm::isa<func::ReturnOp>(op)) &&
         llvm::any_of(op->getOperands(), isUninitialized);
}

} // namespace

/// clamp(v, lo, hi)
static int64_t clampTo(int64_t v, int64_t lo, int64_t hi) {
  return std::min(std::max(v, lo), hi);
}

namespace {

LogicalResult Interpreter::checkResultSizes(Operation *op) {
  for (Type type : op->getResultTypes()) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    SmallVector<int64_t> shape = dynshape::getBoundedShape(tensor);
    TensorFit fit = fitTensor(tensor.getElementType(), shape);
    if (fit.unheldElements)
      return fail(op, "makes a tensor of " +
                          debugString(tensor.getElementType()) +
                          " elements; the reference interpreter holds "
                          "tensors of " + dyn::getElementTypeNames() +
                          " and i1 elements");
    if (llvm::any_of(shape, ShapedType::isDynamic))
      continue; // unbounded: the op itself rejects it
    if (fit.fits(maxTensorBytes))
      continue;
    return fail(op, "makes a tensor of " +
                        (fit.bytes ? Twine(*fit.bytes) : Twine("over 2^63")) +
                        " bytes, more than the limit of " +
                        Twine(maxTensorBytes) +
                        "; raise --max-tensor-bytes");
  }
  return success();
}

LogicalResult Interpreter::execute(Operation *op) {
  // Every tensor an op makes is sized, at its bound, before it is made.
  if (failed(checkResultSizes(op)))
    return failure();
  // Compute on tensors: elementwise arith/math and linalg structured ops
  // (ReferenceCompute.cpp).
  auto lookup = [&](mlir::Value v) -> const Slot & {
    return env.find(v)->second;
  };
  std::string error;
  bool shapesDisagree = false;
  auto failCompute = [&]() {
    return shapesDisagree ? undefinedBehaviour(op, error) : fail(op, error);
  };
  if (llvm::isa_and_nonnull<arith::ArithDialect, math::MathDialect>(
          op->getDialect()) &&
      !llvm::isa<arith::ConstantOp>(op) &&
      llvm::isa<RankedTensorType>(op->getResult(0).getType())) {
    Slot result;
    if (failed(reference::interpretElementwise(op, lookup, result, error,
                                               shapesDisagree)))
      return failCompute();
    moved += resultBytes(result);
    env[op->getResult(0)] = std::move(result);
    return success();
  }
  if (auto linalgOp = llvm::dyn_cast<linalg::LinalgOp>(op);
      linalgOp && !llvm::isa<linalg::TransposeOp>(op)) {
    SmallVector<Slot> results;
    if (failed(reference::interpretLinalg(linalgOp, lookup, results, error,
                                          shapesDisagree, moved, maxMoved)))
      return failCompute();
    for (auto [result, value] : llvm::zip(op->getResults(), results))
      env[result] = std::move(value);
    return success();
  }
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](arith::ConstantOp c) {
        APInt value;
        if (auto dense = llvm::dyn_cast<DenseElementsAttr>(c.getValue())) {
          if (!reference::isComputable(dense.getElementType()))
            return fail(op, "only integer, f32, bf16 and f16 tensor "
                            "constants are supported");
          env[c] = reference::makeConstant(dense);
          return success();
        }
        if (auto f = llvm::dyn_cast<FloatAttr>(c.getValue())) {
          env[c] = static_cast<float>(f.getValueAsDouble());
          return success();
        }
        if (!matchPattern(c.getResult(), m_ConstantInt(&value)))
          return fail(op, "only integer and float constants are supported");
        env[c] = wrapInteger(c.getType(), value.getSExtValue());
        return success();
      })
      .Case([&](arith::CmpIOp cmp) {
        env[cmp] = int64_t(reference::compareIntegers(
            cmp.getPredicate(), cmp.getLhs().getType(), scalar(cmp.getLhs()),
            scalar(cmp.getRhs())));
        return success();
      })
      .Case<arith::ExtUIOp, arith::ExtSIOp, arith::TruncIOp>(
          [&](Operation *op) {
            env[op->getResult(0)] =
                reference::castInteger(op, scalar(op->getOperand(0)));
            return success();
          })
      .Case([&](arith::SelectOp select) {
        if (!select.getType().isIntOrIndex())
          return fail(op, "selects only integers");
        int64_t v = scalar(select.getCondition())
                        ? scalar(select.getTrueValue())
                        : scalar(select.getFalseValue());
        env[select] = v;
        return success();
      })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp>([&](Operation *op) {
        env[op->getResult(0)] =
            reference::castInteger(op, scalar(op->getOperand(0)));
        return success();
      })
      .Case([&](affine::AffineApplyOp apply) {
        return executeAffine(op, apply.getAffineMap(), apply.getOperands());
      })
      .Case([&](affine::AffineMinOp min) {
        return executeAffine(op, min.getMap(), min.getOperands());
      })
      .Case([&](affine::AffineMaxOp max) {
        return executeAffine(op, max.getMap(), max.getOperands());
      })
      .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp,
            arith::RemSIOp, arith::MinSIOp, arith::MaxSIOp, arith::AndIOp,
            arith::OrIOp, arith::XOrIOp, arith::ShLIOp, arith::ShRSIOp,
            arith::ShRUIOp>(
          [&](Operation *op) { return executeIntegerBinary(op); })
      .Case([&](dynshape::GetDimensionSizeOp get) {
        // Read before env[get] may grow the map under the reference.
        int64_t extent = array(get.getOperand()).extents[get.getDimension()];
        env[get] = extent;
        return success();
      })
      .Case([&](dynshape::SetDimensionSizeOp set) {
        Array a = take(set.getOperand(), set);
        int64_t dim = set.getDimension();
        int64_t extent =
            clampTo(scalar(set.getSize()), 0, a.storage.shape[dim]);
        if (a.computedPadding && extent > a.extents[dim])
          return undefinedBehaviour(set, "grows the extent over the "
                                         "unspecified padding of a computed "
                                         "or sliced bounded tensor");
        a.extents[dim] = extent;
        env[set] = std::move(a);
        return success();
      })
      .Case([&](dynshape::DynamicSliceOp slice) {
        return executeDynamicSlice(slice);
      })
      .Case([&](dynshape::DynamicUpdateSliceOp update) {
        return executeDynamicUpdateSlice(update);
      })
      .Case([&](dynshape::GatherOp gather) { return executeGather(gather); })
      .Case(
          [&](dynshape::ScatterOp scatter) { return executeScatter(scatter); })
      .Case([&](tensor::ExtractOp extract) { return executeExtract(extract); })
      .Case([&](tensor::DimOp dim) {
        std::optional<int64_t> d = dim.getConstantIndex();
        if (!d)
          return fail(op, "only constant dimension indices are supported");
        // Upstream leaves an index outside the rank undefined.
        const Array &source = array(dim.getSource());
        if (*d < 0 || *d >= static_cast<int64_t>(source.extents.size()))
          return undefinedBehaviour(op, "dimension index " + Twine(*d) +
                                            " is outside the rank " +
                                            Twine(source.extents.size()));
        // Read before env[dim] may grow the map under the reference.
        int64_t extent = source.extents[*d];
        env[dim] = extent;
        return success();
      })
      .Case([&](tensor::EmptyOp empty) { return executeEmpty(empty); })
      .Case([&](linalg::TransposeOp transpose) {
        return executeTranspose(transpose);
      })
      .Case<tensor::ExtractSliceOp, tensor::InsertSliceOp>(
          [&](Operation *op) { return executeSlice(op); })
      .Case<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
          [&](Operation *op) { return executeReshape(op); })
      .Case([&](tensor::ConcatOp concat) { return executeConcat(concat); })
      .Case([&](scf::ForOp loop) { return executeFor(loop); })
      .Case([&](scf::IfOp conditional) { return executeIf(conditional); })
      .Case([&](scf::YieldOp) { return success(); })
      .Case([&](func::ReturnOp ret) { return executeReturn(ret); })
      .Default([&](Operation *op) {
        return fail(op, "is not supported by the reference interpreter");
      });
}

/// The value of `expr` on index values, each step wrapped to the width of
/// an index (as the arith the lowering expands it into computes it);
/// floordiv, ceildiv and mod round as upstream defines them. None when a
/// divisor is not positive (upstream leaves that undefined). Upstream's
/// AffineMap::constantFold computes in 64 bits, so it is not used here.
static std::optional<int64_t> evaluateAffine(AffineExpr expr,
                                             ArrayRef<int64_t> dims,
                                             ArrayRef<int64_t> symbols) {
  Type index = IndexType::get(expr.getContext());
  auto wrap = [&](int64_t v) { return wrapInteger(index, v); };
  if (auto dim = llvm::dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto symbol = llvm::dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()];
  if (auto constant = llvm::dyn_cast<AffineConstantExpr>(expr))
    return wrap(constant.getValue());
  auto binary = llvm::cast<AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = evaluateAffine(binary.getLHS(), dims, symbols);
  std::optional<int64_t> rhs = evaluateAffine(binary.getRHS(), dims, symbols);
  if (!lhs || !rhs)
    return std::nullopt;
  // Operands are index values, so their sum and product fit in 64 bits.
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return wrap(*lhs + *rhs);
  case AffineExprKind::Mul:
    return wrap(*lhs * *rhs);
  default:
    break;
  }
  if (*rhs <= 0)
    return std::nullopt;
  switch (expr.getKind()) {
  case AffineExprKind::FloorDiv:
    return wrap(llvm::divideFloorSigned(*lhs, *rhs));
  case AffineExprKind::CeilDiv:
    return wrap(llvm::divideCeilSigned(*lhs, *rhs));
  case AffineExprKind::Mod:
    return wrap(llvm::mod(*lhs, *rhs));
  default:
    llvm_unreachable("every affine expression kind is handled");
  }
}

LogicalResult Interpreter::executeAffine(Operation *op, AffineMap map,
                                         ValueRange operands) {
  SmallVector<int64_t> values;
  for (mlir::Value operand : operands)
    values.push_back(scalar(operand));
  ArrayRef<int64_t> dims = ArrayRef(values).take_front(map.getNumDims());
  ArrayRef<int64_t> symbols = ArrayRef(values).drop_front(map.getNumDims());
  std::optional<int64_t> result;
  for (AffineExpr expr : map.getResults()) {
    std::optional<int64_t> v = evaluateAffine(expr, dims, symbols);
    if (!v)
      return undefinedBehaviour(op, "a divisor that is not positive");
    if (!result || (isa<affine::AffineMinOp>(op) ? *v < *result : *v > *result))
      result = v;
  }
  env[op->getResult(0)] = *result;
  return success();
}

LogicalResult Interpreter::executeIntegerBinary(Operation *op) {
  Type type = op->getResult(0).getType();
  int64_t a = scalar(op->getOperand(0)), b = scalar(op->getOperand(1)), r;
  if (llvm::isa<arith::AddIOp>(op))
    r = static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  else if (llvm::isa<arith::SubIOp>(op))
    r = static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
  else if (llvm::isa<arith::MulIOp>(op))
    r = static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  else if (llvm::isa<arith::MinSIOp>(op))
    r = std::min(a, b);
  else if (llvm::isa<arith::MaxSIOp>(op))
    r = std::max(a, b);
  else if (llvm::isa<arith::AndIOp>(op))
    r = a & b;
  else if (llvm::isa<arith::OrIOp>(op))
    r = a | b;
  else if (llvm::isa<arith::XOrIOp>(op))
    r = a ^ b;
  else if (llvm::isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op)) {
    // Upstream: a shift by the width or more (or a negative amount) is
    // poison.
    unsigned width = reference::getIntegerWidth(type);
    if (b < 0 || b >= static_cast<int64_t>(width))
      return undefinedBehaviour(op, "shift amount out of range");
    uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    uint64_t bits = static_cast<uint64_t>(a) & mask;
    if (llvm::isa<arith::ShLIOp>(op))
      r = static_cast<int64_t>(bits << b);
    else if (llvm::isa<arith::ShRUIOp>(op))
      r = static_cast<int64_t>(bits >> b);
    else
      r = a >> b; // a holds the sign-extended value
  } else if (b == 0)
    return undefinedBehaviour(op, "division by zero");
  else
    r = llvm::isa<arith::DivSIOp>(op) ? a / b : a % b;
  env[op->getResult(0)] = wrapInteger(type, r);
  return success();
}

LogicalResult Interpreter::executeDynamicSlice(dynshape::DynamicSliceOp slice) {
  const Array &src = array(slice.getOperand());
  ArrayRef<int64_t> sizes = slice.getSliceSizes();
  SmallVector<int64_t> start;
  for (auto [d, idx] : llvm::enumerate(startIndices(slice.getStartIndices())))
    start.push_back(clampTo(idx, 0, src.storage.shape[d] - sizes[d]));
  if (src.computedPadding)
    for (auto [d, first] : llvm::enumerate(start))
      if (first + sizes[d] > src.extents[d])
        return undefinedBehaviour(slice, "reads the padding of a computed "
                                         "bounded tensor, whose values are "
                                         "unspecified");
  Array out;
  out.storage = {src.storage.elementType, SmallVector<int64_t>(sizes), {}};
  out.storage.bytes.resize(out.storage.numElements() * src.storage.elementBytes());
  out.extents.assign(sizes.begin(), sizes.end());
  SmallVector<int64_t> zero(sizes.size(), 0);
  copyWindow(src.storage, start, out.storage, zero, sizes, sizes);
  env[slice] = std::move(out);
  return success();
}

LogicalResult
Interpreter::executeDynamicUpdateSlice(dynshape::DynamicUpdateSliceOp update) {
  Array out = take(update.getOperand(), update);
  const Array &upd = array(update.getUpdate());
  SmallVector<int64_t> start, zero(upd.storage.shape.size(), 0);
  for (auto [d, idx] : llvm::enumerate(startIndices(update.getStartIndices())))
    start.push_back(clampTo(idx, 0,
                            out.storage.shape[d] - upd.storage.shape[d]));
  // Only the update's valid region [0, extent) is written.
  copyWindow(upd.storage, zero, out.storage, start, upd.storage.shape,
             upd.extents);
  env[update] = std::move(out);
  return success();
}

/// Element `i` of an i32 index tensor.
static int32_t readIndex(const Array &ids, int64_t i) {
  int32_t id;
  std::memcpy(&id, ids.storage.bytes.data() + 4 * i, 4);
  return id;
}

/// Copies row `srcRow` of `src` over row `dstRow` of `dst`.
static void copyRow(Tensor &dst, int64_t dstRow, const Tensor &src,
                    int64_t srcRow, int64_t rowBytes) {
  std::memcpy(dst.bytes.data() + dstRow * rowBytes,
              src.bytes.data() + srcRow * rowBytes, rowBytes);
}

LogicalResult Interpreter::executeGather(dynshape::GatherOp gather) {
  const Array &table = array(gather.getOperand());
  const Array &ids = array(gather.getIndices());
  int64_t rows = table.storage.shape[0], n = ids.storage.shape[0];
  int64_t rowElems = strideOf(table.storage, 0), eb = table.storage.elementBytes();
  if (rows == 0 && n > 0)
    return undefinedBehaviour(gather, "gathers rows of a table with none");
  Array out;
  out.storage.elementType = table.storage.elementType;
  out.storage.shape = table.storage.shape;
  out.storage.shape[0] = n;
  out.storage.bytes.assign(n * rowElems * eb, 0);
  out.extents = table.extents;
  out.extents[0] = ids.extents[0];
  for (int64_t i = 0; i < n; ++i)
    copyRow(out.storage, i, table.storage,
            clampTo(readIndex(ids, i), 0, rows - 1), rowElems * eb);
  moved += n * rowElems * eb;
  env[gather] = std::move(out);
  return success();
}

LogicalResult Interpreter::executeScatter(dynshape::ScatterOp scatter) {
  Array out = take(scatter.getOperand(), scatter);
  const Array &ids = array(scatter.getIndices());
  const Array &rowsIn = array(scatter.getUpdates());
  int64_t rows = out.storage.shape[0];
  int64_t rowElems = strideOf(out.storage, 0), eb = out.storage.elementBytes();
  for (int64_t i = 0; i < ids.extents[0]; ++i) {
    int32_t id = readIndex(ids, i);
    if (id >= 0 && id < rows) // out of range rows are skipped
      copyRow(out.storage, id, rowsIn.storage, i, rowElems * eb);
  }
  moved += ids.extents[0] * rowElems * eb;
  env[scatter] = std::move(out);
  return success();
}

LogicalResult Interpreter::executeExtract(tensor::ExtractOp extract) {
  const Array &t = array(extract.getTensor());
  int64_t offset = 0;
  for (auto [d, idx] : llvm::enumerate(extract.getIndices())) {
    int64_t i = scalar(idx);
    if (i < 0 || i >= t.extents[d])
      return undefinedBehaviour(extract, "index out of range");
    offset += i * strideOf(t.storage, d);
  }
  const uint8_t *at = t.storage.bytes.data() + t.storage.elementBytes() * offset;
  if (llvm::isa<FloatType>(extract.getType())) {
    env[extract] = loadElement(at, extract.getType());
    return success();
  }
  if (!extract.getType().isSignlessInteger(32))
    return fail(extract, "only i32 and float elements can be extracted");
  int32_t v;
  std::memcpy(&v, at, 4);
  env[extract] = int64_t(v);
  return success();
}

LogicalResult Interpreter::executeEmpty(tensor::EmptyOp empty) {
  RankedTensorType type = empty.getType();
  if (!type.hasStaticShape() && !dynshape::getBoundsAttr(type))
    return fail(empty, "only a static or bounded tensor.empty is supported");
  // Stored at its bound; a runtime size is clamped into [0, bound], as
  // dynshape-pad-to-bound clamps it.
  Array a;
  a.storage = {type.getElementType(), dynshape::getBoundedShape(type), {}};
  a.storage.bytes.assign(a.storage.numElements() * a.storage.elementBytes(), 0);
  unsigned dynamicSize = 0;
  for (auto [d, size] : llvm::enumerate(type.getShape()))
    a.extents.push_back(
        ShapedType::isDynamic(size)
            ? std::clamp<int64_t>(
                  scalar(empty.getDynamicSizes()[dynamicSize++]), 0,
                  a.storage.shape[d])
            : size);
  a.computedPadding = true; // an empty tensor's padding is whatever fills it
  a.uninitialized = true;
  env[empty] = a;
  return success();
}

LogicalResult Interpreter::executeTranspose(linalg::TransposeOp transpose) {
  // Output dim d is input dim perm[d].
  ArrayRef<int64_t> perm = transpose.getPermutation();
  const Array &in = array(transpose.getInput());
  Array out = take(transpose.getInit(), transpose);
  for (auto [d, from] : llvm::enumerate(perm))
    if (out.extents[d] != in.extents[from])
      return undefinedBehaviour(transpose, "the init is not the input's "
                                           "transposed shape");
  // Over the runtime extents, each side at its own (bounded) shape.
  int64_t eb = in.storage.elementBytes(), count = 1;
  for (int64_t extent : out.extents)
    count *= extent;
  SmallVector<int64_t> idx(perm.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t from = 0, to = 0;
    for (auto [d, inDim] : llvm::enumerate(perm)) {
      from += idx[d] * strideOf(in.storage, inDim);
      to += idx[d] * strideOf(out.storage, d);
    }
    std::memcpy(out.storage.bytes.data() + to * eb,
                in.storage.bytes.data() + from * eb, eb);
    advanceIndex(idx, out.extents);
  }
  moved += count * eb;
  out.computedPadding = true;
  env[transpose.getResult()[0]] = std::move(out);
  return success();
}

LogicalResult Interpreter::executeSlice(Operation *op) {
  // Upstream semantics: a slice outside the runtime extent is undefined. A runtime size is the extent of a bounded result
  // (or of the bounded update). A rank-reducing slice drops unit dims of
  // the large side (upstream's dropped-dims mask says which): they do not
  // change a row-major layout, so the small side is copied as if it had
  // them.
  auto slice = llvm::cast<OffsetSizeAndStrideOpInterface>(op);
  bool extract = llvm::isa<tensor::ExtractSliceOp>(op);
  const Array &src = array(op->getOperand(0));
  Array target = extract ? Array() : take(op->getOperand(1), op);
  const Array &big = extract ? src : target;
  auto small = llvm::cast<RankedTensorType>(extract ? op->getResult(0).getType()
                                                    : op->getOperand(0).getType());
  llvm::SmallBitVector dropped =
      extract ? llvm::cast<tensor::ExtractSliceOp>(op).getDroppedDims()
              : llvm::cast<tensor::InsertSliceOp>(op).getDroppedDims();
  SmallVector<int64_t> offsets, sizes;
  for (OpFoldResult ofr : slice.getMixedOffsets()) {
    std::optional<int64_t> c = getConstantIntValue(ofr);
    offsets.push_back(c ? *c : scalar(llvm::cast<mlir::Value>(ofr)));
  }
  for (OpFoldResult ofr : slice.getMixedSizes()) {
    std::optional<int64_t> c = getConstantIntValue(ofr);
    sizes.push_back(c ? *c : scalar(llvm::cast<mlir::Value>(ofr)));
  }
  SmallVector<int64_t> steps;
  for (OpFoldResult ofr : slice.getMixedStrides()) {
    std::optional<int64_t> c = getConstantIntValue(ofr);
    steps.push_back(c ? *c : scalar(llvm::cast<mlir::Value>(ofr)));
    if (steps.back() <= 0)
      return fail(op, "only positive strides are supported");
  }
  bool unitSteps = llvm::all_of(steps, [](int64_t s) { return s == 1; });
  // The small side's bounded shape and extents, with the dropped unit dims.
  SmallVector<int64_t> bounded = dynshape::getBoundedShape(small);
  SmallVector<int64_t> fullBounded, smallExtents;
  for (size_t d = 0, kept = 0; d < sizes.size(); ++d) {
    bool isDropped = dropped.test(d);
    fullBounded.push_back(isDropped ? 1 : bounded[kept]);
    if (!extract)
      smallExtents.push_back(isDropped ? 1 : src.extents[kept]);
    kept += !isDropped;
  }
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] < 0 || sizes[d] > fullBounded[d])
      return undefinedBehaviour(op, "slice size beyond the bound of its type");
    // The last element of the window, (size - 1) * step past its offset.
    std::optional<int64_t> last =
        sizes[d] == 0 ? std::optional<int64_t>(offsets[d])
                      : llvm::checkedMul(sizes[d] - 1, steps[d]);
    if (sizes[d] != 0 && last)
      last = llvm::checkedAdd(*last, offsets[d]);
    if (offsets[d] < 0 || !last ||
        (sizes[d] == 0 ? *last > big.extents[d] : *last >= big.extents[d]))
      return undefinedBehaviour(op, "slice out of range");
    if (!extract && sizes[d] != smallExtents[d])
      return undefinedBehaviour(op, "slice sizes differ from the source's");
  }
  SmallVector<int64_t> zero(sizes.size(), 0);
  if (extract) {
    Array out;
    out.storage = {src.storage.elementType, fullBounded, {}};
    out.storage.bytes.resize(out.storage.numElements() *
                             src.storage.elementBytes());
    // The lowering may leave anything past a runtime size (docs/FrontEnd.md:
    // padding is unspecified), e.g. the rest of the source's window.
    out.computedPadding = sizes != fullBounded;
    SmallVector<int64_t> ones(sizes.size(), 1);
    if (unitSteps)
      copyWindow(src.storage, offsets, out.storage, zero, sizes, sizes);
    else
      copyStrided(src.storage, offsets, steps, out.storage, zero, ones, sizes);
    out.storage.shape = bounded;
    for (size_t d = 0; d < sizes.size(); ++d)
      if (!dropped.test(d))
        out.extents.push_back(sizes[d]);
    env[op->getResult(0)] = std::move(out);
    return success();
  }
  Tensor update;
  if (dropped.any()) {
    update = src.storage;
    update.shape = fullBounded;
  }
  const Tensor &from = dropped.any() ? update : src.storage;
  SmallVector<int64_t> ones(sizes.size(), 1);
  if (unitSteps)
    copyWindow(from, zero, target.storage, offsets, sizes, sizes);
  else
    copyStrided(from, zero, ones, target.storage, offsets, steps, sizes);
  env[op->getResult(0)] = std::move(target);
  return success();
}

LogicalResult Interpreter::executeConcat(tensor::ConcatOp concat) {
  // Upstream semantics: the inputs one after another along `dim`, at their
  // runtime extents (the result's extent along `dim` is their sum).
  int64_t dim = concat.getDim();
  auto type = llvm::cast<RankedTensorType>(concat.getType());
  const Array &first = array(concat.getInputs().front());
  Array out;
  out.storage = {first.storage.elementType,
                 dynshape::getBoundedShape(type), {}};
  out.storage.bytes.resize(out.storage.numElements() *
                           first.storage.elementBytes());
  out.extents = first.extents;
  out.extents[dim] = 0;
  SmallVector<int64_t> zero(type.getRank(), 0), start(type.getRank(), 0);
  for (Value input : concat.getInputs()) {
    const Array &in = array(input);
    if (in.extents[dim] > out.storage.shape[dim] - start[dim])
      return undefinedBehaviour(concat, "inputs longer than the bound of the "
                                        "result along the concatenated dim");
    copyWindow(in.storage, zero, out.storage, start, in.extents, in.extents);
    start[dim] += in.extents[dim];
    out.computedPadding |= in.computedPadding;
  }
  out.extents[dim] = start[dim];
  out.computedPadding |= out.extents != out.storage.shape;
  env[concat.getResult()] = std::move(out);
  return success();
}

LogicalResult Interpreter::executeReshape(Operation *op) {
  // Upstream semantics: a reshape keeps the row-major order of the logical
  // (runtime-extent) elements; element n of the result is element n of the
  // source. Copied element by element, since a bounded dim below its bound
  // leaves the logical elements apart in storage.
  const Array &src = array(op->getOperand(0));
  auto type = llvm::cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<int64_t> extents;
  if (auto collapse = llvm::dyn_cast<tensor::CollapseShapeOp>(op)) {
    for (const ReassociationIndices &group :
         collapse.getReassociationIndices()) {
      int64_t extent = 1;
      for (int64_t d : group)
        extent *= src.extents[d];
      extents.push_back(extent);
    }
  } else {
    for (OpFoldResult ofr :
         llvm::cast<tensor::ExpandShapeOp>(op).getMixedOutputShape()) {
      std::optional<int64_t> c = getConstantIntValue(ofr);
      extents.push_back(c ? *c : scalar(llvm::cast<mlir::Value>(ofr)));
    }
  }
  SmallVector<int64_t> bounded = dynshape::getBoundedShape(type);
  std::optional<int64_t> count = 1, srcCount = 1;
  for (auto [extent, bound] : llvm::zip(extents, bounded)) {
    if (extent < 0 || extent > bound)
      return undefinedBehaviour(op, "a result size beyond the bound of its "
                                    "type");
    count = llvm::checkedMul(*count, extent);
  }
  for (int64_t extent : src.extents)
    srcCount = llvm::checkedMul(*srcCount, extent);
  if (!count || count != srcCount)
    return undefinedBehaviour(op, "the result holds another number of "
                                  "elements than the source");
  Array out;
  out.storage = {src.storage.elementType, bounded, {}};
  int64_t eb = src.storage.elementBytes();
  out.storage.bytes.resize(out.storage.numElements() * eb);
  out.extents = extents;
  out.computedPadding = src.computedPadding || extents != bounded;
  out.uninitialized = src.uninitialized;
  SmallVector<int64_t> from(src.extents.size(), 0), to(extents.size(), 0);
  for (int64_t n = 0; n < *count; ++n) {
    int64_t a = 0, b = 0;
    for (size_t d = 0; d < from.size(); ++d)
      a += from[d] * strideOf(src.storage, d);
    for (size_t d = 0; d < to.size(); ++d)
      b += to[d] * strideOf(out.storage, d);
    std::memcpy(out.storage.bytes.data() + b * eb,
                src.storage.bytes.data() + a * eb, eb);
    advanceIndex(from, src.extents);
    advanceIndex(to, extents);
  }
  moved += *count * eb;
  env[op->getResult(0)] = std::move(out);
  return success();
}

LogicalResult Interpreter::executeFor(scf::ForOp loop) {
  int64_t lb = scalar(loop.getLowerBound()), ub = scalar(loop.getUpperBound()),
          step = scalar(loop.getStep());
  if (step <= 0)
    return fail(loop, "non-positive step");
  // A tensor init is taken like an update's operand: moved in at its last
  // use, copied and counted otherwise (a loop nest could else copy a large
  // tensor per trip of an outer loop uncounted).
  SmallVector<Slot> carried;
  for (mlir::Value init : loop.getInitArgs()) {
    const Slot &slot = env.find(init)->second;
    if (std::holds_alternative<Array>(slot))
      carried.push_back(take(init, loop));
    else
      carried.push_back(slot);
  }
  if (failed(checkMoved(loop)))
    return failure();
  for (int64_t iv = lb; iv < ub; iv += step) {
    if (++trips > maxTrips)
      return fail(loop, "takes the interpretation past " +
                            Twine(maxTrips) + " loop trips; raise --max-trips");
    env[loop.getInductionVar()] = iv;
    for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), carried))
      env[arg] = std::move(value);
    if (failed(execute(*loop.getBody())))
      return failure();
    auto yield = llvm::cast<scf::YieldOp>(loop.getBody()->getTerminator());
    // A value of the body is dead after the yield: move it (at its last
    // place in the yield, when it is yielded twice).
    for (auto [i, v] : llvm::enumerate(yield.getOperands())) {
      Slot &slot = env.find(v)->second;
      if (v.getParentRegion() == &loop.getRegion() &&
          !llvm::is_contained(yield.getOperands().drop_front(i + 1), v)) {
        carried[i] = std::move(slot);
      } else {
        carried[i] = slot;
        moved += resultBytes(slot);
      }
    }
    // A body may be nothing but a yield that copies a tensor each trip.
    if (failed(checkMoved(loop)))
      return failure();
  }
  for (auto [result, value] : llvm::zip(loop.getResults(), carried))
    env[result] = std::move(value);
  return success();
}

LogicalResult Interpreter::executeIf(scf::IfOp conditional) {
  Region &region = scalar(conditional.getCondition())
                       ? conditional.getThenRegion()
                       : conditional.getElseRegion();
  if (region.empty())
    return success();
  if (failed(execute(region.front())))
    return failure();
  auto yield = llvm::cast<scf::YieldOp>(region.front().getTerminator());
  for (auto [result, v] :
       llvm::zip(conditional.getResults(), yield.getOperands())) {
    // A value of the region is dead after the yield: move it; a value from
    // outside is copied, and the copy counts as moved bytes. Out of the map
    // first, since env[result] may grow it.
    Slot &slot = env.find(v)->second;
    bool inside = v.getParentRegion() == &region;
    if (!inside)
      moved += resultBytes(slot);
    Slot value = inside ? std::move(slot) : slot;
    env[result] = std::move(value);
  }
  return success();
}

LogicalResult Interpreter::executeReturn(func::ReturnOp ret) {
  // Each result with its sizes, in the function-boundary order.
  SmallVector<SmallVector<sim::RuntimeValue>> groups;
  for (mlir::Value v : ret.getOperands()) {
    SmallVector<sim::RuntimeValue> &group = groups.emplace_back();
    Slot &slot = env[v];
    if (auto *i = std::get_if<int64_t>(&slot)) {
      group.push_back(*i);
      continue;
    }
    if (std::holds_alternative<float>(slot))
      return fail(ret, "returns a float scalar; results are tensors and "
                       "integers");
    const Array &a = std::get<Array>(slot);
    group.push_back(a.storage);
    auto type = llvm::cast<RankedTensorType>(v.getType());
    for (unsigned d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        group.push_back(a.extents[d]);
  }
  results = dynshape::FunctionBoundary::arrange<sim::RuntimeValue>(groups);
  return success();
}

FailureOr<SmallVector<sim::RuntimeValue>>
Interpreter::run(func::FuncOp func, ArrayRef<sim::RuntimeValue> args) {
  dynshape::FunctionBoundary boundary(func.getArgumentTypes());
  if (args.size() != boundary.getNumBoundaryValues())
    return func.emitError("(reference) expects ")
           << boundary.getNumBoundaryValues()
           << " arguments (bounded tensors padded, their sizes appended), got "
           << args.size();
  for (BlockArgument arg : func.getArguments()) {
    const sim::RuntimeValue &value = args[arg.getArgNumber()];
    if (auto type = llvm::dyn_cast<RankedTensorType>(arg.getType())) {
      auto *t = std::get_if<Tensor>(&value);
      SmallVector<int64_t> bounded = dynshape::getBoundedShape(type);
      if (!t || t->shape != ArrayRef<int64_t>(bounded))
        return func.emitError("(reference) argument ")
               << arg.getArgNumber() << " must be a tensor of shape "
               << "bounded by " << type;
      Array a{*t, bounded};
      for (unsigned d = 0; d < type.getRank(); ++d)
        if (type.isDynamicDim(d)) {
          std::optional<unsigned> position =
              boundary.getSizePosition(arg.getArgNumber(), d);
          auto *size =
              position ? std::get_if<int64_t>(&args[*position]) : nullptr;
          if (!size)
            return func.emitError("(reference) a size argument must be an "
                                  "integer");
          a.extents[d] = clampTo(*size, 0, bounded[d]);
        }
      env[arg] = a;
    } else if (auto *i = std::get_if<int64_t>(&value)) {
      env[arg] = wrapInteger(arg.getType(), *i);
    } else {
      return func.emitError("(reference) argument ")
             << arg.getArgNumber() << " must be an integer";
    }
  }
  if (failed(execute(func.getBody().front())))
    return failure();
  return results;
}

} // namespace

FailureOr<SmallVector<sim::RuntimeValue>> dyn::sim::interpretReference(
    func::FuncOp func, ArrayRef<sim::RuntimeValue> args,
    const SimulationLimits &limits, std::string *undefined) {
  Interpreter interpreter;
  interpreter.undefined = undefined;
  interpreter.maxTrips = limits.maxTrips;
  interpreter.maxMoved = limits.maxMovedBytes;
  interpreter.maxTensorBytes = limits.maxDramBytes;
  return interpreter.run(func, args);
}
