//===- DynShape.h - the dynshape dialect ------------------------*- C++ -*-===//

#ifndef DYN_DIALECT_DYNSHAPE_IR_DYNSHAPE_H
#define DYN_DIALECT_DYNSHAPE_IR_DYNSHAPE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dyn/Dialect/DynShape/IR/DynShapeOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dyn/Dialect/DynShape/IR/DynShapeAttrs.h.inc"

namespace dyn::dynshape {

/// True for the type of a scalar start index: i32 or index.
bool isScalarIndexType(mlir::Type type);

/// The trips the `dynshape.trip_estimate` of `loop` gives (verified by the
/// dialect: a non-negative integer of any integer type that fits int64_t);
/// none when it has none.
std::optional<int64_t> getTripEstimate(mlir::Operation *loop);

/// The `dynshape.size_estimate` of `size` when it is a function argument
/// that has one: the runtime size a profile expects.
std::optional<int64_t> getSizeEstimate(mlir::Value size);

/// True when `indices` is one i32 scalar per dimension (the form left by
/// dynshape-split-indices), false for the index-vector form.
bool hasScalarIndices(mlir::ValueRange indices);

/// Why an index or i32 constant `value` that fails machine::fitsRegister is
/// rejected (one wording for dynshape-check-index-width and the lowering).
std::string describeUnfitConstant(int64_t value);

/// The bounds encoding of `type`, or null.
BoundsAttr getBoundsAttr(mlir::RankedTensorType type);

/// The compile-time extent of dimension `dim`: the static size, or the bound
/// of a bounded dynamic dimension, or ShapedType::kDynamic if it has none.
int64_t getStaticExtent(mlir::RankedTensorType type, unsigned dim);

/// The shape with every bounded dimension replaced by its bound; kDynamic
/// where a dynamic dimension has no bound.
llvm::SmallVector<int64_t> getBoundedShape(mlir::RankedTensorType type);

/// True when the type has a `#dynshape.bounds` encoding or any `?` dim.
bool hasDynamicDims(mlir::Type type);

} // namespace dyn::dynshape

#define GET_OP_CLASSES
#include "dyn/Dialect/DynShape/IR/DynShapeOps.h.inc"

#endif // DYN_DIALECT_DYNSHAPE_IR_DYNSHAPE_H
