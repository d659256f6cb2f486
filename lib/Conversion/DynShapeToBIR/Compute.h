//===- Compute.h - how linalg ops run on the engines ------------*- C++ -*-===//
//
// Private to lib/Conversion/DynShapeToBIR. A ComputePlan says how one
// buffer-level linalg op runs on the engines (docs/Compute.md): which loop
// goes on the partitions, which along the free elements, which become
// separate instructions. planCompute checks the op once, for both the
// pattern (a match failure) and checkLowerable (the diagnostic).
// OnChipBuilder reaches each operand in that loop order: directly when it is
// an on-chip location laid out so, else through an SBUF tile a DMA fills
// (or empties, for an output).
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_CONVERSION_DYNSHAPETOBIR_COMPUTE_H
#define DYN_LIB_CONVERSION_DYNSHAPETOBIR_COMPUTE_H

#include "Patterns.h"

#include "dyn/Support/PowForm.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"

namespace dyn {

/// How a linalg op runs on the engines.
struct ComputePlan {
  enum class Kind {
    Fill,        // memset of a constant
    Elementwise, // parallel loops; a body of engine ops
    Reduce,      // one combiner over reduction loops: tensor_reduce
    Contraction, // a matmul: the PE array into PSUM
  };
  Kind kind = Kind::Elementwise;
  /// The static extent of every loop.
  llvm::SmallVector<int64_t> extents;
  /// The output's loop on partitions (-1: one partition), and its other
  /// loops along the free elements. A contraction's `k` goes on the
  /// partitions of its inputs instead.
  int64_t partitionLoop = -1;
  llvm::SmallVector<int64_t> freeLoops;
  /// Loops run as one instruction per index (a reduction's other parallel
  /// loops, a contraction's batch loops).
  llvm::SmallVector<int64_t> unrolledLoops;
  /// Reduce: the combiner. Contraction: the m, n (-1 if absent) and k loops.
  bir::ReduceKind combiner = bir::ReduceKind::add;
  int64_t m = -1, n = -1, k = -1;
};

/// Plans `op`, or says why the engines cannot run it ("" on success).
std::string planCompute(mlir::linalg::LinalgOp op, ComputePlan &plan);

/// The compute engines a planned op's instructions run on (its DMAs and
/// memsets run on the engine of the registers).
llvm::SmallVector<bir::Engine> getComputeEngines(mlir::linalg::LinalgOp op,
                                                 const ComputePlan &plan);

/// An operand of a body op on the engines: an access pattern, or an f32
/// immediate (a float or a compare constant; an i32 constant is a tile).
struct EngineValue {
  mlir::Value ap;
  std::optional<float> imm;
};

/// Emits the ops of an all-parallel body as engine instructions
/// (ComputeBody.cpp), each into a `dst` of the result's shape.
struct BodyEmitter {
  mlir::ConversionPatternRewriter &rewriter;
  mlir::Location loc;
  /// The engine value of a body value (reading operands as needed).
  llvm::function_ref<EngineValue(mlir::Value)> get;
  /// A further temporary tile of dst's shape and the given element type.
  llvm::function_ref<mlir::Value(mlir::Type)> newTemp;
  /// A further temporary tile of the given element type, filled with
  /// constant bits.
  llvm::function_ref<mlir::Value(mlir::Type, uint64_t)> constTile;

  /// `value` as an access pattern: an immediate becomes a constant tile.
  mlir::Value materialize(EngineValue value);
  /// A temporary i32 tile holding `value`.
  mlir::Value intTile(int32_t value);

  /// dst = `inner` of its operands.
  void bodyOp(mlir::Operation *inner, mlir::Value dst);
  /// dst = f(x) on the Activation engine.
  void activation(bir::ActivationFunction f, EngineValue x, mlir::Value dst);
  /// dst = powf(x, c) for a c of a multiplying `form` (on dve).
  void power(PowForm form, EngineValue x, mlir::Value dst);
  /// dst = lhs <kind> rhs, at most one side an immediate (on dve).
  void binary(bir::ElementwiseKind kind, EngineValue lhs, EngineValue rhs,
              mlir::Value dst, bir::Engine engine = bir::Engine::dve);
  /// dst = 1.0 or 0.0 as `a <predicate> b` holds. The Vector engine's
  /// compares are IEEE (false on a NaN but for not_equal); the other
  /// predicates combine them.
  void compare(mlir::arith::CmpFPredicate predicate, EngineValue a,
               EngineValue b, mlir::Value dst);
  /// The same for i32 operands, compared on the Pool engine, or for
  /// compares (`ofCompares`: i1 operands, held as 1.0 or 0.0).
  void integerCompare(mlir::arith::CmpIPredicate predicate, EngineValue a,
                      EngineValue b, mlir::Value dst, bool ofCompares);
  /// dst = uitofp(x) for an i32 `x` (f32 `dst`), rounded once: the low
  /// and high 16 bits become exact f32 values, and one addition sums them.
  void unsignedToFloat(EngineValue x, mlir::Value dst);
  /// dst = condition ? t : f, as predicated copies.
  void select(mlir::Value condition, EngineValue t, EngineValue f,
              mlir::Value dst);
};

/// The f32 columns of one PSUM bank: a matmul's column chunk.
constexpr int64_t kPsumColumns = 512;

/// The most elements a partition holds in f32 (the SBUF capacity).
int64_t getMaxFreeElements();

/// One index range of a loop: [first, first + count).
struct LoopRange {
  int64_t first = 0, count = 1;
};

/// Reaches the operands of one engine op in a loop order, staging through
/// SBUF tiles by DMA where needed. Tiles are keyed by slot, so a slot's
/// tile is reused across the chunks and unrolled instructions of the op.
class OnChipBuilder {
public:
  OnChipBuilder(mlir::ConversionPatternRewriter &rewriter, mlir::Operation *op,
                const BIRTypeConverter &converter)
      : rewriter(rewriter), op(op), converter(converter),
        dmaEngine(converter.getEngine()) {}

