//===- dyn-sim.cpp - run a dyn program: binary or reference ---------------===//
//
//   dyn-sim FILE --entry NAME [--reference] [--arg V]... [--out DIR]
//   dyn-sim FILE --entry NAME --compare [--trials N] [--seed S]
//
// FILE is a tensor-level .mlir (lowered with --lower-to-addr4, serialized,
// deserialized, and simulated; or interpreted with --reference) or a .addr4
// binary. Arguments follow the binary's calling convention (DESIGN.md
// section 3): a bounded tensor is passed padded to its bound with its sizes
// appended; passing only the original arguments, with each bounded tensor
// at its runtime extent, works too.
//
//===----------------------------------------------------------------------===//

#include "dyn/InitAll.h"
#include "dyn/Pipelines/Pipelines.h"
#include "dyn/Sim/NumPy.h"
#include "dyn/Sim/Reference.h"
#include "dyn/Sim/Simulator.h"
#include "dyn/Target/ADDR4/Container.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

#include <cstring>
#include <random>

using namespace mlir;
namespace cl = llvm::cl;
using dyn::sim::Tensor;
using SimValue = dyn::sim::Value;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input>"),
                                      cl::Required);
static cl::opt<std::string> entry("entry", cl::desc("Entry function"),
                                  cl::Required);
static cl::opt<bool> reference("reference",
                               cl::desc("Interpret the tensor-level input"));
static cl::list<std::string> argValues("arg", cl::desc("An argument: a .npy "
                                                       "path or an integer"));
static cl::opt<std::string> outDir("out", cl::desc("Directory for results"),
                                   cl::init("."));
static cl::opt<bool> compare("compare", cl::desc("Compare the simulated "
                                                 "binary with the reference "
                                                 "on random inputs"));
static cl::opt<unsigned> trials("trials", cl::desc("Random trials"),
                                cl::init(20));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of the first trial"),
                              cl::init(1));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of --lower-to-addr4, e.g. \"arch=gen2\""), cl::init(""));

static int fail(const Twine &message) {
  llvm::WithColor::error(llvm::errs(), "dyn-sim") << message << "\n";
  return 1;
}

