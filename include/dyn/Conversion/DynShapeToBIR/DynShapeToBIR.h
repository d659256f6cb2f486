//===- DynShapeToBIR.h - buffer-level IR to bir -----------------*- C++ -*-===//
//
// The pieces of convert-dynshape-to-bir, so that another compiler can run
// the lowering inside its own dialect conversion: the state of one run, the
// type converter, the legality check with its diagnostics, the conversion target and the
// patterns.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H
#define DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "llvm/ADT/DenseMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

#include <map>

namespace dyn {

/// What one run of the lowering knows besides types. The analyses run on
/// the input when the state is made, before the conversion starts, since
/// the conversion rewrites the IR they walk (an inner loop's bound may
/// depend on an outer loop already converted): which padding masks fold
/// into their reader, and each runtime-trip loop's max_trip. The state
/// also keeps the registers the type converter materializes, so that each
/// is made once however often the conversion asks. One state serves one
/// conversion of the `root` it was made for.
class LoweringState {
public:
  /// Analyses `root`. `engine` runs the registers, the DMAs and the bir
  /// loops.
  LoweringState(mlir::Operation *root, bir::Engine engine);

  bir::Engine getEngine() const { return engine; }

  /// The padding mask that writes `buffer` and folds into the one compute
  /// op that reads it (docs/Compute.md): the op masks the mask's input on
  /// chip, and the buffer is never allocated. Null when none folds.
  mlir::Operation *getFoldedMask(mlir::Value buffer) const;

  /// The max_trip of `loop`, an scf.for of `root` with a runtime bound
  /// (getMaxTripCount); none without a provable bound.
  std::optional<int64_t> getMaxTrip(mlir::Operation *loop) const;

  /// The bir.mov_imm of integer `constant` (which fits a register), right
  /// after it so that it dominates every use; made at the first request.
  bir::MovImmOp getMove(mlir::OpBuilder &builder,
                        mlir::arith::ConstantOp constant, int32_t value);

  /// The bir.read_var of runtime i32 argument `arg` of a function, at the
  /// start of its body and in argument order; made at the first request.
  bir::ReadVarOp getRead(mlir::OpBuilder &builder, mlir::BlockArgument arg,
                         mlir::Location loc);

private:
  bir::Engine engine;
  llvm::DenseMap<mlir::Operation *, mlir::Operation *> foldedMasks;
  llvm::DenseMap<mlir::Operation *, int64_t> maxTrips;
  llvm::DenseMap<mlir::Operation *, bir::MovImmOp> moves;
  llvm::DenseMap<mlir::Block *, std::map<unsigned, bir::ReadVarOp>> reads;
};

/// The types of bir: `i32` and `index` values become `!bir.reg` on the
/// state's engine, a runtime `i32` function argument materializing as
/// `bir.read_var`; a memref gets its memory space: DRAM for function
/// arguments and for allocations the function returns, SBUF for the other
/// allocations, and a view the space of its source.
class BIRTypeConverter : public mlir::TypeConverter {
public:
  /// `state` must outlive the converter.
  explicit BIRTypeConverter(LoweringState &state);
  LoweringState &getState() const { return state; }
  bir::Engine getEngine() const { return state.getEngine(); }

private:
  LoweringState &state;
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

/// All patterns of the lowering: function signatures, register arithmetic
/// and loops (report Stage 1b), locations, copies, gathers, scatters,
/// transposes and padding masks as DMAs (Stage 1), and compute on the
/// engines. The converter and its state must outlive the patterns.
void populateDynShapeToBIRConversionPatterns(
    const BIRTypeConverter &converter, mlir::RewritePatternSet &patterns);

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

/// Gives each linalg.generic operand that a map indexes at a constant (a
/// `(h, d) -> (0, d)` row broadcast over heads) a rank-reducing subview at
/// that constant instead, and drops the constant from the map, so that
/// every map is a projected permutation of the view. A constant outside
/// its dim is left for the conversion to refuse. Run before the conversion.
void viewConstantIndices(mlir::Operation *root);

/// The max_trip of a runtime-trip loop: the largest trip count its upper
/// bound allows, from the integer ranges of its operands (minsi, maxsi,
/// index_cast, loop ranges) or else ValueBoundsOpInterface (affine.min);
/// none without a provable bound.
std::optional<int64_t> getMaxTripCount(mlir::scf::ForOp loop);

} // namespace dyn

#endif // DYN_CONVERSION_DYNSHAPETOBIR_DYNSHAPETOBIR_H
