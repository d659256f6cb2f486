//===- SimMain.cpp - the dyn-sim driver -----------------------------------===//
//
//   dyn-sim FILE --entry NAME [--reference] [--arg V]... [--out DIR]
//   dyn-sim FILE --entry NAME --compare [--trials N] [--seed S]
//
// FILE is a tensor-level .mlir (lowered with --lower-to-addr4, serialized,
// deserialized, and simulated; or interpreted with --reference) or a .addr4
// binary. Arguments follow the binary's calling convention (docs/FrontEnd.md,
// "Function boundary"): a bounded tensor is passed padded to its bound with
// its sizes appended; passing only the original arguments, with each bounded
// tensor at its runtime extent, works too. The work is the harness's
// (dyn/Sim/Harness/Harness.h); this file holds the command line.
//
//===----------------------------------------------------------------------===//

#include "dyn/Tools/dyn-sim/SimMain.h"

#include "dyn/Cost/Cost.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Sim/Harness/Harness.h"
#include "dyn/Sim/Harness/NumPy.h"
#include "dyn/Sim/Machine/Simulator.h"
#include "dyn/Sim/Reference/Reference.h"
#include "dyn/Support/Machine.h"
#include "dyn/Target/ADDR4/Container.h"

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

using namespace mlir;
namespace cl = llvm::cl;
using dyn::sim::RuntimeValue;
using dyn::sim::Tensor;

namespace {
/// dyn-sim's command line. Its groups sort by name in --help, before the
/// generic options; LLVM's own options are hidden. Made once, on the first
/// simMain, as upstream's tool mains make theirs.
struct SimOptions {
  cl::OptionCategory runCategory{"Dyn-sim: entry and pipeline"};
  cl::OptionCategory valuesCategory{"Dyn-sim: inputs and outputs"};
  cl::OptionCategory compareCategory{
      "Dyn-sim: random comparison with the reference"};
  cl::OptionCategory limitsCategory{"Dyn-sim: limits"};
  cl::OptionCategory costCategory{"Dyn-sim: cost of the run"};

  cl::opt<std::string> inputFile{cl::Positional,
                                 cl::desc("<input .mlir or .addr4>"),
                                 cl::Required, cl::cat(runCategory)};
  cl::opt<std::string> entry{"entry", cl::desc("Entry function"),
                             cl::Required, cl::cat(runCategory)};
  cl::opt<bool> reference{"reference",
                          cl::desc("Interpret the tensor-level input"),
                          cl::cat(runCategory)};
  cl::opt<std::string> pipelineOptions{
      "pipeline-options",
      cl::desc("Options of --lower-to-addr4, e.g. \"arch=gen2\""),
      cl::init(""), cl::cat(runCategory)};
  cl::list<std::string> argValues{
      "arg", cl::desc("An argument: a .npy path or an integer"),
      cl::cat(valuesCategory)};
  cl::opt<std::string> outDir{"out", cl::desc("Directory for results"),
                              cl::init("."), cl::cat(valuesCategory)};
  cl::opt<bool> compare{"compare",
                        cl::desc("Compare the simulated binary with the "
                                 "reference on random inputs"),
                        cl::cat(compareCategory)};
  cl::opt<unsigned> trials{"trials", cl::desc("Random trials"), cl::init(20),
                           cl::cat(compareCategory)};
  cl::opt<unsigned> seed{"seed", cl::desc("Seed of the first trial"),
                         cl::init(1), cl::cat(compareCategory)};
  // The limits' defaults are SimulationLimits'.
  cl::opt<int64_t> maxTensorBytes{
      "max-tensor-bytes",
      cl::desc("Largest tensor argument, and all DRAM outputs together, that "
               "the simulation may allocate, in bytes"),
      cl::init(dyn::sim::SimulationLimits().maxDramBytes),
      cl::cat(limitsCategory)};
  cl::opt<int64_t> maxTrips{
      "max-trips", cl::desc("Loop trips the simulation may run, in all"),
      cl::init(dyn::sim::SimulationLimits().maxTrips),
      cl::cat(limitsCategory)};
  cl::opt<int64_t> maxMovedBytes{
      "max-moved-bytes",
      cl::desc("Bytes the simulation may move (copy, fill, or read and "
               "write in compute), in all"),
      cl::init(dyn::sim::SimulationLimits().maxMovedBytes),
      cl::cat(limitsCategory)};
  cl::opt<bool> allowRaces{
      "allow-races",
      cl::desc("Report races between engine streams as warnings and go on, "
               "instead of failing the run"),
      cl::cat(runCategory)};
  cl::opt<std::string> profilePath{
      "profile",
      cl::desc("Write the run's cycles, busy cycles per engine and DMA "
               "queue, and instruction count as JSON to this file"),
      cl::value_desc("path"), cl::cat(costCategory)};
  cl::opt<std::string> tracePath{
      "trace",
      cl::desc("Write the run as a Chrome trace-event JSON (Perfetto, "
               "chrome://tracing) to this file"),
      cl::value_desc("path"), cl::cat(costCategory)};
  cl::opt<std::string> latencyTable{
      "latency-table",
      cl::desc("A JSON file whose entries replace the default latencies"),
      cl::value_desc("path"), cl::cat(costCategory)};
  // For tests only (docs/Testing.md): a deliberately broken simulator.
  cl::opt<bool> testCorruptResult{
      "test-corrupt-result",
      cl::desc("In --compare, corrupt one element of each simulated result "
               "(tests only)"),
      cl::Hidden, cl::cat(compareCategory)};

