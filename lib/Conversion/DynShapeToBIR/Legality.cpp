//===- Legality.cpp - what convert-dynshape-to-bir lowers -----------------===//
//
// The supported input, stated once: checkLowerable explains the first op
// that falls outside it with one located diagnostic, and the conversion
// target declares what the patterns must remove.
//
//===----------------------------------------------------------------------===//

#include "Compute.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Support/Machine.h"
#include "dyn/Support/Refusals.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// What the lowering takes besides register arithmetic, for the diagnostic
/// of anything else.
static constexpr llvm::StringLiteral kSupportedBesidesArith =
    "affine.apply/min/max, scf.for with a provable trip bound, scf.if "
    "without results, memref.alloc, memref.subview, memref.copy, "
    "memref.load of an i32 at a constant position, the dynshape buffer ops, "
    "and linalg ops on f32, bf16, f16 and i32 buffers that the engines "
    "run (fills, elementwise bodies, broadcasts, transposes, add/max/min "
    "reductions of floats, matmuls)";

/// Ops the lowering takes in some form (their form is checked below).
static bool isSupportedKind(Operation *op) {
  if (llvm::isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
    return hasRegisterForm(op);
  return llvm::isa<affine::AffineApplyOp, affine::AffineMinOp,
                   affine::AffineMaxOp, scf::ForOp, scf::IfOp, scf::YieldOp,
                   memref::AllocOp, memref::CopyOp, memref::LoadOp,
                   linalg::LinalgOp, dynshape::BufferGatherOp,
                   dynshape::BufferScatterOp, dynshape::BufferMaskOp,
                   func::FuncOp, func::ReturnOp>(op) ||
         llvm::isa_and_nonnull<BIRDialect>(op->getDialect());
}

/// Ops that only feed others (constants, views): an unsupported one is
/// reported only when nothing that uses it is.
static bool isHelper(Operation *op) {
  return llvm::isa<arith::ConstantOp, memref::SubViewOp, memref::ExpandShapeOp,
                   memref::CollapseShapeOp>(op);
}

/// Why upstream's affine lowering cannot make register arithmetic of
/// `map`, or "": each constant of the map becomes a register, and a mod,
/// floordiv or ceildiv lowers only with a positive constant divisor.
static std::string whyNotRegisterArithmetic(AffineMap map) {
  std::string why;
  auto check = [&](AffineExpr expr) {
    if (auto constant = llvm::dyn_cast<AffineConstantExpr>(expr)) {
      if (machine::fitsRegister(constant.getValue()))
        return WalkResult::advance();
      why = "has the constant " + std::to_string(constant.getValue()) +
            " in its map, which does not fit in a 32-bit register";
      return WalkResult::interrupt();
    }
    auto binary = llvm::dyn_cast<AffineBinaryOpExpr>(expr);
    if (!binary ||
        llvm::is_contained({AffineExprKind::Add, AffineExprKind::Mul},
                           expr.getKind()))
      return WalkResult::advance();
    auto divisor = llvm::dyn_cast<AffineConstantExpr>(binary.getRHS());
    if (divisor && divisor.getValue() > 0)
      return WalkResult::advance();
    llvm::raw_string_ostream os(why);
    os << "divides by " << binary.getRHS() << " in its map (" << expr
       << "); a mod, floordiv or ceildiv lowers only with a positive "
          "constant divisor";
    return WalkResult::interrupt();
  };
  for (AffineExpr result : map.getResults())
    if (result.walk(check).wasInterrupted())
      break;
  return why;
}

/// Emits the reason a supported kind of op has an unsupported form.
static LogicalResult checkForm(Operation *op, Engine engine) {
  auto fail = [&](const std::string &why) -> LogicalResult {
    if (why.empty())
      return success();
    return op->emitOpError(why);
  };
  // A DMA-like op whose operands have no DMA form.
  auto failAsDMA = [&](const std::string &why) -> LogicalResult {
    if (why.empty())
      return success();
    return op->emitOpError("cannot be lowered by convert-dynshape-to-bir: ")
           << why;
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](func::FuncOp func) -> LogicalResult {
        auto checkTensor = [](Location loc, Type type) -> LogicalResult {
          auto memref = llvm::dyn_cast<MemRefType>(type);
          if (!memref || (memref.hasStaticShape() &&
                          memref.getNumElements() > 0 &&
                          memref.getLayout().isIdentity() &&
                          getByteSize(memref)))
            return success();
          return emitError(loc)
                 << "function tensor of type " << type
                 << " must be static, non-empty, contiguous, of whole-byte "
                    "elements and of fewer bytes than 64 bits count to "
                    "become a DRAM tensor";
        };
        for (BlockArgument arg : func.getArguments()) {
          auto type = llvm::dyn_cast<MemRefType>(arg.getType());
          if (failed(checkTensor(arg.getLoc(), arg.getType())))
            return failure();
          if (arg.getType().isSignlessInteger(1))
            return emitError(arg.getLoc())
                   << "function argument of type " << arg.getType()
                   << ": runtime scalars cross the function boundary as i32 "
                      "(a flag is an arith.cmpi of one)";
          if (type && type.getMemorySpace() &&
              getFunctionArgumentType(type) != type)
            return emitError(arg.getLoc())
                   << "function tensor of type " << type
                   << " must be in DRAM: a function's tensors are DRAM tensors";
        }
        // A returned view has its own diagnostic, at the return.
        for (Type type : func.getResultTypes())
          if (auto memref = llvm::dyn_cast<MemRefType>(type);
              memref && memref.getLayout().isIdentity() &&
              failed(checkTensor(func.getLoc(), type)))
            return failure();
        return success();
      })
      .Case([&](func::ReturnOp ret) {
        for (Value result : ret.getOperands())
          if (getViewSource(result))
            return fail("returns a view of a location; a function returns "
                        "whole tensors (copy the view into one)");
        return success();
      })
      .Case([&](arith::ConstantOp constant) {
        std::optional<int64_t> value = getConstantInt(constant);
        if (value && isRegisterType(constant.getType()) &&
            !machine::fitsRegister(*value))
          return fail(dynshape::describeUnfitConstant(*value));
        return success();
      })
      .Case([&](scf::ForOp loop) {
        std::optional<int64_t> step = getConstantInt(loop.getStep());
        if (!getConstantInt(loop.getLowerBound()) || !step || *step <= 0)
          return fail("needs a constant lower bound and a constant positive "
                      "step to become a bir loop");
        if (loop.getNumRegionIterArgs() != 0)
          return fail("carries loop values; only loops over buffers (after "
                      "bufferization) become bir loops");
        if (!getMaxTripCount(loop))
          return fail("has a runtime trip count without a provable bound; "
                      "bound its upper bound (a bounded dimension, or "
                      "arith.minsi with a constant) so it gets a max_trip");
        return success();
      })
      .Case<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(
          [&](auto affineOp) {
            return fail(whyNotRegisterArithmetic(affineOp.getAffineMap()));
          })
      .Case([&](scf::IfOp conditional) {
        if (conditional.getNumResults() != 0)
          return fail("yields values; a runtime conditional lowers when its "
                      "branches update buffers in place, so that "
                      "bufferization leaves it without results");
        return success();
      })
      .Case([&](memref::LoadOp load) {
        if (!getConstantLinearIndex(load))
          return fail("reads a runtime scalar at a runtime or out-of-bounds "
                      "position; only i32 elements at constant positions "
                      "inside the buffer become registers");
        return success();
      })
      .Case([&](memref::AllocOp alloc) -> LogicalResult {
        // A masked buffer its one reader masks on chip is never allocated.
        if (findFoldedMask(alloc, engine))
          return success();
        MemRefType type = getLocationType(alloc.getResult());
        // Stored flags: a compare outside the elementwise body that reads
        // its flags (the engines compare and select within one body).
        if (type.getElementType().isInteger(1))
          return fail("holds i1 flags, which no location stores (elements "
                      "are whole bytes); a compare lowers inside the "
                      "linalg.generic body that reads its flags");
        return verifyLocationType(
            [&] { return alloc.emitOpError("cannot become a location: "); },
            type, std::nullopt);
      })
      .Case([&](memref::CopyOp copy) {
        std::string why = whyNotASide(copy.getSource());
        return failAsDMA(why.empty() ? whyNotASide(copy.getTarget()) : why);
      })
      .Case([&](linalg::LinalgOp linalgOp) {
        auto transpose = llvm::dyn_cast<linalg::TransposeOp>(op);
        if (!transpose || !whyNotATransposeDMA(transpose).empty())
          return failAsDMA(whyNotOnEngines(linalgOp));
        std::string why;
        for (Value view : {transpose.getInput(), transpose.getInit()})
          if (why.empty())
            why = whyNotASide(view);
        return failAsDMA(why);
      })
      .Case([&](dynshape::BufferMaskOp mask) {
        if (mask.getDims().size() != 1)
          return failAsDMA("a mask along more than one dimension (masks "
                           "lower along one)");
        if (whyNotEngineMask(mask, engine).empty() ||
            findFoldedMask(mask.getOutput(), engine))
          return success();
        std::string why;
        for (Value view :
             {mask.getInput(), mask.getReplacement(), mask.getOutput()})
          if (view && why.empty())
            why = whyNotASide(view);
        if (why.empty() && mask.getFill() && hasRuntimeOffset(mask.getOutput()))
          why = "a fill of a view at a runtime offset";
        return failAsDMA(why);
      })
      .Default([](Operation *) { return success(); });
}

