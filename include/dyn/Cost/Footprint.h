//===- Footprint.h - the physical bytes an access touches -------*- C++ -*-===//
//
// An Access names bytes of one location; locations on chip may share bytes
// (bir-allocate-memory reuses addresses), so whether two accesses conflict
// is a question about the memory, not about the location values. A
// Footprint answers it: a box of partitions and bytes within a partition in
// one on-chip space, or a byte range of one DRAM tensor. bir-insert-sync
// finds the dependencies between streams with it, and dyn-sim's race
// checker compares the accesses it runs with it.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_COST_FOOTPRINT_H
#define DYN_COST_FOOTPRINT_H

#include "dyn/Cost/Timeline.h"

namespace dyn::cost {

struct Footprint {
  /// The memory: an on-chip space (SBUF, PSUM), or a DRAM tensor.
  const void *memory = nullptr;
  /// Partitions [partitionLo, partitionHi] (DRAM: 0 and 0), and bytes
  /// [lo, hi) within each of them (DRAM: within the tensor).
  int64_t partitionLo = 0, partitionHi = 0, lo = 0, hi = 0;

  /// True when every byte of `other` is one of these.
  bool covers(const Footprint &other) const {
    return memory == other.memory && partitionLo <= other.partitionLo &&
           other.partitionHi <= partitionHi && lo <= other.lo &&
           other.hi <= hi;
  }
  bool overlaps(const Footprint &other) const {
    return memory == other.memory && partitionLo <= other.partitionHi &&
           other.partitionLo <= partitionHi && lo < other.hi && other.lo < hi;
  }
};

/// The box that holds every byte of `access`: exact for a DRAM range and
/// for bytes within one partition, the whole rows otherwise.
Footprint getFootprint(const Access &access);

/// The box of elements [first, last] (row-major numbering) of `location`.
Footprint getElementFootprint(mlir::Value location, int64_t first,
                              int64_t last);

} // namespace dyn::cost

#endif // DYN_COST_FOOTPRINT_H
