//===- AddressMap.cpp - the on-chip address map ---------------------------===//

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace dyn::bir;

namespace {
/// One on-chip space of the address map.
struct SpaceGeometry {
  int64_t capacity, partitionStride, base;
};
} // namespace

static SpaceGeometry getGeometry(MemorySpace space) {
  switch (space) {
  case MemorySpace::sbuf:
    return {192 * 1024, 0x40000, 0};
  case MemorySpace::psum:
    return {16 * 1024, 0x8000, 0x2000000};
  case MemorySpace::dram:
    break;
  }
  llvm_unreachable("DRAM is not in the on-chip address map");
}

int64_t AddressMap::getCapacity(MemorySpace space) {
  return getGeometry(space).capacity;
}

int64_t AddressMap::getPartitionStride(MemorySpace space) {
  return getGeometry(space).partitionStride;
}

int64_t AddressMap::getSpaceBase(MemorySpace space) {
  return getGeometry(space).base;
}

std::optional<OnChipLocation> OnChipLocation::get(Value location) {
  auto alloc = location.getDefiningOp<AllocOp>();
  if (!alloc || !alloc.getAddress())
    return std::nullopt;
  MemRefType type = alloc.getType();
  std::optional<MemorySpace> space = getMemorySpace(type);
  std::optional<int64_t> elementBytes = getElementBytes(type);
  if (!space || !AddressMap::isOnChip(*space) || !elementBytes ||
      type.getRank() < 1 || type.getDimSize(0) < 1)
    return std::nullopt;
  int64_t rowBytes =
      *elementBytes * (type.getNumElements() / type.getDimSize(0));
  return OnChipLocation(*space, static_cast<int64_t>(*alloc.getAddress()),
                        rowBytes);
}

std::optional<int64_t> OnChipLocation::getByte(int64_t mapAddress) const {
  int64_t rel = mapAddress - getBase();
  if (rel < 0)
    return std::nullopt;
  int64_t partition = rel / getPartitionStride();
  int64_t byte = rel % getPartitionStride();
  if (partition >= AddressMap::kNumPartitions || byte >= rowBytes)
    return std::nullopt;
  return partition * rowBytes + byte;
}
