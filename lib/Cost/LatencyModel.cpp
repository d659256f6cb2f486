//===- LatencyModel.cpp - the latency table and its JSON override ---------===//

#include "dyn/Cost/LatencyModel.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace dyn;
using namespace dyn::cost;

namespace {
/// A scalar entry of the table: its JSON key and its field.
struct ScalarKey {
  llvm::StringLiteral key;
  int64_t LatencyModel::*field;
};
} // namespace

static const ScalarKey kScalarKeys[] = {
    {"alu_cycles", &LatencyModel::aluCycles},
    {"mov_imm_cycles", &LatencyModel::movImmCycles},
    {"read_var_cycles", &LatencyModel::readVarCycles},
    {"read_elem_cycles", &LatencyModel::readElemCycles},
    {"loop_trip_cycles", &LatencyModel::loopTripCycles},
    {"trigger_cycles", &LatencyModel::triggerCycles},
    {"swdge_descriptor_cycles", &LatencyModel::swdgeDescriptorCycles},
    {"dma_fixed_cycles", &LatencyModel::dmaFixedCycles},
    {"dma_descriptor_cycles", &LatencyModel::dmaDescriptorCycles},
    {"dma_bytes_per_cycle", &LatencyModel::dmaBytesPerCycle},
};

static llvm::Error fail(llvm::StringRef path, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": " + message);
}

/// A positive integer, or an error naming `key`.
static llvm::Expected<int64_t> positive(llvm::StringRef path,
                                        const llvm::Twine &key,
                                        const llvm::json::Value &value) {
  std::optional<int64_t> n = value.getAsInteger();
  if (!n || *n <= 0)
    return fail(path, "latency entry '" + key + "' must be a positive integer");
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
      llvm::Expected<int64_t> n = positive(path, key.str(), value);
      if (!n)
        return n.takeError();
      model.*(entry->field) = *n;
      continue;
    }
    std::array<int64_t, 8> *perEngine =
        key.str() == "compute_fixed_cycles"    ? &model.computeFixedCycles
        : key.str() == "compute_elements_per_cycle"
            ? &model.computeElementsPerCycle
                                               : nullptr;
    if (!perEngine)
      return fail(path, "unknown latency entry '" + key.str() + "'");
    const llvm::json::Object *engines = value.getAsObject();
    if (!engines)
      return fail(path, "'" + key.str() + "' must map engine names to cycles");
    for (const auto &[name, cycles] : *engines) {
      std::optional<bir::Engine> engine = bir::symbolizeEngine(name.str());
      if (!engine)
        return fail(path, "'" + key.str() + "' names unknown engine '" +
                              name.str() + "'");
      llvm::Expected<int64_t> n =
          positive(path, key.str() + "." + name.str(), cycles);
      if (!n)
        return n.takeError();
      (*perEngine)[static_cast<unsigned>(*engine)] = *n;
    }
  }
  return model;
}