/// Runtime control flow other than scf.for and scf.if: the construct
/// itself is the culprit, not the compare that feeds it.
static LogicalResult checkControlFlow(Operation *root) {
  Operation *control = nullptr;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (llvm::isa<scf::WhileOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(
            op) ||
        (dialect && dialect->getNamespace() == "cf")) {
      control = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!control)
    return success();
  if (llvm::isa<scf::IndexSwitchOp>(control))
    return control->emitOpError(
        "is a runtime switch, which convert-dynshape-to-bir does not "
        "lower; the runtime control it lowers is scf.for with a provable "
        "trip bound and scf.if");
  return control->emitOpError(
      "is runtime control flow other than scf.for; runtime loops must be "
      "scf.for with a provable trip bound (a bounded dimension, or "
      "arith.minsi with a constant)");
}

/// Where to report `op`: its own location, or when that is unknown (as
/// canonicalize leaves constants it merges) the first known one among the
/// ops its results reach, or else `fallback`'s.
static Location knownLocation(Operation *op, Operation *fallback) {
  SmallVector<Operation *> work{op};
  llvm::SmallPtrSet<Operation *, 8> seen;
  for (size_t i = 0; i < work.size(); ++i) {
    if (!llvm::isa<UnknownLoc>(work[i]->getLoc()))
      return work[i]->getLoc();
    for (Operation *user : work[i]->getUsers())
      if (seen.insert(user).second)
        work.push_back(user);
  }
  return fallback->getLoc();
}