  /// The limits the options set.
  dyn::sim::SimulationLimits getLimits() const {
    return {maxTensorBytes, maxTrips, maxMovedBytes, allowRaces};
  }
  bool costsTheRun() const {
    return !(profilePath.empty() && tracePath.empty() &&
             latencyTable.empty());
  }
};

/// One run of dyn-sim over the parsed options.
class SimDriver {
public:
  SimDriver(const SimOptions &options, DialectRegistry &registry)
      : options(options), context(registry), fresh(registry) {
    // A failing pass reports its op, not the whole module in a note.
    context.printOpOnDiagnostic(false);
    fresh.printOpOnDiagnostic(false);
  }

  LogicalResult run();

private:
  LogicalResult runBinary(StringRef data);
  LogicalResult runTensorLevel(std::unique_ptr<llvm::MemoryBuffer> buffer);
  LogicalResult compare(func::FuncOp func, ModuleOp module);
  FailureOr<SmallVector<RuntimeValue>>
  simulateBinary(func::FuncOp binary, ArrayRef<RuntimeValue> args);
  FailureOr<SmallVector<RuntimeValue>>
  readArguments(const dyn::sim::EntrySignature &signature);
  LogicalResult writeResults(ArrayRef<RuntimeValue> results);

  const SimOptions &options;
  MLIRContext context, fresh;
  // Both contexts print `file:line:col: error:`, with the source line when
  // the file is readable: the input's, and the compiled binary's (whose
  // locations name the .mlir it came from).
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler{sourceMgr, &context};
  SourceMgrDiagnosticHandler freshHandler{sourceMgr, &fresh};
};
} // namespace

static LogicalResult fail(const Twine &message) {
  llvm::WithColor::error(llvm::errs(), "dyn-sim") << message << "\n";
  return failure();
}

/// Writes `print`'s output to `path`.
static LogicalResult
writeFile(StringRef path, llvm::function_ref<void(llvm::raw_ostream &)> print) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return fail("cannot write " + path + ": " + ec.message());
  print(os);
  os.close();
  if (std::error_code error = os.error()) {
    os.clear_error();
    return fail("cannot write " + path + ": " + error.message());
  }
  return success();
}

