//===- Bufferize.cpp - dynshape-bufferize ---------------------------------===//
//
// One-Shot Module Bufferize, with its in-place analysis replaced, for the
// functions of straight-line code, by a scan that makes the same decisions
// in O(N log^2 N) (StraightLineInPlace.cpp). One-Shot's analysis compares
// every read of an alias set with every write to it, which is cubic in the
// length of a function that keeps updating and reading its buffers. The
// scan's decisions go to One-Shot's copy insertion; functions with loops,
// conditionals or ops the scan does not know keep One-Shot's analysis.
//
// A runtime loop keeps each carried tensor in one buffer: a yield that
// One-Shot would not keep in its iter_arg's buffer (a body that overwrites
// the whole accumulator, or reads its old value after updating it) is first
// copied back into the iter_arg by a full-window update, which is in place.
// Likewise a conditional whose branches would yield different buffers
// yields one, made before it, that each branch copies its value into.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"

#include "StraightLineInPlace.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/Bufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/FoldUtils.h"

namespace dyn::dynshape {
#define GEN_PASS_DEF_DYNSHAPEBUFFERIZE
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"
} // namespace dyn::dynshape

using namespace mlir;
using namespace mlir::bufferization;
using namespace dyn::dynshape;

/// `dynamic_update_slice %value into %dest[0, ...]` before `before`: a
/// full-window copy, which writes `dest`'s buffer in place when nothing
/// reads `dest` afterwards.
static Value copyInto(Operation *before, Value value, Value dest) {
  OpBuilder builder(before);
  Location loc = before->getLoc();
  auto type = cast<RankedTensorType>(dest.getType());
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
  SmallVector<Value> starts(type.getRank(), zero);
  return DynamicUpdateSliceOp::create(builder, loc, type, value, dest, starts);
}

/// Keeps each tensor that runtime control carries in one buffer, where
/// One-Shot's analysis would give it several:
/// - a loop-carried tensor that would not stay in its iter_arg's buffer is
///   copied back into the iter_arg before the yield (without it, One-Shot
///   fails with "Yield operand #N is not equivalent to the corresponding
///   iter bbArg");
/// - a conditional's tensor result whose branches would yield different
///   buffers (one branch writes a copy because the old value is read
///   later) is copied, in each branch, into one new tensor made before the
///   conditional, so that the conditional lowers as two 0/1-trip loops
///   over buffers.
/// The analysis runs only for modules with such loops or conditionals,
/// again after each round of copies (a copy can change the decisions
/// around it), at most three times.
static LogicalResult
copyIntoOneBuffer(ModuleOp module, const OneShotBufferizationOptions &options,
                  bool emitRemarks) {
  // A copy is a dynamic_update_slice, whose dynamic dims need bounds; a
  // conditional's new tensor is a tensor.empty, which needs a static shape.
  // Other tensors are left to One-Shot (nothing after this pass lowers
  // them: dynshape-pad-to-bound makes every bounded shape static).
  auto hasStaticShape = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.hasStaticShape();
  };
  auto isCopyable = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && (tensor.hasStaticShape() || getBoundsAttr(tensor));
  };
  auto hasTensors = [](TypeRange types) {
    return llvm::any_of(types, [](Type type) { return isa<TensorType>(type); });
  };
  OneShotBufferizationOptions analysisOptions = options;
  analysisOptions.allowReturnAllocsFromLoops = true;
  for (int round = 0; round < 3; ++round) {
    SmallVector<Operation *> controls;
    module.walk([&](Operation *op) {
      if ((isa<scf::ForOp>(op) || isa<scf::IfOp>(op)) &&
          hasTensors(op->getResultTypes()))
        controls.push_back(op);
    });
    if (controls.empty())
      return success();
    OneShotAnalysisState state(module, analysisOptions);
    if (failed(analyzeModuleOp(module, state)))
      return failure();
    SmallVector<std::pair<OpOperand *, Value>> loopCopies;
    SmallVector<std::pair<scf::IfOp, unsigned>> ifCopies;
    for (Operation *op : controls) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
        for (auto [operand, arg] :
             llvm::zip(yield->getOpOperands(), loop.getRegionIterArgs()))
          if (isCopyable(arg.getType()) &&
              !state.areEquivalentBufferizedValues(operand.get(), arg))
            loopCopies.emplace_back(&operand, arg);
        continue;
      }
      auto conditional = cast<scf::IfOp>(op);
      for (auto [i, result] : llvm::enumerate(conditional.getResults()))
        if (hasStaticShape(result.getType()) &&
            !state.areEquivalentBufferizedValues(
                conditional.thenYield().getOperand(i),
                conditional.elseYield().getOperand(i)))
          ifCopies.emplace_back(conditional, i);
    }
    if (emitRemarks)
      for (auto [conditional, i] : ifCopies)
        conditional.emitRemark("result #")
            << i << ": the branches copy into one buffer";
    if (loopCopies.empty() && ifCopies.empty())
      return success();
    for (auto [operand, arg] : loopCopies)
      operand->set(copyInto(operand->getOwner(), operand->get(), arg));
    for (auto [conditional, i] : ifCopies) {
      OpBuilder builder(conditional);
      auto type = cast<RankedTensorType>(conditional.getResult(i).getType());
      Value dest = tensor::EmptyOp::create(builder, conditional.getLoc(),
                                           type.getShape(),
                                           type.getElementType());
      for (scf::YieldOp yield :
           {conditional.thenYield(), conditional.elseYield()}) {
        OpOperand &operand = yield->getOpOperand(i);
        operand.set(copyInto(yield, operand.get(), dest));
      }
    }
  }
  return success();
}