LogicalResult dyn::checkLowerable(Operation *root, Engine engine) {
  if (failed(checkControlFlow(root)))
    return failure();
  // Every op the lowering refuses is reported, up to kMaxRefusals, each at
  // its location. An unsupported op that is a helper (a constant or a view)
  // is reported only when nothing that uses it is: its users are.
  unsigned refusals = 0;
  bool listed = false;
  // Ops refused so far: an op that reads one of their results (a copy of a
  // refused allocation, a view of it) is not reported again.
  llvm::SmallPtrSet<Operation *, 8> refused;
  auto readsRefused = [&](Operation *op) {
    return llvm::any_of(op->getOperands(), [&](Value operand) {
      for (Value v = operand; v; v = getViewSource(v))
        if (refused.contains(lookThroughConversion(v).getDefiningOp()))
          return true;
      return false;
    });
  };
  // A refused op is counted, and the walk skips its regions.
  auto counted = [&](Operation *op) {
    refused.insert(op);
    return ++refusals < kMaxRefusals ? WalkResult::skip()
                                     : WalkResult::interrupt();
  };
  auto reportUnsupported = [&](Operation *culprit) {
    // Bufferization makes a tensor constant a global the user never wrote.
    if (llvm::isa<memref::GlobalOp, memref::GetGlobalOp>(culprit)) {
      emitError(knownLocation(culprit, root),
                "a tensor constant cannot be lowered by "
                "convert-dynshape-to-bir: the engines take constants as "
                "scalars (a scalar in a linalg body, or a linalg.fill); write "
                "a splat as one");
      return;
    }
    InFlightDiagnostic diag =
        culprit->emitOpError("cannot be lowered by convert-dynshape-to-bir");
    // The list of what it lowers, once.
    if (!listed)
      diag.attachNote() << "convert-dynshape-to-bir lowers "
                        << describeRegisterForms() << ", "
                        << kSupportedBesidesArith;
    listed = true;
  };
  WalkResult result = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (llvm::isa<ModuleOp>(op) || isHelper(op))
      return WalkResult::advance();
    if (readsRefused(op)) {
      refused.insert(op);
      return WalkResult::skip();
    }
    if (!isSupportedKind(op)) {
      // A module's tensor constant is reported at its global, not again at
      // each read of it.
      if (llvm::isa<memref::GetGlobalOp>(op) && llvm::isa<ModuleOp>(root)) {
        refused.insert(op);
        return WalkResult::skip();
      }
      reportUnsupported(op);
      return counted(op);
    }
    if (failed(checkForm(op, engine)))
      return counted(op);
    // A linalg op's body is part of its DMA or its engine instruction.
    return llvm::isa<linalg::LinalgOp>(op) ? WalkResult::skip()
                                           : WalkResult::advance();
  });
  if (result.wasInterrupted()) {
    emitError(root->getLoc())
        << "convert-dynshape-to-bir stops after " << kMaxRefusals
        << " refusals; there may be more";
    return failure();
  }
  if (refusals)
    return failure();
  // Helpers: a constant that does not fit a register.
  WalkResult helpers = root->walk([&](arith::ConstantOp op) {
    return failed(checkForm(op, engine)) ? WalkResult::interrupt()
                                         : WalkResult::advance();
  });
  return failure(helpers.wasInterrupted());
}