/// Simulates `binary`'s function `entry`, measured when --profile or
/// --trace asks for it.
FailureOr<SmallVector<RuntimeValue>>
SimDriver::simulateBinary(func::FuncOp binary, ArrayRef<RuntimeValue> args) {
  dyn::sim::SimulationLimits limits = options.getLimits();
  if (options.profilePath.empty() && options.tracePath.empty())
    return dyn::sim::simulate(binary, args, limits);
  llvm::Expected<dyn::cost::LatencyModel> model =
      dyn::cost::LatencyModel::load(options.latencyTable);
  if (!model)
    return fail(llvm::toString(model.takeError()));
  dyn::sim::Measurement measurement(
      *model, /*recordSlices=*/!options.tracePath.empty());
  FailureOr<SmallVector<RuntimeValue>> results =
      dyn::sim::simulate(binary, args, limits, &measurement);
  if (failed(results))
    return failure();
  if (!options.profilePath.empty() &&
      failed(writeFile(options.profilePath, [&](llvm::raw_ostream &os) {
        dyn::cost::printProfileJSON(os, options.entry, measurement.timeline,
                                    measurement.instructions,
                                    measurement.loops, *model);
      })))
    return failure();
  if (!options.tracePath.empty() &&
      failed(writeFile(options.tracePath, [&](llvm::raw_ostream &os) {
        dyn::cost::printChromeTrace(os, measurement.timeline);
      })))
    return failure();
  return results;
}

/// Reads the `--arg` values: a .npy file where `signature` expects a
/// tensor, else an i32 integer.
FailureOr<SmallVector<RuntimeValue>>
SimDriver::readArguments(const dyn::sim::EntrySignature &signature) {
  const cl::list<std::string> &argValues = options.argValues;
  if (llvm::Error err = signature.checkArgumentCount(argValues.size()))
    return fail(llvm::toString(std::move(err)));
  if (llvm::Error err = signature.checkArgumentSizes(options.maxTensorBytes))
    return fail(llvm::toString(std::move(err)));
  SmallVector<RuntimeValue> given;
  for (auto [i, text] : llvm::enumerate(argValues)) {
    Type type = signature.getGivenType(argValues.size(), i);
    if (auto tensor = llvm::dyn_cast<RankedTensorType>(type)) {
      llvm::Expected<Tensor> t = dyn::sim::readNpy(
          text, tensor.getElementType(), options.maxTensorBytes);
      if (!t) {
        std::string type;
        llvm::raw_string_ostream(type) << tensor;
        return fail("argument " + Twine(i) + " (" + type +
                    "): " + llvm::toString(t.takeError()));
      }
      given.push_back(std::move(*t));
      continue;
    }
    int64_t v;
    if (llvm::StringRef(text).getAsInteger(10, v) ||
        !dyn::machine::fitsRegister(v))
      return fail("argument " + Twine(i) + " must be an i32 integer, got '" +
                  text + "'");
    given.push_back(v);
  }
  llvm::Expected<SmallVector<RuntimeValue>> args =
      dyn::sim::toBoundaryArguments(signature, given);
  if (!args)
    return fail(llvm::toString(args.takeError()));
  return std::move(*args);
}

/// Writes each result as resultN.npy in --out (a scalar as a 0-d i32 array).
LogicalResult SimDriver::writeResults(ArrayRef<RuntimeValue> results) {
  StringRef outDir = options.outDir;
  if (std::error_code ec = llvm::sys::fs::create_directories(outDir))
    return fail("cannot create " + outDir + ": " + ec.message());
  for (auto [i, value] : llvm::enumerate(results)) {
    SmallString<128> path(outDir);
    llvm::sys::path::append(path, "result" + std::to_string(i) + ".npy");
    Tensor t;
    if (auto *tensor = std::get_if<Tensor>(&value)) {
      t = *tensor;
    } else {
      int32_t v = std::get<int64_t>(value);
      t.elementType = IntegerType::get(&context, 32);
      t.bytes.resize(4);
      std::memcpy(t.bytes.data(), &v, 4);
    }
    if (llvm::Error err = dyn::sim::writeNpy(path, t))
      return fail(llvm::toString(std::move(err)));
    llvm::outs() << "result" << i << ": " << path << "\n";
  }
  return success();
}

/// A binary: deserialize and simulate.
LogicalResult SimDriver::runBinary(StringRef data) {
  const std::string &inputFile = options.inputFile;
  if (options.reference || options.compare)
    return fail("--reference and --compare need the tensor-level .mlir");
  OwningOpRef<ModuleOp> module =
      dyn::addr4::deserialize(data, &context, inputFile);
  if (!module)
    return failure();
  func::FuncOp func = module->lookupSymbol<func::FuncOp>(options.entry);
  if (!func) {
    std::string names;
    for (auto f : module->getOps<func::FuncOp>())
      names += (names.empty() ? "@" : ", @") + f.getSymName().str();
    return fail("no function @" + options.entry + " in " + inputFile +
                "; its entry functions are " + names);
  }
  FailureOr<SmallVector<RuntimeValue>> args =
      readArguments(dyn::sim::EntrySignature::getBinary(func));
  if (failed(args))
    return failure();
  FailureOr<SmallVector<RuntimeValue>> results = simulateBinary(func, *args);
  if (failed(results))
    return failure();
  return writeResults(*results);
}

