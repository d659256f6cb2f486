//===- PadToBound.cpp - dynshape-pad-to-bound -----------------------------===//
//
// XLA's DynamicPadder (report Stage 0): every bounded dynamic dim becomes its
// bound, its runtime extent an i32 scalar kept provably <= bound, and the
// padding is masked wherever it could change a result. Function boundaries
// follow dynshape::FunctionBoundary (docs/FrontEnd.md, "Function boundary"):
// sizes are appended after the original arguments and results.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/IR/FunctionBoundary.h"
#include "dyn/Dialect/DynShape/Transforms/PadToBound.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"
#include "dyn/Support/Machine.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace dyn::dynshape {
#define GEN_PASS_DEF_DYNSHAPEPADTOBOUND
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"
} // namespace dyn::dynshape

using namespace mlir;
using namespace dyn::dynshape;

/// `type` with dimension `dim` made dynamic and bounded by its extent.
static RankedTensorType withDynamicDim(RankedTensorType type, unsigned dim) {
  SmallVector<int64_t> shape(type.getShape());
  SmallVector<int64_t> bounds(type.getRank(), ShapedType::kDynamic);
  if (BoundsAttr old = getBoundsAttr(type))
    bounds.assign(old.getBounds().begin(), old.getBounds().end());
  bounds[dim] = getStaticExtent(type, dim);
  shape[dim] = ShapedType::kDynamic;
  return RankedTensorType::get(shape, type.getElementType(),
                               BoundsAttr::get(type.getContext(), bounds));
}

/// `types` converted (a bounded tensor to its padded tensor and its sizes),
/// in the function-boundary order.
static SmallVector<Type> withSizesAppended(TypeRange types,
                                          const TypeConverter &converter) {
  SmallVector<SmallVector<Type>> groups;
  for (Type type : types)
    (void)converter.convertType(type, groups.emplace_back());
  return FunctionBoundary::arrange<Type>(groups);
}

/// Bounded arguments become their padded tensor plus appended i32 sizes;
/// inside the body, set_dimension_size rebuilds the bounded value, so the
/// conversion treats arguments like any other bounded value.
static void padArguments(func::FuncOp func, const TypeConverter &converter) {
  SmallVector<Type> inputs =
      withSizesAppended(func.getArgumentTypes(), converter);
  SmallVector<Type> results(func.getResultTypes());
  if (func.isExternal()) {
    // Without a body, the results are settled here (same rule as return).
    results = withSizesAppended(func.getResultTypes(), converter);
    func.setType(FunctionType::get(func.getContext(), inputs, results));
    return;
  }
  func.setType(FunctionType::get(func.getContext(), inputs, results));
  Block &entry = func.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  for (BlockArgument arg : llvm::to_vector(entry.getArguments())) {
    auto type = llvm::dyn_cast<RankedTensorType>(arg.getType());
    if (!type || !getBoundsAttr(type))
      continue;
    RankedTensorType padded =
        RankedTensorType::get(getBoundedShape(type), type.getElementType());
    arg.setType(padded);
    Value value = arg;
    Operation *first = nullptr;
    RankedTensorType current = padded;
    for (unsigned d = 0, e = type.getRank(); d < e; ++d) {
      if (!type.isDynamicDim(d))
        continue;
      BlockArgument size = entry.addArgument(builder.getI32Type(), arg.getLoc());
      // A profile's expected size moves to the size.
      if (Attribute estimate = func.getArgAttr(
              arg.getArgNumber(),
              DynShapeDialect::SizeEstimateAttrHelper::getNameStr()))
        func.setArgAttr(size.getArgNumber(),
                        DynShapeDialect::SizeEstimateAttrHelper::getNameStr(),
                        estimate);
      current = withDynamicDim(current, d);
      auto set = SetDimensionSizeOp::create(builder, arg.getLoc(), current,
                                            value, size, d);
      first = first ? first : set.getOperation();
      value = set;
    }
    arg.replaceAllUsesExcept(value, first);
    // The estimate now belongs to the sizes.
    func.removeArgAttr(arg.getArgNumber(),
                       DynShapeDialect::SizeEstimateAttrHelper::getNameStr());
  }
}

/// The result types follow from the converted return (sizes appended).
static void padResults(func::FuncOp func) {
  if (func.isExternal())
    return;
  auto ret = llvm::dyn_cast<func::ReturnOp>(func.getBody().back().getTerminator());
  if (!ret)
    return;
  func.setType(FunctionType::get(func.getContext(), func.getArgumentTypes(),
                                 ret.getOperandTypes()));
}

