//===- ReferenceCompute.cpp - the reference semantics of tensor compute ---===//
//
// linalg structured ops and elementwise arith/math on tensors, evaluated
// from their definitions: a loop nest over the iteration space in loop
// order (so reductions combine in ascending index order, as the engines
// do), each body op on f32 values with the numerics the simulator uses
// (dyn/Sim/Machine/Numerics.h), each stored element rounded to its type.
//
//===----------------------------------------------------------------------===//

#include "ReferenceValues.h"

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/BIR/IR/MathFunctions.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Sim/Machine/Numerics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace dyn;
using namespace dyn::sim;
using namespace dyn::sim::reference;

namespace {
using Scalar = std::variant<int64_t, float>;
} // namespace

static int64_t elementIndex(const Tensor &t, ArrayRef<int64_t> index) {
  int64_t linear = 0;
  for (auto [i, extent] : llvm::zip(index, t.shape))
    linear = linear * extent + i;
  return linear;
}

static Scalar load(const Tensor &t, ArrayRef<int64_t> index) {
  const uint8_t *at =
      t.bytes.data() + elementIndex(t, index) * t.elementBytes();
  if (llvm::isa<FloatType>(t.elementType))
    return loadElement(at, t.elementType);
  int64_t v = 0;
  unsigned width = t.elementType.getIntOrFloatBitWidth();
  if (width == 1)
    return int64_t(*at & 1);
  std::memcpy(&v, at, t.elementBytes());
  // Sign-extend from the element's width.
  unsigned shift = 64 - 8 * t.elementBytes();
  return (v << shift) >> shift;
}

static void store(Tensor &t, ArrayRef<int64_t> index, Scalar value) {
  uint8_t *at = t.bytes.data() + elementIndex(t, index) * t.elementBytes();
  if (llvm::isa<FloatType>(t.elementType)) {
    float f = std::holds_alternative<float>(value)
                  ? std::get<float>(value)
                  : static_cast<float>(std::get<int64_t>(value));
    storeElement(at, t.elementType, f);
    return;
  }
  int64_t v = std::holds_alternative<int64_t>(value)
                  ? std::get<int64_t>(value)
                  : static_cast<int64_t>(std::get<float>(value));
  if (t.elementType.getIntOrFloatBitWidth() == 1)
    v &= 1;
  std::memcpy(at, &v, t.elementBytes());
}

static float asFloat(Scalar s) {
  return std::holds_alternative<float>(s) ? std::get<float>(s)
                                          : static_cast<float>(std::get<int64_t>(s));
}
static int64_t asInt(Scalar s) {
  return std::holds_alternative<int64_t>(s) ? std::get<int64_t>(s)
                                            : static_cast<int64_t>(std::get<float>(s));
}

/// `value` rounded to the float type `type`, as a store and a load would.
static float roundTo(Type type, float value) {
  uint8_t bytes[4];
  storeElement(bytes, type, value);
  return loadElement(bytes, type);
}

/// An f32 result as a value of `type` holds it: rounded to a bf16 or f16
/// (upstream's arith rounds each result to its type, and the engines round
/// when they store); f32 as it is.
static float storedAs(Type type, float value) {
  type = getElementTypeOrSelf(type);
  return llvm::isa_and_present<BFloat16Type, Float16Type>(type)
             ? roundTo(type, value)
             : value;
}

unsigned reference::getIntegerWidth(Type type) {
  return type.isIndex() ? 32 : type.getIntOrFloatBitWidth();
}

int64_t reference::wrapInteger(Type type, int64_t v) {
  unsigned width = getIntegerWidth(type);
  if (width >= 64)
    return v;
  if (width == 1)
    return v & 1;
  unsigned shift = 64 - width;
  return static_cast<int64_t>(static_cast<uint64_t>(v) << shift) >> shift;
}

