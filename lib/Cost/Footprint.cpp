//===- Footprint.cpp - the physical bytes an access touches ---------------===//

#include "dyn/Cost/Footprint.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::cost;

/// Distinct keys for the on-chip spaces.
static const char kSpaceKeys[8] = {};

Footprint dyn::cost::getFootprint(const Access &access) {
  auto type = llvm::cast<MemRefType>(access.location.getType());
  int64_t total = type.getNumElements() * *bir::getElementBytes(type);
  int64_t lo = std::max<int64_t>(access.lo, 0);
  int64_t hi = std::min<int64_t>(access.hi, total);
  std::optional<bir::OnChipLocation> onChip =
      bir::OnChipLocation::get(access.location);
  if (!onChip)
    return {access.location.getAsOpaquePointer(), 0, 0, lo, hi};
  Footprint box;
  box.memory = &kSpaceKeys[static_cast<unsigned>(onChip->getSpace()) % 8];
  int64_t row = onChip->getRowBytes(), base = onChip->getBase();
  if (hi <= lo)
    return {box.memory, 0, 0, base, base};
  box.partitionLo = lo / row;
  box.partitionHi = (hi - 1) / row;
  if (box.partitionLo == box.partitionHi) {
    box.lo = base + lo % row;
    box.hi = base + (hi - 1) % row + 1;
  } else {
    box.lo = base;
    box.hi = base + row;
  }
  return box;
}

Footprint dyn::cost::getElementFootprint(Value location, int64_t first,
                                         int64_t last) {
  auto type = llvm::cast<MemRefType>(location.getType());
  int64_t eb = *bir::getElementBytes(type);
  return getFootprint({location, first * eb, (last + 1) * eb});
}
