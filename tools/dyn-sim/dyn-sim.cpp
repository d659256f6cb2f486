//===- dyn-sim.cpp - run a dyn program: binary or reference ---------------===//
//
//   dyn-sim FILE --entry NAME [--reference] [--arg V]... [--out DIR]
//   dyn-sim FILE --entry NAME --compare [--trials N] [--seed S]
//
// FILE is a tensor-level .mlir (lowered with --lower-to-addr4, serialized,
// deserialized, and simulated; or interpreted with --reference) or a .addr4
// binary. Arguments follow the binary's calling convention (docs/FrontEnd.md,
// "Function boundary"): a bounded tensor is passed padded to its bound with
// its sizes appended; passing only the original arguments, with each bounded
// tensor at its runtime extent, works too. The work is lib/Sim's harness;
// this file holds the command line.
//
//===----------------------------------------------------------------------===//

#include "dyn/Cost/Cost.h"
#include "dyn/InitAll.h"
#include "dyn/Sim/Harness.h"
#include "dyn/Sim/NumPy.h"
#include "dyn/Sim/Reference.h"
#include "dyn/Sim/Simulator.h"
#include "dyn/Target/ADDR4/Container.h"
#include "dyn/Version.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Support/Machine.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
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
using dyn::sim::RuntimeValue;

// dyn-sim's option groups: --help sorts groups by name, so these come
// before the generic options. LLVM's own options are hidden.
static cl::OptionCategory runCategory("Dyn-sim: entry and pipeline");
static cl::OptionCategory valuesCategory("Dyn-sim: inputs and outputs");
static cl::OptionCategory compareCategory(
    "Dyn-sim: random comparison with the reference");
static cl::OptionCategory limitsCategory("Dyn-sim: limits");
static cl::OptionCategory costCategory("Dyn-sim: cost of the run");

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<input .mlir or .addr4>"),
                                      cl::Required, cl::cat(runCategory));
static cl::opt<std::string> entry("entry", cl::desc("Entry function"),
                                  cl::Required, cl::cat(runCategory));
static cl::opt<bool> reference("reference",
                               cl::desc("Interpret the tensor-level input"),
                               cl::cat(runCategory));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of --lower-to-addr4, e.g. \"arch=gen2\""), cl::init(""),
    cl::cat(runCategory));
static cl::list<std::string> argValues("arg",
                                       cl::desc("An argument: a .npy path or "
                                                "an integer"),
                                       cl::cat(valuesCategory));
static cl::opt<std::string> outDir("out", cl::desc("Directory for results"),
                                   cl::init("."), cl::cat(valuesCategory));
static cl::opt<bool> compare("compare",
                             cl::desc("Compare the simulated binary with the "
                                      "reference on random inputs"),
                             cl::cat(compareCategory));
static cl::opt<unsigned> trials("trials", cl::desc("Random trials"),
                                cl::init(20), cl::cat(compareCategory));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of the first trial"),
                              cl::init(1), cl::cat(compareCategory));
// The limits' defaults are SimulationLimits'.
static const dyn::sim::SimulationLimits defaultLimits;
static cl::opt<int64_t> maxTensorBytes(
    "max-tensor-bytes",
    cl::desc("Largest tensor argument, and all DRAM outputs together, that "
             "the simulation may allocate, in bytes"),
    cl::init(defaultLimits.maxDramBytes), cl::cat(limitsCategory));
static cl::opt<int64_t> maxTrips(
    "max-trips", cl::desc("Loop trips the simulation may run, in all"),
    cl::init(defaultLimits.maxTrips), cl::cat(limitsCategory));
static cl::opt<int64_t> maxMovedBytes(
    "max-moved-bytes", cl::init(defaultLimits.maxMovedBytes),
    cl::desc("Bytes the simulation may move (copy, fill, or read and write "
             "in compute), in all"),
    cl::cat(limitsCategory));

static cl::opt<std::string> profilePath(
    "profile",
    cl::desc("Write the run's cycles, busy cycles per engine and DMA queue, "
             "and instruction count as JSON to this file"),
    cl::value_desc("path"), cl::cat(costCategory));
static cl::opt<std::string> tracePath(
    "trace",
    cl::desc("Write the run as a Chrome trace-event JSON (Perfetto, "
             "chrome://tracing) to this file"),
    cl::value_desc("path"), cl::cat(costCategory));
static cl::opt<std::string> latencyTable(
    "latency-table",
    cl::desc("A JSON file whose entries replace the default latencies"),
    cl::value_desc("path"), cl::cat(costCategory));