void dyn::configureDynShapeToBIRTarget(ConversionTarget &target,
                                       const BIRTypeConverter &converter) {
  target.addLegalDialect<BIRDialect>();
  target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
  target.addIllegalDialect<affine::AffineDialect, arith::ArithDialect,
                           dynshape::DynShapeDialect, linalg::LinalgDialect,
                           memref::MemRefDialect, scf::SCFDialect>();
  // Constants stay: a float one feeds compute (a fill value, a body
  // operand), an integer one immediates; a register still needed of one
  // when the conversion ends is materialized (BIRTypeConverter). Either is
  // dead once its users are converted.
  target.addLegalOp<arith::ConstantOp>();
  // A masked buffer that its one reader masks on chip is never allocated:
  // it is left alone, and dead once the mask and the reader are lowered.
  target.addDynamicallyLegalOp<memref::AllocOp>(
      [&converter](memref::AllocOp alloc) {
        return converter.getState().getFoldedMask(alloc) != nullptr;
      });
  target.addDynamicallyLegalOp<dynshape::BufferMaskOp>(
      [&converter](dynshape::BufferMaskOp mask) {
        return converter.getState().getFoldedMask(mask.getOutput()) != nullptr;
      });
  // Views stay as they are: the DMAs and engine ops that read them fold
  // them (describeSide), and they are dead once those are built.
  target.addLegalOp<memref::SubViewOp, memref::ExpandShapeOp,
                    memref::CollapseShapeOp>();
  // Tensors cross the function boundary as DRAM tensors, i32 arguments as
  // they are, scalar results in registers. A declaration keeps the
  // signature it was given (there is no body to lower).
  target.addDynamicallyLegalOp<func::FuncOp>([&converter](func::FuncOp func) {
    if (func.isExternal())
      return true;
    auto legalArg = [](Type type) {
      return getFunctionArgumentType(type) == type;
    };
    return llvm::all_of(func.getArgumentTypes(), legalArg) &&
           converter.isLegal(func.getResultTypes());
  });
  target.addDynamicallyLegalOp<func::ReturnOp>(
      [&converter](func::ReturnOp ret) { return converter.isLegal(ret); });
}

void dyn::populateDynShapeToBIRConversionPatterns(
    const BIRTypeConverter &converter, RewritePatternSet &patterns) {
  populateScalarPatterns(converter, patterns);
  populateMemoryPatterns(converter, patterns);
  populateComputePatterns(converter, patterns);
  // affine.apply/min/max (from composed views) become the arith the
  // register patterns take.
  populateAffineToStdConversionPatterns(patterns);
}
