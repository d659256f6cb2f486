//===- DynShapeDialect.cpp - dynshape dialect registration ----------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dyn::dynshape;

#include "dyn/Dialect/DynShape/IR/DynShapeOpsDialect.cpp.inc"

void DynShapeDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dyn/Dialect/DynShape/IR/DynShapeOps.cpp.inc"
      >();
}

std::optional<int64_t> dyn::dynshape::getTripEstimate(Operation *loop) {
  auto trips = llvm::dyn_cast_or_null<IntegerAttr>(
      loop->getAttr(DynShapeDialect::TripEstimateAttrHelper::getNameStr()));
  if (!trips || !llvm::isa<IntegerType>(trips.getType()))
    return std::nullopt;
  const APInt &value = trips.getValue();
  if ((!trips.getType().isUnsignedInteger() && value.isNegative()) ||
      value.getActiveBits() > 63)
    return std::nullopt;
  return static_cast<int64_t>(value.getZExtValue());
}

LogicalResult DynShapeDialect::verifyOperationAttribute(Operation *op,
                                                        NamedAttribute attr) {
  if (attr.getName() != TripEstimateAttrHelper::getNameStr())
    return op->emitOpError("has unknown dynshape attribute ")
           << attr.getName();
  if (!llvm::isa<LoopLikeOpInterface>(op))
    return op->emitOpError(attr.getName().getValue())
           << " is for loops; this op is not one";
  if (!getTripEstimate(op))
    return op->emitOpError(attr.getName().getValue())
           << " must be a non-negative integer (a profile trip estimate for "
              "the cost model), got "
           << attr.getValue();
  return success();
}

// Folders produce i32 integer attributes; arith.constant holds them.
Operation *DynShapeDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