  /// An access pattern reading `view` (indexed by `map` over the loops) as
  /// partitions of `partitionLoop` (-1: one) and free elements of
  /// `freeLoops` in order (a loop the view does not index repeats), over
  /// `ranges`; a loop of the view in neither list has count 1 there.
  mlir::Value read(unsigned slot, mlir::Value view, mlir::AffineMap map,
                   int64_t partitionLoop, llvm::ArrayRef<int64_t> freeLoops,
                   llvm::ArrayRef<LoopRange> ranges);

  /// `read` of an operand of a linalg op: `original` is the operand before
  /// conversion, `view` after. An operand a padding mask folds into
  /// (LoweringState::getFoldedMask) is the mask's input, masked on chip by
  /// the Pool engine's affine_select into a tile of its own.
  mlir::Value readOperand(unsigned slot, mlir::Value original,
                          mlir::Value view, mlir::AffineMap map,
                          int64_t partitionLoop,
                          llvm::ArrayRef<int64_t> freeLoops,
                          llvm::ArrayRef<LoopRange> ranges);

  /// The same for writing `view`: a staged tile is copied back to it by
  /// finishWrites (after it is filled from the view when `alsoRead`).
  mlir::Value write(unsigned slot, mlir::Value view, mlir::AffineMap map,
                    int64_t partitionLoop, llvm::ArrayRef<int64_t> freeLoops,
                    llvm::ArrayRef<LoopRange> ranges, bool alsoRead);

  /// Copies the staged outputs back to their views.
  void finishWrites();

  /// Erases the masks readOperand folded (once the op is lowered).
  void eraseFoldedMasks();

  /// A dense access pattern over a tile of `partitions` x `elements` of
  /// `type` in `space`, the tile reused per slot.
  mlir::Value tile(unsigned slot, int64_t partitions, int64_t elements,
                   mlir::Type type,
                   bir::MemorySpace space = bir::MemorySpace::sbuf);

  mlir::ConversionPatternRewriter &getRewriter() { return rewriter; }

private:
  mlir::Value access(unsigned slot, mlir::Value view, mlir::AffineMap map,
                     int64_t partitionLoop, llvm::ArrayRef<int64_t> freeLoops,
                     llvm::ArrayRef<LoopRange> ranges, bool isWrite,
                     bool alsoRead);
  mlir::Value getTile(unsigned slot, llvm::ArrayRef<int64_t> shape,
                      mlir::Type type, bir::MemorySpace space);

  /// Stages the read of `view` into `staged` (a tile in walk order) through
  /// a PE transpose when `view` walks its contiguous dim as partitions and
  /// the cost model finds that cheaper than one DMA element by element;
  /// false when it does not (the caller copies with one DMA).
  bool stageTransposed(unsigned slot, const Side &view, const Side &staged);

  /// Tiles of masked operands are slots of their own, and so are the row
  /// and PSUM tiles of transposed ones.
  static constexpr unsigned kMaskedSlots = 256;
  static constexpr unsigned kTransposedSlots = 512;
  static constexpr unsigned kTransposedPsumSlots = 768;

  mlir::ConversionPatternRewriter &rewriter;
  mlir::Operation *op;
  const BIRTypeConverter &converter;
  bir::Engine dmaEngine;
  llvm::DenseMap<unsigned, mlir::Value> tiles;
  std::vector<std::pair<Side, Side>> pendingWrites;
  llvm::SetVector<mlir::Operation *> foldedMasks;
};

/// The padding mask that folds into the one linalg op reading `buffer`, or
/// null, on the IR before the conversion (LoweringState records the
/// answers for the patterns). It does when `buffer` is an allocation that only a float mask
/// along one dim writes and only that op reads, and nothing between the
/// mask and the op but allocations, constants and other masks: the op then
/// reads the mask's input and masks it on chip, so the masked buffer (which
/// may have more rows than partitions) never exists. The masks run on the
/// Pool engine, so folding needs the registers there (`engine`).
dynshape::BufferMaskOp findFoldedMask(mlir::Value buffer, bir::Engine engine);

/// Why `view`, indexed by `map`, cannot be staged on chip in the loop order
/// of a compute op (a runtime offset needs its dims in order), or "".
std::string whyNotStageable(mlir::Value view, mlir::AffineMap map,
                            int64_t partitionLoop,
                            llvm::ArrayRef<int64_t> freeLoops);

/// Why a padding mask is not one the Pool engine runs (a float fill along
/// one dim of engine elements, the size in a register of `engine`, which
/// must be the Pool engine), or "".
std::string whyNotEngineMask(dynshape::BufferMaskOp op, bir::Engine engine);

/// Why the engines cannot run `op` (planCompute, then each operand's
/// access), or "". Inside a loop or a conditional the instructions may run
/// on any engine: bir-split-engine-loops gives each engine its own loop.
std::string whyNotOnEngines(mlir::linalg::LinalgOp op);

} // namespace dyn

#endif // DYN_LIB_CONVERSION_DYNSHAPETOBIR_COMPUTE_H
