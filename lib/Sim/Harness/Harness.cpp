//===- Harness.cpp - running a dyn program from its caller's side ---------===//

#include "dyn/Sim/Harness/Harness.h"

#include "dyn/Conversion/Passes.h"
#include "dyn/Cost/Cost.h"

#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/IR/FunctionBoundary.h"
#include "dyn/Pipelines/InternalErrors.h"
#include "dyn/Pipelines/Pipelines.h"
#include "dyn/Sim/Machine/Numerics.h"
#include "dyn/Sim/Machine/Simulator.h"
#include "dyn/Transforms/Passes.h"
#include "dyn/Sim/Reference/Reference.h"
#include "dyn/Target/ADDR4/Container.h"
#include "dyn/Support/Machine.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace dyn;
using namespace dyn::sim;

static llvm::Error error(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

/// Calls `fn(flat index, multi-index)` for each element of `shape` in
/// row-major order.
static void forEachIndex(ArrayRef<int64_t> shape,
                         llvm::function_ref<void(int64_t, ArrayRef<int64_t>)> fn) {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  SmallVector<int64_t> idx(shape.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    fn(n, idx);
    advanceIndex(idx, shape);
  }
}

EntrySignature EntrySignature::getTensorLevel(func::FuncOp func) {
  EntrySignature sig;
  sig.originalTypes.assign(func.getArgumentTypes().begin(),
                           func.getArgumentTypes().end());
  dynshape::FunctionBoundary arguments(func.getArgumentTypes());
  sig.boundaryTypes = arguments.getBoundaryTypes();
  sig.sizeBounds.resize(sig.boundaryTypes.size());
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
    if (auto ranked = llvm::dyn_cast<RankedTensorType>(type))
      for (unsigned d = 0; d < ranked.getRank(); ++d)
        if (std::optional<unsigned> at = arguments.getSizePosition(i, d))
          sig.sizeBounds[*at] = dynshape::getBoundedShape(ranked)[d];
  dynshape::FunctionBoundary results(func.getResultTypes());
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    SmallVector<std::pair<unsigned, unsigned>> &dims =
        sig.resultSizes.emplace_back();
    if (auto ranked = llvm::dyn_cast<RankedTensorType>(type))
      for (unsigned d = 0; d < ranked.getRank(); ++d)
        if (std::optional<unsigned> at = results.getSizePosition(i, d))
          dims.push_back({d, *at});
  }
  return sig;
}

EntrySignature EntrySignature::getBinary(func::FuncOp func) {
  EntrySignature sig;
  for (Type type : func.getArgumentTypes()) {
    if (auto m = llvm::dyn_cast<MemRefType>(type))
      sig.boundaryTypes.push_back(
          RankedTensorType::get(m.getShape(), m.getElementType()));
    else
      sig.boundaryTypes.push_back(type);
  }
  sig.originalTypes = sig.boundaryTypes;
  return sig;
}

llvm::Error EntrySignature::checkArgumentCount(size_t count) const {
  if (takesOriginal(count) || count == boundaryTypes.size())
    return llvm::Error::success();
  return error("expected " + Twine(boundaryTypes.size()) + " arguments" +
               (originalTypes.size() != boundaryTypes.size()
                    ? " (or the " + Twine(originalTypes.size()) +
                          " original ones)"
                    : Twine()) +
               ", got " + Twine(count));
}

llvm::Error EntrySignature::checkArgumentSizes(int64_t maxTensorBytes) const {
  for (auto [i, type] : llvm::enumerate(boundaryTypes)) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    TensorFit fit = fitTensor(tensor.getElementType(), tensor.getShape());
    if (fit.unheldElements)
      return error("argument " + Twine(i) + " of type " + typeText(type) +
                   " has elements dyn-sim does not hold");
    if (!fit.fits(maxTensorBytes))
      return error("argument " + Twine(i) + " of type " + typeText(type) +
                   " needs " +
                   (fit.bytes ? Twine(*fit.bytes) : Twine("more than 2^63")) +
                   " bytes, over --max-tensor-bytes " + Twine(maxTensorBytes));
  }
  return llvm::Error::success();
}

