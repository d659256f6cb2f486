//===- LatencyModel.h - the cycles of each instruction class ----*- C++ -*-===//
//
// The one latency table of the cost model (docs/CostModel.md): what each
// engine and DMA queue spends on each instruction class. The figures are
// project-defined; a user replaces any of them with a JSON file
// (`latency-table=PATH`, `dyn-sim --latency-table PATH`).
//
//===----------------------------------------------------------------------===//

#ifndef DYN_COST_LATENCYMODEL_H
#define DYN_COST_LATENCYMODEL_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>

namespace dyn::cost {

struct LatencyModel {
  // Register code, on the instruction's engine.
  int64_t aluCycles = 4;      ///< bir.alu, bir.alu_imm
  int64_t movImmCycles = 2;   ///< bir.mov_imm
  int64_t readVarCycles = 32; ///< bir.read_var: a runtime scalar from memory
  int64_t readElemCycles = 64; ///< bir.read_elem: an i32 from DRAM
  int64_t loopTripCycles = 8; ///< per trip of bir.for / bir.dynamic_for

  // A DMA: its trigger on the triggering engine, then its transfer on a
  // DMA queue.
  int64_t triggerCycles = 16;            ///< dge.trigger, on its engine
  int64_t swdgeDescriptorCycles = 32;    ///< software DGE, per descriptor
  int64_t dmaFixedCycles = 128;          ///< per transfer, on the queue
  int64_t dmaDescriptorCycles = 16;      ///< per descriptor, on the queue
  int64_t dmaBytesPerCycle = 64;         ///< queue bandwidth

  // Compute: fixed + ceil(free elements per partition / elements per
  // cycle), the 128 partitions in parallel; per engine.
  // Indexed by the engine's value (pe 1, act 2, pool 3, dve 4).
  std::array<int64_t, machine::kNumEngineSlots> computeFixedCycles = {
      0, 64, 32, 32, 32, 0, 0, 0};
  std::array<int64_t, machine::kNumEngineSlots> computeElementsPerCycle = {
      1, 1, 1, 1, 1, 1, 1, 1};

  /// The compute figures of `engine`.
  int64_t computeFixed(bir::Engine engine) const {
    return computeFixedCycles[static_cast<unsigned>(engine)];
  }
  int64_t computeRate(bir::Engine engine) const {
    return computeElementsPerCycle[static_cast<unsigned>(engine)];
  }

  /// The defaults with the entries of the JSON object in `path` replacing
  /// them (docs/CostModel.md lists the keys); the defaults alone for an
  /// empty path. An unknown key, a value that is not a positive integer, or
  /// a file that does not parse is an error naming the file and the key.
  static llvm::Expected<LatencyModel> load(llvm::StringRef path);
};

} // namespace dyn::cost

#endif // DYN_COST_LATENCYMODEL_H