int64_t reference::castInteger(Operation *op, int64_t v) {
  Type from = getElementTypeOrSelf(op->getOperand(0).getType());
  unsigned width = getIntegerWidth(from);
  // Held sign-extended from its width, but an i1 as 0 or 1.
  if (llvm::isa<arith::ExtSIOp>(op) && width == 1)
    v = -v;
  if (llvm::isa<arith::ExtUIOp, arith::IndexCastUIOp>(op) && width < 64)
    v &= (uint64_t(1) << width) - 1;
  return wrapInteger(getElementTypeOrSelf(op->getResult(0).getType()), v);
}

bool reference::isComputable(Type element) {
  return element.isInteger() || element.isIndex() ||
         machine::isEngineFloat(element);
}

/// Fails (saying why in `error`) when `op` computes on elements the
/// engines do not compute.
static LogicalResult checkComputable(Operation *op, std::string &error) {
  for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                            op->getResultTypes())) {
    Type element = getElementTypeOrSelf(type);
    if (reference::isComputable(element))
      continue;
    llvm::raw_string_ostream os(error);
    os << "computes on " << element
       << " elements; the reference computes integers, f32, bf16 and f16, "
          "as the engines do";
    return failure();
  }
  return success();
}

bool reference::compareIntegers(arith::CmpIPredicate predicate, Type type,
                                int64_t a, int64_t b) {
  unsigned width = std::min(getIntegerWidth(type), 32u);
  auto pattern = [&](int64_t v) {
    return APInt(width, v, /*isSigned=*/true, /*implicitTrunc=*/true);
  };
  return arith::applyCmpPredicate(predicate, pattern(a), pattern(b));
}