/// `t`, at its runtime extent, zero-padded to `bounded`.
static Tensor padTo(const Tensor &t, ArrayRef<int64_t> bounded) {
  Tensor out{t.elementType, SmallVector<int64_t>(bounded), {}};
  int64_t eb = t.elementBytes();
  out.bytes.assign(out.numElements() * eb, 0);
  forEachIndex(t.shape, [&](int64_t src, ArrayRef<int64_t> idx) {
    int64_t dst = 0;
    for (size_t d = 0; d < idx.size(); ++d)
      dst = dst * bounded[d] + idx[d];
    std::memcpy(out.bytes.data() + dst * eb, t.bytes.data() + src * eb, eb);
  });
  return out;
}

llvm::Expected<SmallVector<RuntimeValue>>
dyn::sim::toBoundaryArguments(const EntrySignature &sig,
                              ArrayRef<RuntimeValue> given) {
  size_t count = given.size();
  bool original = sig.takesOriginal(count);
  if (llvm::Error err = sig.checkArgumentCount(count))
    return std::move(err);
  SmallVector<SmallVector<RuntimeValue>> groups;
  for (auto [i, value] : llvm::enumerate(given)) {
    SmallVector<RuntimeValue> &group = groups.emplace_back();
    auto tensorType = llvm::dyn_cast<RankedTensorType>(sig.boundaryTypes[i]);
    if (!tensorType) {
      auto *v = std::get_if<int64_t>(&value);
      if (!v || !machine::fitsRegister(*v))
        return error("argument " + Twine(i) + " must be an i32 integer");
      group.push_back(value);
      continue;
    }
    auto *t = std::get_if<Tensor>(&value);
    if (!t || t->elementType != tensorType.getElementType())
      return error("argument " + Twine(i) + " must have the type " +
                   typeText(tensorType));
    Tensor tensor = *t;
    auto orig = llvm::dyn_cast<RankedTensorType>(sig.originalTypes[i]);
    if (original && orig && dynshape::getBoundsAttr(orig)) {
      for (unsigned d = 0; d < orig.getRank(); ++d) {
        if (tensor.shape.size() != static_cast<size_t>(orig.getRank()) ||
            tensor.shape[d] > tensorType.getDimSize(d) ||
            (!orig.isDynamicDim(d) &&
             tensor.shape[d] != tensorType.getDimSize(d)))
          return error("argument " + Twine(i) + " does not fit " +
                       typeText(orig));
      }
      for (unsigned d = 0; d < orig.getRank(); ++d)
        if (orig.isDynamicDim(d))
          group.push_back(tensor.shape[d]);
      tensor = padTo(tensor, tensorType.getShape());
    }
    if (tensor.shape != ArrayRef<int64_t>(tensorType.getShape()))
      return error("argument " + Twine(i) + " must have the type " +
                   typeText(tensorType));
    group.insert(group.begin(), std::move(tensor));
  }
  if (!original)
    return llvm::to_vector(llvm::map_range(
        groups, [](SmallVector<RuntimeValue> &g) { return g.front(); }));
  return dynshape::FunctionBoundary::arrange<RuntimeValue>(groups);
}

LogicalResult dyn::sim::importFrontEnds(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addPass(createConvertStableHLOToDynShape());
  pm.nest<func::FuncOp>().addPass(createDynDecomposeAggregates());
  return pm.run(module);
}

OwningOpRef<ModuleOp> dyn::sim::compileToBinary(ModuleOp module,
                                                StringRef entry,
                                                StringRef pipelineOptions,
                                                MLIRContext &fresh) {
  OwningOpRef<ModuleOp> copy = module.clone();
  // The container holds the entry function only. Upstream symbol-dce
  // keeps what the entry refers to, so that the pipeline says why a call
  // cannot be lowered; declarations stay as they were.
  for (auto func : copy->getOps<func::FuncOp>())
    if (func.getSymName() == entry)
      func.setPublic(); // a root of symbol-dce
    else if (!func.isExternal())
      func.setPrivate();
  PassManager pm(module.getContext());
  PipelineOptions options;
  if (failed(parsePipelineOptions(pipelineOptions, options,
                                  [&](const Twine &message) {
                                    return emitError(module.getLoc(), message);
                                  })))
    return nullptr;
  addInternalErrorInstrumentation(pm);
  pm.addPass(createSymbolDCEPass());
  buildLowerToADDR4Pipeline(pm, options);
  if (failed(pm.run(*copy)))
    return nullptr;
  SmallVector<char> bytes;
  if (failed(addr4::serialize(*copy, bytes)))
    return nullptr;
  // The container carries each instruction's source location.
  return addr4::deserialize(StringRef(bytes.data(), bytes.size()), &fresh);
}

