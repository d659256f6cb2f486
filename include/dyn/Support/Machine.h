//===- Machine.h - the facts of the target core, once -----------*- C++ -*-===//
//
// The one home of the target core's fixed facts that more than one layer
// needs: the engine registers (their width and count), the engine slots
// that per-engine tables index, the partitions, and the float types the
// engines compute on. It sits below the dialects: the dynshape dialect's
// checks, the bir dialect and its address map, the lowering, the cost model,
// the simulator and the tools all ask it, and none spells a fact again.
// docs/ExecutionModel.md gives each fact and says which are
// project-defined.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SUPPORT_MACHINE_H
#define DYN_SUPPORT_MACHINE_H

#include "mlir/IR/Types.h"

#include <cstdint>
#include <limits>

namespace dyn::machine {

/// Bits of an engine register: a register holds a signed 32-bit value
/// (offsets, sizes, trip counts, addresses).
inline constexpr unsigned kRegisterBits = 32;
inline constexpr int64_t kRegisterMin = std::numeric_limits<int32_t>::min();
inline constexpr int64_t kRegisterMax = std::numeric_limits<int32_t>::max();

/// True when `value` fits one engine register.
constexpr bool fitsRegister(int64_t value) {
  return value >= kRegisterMin && value <= kRegisterMax;
}

/// Physical registers per engine: ids 0 to kRegistersPerEngine - 1.
inline constexpr int64_t kRegistersPerEngine = 64;

/// Slots of a per-engine table: indexed by an engine's code (bir::Engine,
/// pe 1 to sp 6; the container's engine field holds codes below 8).
inline constexpr unsigned kNumEngineSlots = 8;

/// Semaphores per core, shared by the engines' streams: ids 0 to
/// kSemaphoresPerCore - 1 (project-defined; no NeuronCore-v2 document
/// publishes the count).
inline constexpr int64_t kSemaphoresPerCore = 32;

/// Partitions of SBUF and PSUM.
inline constexpr int64_t kNumPartitions = 128;

/// True for the float element types the engines compute on: f32, bf16 and
/// f16.
inline bool isEngineFloat(mlir::Type type) {
  return type.isF32() || type.isBF16() || type.isF16();
}

} // namespace dyn::machine

#endif // DYN_SUPPORT_MACHINE_H