/// One scalar op of a body (or of an elementwise op on tensors), in f32
/// before a narrower float result is rounded to its type.
static FailureOr<Scalar> evaluateInF32(Operation *op, ArrayRef<Scalar> in,
                                       ArrayRef<int64_t> point,
                                       std::string &error) {
  using EK = bir::ElementwiseKind;
  auto binary = [&](EK kind) -> Scalar {
    return applyElementwise(kind, asFloat(in[0]), asFloat(in[1]));
  };
  // The element type: an elementwise op on tensors runs element by element.
  Type type = op->getNumResults()
                  ? getElementTypeOrSelf(op->getResult(0).getType())
                  : Type();
  auto integer = [&](int64_t v) -> Scalar { return wrapInteger(type, v); };
  // The Activation engine's functions and powf by a constant, computed as
  // the lowering's instructions compute them.
  if (std::optional<PowForm> form = bir::getPowFormOf(op))
    return Scalar(applyPow(*form, asFloat(in[0])));
  if (std::optional<bir::ActivationFunction> f = bir::getActivationFunction(op))
    return Scalar(applyActivation(*f, asFloat(in[0])));
  return llvm::TypeSwitch<Operation *, FailureOr<Scalar>>(op)
      .Case([&](arith::AddFOp) { return binary(EK::add); })
      .Case([&](arith::SubFOp) { return binary(EK::subtract); })
      .Case([&](arith::MulFOp) { return binary(EK::multiply); })
      .Case([&](arith::DivFOp) { return binary(EK::divide); })
      .Case([&](arith::MaximumFOp) { return binary(EK::max); })
      // As the engines' maxnum / minnum reductions compute them.
      .Case([&](arith::MaxNumFOp) -> Scalar {
        return applyReduce(bir::ReduceKind::maxnum, asFloat(in[0]),
                           asFloat(in[1]));
      })
      .Case([&](arith::MinNumFOp) -> Scalar {
        return applyReduce(bir::ReduceKind::minnum, asFloat(in[0]),
                           asFloat(in[1]));
      })
      .Case([&](arith::MinimumFOp) { return binary(EK::min); })
      // A sign flip, as the engines' multiplication by -1.0.
      .Case([&](arith::NegFOp) -> Scalar {
        return applyElementwise(EK::multiply, asFloat(in[0]), -1.0f);
      })
      .Case([&](math::PowFOp) -> FailureOr<Scalar> {
        error = "'math.powf' by an exponent other than the constants the "
                "engines take (" + kPowExponents.str() + ")";
        return failure();
      })
      .Case([&](arith::CmpFOp cmp) -> Scalar {
        return int64_t(arith::applyCmpPredicate(cmp.getPredicate(),
                                                APFloat(asFloat(in[0])),
                                                APFloat(asFloat(in[1]))));
      })
      .Case([&](arith::SelectOp) { return asInt(in[0]) ? in[1] : in[2]; })
      .Case([&](arith::ExtFOp) -> Scalar { return asFloat(in[0]); })
      .Case([&](arith::TruncFOp trunc) -> FailureOr<Scalar> {
        std::optional<arith::RoundingMode> mode = trunc.getRoundingmode();
        if (mode && *mode != arith::RoundingMode::to_nearest_even) {
          error = "truncates with rounding mode '" +
                  arith::stringifyRoundingMode(*mode).str() +
                  "'; the reference rounds to nearest even, as the engines do";
          return failure();
        }
        return Scalar(roundTo(type, asFloat(in[0])));
      })
      .Case<arith::SIToFPOp, arith::UIToFPOp>([&](Operation *op) -> Scalar {
        // One rounding, straight to the result type (i1 true is -1 signed).
        unsigned width = getElementTypeOrSelf(op->getOperand(0).getType())
                             .getIntOrFloatBitWidth();
        APFloat value(
            llvm::cast<FloatType>(type).getFloatSemantics());
        value.convertFromAPInt(
            APInt(width, static_cast<uint64_t>(asInt(in[0])), /*isSigned=*/true,
                  /*implicitTrunc=*/true),
            llvm::isa<arith::SIToFPOp>(op), APFloat::rmNearestTiesToEven);
        bool lost;
        value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                      &lost);
        return value.convertToFloat();
      })
      .Case([&](arith::FPToSIOp) -> Scalar {
        int32_t v;
        storeElement(reinterpret_cast<uint8_t *>(&v),
                     IntegerType::get(op->getContext(), 32), asFloat(in[0]));
        return int64_t(v);
      })
      .Case([&](arith::AddIOp) { return integer(asInt(in[0]) + asInt(in[1])); })
      .Case([&](arith::SubIOp) { return integer(asInt(in[0]) - asInt(in[1])); })
      .Case([&](arith::MulIOp) { return integer(asInt(in[0]) * asInt(in[1])); })
      .Case([&](arith::MaxSIOp) {
        return integer(std::max(asInt(in[0]), asInt(in[1])));
      })
      .Case([&](arith::MinSIOp) {
        return integer(std::min(asInt(in[0]), asInt(in[1])));
      })
      .Case([&](arith::AndIOp) { return integer(asInt(in[0]) & asInt(in[1])); })
      .Case([&](arith::OrIOp) { return integer(asInt(in[0]) | asInt(in[1])); })
      .Case([&](arith::XOrIOp) { return integer(asInt(in[0]) ^ asInt(in[1])); })
      .Case<arith::ExtUIOp, arith::ExtSIOp, arith::IndexCastOp,
            arith::TruncIOp>([&](Operation *op) -> Scalar {
        return castInteger(op, asInt(in[0]));
      })
      .Case([&](arith::CmpIOp cmp) -> Scalar {
        return int64_t(compareIntegers(
            cmp.getPredicate(), getElementTypeOrSelf(cmp.getLhs().getType()),
            asInt(in[0]), asInt(in[1])));
      })
      .Case([&](arith::ConstantOp c) -> FailureOr<Scalar> {
        if (auto f = llvm::dyn_cast<FloatAttr>(c.getValue()))
          return Scalar(static_cast<float>(f.getValueAsDouble()));
        if (auto i = llvm::dyn_cast<IntegerAttr>(c.getValue()))
          return Scalar(wrapInteger(c.getType(), i.getValue().getSExtValue()));
        error = "only scalar constants in a body";
        return failure();
      })
      .Case([&](linalg::IndexOp index) -> Scalar {
        return int64_t(point[index.getDim()]);
      })
      .Default([&](Operation *op) -> FailureOr<Scalar> {
        error = "'" + op->getName().getStringRef().str() +
                "' is not supported by the reference interpreter's compute";
        return failure();
      });
}