SmallVector<RuntimeValue>
dyn::sim::getRandomArguments(const EntrySignature &sig, std::mt19937 &rng) {
  int64_t extent = 1;
  for (Type type : sig.boundaryTypes)
    if (auto t = llvm::dyn_cast<RankedTensorType>(type))
      for (int64_t d : t.getShape())
        extent = std::max(extent, d);
  std::uniform_int_distribution<int64_t> scalar(-3, extent + 3);
  std::uniform_int_distribution<int32_t> small(-100, 100);
  SmallVector<RuntimeValue> args;
  // Half the other scalars repeat the one before: values that must agree
  // often do, and often do not.
  std::optional<int64_t> previous;
  // The runtime sizes of bounded dims with one bound (a K and a V cache)
  // are often ones the program requires to agree: seven in eight draws
  // give every such size the same value, mostly inside [0, bound]. One
  // draw in four is an edge: 0, 1, either side of a 128-row tile
  // (dynshape-tile-bounded's), or the bound.
  llvm::SmallDenseMap<int64_t, int64_t> sizeOfBound;
  auto drawSize = [&](int64_t bound) -> int64_t {
    switch (rng() % 4) {
    case 0: {
      constexpr int64_t tile = machine::kNumPartitions;
      int64_t edges[] = {0, 1, tile - 1, tile, tile + 1, bound - 1, bound};
      int64_t edge = edges[rng() % std::size(edges)];
      return std::clamp<int64_t>(edge, 0, bound);
    }
    case 1:
      return std::uniform_int_distribution<int64_t>(-3, bound + 3)(rng);
    default:
      return std::uniform_int_distribution<int64_t>(0, bound)(rng);
    }
  };
  for (auto [i, type] : llvm::enumerate(sig.boundaryTypes)) {
    auto t = llvm::dyn_cast<RankedTensorType>(type);
    std::optional<int64_t> bound =
        i < sig.sizeBounds.size() ? sig.sizeBounds[i] : std::nullopt;
    if (!t && bound) {
      auto it = sizeOfBound.find(*bound);
      if (it == sizeOfBound.end() || rng() % 8 == 0)
        it = sizeOfBound.insert_or_assign(*bound, drawSize(*bound)).first;
      args.push_back(it->second);
      continue;
    }
    if (!t) {
      int64_t value = previous && rng() % 2 ? *previous : scalar(rng);
      args.push_back(value);
      previous = value;
      continue;
    }
    Tensor tensor{t.getElementType(), SmallVector<int64_t>(t.getShape()), {}};
    int64_t eb = tensor.elementBytes();
    tensor.bytes.resize(tensor.numElements() * eb);
    for (int64_t n = 0; n < tensor.numElements(); ++n) {
      uint8_t *at = tensor.bytes.data() + n * eb;
      if (t.getElementType().isF32()) {
        float f = small(rng) / 4.0f;
        std::memcpy(at, &f, 4);
      } else if (t.getElementType().isSignlessInteger(32)) {
        int32_t v = scalar(rng);
        std::memcpy(at, &v, 4);
      } else {
        for (int64_t k = 0; k < eb; ++k)
          at[k] = rng();
      }
    }
    args.push_back(std::move(tensor));
  }
  return args;
}

/// True when the elements at `x` and `y` are both NaNs of an engine float
/// type. MLIR, like LLVM, leaves a NaN's payload and its signalling bit
/// unspecified, and its folds keep a signalling NaN that arithmetic would
/// quieten (`truncf(extf x)` folds to `x`).
static bool areBothNaN(mlir::Type type, const uint8_t *x, const uint8_t *y) {
  if (!machine::isEngineFloat(type))
    return false;
  return std::isnan(loadElement(x, type)) && std::isnan(loadElement(y, type));
}

