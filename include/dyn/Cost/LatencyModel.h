//===- LatencyModel.h - the cycles of each instruction class ----*- C++ -*-===//
//
// The one latency table of the cost model (docs/CostModel.md): what each
// engine and DMA queue spends on each instruction class, calibrated to the
// published NeuronCore-v2 figures where they exist (each entry says where
// it comes from; the rest are project-defined). A user replaces any of
// them with a JSON file (`latency-table=PATH`, `dyn-sim --latency-table
// PATH`).
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
  /// The model's clock: a cycle of the cost model is one of this clock,
  /// 1.4 GHz, the clock of the Scalar and GpSimd engines and of the
  /// SBUF/PSUM interface (NKI Trainium/Inferentia2 architecture guide).
  int64_t clockMHz = 1400;

  // Register code, on the instruction's engine (project-defined).
  int64_t aluCycles = 4;      ///< bir.alu, bir.alu_imm
  int64_t movImmCycles = 2;   ///< bir.mov_imm
  int64_t readVarCycles = 32; ///< bir.read_var: a runtime scalar from memory
  int64_t readElemCycles = 64; ///< bir.read_elem: an i32 from DRAM
  int64_t loopTripCycles = 8; ///< per trip of bir.for / bir.dynamic_for

  // A DMA: its trigger on the triggering engine, then its transfer on a
  // DMA queue.
  int64_t triggerCycles = 16;         ///< dge.trigger, on its engine (project)
  int64_t swdgeDescriptorCycles = 32; ///< software DGE, per descriptor (project)
  /// Per transfer, on the queue: 1,416 ns for 32 KiB on one DMA engine
  /// (NKI DMA overview) less 32 KiB at the engine's bandwidth, about 211 ns.
  int64_t dmaFixedCycles = 296;
  int64_t dmaDescriptorCycles = 16; ///< per descriptor, on the queue (project)
  /// One DMA engine's bandwidth, 27.2 GB/s (NKI DMA overview).
  int64_t dmaQueueMBPerSecond = 27200;
  /// Each contiguous run a transfer walks costs this many bytes more, so
  /// that a run of r bytes moves at r / (r + 512) of the bandwidth: a third
  /// at 256 bytes, 80% at 2 KiB, 89% at 4 KiB (project-defined, shaped by
  /// the NKI DMA bandwidth guide: under 256 bytes per partition is
  /// overhead-bound, 2 KiB is recommended, 4 KiB and more saturates).
  int64_t dmaRunOverheadBytes = 512;
  /// The high-bandwidth memory's share of one core: 820 GB/s per device
  /// and two cores per device (NKI architecture guide), 410 GB/s.
  int64_t hbmMBPerSecond = 410000;

  // Compute, in the engine's own cycles: max(min, fixed + ceil(elements
  // per partition * passes / rate)), the 128 partitions in parallel.
  // Indexed by the engine's value (pe 1, act 2, pool 3, dve 4, sp 6).
  /// Each engine's clock: PE 2.8 GHz, Activation 1.4, Pool (GpSimd) 1.4,
  /// Vector 1.12 (NKI architecture guide); SP's is project-defined.
  std::array<int64_t, machine::kNumEngineSlots> engineClockMHz = {
      1400, 2800, 1400, 1400, 1120, 1400, 1400, 1400};
  /// Cycles every instruction adds: GpSimd's start, about 150 (NKI ISA
  /// reference, iota and affine_select).
  std::array<int64_t, machine::kNumEngineSlots> computeFixedCycles = {
      0, 0, 0, 150, 0, 0, 0, 0};
  /// The fewest cycles an instruction takes: MIN_II, about 64, on the
  /// Activation and Vector engines; MM_INIT_LATENCY, 64, on PE (NKI ISA
  /// reference).
  std::array<int64_t, machine::kNumEngineSlots> computeMinCycles = {
      0, 64, 64, 0, 64, 0, 0, 0};
  /// Elements per partition per cycle: each engine reads 128 elements a
  /// cycle across the 128 partitions (NKI architecture guide).
  std::array<int64_t, machine::kNumEngineSlots> computeElementsPerCycle = {
      1, 1, 1, 1, 1, 1, 1, 1};
  /// A matmul on fp32 operands takes four passes (NKI ISA reference,
  /// nc_matmul).
  int64_t matmulFp32Passes = 4;
  /// A Vector-engine instruction with two tensor inputs takes about 2N
  /// cycles for N elements (NKI architecture guide).
  int64_t vectorTwoInputPasses = 2;

  /// The compute figures of `engine`.
  int64_t computeFixed(bir::Engine engine) const {
    return computeFixedCycles[static_cast<unsigned>(engine)];
  }
  int64_t computeMin(bir::Engine engine) const {
    return computeMinCycles[static_cast<unsigned>(engine)];
  }
  int64_t computeRate(bir::Engine engine) const {
    return computeElementsPerCycle[static_cast<unsigned>(engine)];
  }
  /// `cycles` of `engine`'s clock in the model's cycles (rounded up).
  int64_t toModelCycles(bir::Engine engine, int64_t cycles) const;
  /// The model's cycles to move `bytes` at `mbPerSecond` (rounded up).
  int64_t transferCycles(int64_t bytes, int64_t mbPerSecond) const;
  /// Microseconds of `cycles` at the model's clock.
  double toMicroseconds(int64_t cycles) const {
    return static_cast<double>(cycles) / static_cast<double>(clockMHz);
  }

  /// The defaults with the entries of the JSON object in `path` replacing
  /// them (docs/CostModel.md lists the keys); the defaults alone for an
  /// empty path. An unknown key, a value out of range (clocks, rates and
  /// bandwidths are positive, cycle counts non-negative), or a file that
  /// does not parse is an error naming the file and the key.
  static llvm::Expected<LatencyModel> load(llvm::StringRef path);
};

} // namespace dyn::cost

#endif // DYN_COST_LATENCYMODEL_H