/// True when `op` gives the same index value computed in 32 bits as in 64,
/// for operands of 32 bits: it picks one of its operands or constants, or
/// widens a value of 32 bits or fewer.
static bool keepsIndexWidth(Operation *op) {
  if (llvm::isa<arith::MaxSIOp, arith::MinSIOp, arith::SelectOp,
                arith::ConstantOp>(op))
    return true;
  if (auto cast = llvm::dyn_cast<arith::IndexCastOp>(op))
    return !cast.getIn().getType().isIndex() &&
           cast.getIn().getType().getIntOrFloatBitWidth() <= 32;
  auto picks = [](AffineMap map) {
    return llvm::all_of(map.getResults(), [](AffineExpr e) {
      return llvm::isa<AffineDimExpr, AffineSymbolExpr, AffineConstantExpr>(e);
    });
  };
  if (auto min = llvm::dyn_cast<affine::AffineMinOp>(op))
    return picks(min.getMap());
  if (auto max = llvm::dyn_cast<affine::AffineMaxOp>(op))
    return picks(max.getMap());
  return false;
}

/// True when `size` is computed the same in 32 bits as in 64. The target
/// computes index arithmetic in 32 bits, both analyses below in 64; they
/// agree while every op that may wrap (an add, a product, an
/// `index_castui` of a negative i32, ...) stays within i32 by the range
/// analysis. Arguments hold 32-bit values.
static bool isComputedWithinI32(Value size, DataFlowSolver &solver) {
  SmallVector<Value> worklist{size};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    Operation *def = value.getDefiningOp();
    if (!def || !value.getType().isIndex() || !seen.insert(value).second)
      continue;
    if (!keepsIndexWidth(def)) {
      auto *lattice =
          solver.lookupState<dataflow::IntegerValueRangeLattice>(value);
      if (!lattice || lattice->getValue().isUninitialized())
        return false;
      const ConstantIntRanges &range = lattice->getValue().getValue();
      if (!dyn::machine::fitsRegister(range.smin().getSExtValue()) ||
          !dyn::machine::fitsRegister(range.smax().getSExtValue()))
        return false;
    }
    worklist.append(def->operand_begin(), def->operand_end());
  }
  return true;
}

/// What integer range analysis (minsi/maxsi/index_cast) or, for index
/// values, ValueBoundsOpInterface (affine.min, index arithmetic) proves
/// about each runtime size: the tightest of both. An index size that may
/// leave i32 on the way is not in any proven range.
static InRangeSizes findInRangeSizes(ModuleOp module, DataFlowSolver &solver) {
  InRangeSizes inRange;
  auto record = [&](Value size) {
    SizeRange range;
    if (size.getType().isIndex() && !isComputedWithinI32(size, solver)) {
      inRange[size] = range;
      return;
    }
    auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(size);
    if (lattice && !lattice->getValue().isUninitialized()) {
      const ConstantIntRanges &r = lattice->getValue().getValue();
      if (r.smin().getSignificantBits() <= 64)
        range.min = r.smin().getSExtValue();
      if (r.smax().getSignificantBits() <= 64)
        range.max = r.smax().getSExtValue();
    }
    if (size.getType().isIndex()) {
      using VB = ValueBoundsConstraintSet;
      FailureOr<int64_t> lb = VB::computeConstantBound(
          presburger::BoundType::LB, VB::Variable(size));
      FailureOr<int64_t> ub = VB::computeConstantBound(
          presburger::BoundType::UB, VB::Variable(size), nullptr,
          /*closedUB=*/true);
      if (succeeded(lb))
        range.min = std::max(range.min, *lb);
      if (succeeded(ub))
        range.max = std::min(range.max, *ub);
    }
    inRange[size] = range;
  };
  module.walk([&](Operation *op) {
    if (auto set = llvm::dyn_cast<SetDimensionSizeOp>(op)) {
      record(set.getSize());
    } else if (auto empty = llvm::dyn_cast<tensor::EmptyOp>(op)) {
      if (getBoundsAttr(empty.getType()))
        for (Value size : empty.getDynamicSizes())
          record(size);
    }
  });
  return inRange;
}

/// True when a value or a function signature in `module` is bounded.
static bool hasBoundedTypes(ModuleOp module) {
  return module
      .walk([](Operation *op) {
        auto func = llvm::dyn_cast<func::FuncOp>(op);
        bool bounded =
            touchesBoundedTypes(op) ||
            (func && (llvm::any_of(func.getArgumentTypes(), isBoundedType) ||
                      llvm::any_of(func.getResultTypes(), isBoundedType)));
        return bounded ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
struct DynShapePadToBoundPass
    : dyn::dynshape::impl::DynShapePadToBoundBase<DynShapePadToBoundPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // Report everything the pass cannot handle before touching the IR.
    bool paddable = true;
    module.walk([&](Operation *op) { paddable &= succeeded(checkPaddable(op)); });
    if (!paddable)
      return signalPassFailure();

    // Nothing bounded, nothing to pad: skip the analyses and the conversion
    // (and, the IR unchanged, the verification after the pass).
    if (!hasBoundedTypes(module))
      return markAllAnalysesPreserved();

    BoundedTypeConverter converter;
    module.walk([&](func::FuncOp func) { padArguments(func, converter); });

    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    InRangeSizes inRange = findInRangeSizes(module, solver);

    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !touchesBoundedTypes(op); });
    target.addLegalOp<func::FuncOp>();
    RewritePatternSet patterns(ctx);
    populatePadToBoundPatterns(converter, inRange, patterns);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    module.walk(padResults);
  }
};
} // namespace