static int fail(const Twine &message) {
  llvm::WithColor::error(llvm::errs(), "dyn-sim") << message << "\n";
  return 1;
}

/// The limits the options set.
static dyn::sim::SimulationLimits limits() {
  return {maxTensorBytes, maxTrips, maxMovedBytes};
}

/// Writes `print`'s output to `path`.
static LogicalResult writeFile(StringRef path,
                               llvm::function_ref<void(llvm::raw_ostream &)> print) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return failure(fail("cannot write " + path + ": " + ec.message()));
  print(os);
  os.close();
  if (std::error_code error = os.error()) {
    os.clear_error();
    return failure(fail("cannot write " + path + ": " + error.message()));
  }
  return success();
}

/// Simulates `binary`'s function `entry`, measured when --profile or
/// --trace asks for it.
static FailureOr<SmallVector<RuntimeValue>>
simulateBinary(func::FuncOp binary, ArrayRef<RuntimeValue> args) {
  if (profilePath.empty() && tracePath.empty())
    return dyn::sim::simulate(binary, args, limits());
  llvm::Expected<dyn::cost::LatencyModel> model =
      dyn::cost::LatencyModel::load(latencyTable);
  if (!model)
    return failure(fail(llvm::toString(model.takeError())));
  dyn::sim::Measurement measurement(*model,
                                    /*recordSlices=*/!tracePath.empty());
  FailureOr<SmallVector<RuntimeValue>> results =
      dyn::sim::simulate(binary, args, limits(), &measurement);
  if (failed(results))
    return failure();
  if (!profilePath.empty() &&
      failed(writeFile(profilePath, [&](llvm::raw_ostream &os) {
        dyn::cost::printProfileJSON(os, entry, measurement.timeline,
                                    measurement.instructions);
      })))
    return failure();
  if (!tracePath.empty() &&
      failed(writeFile(tracePath, [&](llvm::raw_ostream &os) {
        dyn::cost::printChromeTrace(os, measurement.timeline);
      })))
    return failure();
  return results;
}

/// Reads the `--arg` values: a .npy file where `signature` expects a
/// tensor, else an i32 integer.
static FailureOr<SmallVector<RuntimeValue>>
readArguments(const dyn::sim::EntrySignature &signature) {
  if (llvm::Error err = signature.checkArgumentCount(argValues.size()))
    return failure(fail(llvm::toString(std::move(err))));
  if (llvm::Error err = signature.checkArgumentSizes(maxTensorBytes))
    return failure(fail(llvm::toString(std::move(err))));
  SmallVector<RuntimeValue> given;
  for (auto [i, text] : llvm::enumerate(argValues)) {
    Type type = signature.getGivenType(argValues.size(), i);
    if (auto tensor = llvm::dyn_cast<RankedTensorType>(type)) {
      llvm::Expected<Tensor> t =
          dyn::sim::readNpy(text, tensor.getElementType(), maxTensorBytes);
      if (!t) {
        std::string type;
        llvm::raw_string_ostream(type) << tensor;
        return failure(fail("argument " + Twine(i) + " (" + type +
                            "): " + llvm::toString(t.takeError())));
      }
      given.push_back(std::move(*t));
      continue;
    }
    int64_t v;
    if (llvm::StringRef(text).getAsInteger(10, v) ||
        !dyn::machine::fitsRegister(v))
      return failure(fail("argument " + Twine(i) +
                          " must be an i32 integer, got '" + text + "'"));
    given.push_back(v);
  }
  llvm::Expected<SmallVector<RuntimeValue>> args =
      dyn::sim::toBoundaryArguments(signature, given);
  if (!args)
    return failure(fail(llvm::toString(args.takeError())));
  return std::move(*args);
}