/// One scalar op: a bf16 or f16 result is rounded to its type, as
/// upstream's arith defines it and as the engines store it.
static FailureOr<Scalar> evaluate(Operation *op, ArrayRef<Scalar> in,
                                  ArrayRef<int64_t> point, std::string &error) {
  FailureOr<Scalar> value = evaluateInF32(op, in, point, error);
  if (succeeded(value) && std::holds_alternative<float>(*value) &&
      op->getNumResults())
    return Scalar(storedAs(op->getResult(0).getType(), std::get<float>(*value)));
  return value;
}

static Scalar scalarOf(const Slot &slot) {
  if (auto *f = std::get_if<float>(&slot))
    return *f;
  return std::get<int64_t>(slot);
}

/// A zero tensor of `type`, stored at its bounded shape (a bounded dim at
/// its bound), with runtime `extents`.
static Array emptyLike(RankedTensorType type, ArrayRef<int64_t> extents) {
  Array a;
  a.storage.elementType = type.getElementType();
  a.storage.shape = dynshape::getBoundedShape(type);
  a.storage.bytes.assign(a.storage.numElements() * a.storage.elementBytes(), 0);
  a.extents.assign(extents.begin(), extents.end());
  return a;
}

/// Calls `body` with each point of `extents`, in row-major order.
static LogicalResult forEachPoint(ArrayRef<int64_t> extents,
                                  function_ref<LogicalResult(ArrayRef<int64_t>)> body) {
  for (int64_t e : extents)
    if (e <= 0)
      return success();
  SmallVector<int64_t> point(extents.size(), 0);
  while (true) {
    if (failed(body(point)))
      return failure();
    size_t d = extents.size();
    while (d > 0 && ++point[d - 1] == extents[d - 1])
      point[--d] = 0;
    if (d == 0)
      return success();
  }
}