namespace {
/// What the comparison needs to know about the entry function.
struct Signature {
  SmallVector<Type> argTypes;          // the binary's arguments
  SmallVector<int64_t> argBounds;      // largest extent, for random scalars
  unsigned originalArity = 0;
  SmallVector<RankedTensorType> originalArgs;
  /// For each binary result that is a bounded tensor: (its dims' size
  /// result indices), to compare only the valid region.
  SmallVector<SmallVector<std::pair<unsigned, unsigned>>> resultSizes;
};

Signature signatureOf(func::FuncOp func) {
  Signature sig;
  sig.originalArity = func.getNumArguments();
  SmallVector<Type> sizes;
  for (Type type : func.getArgumentTypes()) {
    auto ranked = llvm::dyn_cast<RankedTensorType>(type);
    sig.originalArgs.push_back(ranked);
    if (!ranked) {
      sig.argTypes.push_back(type);
      continue;
    }
    sig.argTypes.push_back(RankedTensorType::get(
        dyn::dynshape::getBoundedShape(ranked), ranked.getElementType()));
    sizes.append(ranked.getNumDynamicDims(),
                 IntegerType::get(func.getContext(), 32));
  }
  llvm::append_range(sig.argTypes, sizes);
  unsigned next = func.getNumResults();
  for (Type type : func.getResultTypes()) {
    SmallVector<std::pair<unsigned, unsigned>> dims;
    if (auto ranked = llvm::dyn_cast<RankedTensorType>(type))
      for (unsigned d = 0; d < ranked.getRank(); ++d)
        if (ranked.isDynamicDim(d))
          dims.push_back({d, next++});
    sig.resultSizes.push_back(dims);
  }
  return sig;
}

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

/// A tensor argument at its runtime extent, zero-padded to `bounded`.
Tensor padTo(const Tensor &t, ArrayRef<int64_t> bounded) {
  Tensor out{t.elementType, SmallVector<int64_t>(bounded), {}};
  int64_t eb = t.elementBytes();
  out.bytes.assign(out.numElements() * eb, 0);
  SmallVector<int64_t> idx(t.shape.size(), 0);
  for (int64_t n = 0; n < t.numElements(); ++n) {
    int64_t src = 0, dst = 0;
    for (size_t d = 0; d < t.shape.size(); ++d) {
      src = src * t.shape[d] + idx[d];
      dst = dst * bounded[d] + idx[d];
    }
    std::memcpy(out.bytes.data() + dst * eb, t.bytes.data() + src * eb, eb);
    for (size_t d = t.shape.size(); d-- > 0;)
      if (++idx[d] < t.shape[d])
        break;
      else
        idx[d] = 0;
  }
  return out;
}

FailureOr<SmallVector<SimValue>> parseArgs(const Signature &sig) {
  SmallVector<SimValue> args;
  bool original = argValues.size() == sig.originalArity &&
                  sig.originalArity != sig.argTypes.size();
  if (!original && argValues.size() != sig.argTypes.size()) {
    fail("expected " + Twine(sig.argTypes.size()) + " arguments" +
         (sig.originalArity != sig.argTypes.size()
              ? " (or the " + Twine(sig.originalArity) + " original ones)"
              : Twine()) +
         ", got " + Twine(argValues.size()));
    return failure();
  }
  SmallVector<SimValue> sizes;
  for (auto [i, text] : llvm::enumerate(argValues)) {
    Type type = sig.argTypes[i];
    if (auto tensor = llvm::dyn_cast<RankedTensorType>(type)) {
      llvm::Expected<Tensor> t = dyn::sim::readNpy(text, tensor.getElementType());
      if (!t) {
        fail(llvm::toString(t.takeError()));
        return failure();
      }
      if (original && sig.originalArgs[i] &&
          dyn::dynshape::getBoundsAttr(sig.originalArgs[i])) {
        RankedTensorType orig = sig.originalArgs[i];
        for (unsigned d = 0; d < orig.getRank(); ++d) {
          if (t->shape.size() != static_cast<size_t>(orig.getRank()) ||
              t->shape[d] > tensor.getDimSize(d) ||
              (!orig.isDynamicDim(d) && t->shape[d] != tensor.getDimSize(d))) {
            fail("argument " + Twine(i) + " does not fit " + typeText(orig));
            return failure();
          }
          if (orig.isDynamicDim(d))
            sizes.push_back(t->shape[d]);
        }
        *t = padTo(*t, tensor.getShape());
      }
      if (t->shape != ArrayRef<int64_t>(tensor.getShape())) {
        fail("argument " + Twine(i) + " must have the type " +
             typeText(tensor));
        return failure();
      }
      args.push_back(std::move(*t));
      continue;
    }
    int64_t v;
    if (llvm::StringRef(text).getAsInteger(10, v) || v < INT32_MIN ||
        v > INT32_MAX) {
      fail("argument " + Twine(i) + " must be an i32 integer, got '" + text + "'");
      return failure();
    }
    args.push_back(v);
  }
  llvm::append_range(args, sizes);
  return args;
}

/// Lowers, serializes, deserializes in a fresh context: the simulated
/// program is exactly what the bytes say.
OwningOpRef<ModuleOp> compileToBinary(ModuleOp module, MLIRContext &fresh) {
  OwningOpRef<ModuleOp> copy = module.clone();
  // The container holds the entry function only.
  for (auto func : llvm::make_early_inc_range(copy->getOps<func::FuncOp>()))
    if (func.getSymName() != entry && !func.isExternal())
      func.erase();
  PassManager pm(module.getContext());
  dyn::PipelineOptions options;
  if (failed(options.parseFromString(pipelineOptions)) ||
      failed(dyn::verifyPipelineOptions(options, [](const Twine &message) {
        return failure(fail(message) != 0);
      })))
    return nullptr;
  dyn::buildLowerToADDR4Pipeline(pm, options);
  if (failed(pm.run(*copy)))
    return nullptr;
  SmallVector<char> bytes;
  if (failed(dyn::addr4::serialize(*copy, bytes)))
    return nullptr;
  return dyn::addr4::deserialize(StringRef(bytes.data(), bytes.size()), &fresh);
}

LogicalResult writeResults(ArrayRef<SimValue> results, MLIRContext *ctx) {
  if (std::error_code ec = llvm::sys::fs::create_directories(outDir))
    return failure(fail("cannot create " + outDir + ": " + ec.message()));
  for (auto [i, value] : llvm::enumerate(results)) {
    SmallString<128> path(outDir);
    llvm::sys::path::append(path, "result" + std::to_string(i) + ".npy");
    Tensor t;
    if (auto *tensor = std::get_if<Tensor>(&value)) {
      t = *tensor;
    } else {
      // A scalar result is a 0-d i32 array.
      int32_t v = std::get<int64_t>(value);
      t.elementType = IntegerType::get(ctx, 32);
      t.bytes.resize(4);
      std::memcpy(t.bytes.data(), &v, 4);
    }
    if (llvm::Error err = dyn::sim::writeNpy(path, t))
      return failure(fail(llvm::toString(std::move(err))));
    llvm::outs() << "result" << i << ": " << path << "\n";
  }
  return success();
}

/// The first difference between two result lists, comparing bounded
/// tensors only over their valid region.
std::optional<std::string> difference(const Signature &sig,
                                      ArrayRef<SimValue> a,
                                      ArrayRef<SimValue> b) {
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
    SmallVector<int64_t> idx(x.shape.size(), 0);
    for (int64_t n = 0; n < x.numElements(); ++n) {
      bool valid = true;
      for (size_t d = 0; d < idx.size(); ++d)
        valid &= idx[d] < limit[d];
      if (valid && std::memcmp(x.bytes.data() + n * eb, yp->bytes.data() + n * eb,
                               eb) != 0) {
        std::string where;
        for (int64_t v : idx)
          where += (where.empty() ? "" : ", ") + std::to_string(v);
        return "result " + std::to_string(i) + " differs at [" + where + "]";
      }
      for (size_t d = idx.size(); d-- > 0;)
        if (++idx[d] < x.shape[d])
          break;
        else
          idx[d] = 0;
    }
  }
  return std::nullopt;
}

