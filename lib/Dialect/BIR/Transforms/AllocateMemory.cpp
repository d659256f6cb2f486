//===- AllocateMemory.cpp - bir-allocate-memory ---------------------------===//
//
// Static SBUF/PSUM placement (report §4: every location is sized for the
// bound, so placement is static). Each location's live range runs in program
// order from its allocation to its last use, extended over a loop it is used
// in; locations placed first-fit in order of first use, the DGE scratch at
// the front, live ranges that overlap never share bytes.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "LiveRanges.h"

#include "mlir/IR/Builders.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRALLOCATEMEMORY
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn::bir;

namespace {
struct Placement {
  AllocOp alloc;
  int64_t start, end, bytes, address = -1;
};

} // namespace

static LogicalResult place(MutableArrayRef<Placement> locations,
                           int64_t capacity, StringRef space) {
  llvm::sort(locations, [](Placement a, Placement b) {
    bool aScratch = a.alloc.getDynamicDMAScratchLoc();
    bool bScratch = b.alloc.getDynamicDMAScratchLoc();
    if (aScratch != bScratch)
      return aScratch;
    return a.start < b.start;
  });
  for (size_t i = 0; i < locations.size(); ++i) {
    Placement &loc = locations[i];
    // Byte ranges of placed locations whose lives overlap this one.
    SmallVector<std::pair<int64_t, int64_t>> busy;
    for (size_t j = 0; j < i; ++j)
      if (locations[j].start <= loc.end && loc.start <= locations[j].end)
        busy.emplace_back(locations[j].address,
                          locations[j].address + locations[j].bytes);
    llvm::sort(busy);
    int64_t address = 0;
    for (auto [lo, hi] : busy) {
      if (address + loc.bytes <= lo)
        break;
      address = std::max(address, hi);
    }
    if (address + loc.bytes > capacity) {
      // At the location, not its op: from the front end it is a tile the
      // user never wrote, located at the op that stages it.
      InFlightDiagnostic diag =
          emitError(loc.alloc.getLoc())
          << space << " overflows: the locations live here need "
          << address + loc.bytes << " bytes per partition, capacity "
          << capacity << "; live locations:";
      for (size_t j = 0; j < i; ++j)
        if (locations[j].start <= loc.end && loc.start <= locations[j].end)
          diag.attachNote(locations[j].alloc.getLoc())
              << locations[j].bytes << " bytes at " << locations[j].address;
      return failure();
    }
    loc.address = address;
  }
  return success();
}

/// The SBUF and PSUM allocations of `func` with their live ranges and sizes
/// (DRAM tensors are not placed).
static void collectPlacements(func::FuncOp func, SmallVector<Placement> &sbuf,
                              SmallVector<Placement> &psum) {
  ProgramOrder order(func);
  func.walk([&](AllocOp alloc) {
    std::optional<MemorySpace> space = getMemorySpace(alloc.getType());
    if (space == MemorySpace::dram)
      return;
    auto [start, end] = order.liveRange(alloc.getResult());
    if (alloc.getDynamicDMAScratchLoc()) // used by the DGE throughout
      std::tie(start, end) = std::make_pair(int64_t(0), order.end(func));
    Placement loc{alloc, start, end,
                  static_cast<int64_t>(
                      llvm::alignTo(getBytesPerPartition(alloc.getType()),
                                    AddressMap::kLocationAlignment))};
    (space == MemorySpace::sbuf ? sbuf : psum).push_back(loc);
  });
}

namespace {
struct BIRAllocateMemoryPass
    : dyn::bir::impl::BIRAllocateMemoryBase<BIRAllocateMemoryPass> {
  void runOnOperation() override {
    SmallVector<Placement> sbuf, psum;
    collectPlacements(getOperation(), sbuf, psum);
    if (failed(
            place(sbuf, AddressMap::getCapacity(MemorySpace::sbuf), "SBUF")) ||
        failed(place(psum, AddressMap::getCapacity(MemorySpace::psum), "PSUM")))
      return signalPassFailure();
    Builder builder(&getContext());
    for (SmallVector<Placement> *locations : {&sbuf, &psum})
      for (Placement &loc : *locations)
        loc.alloc.setAddressAttr(builder.getI64IntegerAttr(loc.address));
  }
};
} // namespace