std::optional<std::string>
dyn::sim::findDifference(const EntrySignature &sig,
                         ArrayRef<RuntimeValue> a, ArrayRef<RuntimeValue> b) {
  if (a.size() != b.size())
    return "different result counts";
  for (size_t i = 0; i < a.size(); ++i) {
    if (auto *x = std::get_if<int64_t>(&a[i])) {
      auto *y = std::get_if<int64_t>(&b[i]);
      if (!y || static_cast<int32_t>(*x) != static_cast<int32_t>(*y))
        return "result " + std::to_string(i) + ": " + std::to_string(*x) +
               " vs " + (y ? std::to_string(*y) : std::string("a tensor"));
      continue;
    }
    const Tensor &x = std::get<Tensor>(a[i]);
    auto *yp = std::get_if<Tensor>(&b[i]);
    if (!yp || yp->shape != x.shape)
      return "result " + std::to_string(i) + ": different shapes";
    SmallVector<int64_t> limit(x.shape);
    if (i < sig.resultSizes.size())
      for (auto [dim, sizeResult] : sig.resultSizes[i])
        limit[dim] = std::get<int64_t>(a[sizeResult]);
    int64_t eb = x.elementBytes();
    std::optional<std::string> found;
    forEachIndex(x.shape, [&](int64_t n, ArrayRef<int64_t> idx) {
      if (found)
        return;
      for (size_t d = 0; d < idx.size(); ++d)
        if (idx[d] >= limit[d])
          return;
      const uint8_t *xAt = x.bytes.data() + n * eb;
      const uint8_t *yAt = yp->bytes.data() + n * eb;
      if (std::memcmp(xAt, yAt, eb) == 0 || areBothNaN(x.elementType, xAt, yAt))
        return;
      std::string where;
      for (int64_t v : idx)
        where += (where.empty() ? "" : ", ") + std::to_string(v);
      found = "result " + std::to_string(i) + " differs at [" + where + "]";
    });
    if (found)
      return found;
  }
  return std::nullopt;
}

llvm::Expected<ComparisonResult>
dyn::sim::compareWithReference(func::FuncOp func, ModuleOp binary,
                               unsigned trials, unsigned seed,
                               const SimulationLimits &limits,
                               bool corruptResult) {
  EntrySignature sig = EntrySignature::getTensorLevel(func);
  if (llvm::Error err = sig.checkArgumentSizes(limits.maxDramBytes))
    return std::move(err);
  ComparisonResult result;
  cost::LatencyModel model;
  if (func::FuncOp entry = getEntryFunction(binary)) {
    cost::FunctionEstimate estimate = cost::estimateFunction(entry, model);
    result.estimatedCycles = estimate.cycles;
    result.estimateExact = estimate.exact;
  }
  for (unsigned t = 0; t < trials; ++t) {
    unsigned trialSeed = seed + t;
    std::mt19937 rng(trialSeed);
    SmallVector<RuntimeValue> args = getRandomArguments(sig, rng);
    std::string undefined;
    FailureOr<SmallVector<RuntimeValue>> want =
        interpretReference(func, args, limits, &undefined);
    ++result.trials;
    if (!undefined.empty()) {
      ++result.skippedBecause[undefined];
      continue;
    }
    // A program the reference cannot interpret is not checked: that fails
    // the comparison, it is not a trial that passes.
    if (failed(want))
      return error("trial with seed " + Twine(trialSeed) +
                   ": the reference interpreter cannot run the program (the "
                   "error above), so --compare cannot check it");
    Measurement measurement(model);
    FailureOr<SmallVector<RuntimeValue>> got =
        simulate(getEntryFunction(binary), args, limits, &measurement);
    if (failed(got))
      return error("trial with seed " + Twine(trialSeed) +
                   ": the simulated binary failed to run");
    if (corruptResult)
      corruptOneResult(*got);
    if (std::optional<std::string> diff = findDifference(sig, *want, *got))
      return error("mismatch with seed " + Twine(trialSeed) + ": " + *diff +
                   " (reference vs simulated binary)");
    // The measured cost against the static estimate (docs/CostModel.md).
    int64_t cycles = measurement.timeline.getEnd();
    if (result.estimateExact && (measurement.tripsAtEstimate
                      ? cycles != result.estimatedCycles
                      : cycles > result.estimatedCycles))
      return error("cost with seed " + Twine(trialSeed) + ": the run took " +
                   Twine(cycles) + " cycles " +
                   (measurement.tripsAtEstimate
                        ? "with every loop at its trip estimate"
                        : "with fewer trips") +
                   ", the static estimate is " +
                   Twine(result.estimatedCycles));
    ++(measurement.tripsAtEstimate ? result.atEstimate : result.belowEstimate);
  }
  return result;
}

void dyn::sim::corruptOneResult(MutableArrayRef<RuntimeValue> results) {
  if (results.empty())
    return;
  if (auto *scalar = std::get_if<int64_t>(&results.front())) {
    *scalar ^= 0xFF;
    return;
  }
  Tensor &tensor = std::get<Tensor>(results.front());
  if (tensor.numElements() > 0)
    tensor.bytes[tensor.elementBytes() - 1] ^= 0xFF;
}