/// --compare: the binary against the reference on random inputs.
LogicalResult SimDriver::compare(func::FuncOp func, ModuleOp module) {
  if (!options.argValues.empty())
    return fail("--compare draws random arguments; it takes no --arg");
  OwningOpRef<ModuleOp> binary = dyn::sim::compileToBinary(
      module, options.entry, options.pipelineOptions, fresh);
  if (!binary)
    return failure();
  unsigned trials = options.trials;
  llvm::Expected<dyn::sim::ComparisonResult> result =
      dyn::sim::compareWithReference(func, *binary, trials, options.seed,
                                     options.getLimits(),
                                     options.testCorruptResult);
  if (!result)
    return fail(llvm::toString(result.takeError()));
  auto count = [](unsigned n) {
    return std::to_string(n) + (n == 1 ? " trial" : " trials");
  };
  bool allSkipped = result->getSkipped() == result->trials;
  llvm::outs() << count(trials) << " from seed " << options.seed << ": "
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
  return success();
}

/// A tensor-level .mlir: simulate its binary, interpret it, or compare.
LogicalResult
SimDriver::runTensorLevel(std::unique_ptr<llvm::MemoryBuffer> buffer) {
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return failure();
  // StableHLO in generic form is imported first, so that the reference
  // interprets what the binary is compiled from.
  if (failed(dyn::sim::importFrontEnds(*module)))
    return failure();
  func::FuncOp func = module->lookupSymbol<func::FuncOp>(options.entry);
  if (!func || func.isExternal())
    return fail("no function @" + options.entry + " with a body in " +
                options.inputFile);
  if ((options.reference || options.compare) && options.costsTheRun())
    return fail("--profile, --trace and --latency-table cost the binary; "
                "they do not go with --reference or --compare");
  if (options.reference && !options.pipelineOptions.empty())
    return fail("--pipeline-options compile the binary; --reference "
                "interprets the source and compiles nothing");
  if (options.compare)
    return compare(func, *module);

  FailureOr<SmallVector<RuntimeValue>> args =
      readArguments(dyn::sim::EntrySignature::getTensorLevel(func));
  if (failed(args))
    return failure();
  FailureOr<SmallVector<RuntimeValue>> results;
  if (options.reference) {
    results = dyn::sim::interpretReference(func, *args, options.getLimits());
  } else {
    OwningOpRef<ModuleOp> binary = dyn::sim::compileToBinary(
        *module, options.entry, options.pipelineOptions, fresh);
    if (!binary)
      return failure();
    results = simulateBinary(dyn::sim::getEntryFunction(*binary), *args);
  }
  if (failed(results))
    return failure();
  return writeResults(*results);
}

LogicalResult SimDriver::run() {
  const std::string &inputFile = options.inputFile;
  auto buffer = llvm::MemoryBuffer::getFile(inputFile);
  if (!buffer)
    return fail("cannot read " + inputFile);
  StringRef data = (*buffer)->getBuffer();
  if (data.starts_with(StringRef(dyn::addr4::kMagic, 4)) ||
      StringRef(inputFile).ends_with(".addr4"))
    return runBinary(data);
  return runTensorLevel(std::move(*buffer));
}

LogicalResult dyn::simMain(int argc, char **argv, StringRef toolName,
                           DialectRegistry &registry) {
  llvm::InitLLVM init(argc, argv);
  static SimOptions options;
  cl::HideUnrelatedOptions({&options.runCategory, &options.valuesCategory,
                            &options.compareCategory, &options.limitsCategory,
                            &options.costCategory});
  cl::ParseCommandLineOptions(argc, argv, toolName);
  SimDriver driver(options, registry);
  return driver.run();
}
