//===- DynShapeToBIR.cpp - convert-dynshape-to-bir ------------------------===//
//
// Report Stages 1 and 1b, from the output of One-Shot Bufferize:
//   1. locations: function memrefs are DRAM; allocations are SBUF, or DRAM
//      outputs when returned (sized for the bound: shapes are static here);
//   2. loop bounds: integer range analysis (then ValueBoundsOpInterface)
//      gives each runtime-trip loop its max_trip; clamps it proves redundant
//      are dropped;
//   3. registers: a dialect conversion turns i32/index arithmetic and loops
//      into register-ALU code and bir loops;
//   4. DMAs: copies, gathers and scatters become bir.dma / generators;
//   5. anything left that is not bir is reported by name.
//
//===----------------------------------------------------------------------===//

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"
#include "dyn/Conversion/Passes.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/ComposeSubView.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace dyn {
#define GEN_PASS_DEF_CONVERTDYNSHAPETOBIR
#include "dyn/Conversion/Passes.h.inc"
} // namespace dyn

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

static MemRefType inSpace(MemRefType type, MemorySpace space) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         type.getLayout(),
                         MemorySpaceAttr::get(type.getContext(), space));
}

/// Step 1: memory spaces, bir.alloc, and view types that follow them.
static LogicalResult assignLocations(func::FuncOp func) {
  Block &entry = func.getBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    auto type = llvm::dyn_cast<MemRefType>(arg.getType());
    if (!type)
      continue;
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !getElementBytes(type))
      return emitError(arg.getLoc())
             << "function tensor of type " << type
             << " must be static, contiguous and of whole-byte elements to "
                "become a DRAM tensor";
    arg.setType(inSpace(type, MemorySpace::dram));
  }
  auto ret = llvm::cast<func::ReturnOp>(func.getBody().back().getTerminator());
  SmallVector<memref::AllocOp> allocs;
  func.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
  for (memref::AllocOp alloc : allocs) {
    bool escapes = llvm::is_contained(ret.getOperands(), alloc.getResult());
    MemRefType type = inSpace(alloc.getType(),
                              escapes ? MemorySpace::dram : MemorySpace::sbuf);
    OpBuilder builder(alloc);
    auto location =
        AllocOp::create(builder, alloc.getLoc(), type, IntegerAttr());
    if (failed(mlir::verify(location))) {
      location.erase();
      return failure();
    }
    alloc.replaceAllUsesWith(location.getResult());
    alloc.erase();
  }
  // Views live in the space of their source (walked in program order).
  func.walk<WalkOrder::PreOrder>([&](memref::SubViewOp view) {
    auto source = llvm::cast<MemRefType>(view.getSource().getType());
    if (auto space =
            llvm::dyn_cast_or_null<MemorySpaceAttr>(source.getMemorySpace()))
      view.getResult().setType(inSpace(view.getType(), space.getValue()));
  });
  func.setType(FunctionType::get(func.getContext(), entry.getArgumentTypes(),
                                 ret.getOperandTypes()));
  return success();
}

/// The constant upper bound of `value`: integer range analysis first (it
/// understands minsi/maxsi/index_cast), then ValueBoundsOpInterface (it
/// understands affine.min and arith on index).
static std::optional<int64_t> upperBound(Value value, DataFlowSolver &solver) {
  if (auto *lattice =
          solver.lookupState<dataflow::IntegerValueRangeLattice>(value)) {
    if (!lattice->getValue().isUninitialized()) {
      const ConstantIntRanges &range = lattice->getValue().getValue();
      // The full i32 range is no bound at all.
      if (range.smax().slt(INT32_MAX))
        return range.smax().getSExtValue();
    }
  }
  FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(value),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (succeeded(bound) && *bound < INT32_MAX)
    return *bound;
  return std::nullopt;
}