/// One-Shot's copies for `func` where the scan put the writes `outOfPlace`
/// and every other tensor operand in place: the state its analysis would
/// leave (alias sets, equivalences, undefined contents), handed to its copy
/// insertion.
static LogicalResult
insertDecidedCopies(func::FuncOp func,
                    const llvm::SmallPtrSetImpl<OpOperand *> &outOfPlace,
                    OneShotAnalysisState &state,
                    BufferizationState &bufferizationState) {
  state.gatherUndefinedTensorUses(func);
  func.walk([&](Operation *op) {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<TensorType>(operand.get().getType()))
        continue;
      if (outOfPlace.contains(&operand)) {
        state.bufferizeOutOfPlace(operand);
        continue;
      }
      state.bufferizeInPlace(operand);
      for (AliasingValue alias : state.getAliasingValues(operand))
        if (alias.relation == BufferRelation::Equivalent)
          state.unionEquivalenceClasses(alias.value, operand.get());
    }
  });
  return insertTensorCopies(func, state, bufferizationState);
}

/// Rejects, at the first op past it, a nest of ops with regions and tensor
/// results deeper than `limit`: One-Shot's analysis is exponential in it.
static LogicalResult checkTensorNesting(ModuleOp module, int64_t limit) {
  if (limit < 0)
    return module.emitError("max-tensor-nesting must not be negative, got ")
           << limit;
  auto carriesTensors = [](Operation *op) {
    return op->getNumRegions() > 0 &&
           llvm::any_of(op->getResultTypes(), llvm::IsaPred<TensorType>);
  };
  DenseMap<Operation *, int64_t> depth;
  WalkResult result = module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!carriesTensors(op))
      return WalkResult::advance();
    Operation *outer = op->getParentOp();
    while (outer && !depth.contains(outer))
      outer = outer->getParentOp();
    int64_t level = (outer ? depth.lookup(outer) : 0) + 1;
    depth[op] = level;
    if (level <= limit)
      return WalkResult::advance();
    op->emitOpError("is nested ")
        << level << " deep in ops with tensor results; dynshape-bufferize "
        << "takes at most " << limit
        << " (max-tensor-nesting), since One-Shot's analysis time doubles "
           "with each level";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Merges equal constants of `func` and moves the rest to the front of its
/// body, as the greedy rewrite driver does before it rewrites anything
/// (upstream's OperationFolder, in the same order), so that the
/// canonicalization after this pass finds the clamps' constants merged.
static void mergeEqualConstants(func::FuncOp func) {
  SmallVector<std::pair<Operation *, Attribute>> constants;
  func.walk([&](Operation *op) {
    Attribute value;
    // The operand count skips the trait lookup for almost every op.
    if (op->getNumOperands() == 0 && matchPattern(op, m_Constant(&value)))
      constants.emplace_back(op, value);
  });
  OperationFolder folder(func.getContext());
  for (auto [op, value] : constants)
    folder.insertKnownConstant(op, value);
}

/// The remark `emit-remarks` gives at `func`: whether the scan decided it,
/// with `outOfPlace` operands out of place, or it went through the analysis.
static void emitDecisionRemark(func::FuncOp func,
                               std::optional<size_t> outOfPlace) {
  if (!outOfPlace)
    func.emitRemark("bufferized after One-Shot's analysis");
  else if (*outOfPlace == 0)
    func.emitRemark("straight-line code: every operand in place, without "
                    "One-Shot's analysis");
  else
    func.emitRemark("straight-line code: ")
        << *outOfPlace << (*outOfPlace == 1 ? " operand" : " operands")
        << " out of place (a value read after a write to its buffer is "
           "copied), the rest in place, without One-Shot's analysis";
}