LogicalResult reference::interpretLinalg(linalg::LinalgOp op, Lookup lookup,
                                         SmallVectorImpl<Slot> &results,
                                         std::string &error, bool &undefined,
                                         int64_t &moved, int64_t maxMoved) {
  if (failed(checkComputable(op, error)))
    return failure();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // Each loop runs over the runtime extent of the tensor dims it reads
  // (their storage bounds a bounded dim).
  SmallVector<int64_t> ranges(op.getNumLoops(), ShapedType::kDynamic);
  for (OpOperand &operand : op->getOpOperands()) {
    auto *array = std::get_if<Array>(&lookup(operand.get()));
    if (!array)
      continue;
    AffineMap map = maps[operand.getOperandNumber()];
    for (auto [d, expr] : llvm::enumerate(map.getResults()))
      if (auto dim = llvm::dyn_cast<AffineDimExpr>(expr)) {
        int64_t &range = ranges[dim.getPosition()];
        if (!ShapedType::isDynamic(range) && range != array->extents[d])
          undefined = true; // upstream: the shapes must agree
        range = ShapedType::isDynamic(range)
                    ? array->extents[d]
                    : std::min(range, array->extents[d]);
      }
  }
  if (undefined) {
    error = "operands disagree on the runtime extent of a loop";
    return failure();
  }
  if (llvm::any_of(ranges, ShapedType::isDynamic)) {
    error = "a loop that reads no tensor dimension";
    return failure();
  }
  // Its work, charged before it runs (a matmul's grows as M*N*K): every
  // point of the loop nest reads or writes an element of every operand.
  std::optional<int64_t> work = 0;
  for (Value operand : op->getOperands())
    if (auto type = llvm::dyn_cast<ShapedType>(operand.getType()))
      work = llvm::checkedAdd(*work, *getStorageBytes(type.getElementType()));
  for (int64_t range : ranges)
    work = work ? llvm::checkedMul(*work, range) : std::nullopt;
  if (work)
    work = llvm::checkedAdd(*work, moved);
  if (!work || *work > maxMoved) {
    error = "takes the interpretation past " + std::to_string(maxMoved) +
            " moved bytes (each point of its loops reads or writes an "
            "element of every operand); raise --max-moved-bytes";
    return failure();
  }
  moved = *work;
  // Each indexing map as the loop dim of each result (-1: the constant 0),
  // when it is a projected permutation (what the front end writes):
  // AffineMap::compose would unique an AffineConstantExpr per point.
  SmallVector<std::optional<SmallVector<int64_t>>> dimsOf;
  for (AffineMap map : maps) {
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true)) {
      dimsOf.emplace_back();
      continue;
    }
    SmallVector<int64_t> dims;
    for (AffineExpr expr : map.getResults()) {
      auto dim = llvm::dyn_cast<AffineDimExpr>(expr);
      // (int64_t: an unsigned position would make the -1 a huge index.)
      dims.push_back(dim ? static_cast<int64_t>(dim.getPosition()) : -1);
    }
    dimsOf.push_back(std::move(dims));
  }
  auto indexOf = [&](unsigned operand,
                     ArrayRef<int64_t> point) -> SmallVector<int64_t> {
    if (!dimsOf[operand])
      return maps[operand].compose(point);
    SmallVector<int64_t> index;
    for (int64_t d : *dimsOf[operand])
      index.push_back(d < 0 ? 0 : point[d]);
    return index;
  };
  SmallVector<Array> outs;
  for (OpOperand &init : op.getDpsInitsMutable())
    outs.push_back(std::get<Array>(lookup(init.get())));
  Block &body = *op.getBlock();
  llvm::DenseMap<Value, Scalar> values;
  // A sigmoid or SiLU written out is computed as the Activation engine's
  // function, as the lowering emits it.
  bir::FusedActivations fused = bir::findFusedActivations(body);
  // Per operand, outside the loop over points (the op's accessors unique
  // attributes): its block argument and what it reads from.
  struct Input {
    BlockArgument arg;
    const Slot *slot;
    const Tensor *tensor; // null: a scalar
  };
  SmallVector<Input> inputs;
  for (OpOperand &operand : op->getOpOperands()) {
    const Slot &slot = lookup(operand.get());
    const Tensor *tensor = nullptr;
    if (op.isDpsInit(&operand))
      tensor = &outs[operand.getOperandNumber() - op.getNumDpsInputs()].storage;
    else if (auto *array = std::get_if<Array>(&slot))
      tensor = &array->storage;
    inputs.push_back({op.getMatchingBlockArgument(&operand), &slot, tensor});
  }
  // A map that is not a projected permutation can point outside its
  // operand, which upstream leaves undefined.
  auto pointsInside = [&](unsigned operand, const Tensor &tensor,
                          ArrayRef<int64_t> index) {
    if (dimsOf[operand] ||
        llvm::all_of(llvm::zip(index, tensor.shape), [](auto pair) {
          auto [i, extent] = pair;
          return i >= 0 && i < extent;
        }))
      return true;
    undefined = true;
    error = "an indexing map points outside operand #" +
            std::to_string(operand);
    return false;
  };
  LogicalResult result = forEachPoint(ranges, [&](ArrayRef<int64_t> point) {
    values.clear();
    for (auto [number, input] : llvm::enumerate(inputs)) {
      if (!input.tensor) {
        values[input.arg] = scalarOf(*input.slot);
        continue;
      }
      SmallVector<int64_t> index = indexOf(number, point);
      if (!pointsInside(number, *input.tensor, index))
        return failure();
      values[input.arg] = load(*input.tensor, index);
    }
    for (Operation &inner : body) {
      if (fused.absorbed.contains(&inner))
        continue;
      if (auto it = fused.roots.find(&inner); it != fused.roots.end()) {
        float x = asFloat(values.lookup(it->second.input));
        values[inner.getResult(0)] = storedAs(
            inner.getResult(0).getType(),
            applyActivation(it->second.function, x));
        continue;
      }
      if (auto yield = llvm::dyn_cast<linalg::YieldOp>(inner)) {
        for (auto [i, v] : llvm::enumerate(yield.getOperands())) {
          unsigned number = op.getNumDpsInputs() + i;
          SmallVector<int64_t> index = indexOf(number, point);
          if (!pointsInside(number, outs[i].storage, index))
            return failure();
          store(outs[i].storage, index, values.lookup(v));
        }
        continue;
      }
      SmallVector<Scalar> in;
      for (Value operand : inner.getOperands()) {
        auto it = values.find(operand);
        in.push_back(it != values.end() ? it->second
                                        : scalarOf(lookup(operand)));
      }
      FailureOr<Scalar> r = evaluate(&inner, in, point, error);
      if (failed(r))
        return failure();
      values[inner.getResult(0)] = *r;
    }
    return success();
  });
  if (failed(result))
    return failure();
  for (Array &out : outs) {
    out.computedPadding = true;
    results.push_back(std::move(out));
  }
  return success();
}