/// Step 2: max_trip of every runtime-trip loop; loops that cannot be lowered
/// are reported here, with the reason.
static LogicalResult boundLoops(func::FuncOp func, DataFlowSolver &solver,
                                LoopTripBounds &bounds) {
  WalkResult result = func.walk([&](scf::ForOp loop) -> WalkResult {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!lb || !step || *step <= 0) {
      loop.emitOpError("needs a constant lower bound and a constant positive "
                       "step to become a bir loop");
      return WalkResult::interrupt();
    }
    if (loop.getNumRegionIterArgs() != 0) {
      loop.emitOpError("carries loop values; only loops over buffers (after "
                       "bufferization) become bir loops");
      return WalkResult::interrupt();
    }
    if (getConstantIntValue(loop.getUpperBound()))
      return WalkResult::advance();
    std::optional<int64_t> ub = upperBound(loop.getUpperBound(), solver);
    if (!ub) {
      loop.emitOpError("has a runtime trip count without a provable bound; "
                       "bound its upper bound (a bounded dimension, or "
                       "arith.minsi with a constant) so it gets a max_trip");
      return WalkResult::interrupt();
    }
    bounds[loop] = *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Step 2b: a clamp `maxsi(x, c)` / `minsi(x, c)` that range analysis shows
/// cannot change x is x (e.g. a loop index clamped to the loop's range).
static void dropRedundantClamps(func::FuncOp func, DataFlowSolver &solver) {
  auto rangeOf = [&](Value v) -> std::optional<ConstantIntRanges> {
    auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(v);
    if (!lattice || lattice->getValue().isUninitialized())
      return std::nullopt;
    return lattice->getValue().getValue();
  };
  SmallVector<Operation *> redundant;
  func.walk([&](Operation *op) {
    bool isMax = llvm::isa<arith::MaxSIOp>(op);
    if (!isMax && !llvm::isa<arith::MinSIOp>(op))
      return;
    Value x = op->getOperand(0);
    std::optional<int64_t> c = getConstantIntValue(op->getOperand(1));
    std::optional<ConstantIntRanges> range = rangeOf(x);
    if (!c || !range)
      return;
    if (isMax ? range->smin().sge(*c) : range->smax().sle(*c))
      redundant.push_back(op);
  });
  // In program order, so a clamp of a clamp sees its operand's replacement.
  for (Operation *op : redundant) {
    op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  }
}

/// Step 5: what is left and not bir cannot be lowered.
static LogicalResult checkLowered(func::FuncOp func, Engine engine) {
  // A scalar result (a size appended by pad-to-bound) is returned in its
  // register.
  func.walk([&](func::ReturnOp ret) {
    for (OpOperand &operand : ret->getOpOperands()) {
      if (auto cast = operand.get().getDefiningOp<UnrealizedConversionCastOp>())
        if (cast.getNumOperands() == 1 &&
            llvm::isa<RegType>(cast.getOperand(0).getType()))
          operand.set(cast.getOperand(0));
      // An i32 argument returned as is goes through a register as well.
      if (auto arg = llvm::dyn_cast<BlockArgument>(operand.get());
          arg && arg.getType().isSignlessInteger(32)) {
        OpBuilder builder(ret);
        operand.set(ReadVarOp::create(builder, ret.getLoc(),
                                      RegType::get(func.getContext()), arg,
                                      engine, IntegerAttr()));
      }
    }
    func.setType(FunctionType::get(func.getContext(), func.getArgumentTypes(),
                                   ret.getOperandTypes()));
  });
  SmallVector<Operation *> dead;
  func.walk([&](Operation *op) {
    if (llvm::isa<memref::SubViewOp, UnrealizedConversionCastOp>(op) &&
        op->use_empty())
      dead.push_back(op);
  });
  // Views die before the casts of their offsets.
  for (Operation *op : dead)
    op->erase();
  SmallVector<Operation *> casts;
  func.walk([&](UnrealizedConversionCastOp op) { casts.push_back(op); });
  for (Operation *op : llvm::reverse(casts))
    if (op->use_empty())
      op->erase();
  // Name the op that blocked lowering, not the constants or views it uses.
  Operation *culprit = nullptr, *helper = nullptr;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (llvm::isa_and_nonnull<BIRDialect>(op->getDialect()) ||
        llvm::isa<func::FuncOp, func::ReturnOp>(op))
      return WalkResult::advance();
    if (llvm::isa<arith::ConstantOp, memref::SubViewOp,
                  UnrealizedConversionCastOp>(op)) {
      helper = helper ? helper : op;
      return WalkResult::advance();
    }
    culprit = op;
    return WalkResult::interrupt();
  });
  if (Operation *op = culprit ? culprit : helper)
    return op->emitOpError("cannot be lowered by convert-dynshape-to-bir");
  return success();
}