namespace {
struct DynShapeBufferizePass
    : dyn::dynshape::impl::DynShapeBufferizeBase<DynShapeBufferizePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The options of `one-shot-bufferize bufferize-function-boundaries
    // function-boundary-type-conversion=identity-layout-map`.
    OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.setFunctionBoundaryTypeConversion(
        LayoutMapOption::IdentityLayoutMap);
    if (failed(checkTensorNesting(module, maxTensorNesting)) ||
        failed(copyIntoOneBuffer(module, options, emitRemarks)))
      return signalPassFailure();

    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    bool hasCalls = module
                        .walk([](CallOpInterface) { return WalkResult::interrupt(); })
                        .wasInterrupted();
    // The functions left to One-Shot's analysis.
    SmallVector<func::FuncOp> analyzed;
    if (analyzeAll || hasCalls) {
      analyzed = funcs;
      if (emitRemarks)
        for (func::FuncOp func : funcs)
          emitDecisionRemark(func, std::nullopt);
    } else if (failed(bufferizeStraightLine(funcs, options, analyzed))) {
      return signalPassFailure();
    }
    if (failed(bufferizeAnalyzed(analyzed, options)))
      return signalPassFailure();
  }

  /// Without calls, no function's decisions depend on another's, and
  /// `bufferizeModuleOp` bufferizes each function alone. So each function
  /// the scan decides is bufferized at once, on the context's threads, as
  /// One-Shot's module bufferization would after its copy insertion; the
  /// others are appended to `analyzed`, in order. Diagnostics keep the
  /// order of the functions, as the pass manager's do.
  LogicalResult
  bufferizeStraightLine(ArrayRef<func::FuncOp> funcs,
                        const OneShotBufferizationOptions &options,
                        SmallVectorImpl<func::FuncOp> &analyzed) {
    assert(!options.inferFunctionResultLayout &&
           options.noAnalysisFuncFilter.empty() &&
           "bufferizeModuleOp treats functions alike only with these options");
    SmallVector<char> decided(funcs.size(), false);
    if (failed(failableParallelForEachN(
            &getContext(), 0, funcs.size(), [&](size_t i) -> LogicalResult {
              func::FuncOp func = funcs[i];
              OneShotAnalysisState analysis(func, options);
              llvm::SmallPtrSet<OpOperand *, 8> outOfPlace;
              if (!decideStraightLine(func, analysis, outOfPlace)) {
                if (emitRemarks)
                  emitDecisionRemark(func, std::nullopt);
                return success();
              }
              decided[i] = true;
              if (emitRemarks)
                emitDecisionRemark(func, outOfPlace.size());
              BufferizationState state;
              if (!outOfPlace.empty() &&
                  failed(insertDecidedCopies(func, outOfPlace, analysis,
                                             state)))
                return failure();
              if (failed(bufferizeOp(func, options, state)))
                return failure();
              if (mergeConstants)
                mergeEqualConstants(func);
              return success();
            })))
      return failure();
    for (auto [func, done] : llvm::zip(funcs, decided))
      if (!done)
        analyzed.push_back(func);
    return success();
  }

  /// One-Shot's analysis and copies for the functions `analyzed`, then its
  /// module bufferization, which also bufferizes the module's other ops and
  /// drops the argument attributes; functions already bufferized have no
  /// tensor left to change. When every function is bufferized, only those
  /// last two steps of `bufferizeModuleOp` remain.
  LogicalResult bufferizeAnalyzed(ArrayRef<func::FuncOp> analyzed,
                                  const OneShotBufferizationOptions &options) {
    ModuleOp module = getOperation();
    BufferizationState state;
    if (analyzed.empty()) {
      // As bufferizeModuleOp: nested symbol tables are left alone.
      for (Operation &op : llvm::make_early_inc_range(module.getOps()))
        if (!isa<func::FuncOp>(op) && !op.hasTrait<OpTrait::SymbolTable>() &&
            failed(bufferizeOp(&op, options, state)))
          return failure();
      removeBufferizationAttributesInModule(module);
      return success();
    }
    OneShotBufferizationOptions analysis = options;
    llvm::SmallPtrSet<Operation *, 8> toAnalyze;
    for (func::FuncOp func : analyzed)
      toAnalyze.insert(func);
    analysis.opFilter.denyOperation([&](Operation *op) {
      auto func = dyn_cast<func::FuncOp>(op);
      if (!func)
        func = op->getParentOfType<func::FuncOp>();
      return func && !toAnalyze.contains(func);
    });
    if (failed(insertTensorCopies(module, analysis, state)) ||
        failed(bufferizeModuleOp(module, options, state)))
      return failure();
    if (mergeConstants)
      parallelForEach(&getContext(), analyzed, mergeEqualConstants);
    return success();
  }
};
} // namespace
