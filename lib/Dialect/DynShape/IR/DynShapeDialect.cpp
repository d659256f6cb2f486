//===- DynShapeDialect.cpp - dynshape dialect registration ----------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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

/// The non-negative integer `attr` holds, if it is one that fits int64_t.
static std::optional<int64_t> getNonNegative(Attribute attr) {
  auto integer = llvm::dyn_cast_or_null<IntegerAttr>(attr);
  if (!integer || !llvm::isa<IntegerType>(integer.getType()))
    return std::nullopt;
  const APInt &value = integer.getValue();
  if ((!integer.getType().isUnsignedInteger() && value.isNegative()) ||
      value.getActiveBits() > 63)
    return std::nullopt;
  return static_cast<int64_t>(value.getZExtValue());
}

std::optional<int64_t> dyn::dynshape::getTripEstimate(Operation *loop) {
  return getNonNegative(
      loop->getAttr(DynShapeDialect::TripEstimateAttrHelper::getNameStr()));
}

std::optional<int64_t> dyn::dynshape::getSizeEstimate(Value size) {
  auto arg = llvm::dyn_cast<BlockArgument>(size);
  auto func = arg ? llvm::dyn_cast_or_null<FunctionOpInterface>(
                        arg.getOwner()->getParentOp())
                  : FunctionOpInterface();
  if (!func || arg.getOwner() != &func.getFunctionBody().front())
    return std::nullopt;
  return getNonNegative(func.getArgAttr(
      arg.getArgNumber(), DynShapeDialect::SizeEstimateAttrHelper::getNameStr()));
}

LogicalResult DynShapeDialect::verifyRegionArgAttribute(Operation *op,
                                                        unsigned region,
                                                        unsigned index,
                                                        NamedAttribute attr) {
  if (attr.getName() != SizeEstimateAttrHelper::getNameStr())
    return op->emitOpError("has unknown dynshape argument attribute ")
           << attr.getName();
  Type type = op->getRegion(region).getArgument(index).getType();
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  bool bounded = tensor && llvm::isa_and_present<BoundsAttr>(tensor.getEncoding());
  if (!bounded && !type.isSignlessInteger(32))
    return op->emitOpError(attr.getName().getValue())
           << " is for a bounded tensor argument or its i32 size; argument #"
           << index << " is " << type;
  if (!getNonNegative(attr.getValue()))
    return op->emitOpError(attr.getName().getValue())
           << " must be a non-negative integer (the runtime size a profile "
              "expects), got "
           << attr.getValue();
  return success();
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