/// Writes each result as resultN.npy in --out (a scalar as a 0-d i32 array).
static LogicalResult writeResults(ArrayRef<RuntimeValue> results,
                                  MLIRContext *ctx) {
  if (std::error_code ec = llvm::sys::fs::create_directories(outDir))
    return failure(fail("cannot create " + outDir + ": " + ec.message()));
  for (auto [i, value] : llvm::enumerate(results)) {
    SmallString<128> path(outDir);
    llvm::sys::path::append(path, "result" + std::to_string(i) + ".npy");
    Tensor t;
    if (auto *tensor = std::get_if<Tensor>(&value)) {
      t = *tensor;
    } else {
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

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  dyn::addVersionPrinter();
  cl::HideUnrelatedOptions(
      {&runCategory, &valuesCategory, &compareCategory, &limitsCategory});
  cl::ParseCommandLineOptions(argc, argv, "dyn simulator\n");
  DialectRegistry registry;
  dyn::registerAllDialects(registry);
  dyn::registerUpstreamDialects(registry);
  MLIRContext context(registry), fresh(registry);
  // A failing pass reports its op, not the whole module in a note.
  context.printOpOnDiagnostic(false);
  fresh.printOpOnDiagnostic(false);
  // Both contexts print `file:line:col: error:`, with the source line when
  // the file is readable: the input's, and the compiled binary's (whose
  // locations name the .mlir it came from).
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  SourceMgrDiagnosticHandler freshHandler(sourceMgr, &fresh);

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
    if (!func) {
      std::string names;
      for (auto f : module->getOps<func::FuncOp>())
        names += (names.empty() ? "@" : ", @") + f.getSymName().str();
      return fail("no function @" + entry + " in " + inputFile +
                  "; its entry functions are " + names);
    }
    FailureOr<SmallVector<RuntimeValue>> args =
        readArguments(dyn::sim::EntrySignature::getBinary(func));
    if (failed(args))
      return 1;
    FailureOr<SmallVector<RuntimeValue>> results = simulateBinary(func, *args);
    if (failed(results) || failed(writeResults(*results, &context)))
      return 1;
    return 0;
  }

  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  // StableHLO in generic form is imported first, so that the reference
  // interprets what the binary is compiled from.
  if (failed(dyn::sim::importFrontEnds(*module)))
    return 1;
  func::FuncOp func = module->lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    return fail("no function @" + entry + " with a body in " + inputFile);
  if ((reference || compare) &&
      !(profilePath.empty() && tracePath.empty() && latencyTable.empty()))
    return fail("--profile, --trace and --latency-table cost the binary; "
                "they do not go with --reference or --compare");
  if (reference && !pipelineOptions.empty())
    return fail("--pipeline-options compile the binary; --reference "
                "interprets the source and compiles nothing");
  if (compare) {
    if (!argValues.empty())
      return fail("--compare draws random arguments; it takes no --arg");
    OwningOpRef<ModuleOp> binary =
        dyn::sim::compileToBinary(*module, entry, pipelineOptions, fresh);
    if (!binary)
      return 1;
    llvm::Expected<dyn::sim::ComparisonResult> result =
        dyn::sim::compareWithReference(func, *binary, trials, seed, limits());
    if (!result)
      return fail(llvm::toString(result.takeError()));
    auto count = [](unsigned n) {
      return std::to_string(n) + (n == 1 ? " trial" : " trials");
    };
    bool allSkipped = result->getSkipped() == result->trials;
    llvm::outs() << count(trials) << " from seed " << seed << ": "
                 << (allSkipped ? "nothing was compared"
                                : "the simulated binary matches the reference");
    if (unsigned skipped = result->getSkipped()) {
      llvm::outs() << " (" << skipped
                   << " skipped, whose result the source leaves undefined:";
      llvm::ListSeparator separator(";");
      for (const auto &[reason, count] : result->skippedBecause)
        llvm::outs() << separator << " " << count << " " << reason;
      llvm::outs() << ")";
    }
    // A comparison whose every trial was skipped checked nothing: that
    // fails, or a test of it could not fail.
    if (allSkipped) {
      llvm::outs() << "\n";
      llvm::outs().flush();
      return fail("every trial was skipped, so nothing was compared; draw "
                  "more trials (--trials) or other seeds (--seed)");
    }
    llvm::outs() << "\ncost: estimate " << result->estimatedCycles << " cycles"
                 << (result->estimateExact ? "" : " (approximate, not checked)")
                 << "; " << count(result->atEstimate)
                 << " with every loop at its estimate took exactly that, "
                 << result->belowEstimate << " with fewer trips took no more\n";
    return 0;
  }

  FailureOr<SmallVector<RuntimeValue>> args =
      readArguments(dyn::sim::EntrySignature::getTensorLevel(func));
  if (failed(args))
    return 1;
  FailureOr<SmallVector<RuntimeValue>> results;
  if (reference) {
    results = dyn::sim::interpretReference(func, *args, limits());
  } else {
    OwningOpRef<ModuleOp> binary =
        dyn::sim::compileToBinary(*module, entry, pipelineOptions, fresh);
    if (!binary)
      return 1;
    results = simulateBinary(dyn::sim::getEntryFunction(*binary), *args);
  }
  if (failed(results) || failed(writeResults(*results, &context)))
    return 1;
  return 0;
}
