//===- Harness.h - running a dyn program from its caller's side -*- C++ -*-===//
//
// What a caller of the simulator needs besides the simulator itself: the
// entry's calling convention (arguments given in the binary's padded form,
// or the original ones with each bounded tensor at its runtime extent),
// compiling a tensor-level module to a binary exactly as its bytes say,
// random inputs, and comparing the binary with the reference interpreter.
// dyn-sim's driver (dyn::simMain) is a command line over it; the C API and
// Python call it too.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SIM_HARNESS_HARNESS_H
#define DYN_SIM_HARNESS_HARNESS_H

#include "dyn/Sim/Machine/Simulator.h"
#include "dyn/Sim/Machine/Values.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <random>
#include <string>

namespace dyn::sim {

/// The calling convention of an entry function.
struct EntrySignature {
  /// The binary's arguments: tensors (as RankedTensorType) and i32 scalars.
  llvm::SmallVector<mlir::Type> boundaryTypes;
  /// The tensor-level arguments; equal to boundaryTypes for a binary.
  llvm::SmallVector<mlir::Type> originalTypes;
  /// For each result of the binary that is a bounded tensor: (dimension,
  /// result index of its size), so that only the valid region is compared.
  llvm::SmallVector<llvm::SmallVector<std::pair<unsigned, unsigned>>>
      resultSizes;
  /// For each argument of the binary that is the runtime size of a bounded
  /// dimension of a tensor-level argument: that dimension's bound.
  llvm::SmallVector<std::optional<int64_t>> sizeBounds;

  /// The convention of a tensor-level function.
  static EntrySignature getTensorLevel(mlir::func::FuncOp func);
  /// The convention of a deserialized binary's function.
  static EntrySignature getBinary(mlir::func::FuncOp func);

  /// True when `count` arguments are the original ones rather than the
  /// binary's (the two counts differ only for functions with bounded types).
  bool takesOriginal(size_t count) const {
    return count == originalTypes.size() &&
           originalTypes.size() != boundaryTypes.size();
  }
  /// Fails unless `count` arguments are either convention's.
  llvm::Error checkArgumentCount(size_t count) const;
  /// Fails when a tensor argument of the binary needs more than
  /// `maxTensorBytes` (checked before anything is allocated).
  llvm::Error checkArgumentSizes(int64_t maxTensorBytes) const;
  /// The type the `index`-th of `count` given arguments must have.
  mlir::Type getGivenType(size_t count, size_t index) const {
    return takesOriginal(count) ? originalTypes[index] : boundaryTypes[index];
  }
};

/// The binary's arguments from `given`, in either convention: original
/// bounded tensors are padded with zeros and their sizes appended.
llvm::Expected<llvm::SmallVector<RuntimeValue>>
toBoundaryArguments(const EntrySignature &signature,
                    llvm::ArrayRef<RuntimeValue> given);

/// Imports the front ends dyn reads besides dynshape (StableHLO in generic
/// form) into `module` in place, and decomposes linalg's aggregated ops
/// (linalg.softmax) as the pipeline does, so that the reference interpreter
/// and the compiler start from the same program. Errors are diagnostics.
mlir::LogicalResult importFrontEnds(mlir::ModuleOp module);

/// Lowers `module` with --lower-to-addr4 and `pipelineOptions`, keeping the
/// function `entry` only, serializes it and deserializes the bytes into
/// `fresh`: the result is exactly what the container says. Errors are
/// reported as diagnostics; returns null on failure.
mlir::OwningOpRef<mlir::ModuleOp>
compileToBinary(mlir::ModuleOp module, llvm::StringRef entry,
                llvm::StringRef pipelineOptions, mlir::MLIRContext &fresh);

/// Random arguments in the binary's convention: small f32 values, random
/// bytes for other element types, and runtime scalars ranging a little past
/// both ends of the largest extent (clamping is part of the test).
llvm::SmallVector<RuntimeValue> getRandomArguments(const EntrySignature &signature,
                                                   std::mt19937 &rng);

/// The first difference between `expected` and `actual`, comparing bounded
/// tensors only over their valid region (sizes from `expected`).
std::optional<std::string>
findDifference(const EntrySignature &signature,
               llvm::ArrayRef<RuntimeValue> expected,
               llvm::ArrayRef<RuntimeValue> actual);

/// What compareWithReference found when no trial failed.
struct ComparisonResult {
  unsigned trials = 0;
  /// How many trials each reason (the op's name and why) skipped: those
  /// whose result the source's semantics leave undefined.
  std::map<std::string, unsigned> skippedBecause;
  unsigned getSkipped() const {
    unsigned skipped = 0;
    for (const auto &entry : skippedBecause)
      skipped += entry.second;
    return skipped;
  }
  /// The binary's static cost estimate (dge-cost-report's), and how many
  /// trials ran every loop at its trip estimate (their measured cycles must
  /// equal it) or not (they must not exceed it).
  int64_t estimatedCycles = 0;
  bool estimateExact = false; ///< else not checked
  unsigned atEstimate = 0, belowEstimate = 0;
};
/// Runs `binary` and the reference interpreter of `func` on `trials` random
/// inputs, seeds `seed`, `seed + 1`, ...; fails with the first mismatch, or
/// when the reference or the binary cannot run a trial. A trial whose
/// result the source leaves undefined is skipped and counted. With
/// `corruptResult` (tests only), each simulated result is corrupted first.
llvm::Expected<ComparisonResult>
compareWithReference(mlir::func::FuncOp func, mlir::ModuleOp binary,
                     unsigned trials, unsigned seed,
                     const SimulationLimits &limits = {},
                     bool corruptResult = false);

/// For tests only: changes the first element of the first result, as a
/// simulator with a wrong instruction would, so that a test can show that a
/// comparison fails on a wrong binary (dyn-sim --compare's hidden
/// --test-corrupt-result, docs/Testing.md). The last byte of the element is
/// inverted: a float changes its sign and exponent, so even a NaN becomes a
/// number, and no comparison can take the two as equal.
void corruptOneResult(llvm::MutableArrayRef<RuntimeValue> results);

} // namespace dyn::sim

#endif // DYN_SIM_HARNESS_HARNESS_H
