//===- CheckIndexWidth.cpp - dynshape-check-index-width -------------------===//
//
// Index values are 32-bit registers in the backend, but upstream folds index
// arithmetic in 64 bits: a constant outside the 32-bit range is rejected
// before anything can fold it differently from how the program runs.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"
#include "dyn/Support/Machine.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace dyn::dynshape {
#define GEN_PASS_DEF_DYNSHAPECHECKINDEXWIDTH
#include "dyn/Dialect/DynShape/Transforms/Passes.h.inc"
} // namespace dyn::dynshape

using namespace mlir;
using namespace dyn::dynshape;

/// The constants folding would give `op`'s results, given the constants
/// `known` of the values before it; empty when it is not folded here. Only
/// arith ops and affine.apply are folded: with constant operands their
/// folders produce attributes and never rewrite the op in place.
static SmallVector<Attribute>
foldOnConstants(Operation *op, const DenseMap<Value, Attribute> &known) {
  SmallVector<Attribute> results;
  Attribute constant;
  if (op->getNumResults() == 1 &&
      matchPattern(op->getResult(0), m_Constant(&constant))) {
    results.push_back(constant);
    return results;
  }
  if (op->getNumOperands() == 0 ||
      !(llvm::isa_and_present<arith::ArithDialect>(op->getDialect()) ||
        llvm::isa<affine::AffineApplyOp>(op)))
    return results;
  SmallVector<Attribute> operands;
  for (Value operand : op->getOperands()) {
    Attribute attr = known.lookup(operand);
    if (!attr)
      return results;
    operands.push_back(attr);
  }
  SmallVector<OpFoldResult> folded;
  if (failed(op->fold(operands, folded)) ||
      folded.size() != op->getNumResults())
    return results;
  for (OpFoldResult result : folded) {
    if (auto value = llvm::dyn_cast<Value>(result))
      results.push_back(known.lookup(value));
    else
      results.push_back(llvm::cast<Attribute>(result));
  }
  return results;
}

namespace {

struct DynShapeCheckIndexWidthPass
    : dyn::dynshape::impl::DynShapeCheckIndexWidthBase<
          DynShapeCheckIndexWidthPass> {
  void runOnOperation() override {
    // Definitions come before their uses in a pre-order walk of SSA regions.
    DenseMap<Value, Attribute> known;
    WalkResult walk = getOperation()->walk<WalkOrder::PreOrder>(
        [&](Operation *op) -> WalkResult {
          SmallVector<Attribute> constants = foldOnConstants(op, known);
          for (auto [result, constant] :
               llvm::zip(op->getResults(), constants)) {
            auto integer = llvm::dyn_cast_or_null<IntegerAttr>(constant);
            if (!integer)
              continue;
            int64_t value = integer.getValue().getSExtValue();
            if (isScalarIndexType(result.getType()) &&
                !dyn::machine::fitsRegister(value)) {
              if (llvm::isa<arith::ConstantOp>(op))
                op->emitOpError(describeUnfitConstant(value));
              else
                op->emitOpError("folds to constant ")
                    << value
                    << ", which does not fit in a 32-bit register (index "
                       "arithmetic that should wrap is written on i32)";
              return WalkResult::interrupt();
            }
            known[result] = integer;
          }
          return WalkResult::advance();
        });
    if (walk.wasInterrupted())
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
