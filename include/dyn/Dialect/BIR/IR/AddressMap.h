//===- AddressMap.h - the on-chip address map -------------------*- C++ -*-===//
//
// The one home of the machine's memory geometry (project-defined,
// docs/ExecutionModel.md, "Address map"): partitions, per-partition
// capacities, the SBUF and PSUM address windows, and registers per engine.
// The bir verifiers, bir-allocate-memory, bir-lower-symbolic-ap, the DGE
// lowering, addr4-encode, the container reader and the simulator all ask
// this API; none of them re-derives an address.
//
//   SBUF byte b of partition p:  p * 0x40000 + b
//   PSUM byte b of partition p:  0x2000000 + p * 0x8000 + b
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_BIR_IR_ADDRESSMAP_H
#define DYN_DIALECT_BIR_IR_ADDRESSMAP_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include <cstdint>
#include <optional>

namespace dyn::bir {

class AddressMap {
public:
  /// Partitions of SBUF and PSUM (dimension 0 of an on-chip location).
  static constexpr int64_t kNumPartitions = machine::kNumPartitions;
  /// Physical registers per engine.
  static constexpr int64_t kNumRegisters = machine::kRegistersPerEngine;
  /// Alignment of every on-chip location within its partitions, in bytes
  /// (project-defined).
  static constexpr int64_t kLocationAlignment = 64;

  /// True for SBUF and PSUM.
  static bool isOnChip(MemorySpace space) { return space != MemorySpace::dram; }
  /// Bytes a location may use in each partition of `space` (on chip).
  static int64_t getCapacity(MemorySpace space);
  /// Address distance between consecutive partitions of `space` (on chip).
  static int64_t getPartitionStride(MemorySpace space);
  /// Address of byte 0 of partition 0 of `space` (on chip).
  static int64_t getSpaceBase(MemorySpace space);
  /// Bytes of the address window of `space`: all partitions' strides.
  static int64_t getSpaceBytes(MemorySpace space) {
    return kNumPartitions * getPartitionStride(space);
  }
};

/// An on-chip location placed in the address map: `rowBytes` bytes in each
/// of its partitions, starting at byte `address` of every partition. Its
/// bytes are numbered as a dense row-major array whose rows are partitions.
class OnChipLocation {
public:
  OnChipLocation(MemorySpace space, int64_t address, int64_t rowBytes)
      : space(space), address(address), rowBytes(rowBytes) {}

  /// The placement of a `bir.alloc` in SBUF or PSUM with an address; none
  /// for DRAM, an unplaced location, or a value that is not a `bir.alloc`.
  static std::optional<OnChipLocation> get(mlir::Value location);

  MemorySpace getSpace() const { return space; }
  int64_t getRowBytes() const { return rowBytes; }
  int64_t getPartitionStride() const {
    return AddressMap::getPartitionStride(space);
  }
  /// The map address of the location's first byte (partition 0).
  int64_t getBase() const { return AddressMap::getSpaceBase(space) + address; }
  /// The map distance from the location's first byte to its byte `byte`
  /// (row-major numbering): whole partitions, then bytes within one.
  int64_t getDisplacement(int64_t byte) const {
    return (byte / rowBytes) * getPartitionStride() + byte % rowBytes;
  }
  /// The map address of the location's byte `byte`.
  int64_t getAddress(int64_t byte) const {
    return getBase() + getDisplacement(byte);
  }
  /// The inverse of getAddress: which byte of the location `mapAddress`
  /// names, if it lies inside the location.
  std::optional<int64_t> getByte(int64_t mapAddress) const;
  /// Offset of the location's byte `byte` from the start of its space's
  /// address window (where a simulator keeps it).
  int64_t getSpaceOffset(int64_t byte) const {
    return address + getDisplacement(byte);
  }

private:
  MemorySpace space;
  int64_t address, rowBytes;
};

} // namespace dyn::bir

#endif // DYN_DIALECT_BIR_IR_ADDRESSMAP_H
