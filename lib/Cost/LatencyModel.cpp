//===- LatencyModel.cpp - the latency table and its JSON override ---------===//

#include "dyn/Cost/LatencyModel.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace dyn;
using namespace dyn::cost;

namespace {
/// A scalar entry of the table: its JSON key, its field, and whether 0 is
/// allowed (a cycle count) or not (a clock, rate or bandwidth).
struct ScalarKey {
  llvm::StringLiteral key;
  int64_t LatencyModel::*field;
  bool zeroAllowed;
};
/// A per-engine entry: its JSON key, its field, and whether 0 is allowed.
struct EngineKey {
  llvm::StringLiteral key;
  std::array<int64_t, machine::kNumEngineSlots> LatencyModel::*field;
  bool zeroAllowed;
};
} // namespace

static const ScalarKey kScalarKeys[] = {
    {"clock_mhz", &LatencyModel::clockMHz, false},
    {"alu_cycles", &LatencyModel::aluCycles, true},
    {"mov_imm_cycles", &LatencyModel::movImmCycles, true},
    {"read_var_cycles", &LatencyModel::readVarCycles, true},
    {"read_elem_cycles", &LatencyModel::readElemCycles, true},
    {"loop_trip_cycles", &LatencyModel::loopTripCycles, true},
    {"trigger_cycles", &LatencyModel::triggerCycles, true},
    {"swdge_descriptor_cycles", &LatencyModel::swdgeDescriptorCycles, true},
    {"dma_fixed_cycles", &LatencyModel::dmaFixedCycles, true},
    {"dma_descriptor_cycles", &LatencyModel::dmaDescriptorCycles, true},
    {"dma_queue_mb_per_s", &LatencyModel::dmaQueueMBPerSecond, false},
    {"dma_run_overhead_bytes", &LatencyModel::dmaRunOverheadBytes, true},
    {"hbm_mb_per_s", &LatencyModel::hbmMBPerSecond, false},
    {"matmul_fp32_passes", &LatencyModel::matmulFp32Passes, false},
    {"vector_two_input_passes", &LatencyModel::vectorTwoInputPasses, false},
};

static const EngineKey kEngineKeys[] = {
    {"engine_clock_mhz", &LatencyModel::engineClockMHz, false},
    {"compute_fixed_cycles", &LatencyModel::computeFixedCycles, true},
    {"compute_min_cycles", &LatencyModel::computeMinCycles, true},
    {"compute_elements_per_cycle", &LatencyModel::computeElementsPerCycle,
     false},
};

int64_t LatencyModel::toModelCycles(bir::Engine engine, int64_t cycles) const {
  int64_t engineClock = engineClockMHz[static_cast<unsigned>(engine)];
  return static_cast<int64_t>(std::min<uint64_t>(
      llvm::divideCeil(llvm::SaturatingMultiply<uint64_t>(cycles, clockMHz),
                       engineClock),
      INT64_MAX));
}

int64_t LatencyModel::transferCycles(int64_t bytes, int64_t mbPerSecond) const {
  // bytes / (MB/s) is microseconds; times MHz, cycles.
  return static_cast<int64_t>(std::min<uint64_t>(
      llvm::divideCeil(llvm::SaturatingMultiply<uint64_t>(bytes, clockMHz),
                       mbPerSecond),
      INT64_MAX));
}

static llvm::Error fail(llvm::StringRef path, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": " + message);
}

/// A positive (or, with `zeroAllowed`, non-negative) integer, or an error
/// naming `key`.
static llvm::Expected<int64_t> count(llvm::StringRef path,
                                     const llvm::Twine &key,
                                     const llvm::json::Value &value,
                                     bool zeroAllowed) {
  std::optional<int64_t> n = value.getAsInteger();
  if (!n || *n < 0 || (*n == 0 && !zeroAllowed))
    return fail(path, "latency entry '" + key + "' must be a " +
                          (zeroAllowed ? "non-negative" : "positive") +
                          " integer");
  return *n;
}

llvm::Expected<LatencyModel> LatencyModel::load(llvm::StringRef path) {
  LatencyModel model;
  if (path.empty())
    return model;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path);
  if (!file)
    return fail(path, "cannot read the latency table: " +
                          file.getError().message());
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*file)->getBuffer());
  if (!json)
    return fail(path, "not JSON: " + llvm::toString(json.takeError()));
  const llvm::json::Object *object = json->getAsObject();
  if (!object)
    return fail(path, "the latency table must be a JSON object");
  for (const auto &[key, value] : *object) {
    if (const ScalarKey *entry = llvm::find_if(
            kScalarKeys, [&](const ScalarKey &k) { return k.key == key.str(); });
        entry != std::end(kScalarKeys)) {
      llvm::Expected<int64_t> n =
          count(path, key.str(), value, entry->zeroAllowed);
      if (!n)
        return n.takeError();
      model.*(entry->field) = *n;
      continue;
    }
    const EngineKey *entry = llvm::find_if(
        kEngineKeys, [&](const EngineKey &k) { return k.key == key.str(); });
    if (entry == std::end(kEngineKeys))
      return fail(path, "unknown latency entry '" + key.str() + "'");
    const llvm::json::Object *engines = value.getAsObject();
    if (!engines)
      return fail(path, "'" + key.str() + "' must map engine names to values");
    for (const auto &[name, cycles] : *engines) {
      std::optional<bir::Engine> engine = bir::symbolizeEngine(name.str());
      if (!engine)
        return fail(path, "'" + key.str() + "' names unknown engine '" +
                              name.str() + "'");
      llvm::Expected<int64_t> n = count(path, key.str() + "." + name.str(),
                                        cycles, entry->zeroAllowed);
      if (!n)
        return n.takeError();
      (model.*(entry->field))[static_cast<unsigned>(*engine)] = *n;
    }
  }
  return model;
}
