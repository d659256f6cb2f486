//===- DynShapeDialect.cpp - dynshape dialect registration ----------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
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

// Folders produce i32 integer attributes; arith.constant holds them.
Operation *DynShapeDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
