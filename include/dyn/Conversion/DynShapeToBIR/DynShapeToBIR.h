//===- DynShapeToBIR.h - buffer-level IR to bir -----------------*- C++ -*-===//
//
// The pieces of convert-dynshape-to-bir, so that another compiler can run
// the lowering inside its own dialect conversion: the type converter, the
// legality check with its diagnostics, the conversion target and the
// patterns.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H
#define DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "llvm/ADT/DenseMap.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace dyn {

/// The types of bir: `i32` and `index` values become `!bir.reg` on
/// `engine`, a runtime `i32` function argument materializing as
/// `bir.read_var`; a memref gets its memory space: DRAM for function
/// arguments and for allocations the function returns, SBUF for the other
/// allocations, and a view the space of its source.
class BIRTypeConverter : public mlir::TypeConverter {
public:
  explicit BIRTypeConverter(bir::Engine engine);
  bir::Engine getEngine() const { return engine; }

  /// Decides, before the conversion, which padding masks under `root` fold
  /// into the one compute op that reads their buffer (docs/Compute.md): the
  /// op masks the mask's input on chip, and the buffer is never allocated.
  /// Without this call no mask folds.
  void foldMasks(mlir::Operation *root);

  /// The folded mask that writes `buffer`, or null.
  mlir::Operation *getFoldedMask(mlir::Value buffer) const;

private:
  bir::Engine engine;
  llvm::DenseMap<mlir::Operation *, mlir::Operation *> foldedMasks;
};

/// Emits one located diagnostic, naming the op and what is supported, for
/// the first op under `root` that convert-dynshape-to-bir cannot lower, and
/// fails; succeeds when everything can be lowered. `engine` runs the
/// registers, the DMAs and the bir loops (the pass's engine option).
mlir::LogicalResult checkLowerable(mlir::Operation *root, bir::Engine engine);

/// bir (and func with bir types) is legal; the buffer-level ops the patterns
/// lower are illegal.
void configureDynShapeToBIRTarget(mlir::ConversionTarget &target,
                                  const BIRTypeConverter &converter);

/// The max_trip of every runtime-trip loop, by loop. Computed on the input
/// before a conversion starts: the analyses walk the IR, which the
/// conversion rewrites as it goes (an inner loop's bound may depend on an
/// outer loop already converted).
using MaxTripCounts = llvm::DenseMap<mlir::Operation *, int64_t>;

/// getMaxTripCount of each scf.for under `root` whose bound is provable.
MaxTripCounts computeMaxTripCounts(mlir::Operation *root);

/// All patterns of the lowering: function signatures, register arithmetic
/// and loops (report Stage 1b), locations, copies, gathers, scatters,
/// transposes and padding masks as DMAs (Stage 1). `maxTrips` (from
/// computeMaxTripCounts on the same input) must outlive the patterns.
void populateDynShapeToBIRConversionPatterns(
    const BIRTypeConverter &converter, const MaxTripCounts &maxTrips,
    mlir::RewritePatternSet &patterns);

/// Replaces each clamp `maxsi(x, c)` / `minsi(x, c)` that the integer ranges
/// of x show cannot change it (e.g. a loop index clamped to the loop's
/// range) by x. Run before the conversion, while loops are intact.
void dropRedundantClamps(mlir::Operation *root);

/// Moves the pure register code of each scf.if's branches (scalar
/// arithmetic, compares, selects) in front of the if, so that the scalars
/// it yields (the sizes of bounded tensors the branches update) are
/// defined outside it and upstream's scf.if canonicalization turns them
/// into arith.select. Register code has no faults (x / 0 is 0), so running
/// both branches' code is safe. Run before the conversion.
void hoistConditionalScalars(mlir::Operation *root);

/// The max_trip of a runtime-trip loop: the largest trip count its upper
/// bound allows, from the integer ranges of its operands (minsi, maxsi,
/// index_cast, loop ranges) or else ValueBoundsOpInterface (affine.min);
/// none without a provable bound.
std::optional<int64_t> getMaxTripCount(mlir::scf::ForOp loop);

} // namespace dyn

#endif // DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H