SmallVector<SimValue> randomArgs(const Signature &sig, std::mt19937 &rng) {
  int64_t extent = 1;
  for (Type type : sig.argTypes)
    if (auto t = llvm::dyn_cast<RankedTensorType>(type))
      for (int64_t d : t.getShape())
        extent = std::max(extent, d);
  // Runtime scalars range past both ends: clamping is part of the test.
  std::uniform_int_distribution<int64_t> scalar(-3, extent + 3);
  std::uniform_int_distribution<int32_t> small(-100, 100);
  SmallVector<SimValue> args;
  for (Type type : sig.argTypes) {
    auto t = llvm::dyn_cast<RankedTensorType>(type);
    if (!t) {
      args.push_back(scalar(rng));
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
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  dyn::registerAllPasses();
  cl::ParseCommandLineOptions(argc, argv, "dyn simulator\n");
  DialectRegistry registry;
  dyn::registerAllDialects(registry);
  MLIRContext context(registry), fresh(registry);

  auto buffer = llvm::MemoryBuffer::getFile(inputFile);
  if (!buffer)
    return fail("cannot read " + inputFile);
  llvm::StringRef data = (*buffer)->getBuffer();

  // A binary: deserialize and simulate.
  if (data.starts_with(llvm::StringRef(dyn::addr4::kMagic, 4)) ||
      llvm::StringRef(inputFile).ends_with(".addr4")) {
    if (reference || compare)
      return fail("--reference and --compare need the tensor-level .mlir");
    OwningOpRef<ModuleOp> module =
        dyn::addr4::deserialize(data, &context, inputFile);
    if (!module)
      return 1;
    func::FuncOp func = module->lookupSymbol<func::FuncOp>(entry);
    if (!func)
      return fail("no function @" + entry + " in " + inputFile);
    Signature sig;
    for (Type type : func.getArgumentTypes()) {
      if (auto m = llvm::dyn_cast<MemRefType>(type))
        sig.argTypes.push_back(
            RankedTensorType::get(m.getShape(), m.getElementType()));
      else
        sig.argTypes.push_back(type);
    }
    sig.originalArity = sig.argTypes.size();
    FailureOr<SmallVector<SimValue>> args = parseArgs(sig);
    if (failed(args))
      return 1;
    FailureOr<SmallVector<SimValue>> results = dyn::sim::simulate(*module, *args);
    if (failed(results) || failed(writeResults(*results, &context)))
      return 1;
    return 0;
  }

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  func::FuncOp func = module->lookupSymbol<func::FuncOp>(entry);
  if (!func)
    return fail("no function @" + entry + " in " + inputFile);
  Signature sig = signatureOf(func);

  if (compare) {
    OwningOpRef<ModuleOp> binary = compileToBinary(*module, fresh);
    if (!binary)
      return 1;
    unsigned skipped = 0;
    for (unsigned t = 0; t < trials; ++t) {
      unsigned trialSeed = seed + t;
      std::mt19937 rng(trialSeed);
      SmallVector<SimValue> args = randomArgs(sig, rng);
      bool undefined = false;
      FailureOr<SmallVector<SimValue>> want =
          dyn::sim::interpretReference(func, args, &undefined);
      if (undefined) {
        ++skipped; // upstream semantics do not define a result
        continue;
      }
      FailureOr<SmallVector<SimValue>> got = dyn::sim::simulate(*binary, args);
      if (failed(want) || failed(got))
        return fail("trial with seed " + Twine(trialSeed) + " failed to run");
      if (std::optional<std::string> diff = difference(sig, *want, *got))
        return fail("mismatch with seed " + Twine(trialSeed) + ": " + *diff +
                    " (reference vs simulated binary)");
    }
    llvm::outs() << trials << " trials from seed " << seed
                 << ": the simulated binary matches the reference";
    if (skipped)
      llvm::outs() << " (" << skipped
                   << " skipped: undefined behaviour upstream)";
    llvm::outs() << "\n";
    return 0;
  }

  FailureOr<SmallVector<SimValue>> args = parseArgs(sig);
  if (failed(args))
    return 1;
  FailureOr<SmallVector<SimValue>> results;
  if (reference) {
    results = dyn::sim::interpretReference(func, *args);
  } else {
    OwningOpRef<ModuleOp> binary = compileToBinary(*module, fresh);
    if (!binary)
      return 1;
    results = dyn::sim::simulate(*binary, *args);
  }
  if (failed(results) || failed(writeResults(*results, &context)))
    return 1;
  return 0;
}