namespace {
struct ConvertDynShapeToBIRPass
    : dyn::impl::ConvertDynShapeToBIRBase<ConvertDynShapeToBIRPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    std::optional<Engine> dmaEngine = symbolizeEngine(engine);
    if (!dmaEngine) {
      module.emitError("unknown engine '") << engine << "'";
      return signalPassFailure();
    }

    // A view of a view becomes one view of its base (upstream patterns; the
    // offsets they combine become affine.apply, lowered below).
    RewritePatternSet composePatterns(ctx);
    memref::populateComposeSubViewPatterns(composePatterns, ctx);
    if (failed(applyPatternsGreedily(module, std::move(composePatterns))))
      return signalPassFailure();

    SmallVector<func::FuncOp> funcs;
    module.walk([&](func::FuncOp func) {
      if (!func.isExternal())
        funcs.push_back(func);
    });
    for (func::FuncOp func : funcs)
      if (failed(assignLocations(func)))
        return signalPassFailure();

    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    LoopTripBounds tripBounds;
    for (func::FuncOp func : funcs) {
      if (failed(boundLoops(func, solver, tripBounds)))
        return signalPassFailure();
      dropRedundantClamps(func, solver);
    }

    // affine.min/max (whose bounds ValueBoundsOpInterface read above) become
    // the arith min/max the register patterns know.
    RewritePatternSet affinePatterns(ctx);
    populateAffineToStdConversionPatterns(affinePatterns);
    ConversionTarget affineTarget(*ctx);
    affineTarget.addIllegalOp<affine::AffineMinOp, affine::AffineMaxOp,
                              affine::AffineApplyOp>();
    affineTarget.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, affineTarget,
                                      std::move(affinePatterns))))
      return signalPassFailure();

    RegisterTypeConverter converter(*dmaEngine);
    ConversionTarget target(*ctx);
    target.addLegalDialect<BIRDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    // Element arithmetic inside compute ops is not register arithmetic;
    // the compute op itself is reported if nothing lowers it.
    target.addDynamicallyLegalDialect<arith::ArithDialect>(
        [&](Operation *op) {
          return op->getParentOfType<linalg::LinalgOp>() ||
                 !llvm::any_of(op->getResultTypes(), [&](Type t) {
                   return converter.convertType(t) != t;
                 });
        });
    target.addIllegalOp<scf::ForOp>();
    target.addDynamicallyLegalOp<memref::LoadOp>([](memref::LoadOp op) {
      return !op.getType().isSignlessInteger(32);
    });
    RewritePatternSet scalarPatterns(ctx);
    populateDynShapeToBIRScalarPatterns(converter, tripBounds, scalarPatterns);
    if (failed(applyPartialConversion(module, target,
                                      std::move(scalarPatterns))))
      return signalPassFailure();

    RewritePatternSet memoryPatterns(ctx);
    populateDynShapeToBIRMemoryPatterns(*dmaEngine, memoryPatterns);
    walkAndApplyPatterns(module, std::move(memoryPatterns));

    for (func::FuncOp func : funcs)
      if (failed(checkLowered(func, *dmaEngine)))
        return signalPassFailure();
  }
};
} // namespace