LogicalResult reference::interpretElementwise(Operation *op, Lookup lookup,
                                              Slot &result, std::string &error,
                                              bool &undefined) {
  if (failed(checkComputable(op, error)))
    return failure();
  auto type = llvm::cast<RankedTensorType>(op->getResult(0).getType());
  const Array *first = nullptr;
  for (Value operand : op->getOperands())
    if ((first = std::get_if<Array>(&lookup(operand))))
      break;
  if (!first) {
    error = "an elementwise op without a tensor operand";
    return failure();
  }
  for (Value operand : op->getOperands())
    if (auto *array = std::get_if<Array>(&lookup(operand));
        array && array->extents != first->extents) {
      undefined = true; // upstream: the shapes must agree
      error = "operands disagree on their runtime extents";
      return failure();
    }
  Array out = emptyLike(type, first->extents);
  // The root of a sigmoid or SiLU written out on tensors is the Activation
  // function of its input, as the compiled (fused) body computes it.
  std::optional<bir::FusedActivation> fusedRoot =
      bir::matchFusedActivation(op);
  const Array *fusedInput =
      fusedRoot ? std::get_if<Array>(&lookup(fusedRoot->input)) : nullptr;
  LogicalResult done = forEachPoint(first->extents, [&](ArrayRef<int64_t> point) {
    if (fusedInput) {
      store(out.storage, point,
            storedAs(type.getElementType(),
                     applyActivation(fusedRoot->function,
                                     asFloat(load(fusedInput->storage,
                                                  point)))));
      return success();
    }
    SmallVector<Scalar> in;
    for (Value operand : op->getOperands()) {
      const Slot &slot = lookup(operand);
      if (auto *array = std::get_if<Array>(&slot))
        in.push_back(load(array->storage, point));
      else
        in.push_back(scalarOf(slot));
    }
    FailureOr<Scalar> r = evaluate(op, in, point, error);
    if (failed(r))
      return failure();
    store(out.storage, point, *r);
    return success();
  });
  if (failed(done))
    return failure();
  out.computedPadding = true;
  result = std::move(out);
  return success();
}

Array reference::makeConstant(DenseElementsAttr value) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  Array a = emptyLike(type, type.getShape());
  // Elements in row-major order, as the storage holds them.
  Tensor &t = a.storage;
  int64_t i = 0;
  auto at = [&]() { return t.bytes.data() + t.elementBytes() * i++; };
  if (llvm::isa<FloatType>(type.getElementType())) {
    for (APFloat f : value.getValues<APFloat>()) {
      // Exact: every element type here (f32, bf16, f16) widens to f32.
      bool lost = false;
      f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      storeElement(at(), t.elementType, f.convertToFloat());
    }
  } else {
    for (const APInt &v : value.getValues<APInt>()) {
      int64_t bits = wrapInteger(t.elementType, v.getSExtValue());
      std::memcpy(at(), &bits, t.elementBytes());
    }
  }
  return a;
}
