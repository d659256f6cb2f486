//===- DynShapeOps.cpp - dynshape op verifiers, folders, parsers ----------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Support/Machine.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

#include <limits>

using namespace mlir;
using namespace dyn::dynshape;

//===----------------------------------------------------------------------===//
// Shape helpers
//===----------------------------------------------------------------------===//

bool dyn::dynshape::isScalarIndexType(Type type) {
  return type.isSignlessInteger(32) || type.isIndex();
}

std::string dyn::dynshape::describeUnfitConstant(int64_t value) {
  return "constant " + std::to_string(value) +
         " does not fit in a 32-bit register (if canonicalization folded it "
         "from index arithmetic, which it computes in 64 bits, write that "
         "arithmetic on i32, which wraps)";
}

bool dyn::dynshape::hasScalarIndices(ValueRange indices) {
  return llvm::all_of(indices.getTypes(), isScalarIndexType);
}

BoundsAttr dyn::dynshape::getBoundsAttr(RankedTensorType type) {
  return llvm::dyn_cast_or_null<BoundsAttr>(type.getEncoding());
}

int64_t dyn::dynshape::getStaticExtent(RankedTensorType type, unsigned dim) {
  if (!type.isDynamicDim(dim))
    return type.getDimSize(dim);
  if (BoundsAttr bounds = getBoundsAttr(type))
    return bounds.getBound(dim);
  return ShapedType::kDynamic;
}

SmallVector<int64_t> dyn::dynshape::getBoundedShape(RankedTensorType type) {
  SmallVector<int64_t> shape;
  for (unsigned d = 0, e = type.getRank(); d < e; ++d)
    shape.push_back(getStaticExtent(type, d));
  return shape;
}

bool dyn::dynshape::hasDynamicDims(Type type) {
  auto ranked = llvm::dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return llvm::isa<UnrankedTensorType>(type);
  return getBoundsAttr(ranked) || !ranked.hasStaticShape();
}

static std::string extentStr(int64_t extent) {
  return ShapedType::isDynamic(extent) ? "?" : std::to_string(extent);
}

//===----------------------------------------------------------------------===//
// custom<StartIndices>: `[%i, %j]` (i32 scalars), `[%i, %j : index, i32]`
// (scalars of the types given), or `[%idx : tensor<2xi32>]`
//===----------------------------------------------------------------------===//

static ParseResult
parseStartIndices(OpAsmParser &parser,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &indices,
                  SmallVectorImpl<Type> &types) {
  if (parser.parseLSquare())
    return failure();
  if (parser.parseOperandList(indices))
    return failure();
  if (failed(parser.parseOptionalColon())) {
    types.assign(indices.size(), parser.getBuilder().getI32Type());
    return parser.parseRSquare();
  }
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseTypeList(types) || parser.parseRSquare())
    return failure();
  if (types.size() == 1 && llvm::isa<RankedTensorType>(types[0])) {
    if (indices.size() != 1)
      return parser.emitError(typeLoc, "the index-vector form takes exactly "
                                       "one index tensor, got ")
             << indices.size() << " operands";
    return success();
  }
  if (types.size() != indices.size() ||
      !llvm::all_of(types, isScalarIndexType))
    return parser.emitError(typeLoc, "expects one type per start index (i32 "
                                     "or index), or one 1-D i32 tensor type "
                                     "for the index-vector form");
  return success();
}

static void printStartIndices(OpAsmPrinter &printer, Operation *,
                              OperandRange indices, TypeRange types) {
  printer << '[' << indices;
  if (!llvm::all_of(types, [](Type t) { return t.isSignlessInteger(32); }))
    printer << " : " << types;
  printer << ']';
}

/// Verifies start indices against an operand of rank `rank`: one i32 or
/// index scalar per dimension, or a single 1-D i32 tensor with `rank`
/// elements.
static LogicalResult verifyStartIndices(Operation *op, ValueRange indices,
                                        int64_t rank) {
  if (hasScalarIndices(indices)) {
    if (static_cast<int64_t>(indices.size()) != rank)
      return op->emitOpError("expects one start index per operand dimension (")
             << rank << "), got " << indices.size();
    return success();
  }
  if (indices.size() != 1)
    return op->emitOpError("expects either one i32 or index scalar per "
                           "dimension or a single 1-D i32 index tensor, got ")
           << indices.size() << " operands that are not all scalars";
  auto type = llvm::cast<RankedTensorType>(indices[0].getType());
  if (type.isDynamicDim(0) || type.getDimSize(0) != rank)
    return op->emitOpError("expects an index tensor of ")
           << rank << " elements (the operand's rank), got " << type;
  return success();
}

/// Every dimension of `type` must have a compile-time extent: static or
/// bounded.
static LogicalResult verifyHasExtents(Operation *op, RankedTensorType type,
                                      StringRef what) {
  if (type.getEncoding() && !getBoundsAttr(type))
    return op->emitOpError() << what << " type " << type
                             << " has an encoding other than #dynshape.bounds";
  for (unsigned d = 0, e = type.getRank(); d < e; ++d)
    if (ShapedType::isDynamic(getStaticExtent(type, d)))
      return op->emitOpError() << what << " dimension " << d
                               << " is dynamic without a #dynshape.bounds "
                                  "bound";
  return success();
}

static LogicalResult verifyDim(Operation *op, uint64_t dim,
                               RankedTensorType type) {
  if (dim >= static_cast<uint64_t>(type.getRank()))
    return op->emitOpError("dimension ")
           << dim << " is out of range for a tensor of rank " << type.getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// GetDimensionSizeOp
//===----------------------------------------------------------------------===//

LogicalResult GetDimensionSizeOp::verify() {
  RankedTensorType type = getOperand().getType();
  if (failed(verifyDim(*this, getDimension(), type)) ||
      failed(verifyHasExtents(*this, type, "operand")))
    return failure();
  if (getStaticExtent(type, getDimension()) > machine::kRegisterMax)
    return emitOpError("extent ")
           << getStaticExtent(type, getDimension()) << " of dimension "
           << getDimension() << " does not fit in the i32 result";
  return success();
}

OpFoldResult GetDimensionSizeOp::fold(FoldAdaptor) {
  RankedTensorType type = getOperand().getType();
  // get_dimension_size(x : static dim d) -> extent of d
  if (!type.isDynamicDim(getDimension()))
    return IntegerAttr::get(getType(), type.getDimSize(getDimension()));
  return {};
}

//===----------------------------------------------------------------------===//
// SetDimensionSizeOp
//===----------------------------------------------------------------------===//

LogicalResult SetDimensionSizeOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  auto resultType = llvm::cast<RankedTensorType>(getResult().getType());
  if (failed(verifyDim(*this, getDimension(), operandType)) ||
      failed(verifyHasExtents(*this, operandType, "operand")))
    return failure();
  unsigned dim = getDimension();
  if (resultType.getRank() != operandType.getRank())
    return emitOpError("result rank ")
           << resultType.getRank() << " differs from operand rank "
           << operandType.getRank();
  if (resultType.getElementType() != operandType.getElementType())
    return emitOpError("result element type ")
           << resultType.getElementType() << " differs from operand's "
           << operandType.getElementType();
  if (!resultType.isDynamicDim(dim))
    return emitOpError("result dimension ")
           << dim << " must be dynamic ('?'), got " << resultType.getDimSize(dim);
  BoundsAttr resultBounds = getBoundsAttr(resultType);
  if (!resultBounds)
    return emitOpError("result type must carry #dynshape.bounds");
  for (unsigned d = 0, e = operandType.getRank(); d < e; ++d) {
    int64_t want = getStaticExtent(operandType, d);
    int64_t have = getStaticExtent(resultType, d);
    if (want != have)
      return emitOpError("result ")
             << (d == dim ? "bound" : "extent") << " of dimension " << d
             << " must be the operand's static extent " << extentStr(want)
             << ", got " << extentStr(have);
    if (d != dim && resultType.isDynamicDim(d) != operandType.isDynamicDim(d))
      return emitOpError("dimension ")
             << d << " must stay " << (operandType.isDynamicDim(d) ? "dynamic" : "static");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// DynamicSliceOp
//===----------------------------------------------------------------------===//

LogicalResult DynamicSliceOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  auto resultType = llvm::cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> sizes = getSliceSizes();
  int64_t rank = operandType.getRank();
  if (failed(verifyStartIndices(*this, getStartIndices(), rank)) ||
      failed(verifyHasExtents(*this, operandType, "operand")))
    return failure();
  if (static_cast<int64_t>(sizes.size()) != rank)
    return emitOpError("expects one slice size per operand dimension (")
           << rank << "), got " << sizes.size();
  for (auto [d, size] : llvm::enumerate(sizes)) {
    int64_t extent = getStaticExtent(operandType, d);
    if (size < 0 || size > extent)
      return emitOpError("slice size ")
             << size << " of dimension " << d
             << " must be within the operand's static extent [0, " << extent
             << "]";
  }
  if (resultType.getShape() != sizes || resultType.getEncoding())
    return emitOpError("result must be the static tensor of the slice "
                       "sizes, got ")
           << resultType;
  if (resultType.getElementType() != operandType.getElementType())
    return emitOpError("result element type must match the operand's");
  return success();
}

OpFoldResult DynamicSliceOp::fold(FoldAdaptor) {
  // dynamic_slice(x) of x's full static extent -> x. The clamp forces every
  // start index to 0, whatever its runtime value.
  if (getOperand().getType() == getResult().getType())
    return getOperand();
  return {};
}

//===----------------------------------------------------------------------===//
// DynamicUpdateSliceOp
//===----------------------------------------------------------------------===//

LogicalResult DynamicUpdateSliceOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType updateType = getUpdate().getType();
  int64_t rank = operandType.getRank();
  if (failed(verifyStartIndices(*this, getStartIndices(), rank)) ||
      failed(verifyHasExtents(*this, operandType, "operand")) ||
      failed(verifyHasExtents(*this, updateType, "update")))
    return failure();
  if (updateType.getRank() != rank)
    return emitOpError("update rank ")
           << updateType.getRank() << " must equal the operand rank " << rank;
  if (updateType.getElementType() != operandType.getElementType())
    return emitOpError("update element type ")
           << updateType.getElementType()
           << " must match the operand element type "
           << operandType.getElementType();
  for (unsigned d = 0; d < rank; ++d) {
    int64_t updateExtent = getStaticExtent(updateType, d);
    int64_t operandExtent = getStaticExtent(operandType, d);
    if (updateExtent > operandExtent)
      return emitOpError("update extent ")
             << updateExtent << " of dimension " << d
             << " exceeds the operand's static extent " << operandExtent;
  }
  return success();
}

OpFoldResult DynamicUpdateSliceOp::fold(FoldAdaptor) {
  // dynamic_update_slice(u into x) with u covering all of static x -> u.
  RankedTensorType type = getOperand().getType();
  if (type.hasStaticShape() && !getBoundsAttr(type) &&
      getUpdate().getType() == type)
    return getUpdate();
  return {};
}

//===----------------------------------------------------------------------===//
// GatherOp / ScatterOp
//===----------------------------------------------------------------------===//

/// The row-tensor shape `[N] ++ table[1:]` for `indices` of N elements must
/// match `rows` in every dimension (bounds included).
static LogicalResult verifyRows(Operation *op, RankedTensorType table,
                                RankedTensorType indices, RankedTensorType rows,
                                StringRef what) {
  if (table.getRank() < 1)
    return op->emitOpError("operand must have rank >= 1 to be indexed along "
                           "dimension 0");
  if (failed(verifyHasExtents(op, table, "operand")) ||
      failed(verifyHasExtents(op, indices, "index tensor")) ||
      failed(verifyHasExtents(op, rows, what)))
    return failure();
  if (rows.getElementType() != table.getElementType())
    return op->emitOpError() << what << " element type "
                             << rows.getElementType()
                             << " must match the operand's "
                             << table.getElementType();
  if (rows.getRank() != table.getRank())
    return op->emitOpError() << what << " rank " << rows.getRank()
                             << " must equal the operand rank "
                             << table.getRank();
  auto checkDim = [&](unsigned d, RankedTensorType from, unsigned fromDim)
      -> LogicalResult {
    if (rows.isDynamicDim(d) == from.isDynamicDim(fromDim) &&
        getStaticExtent(rows, d) == getStaticExtent(from, fromDim))
      return success();
    return op->emitOpError()
           << what << " dimension " << d << " must be "
           << (from.isDynamicDim(fromDim) ? "dynamic with bound " : "")
           << extentStr(getStaticExtent(from, fromDim)) << ", as "
           << (d == 0 ? "the index count" : "the operand's") << "; got "
           << rows;
  };
  if (failed(checkDim(0, indices, 0)))
    return failure();
  for (unsigned d = 1, e = rows.getRank(); d < e; ++d)
    if (failed(checkDim(d, table, d)))
      return failure();
  return success();
}

LogicalResult GatherOp::verify() {
  return verifyRows(*this, getOperand().getType(), getIndices().getType(),
                    llvm::cast<RankedTensorType>(getResult().getType()),
                    "result");
}

LogicalResult ScatterOp::verify() {
  return verifyRows(*this, getOperand().getType(), getIndices().getType(),
                    getUpdates().getType(), "updates");
}

/// Rows of `rows` are rows of `table` (dimension 0 indexed by `indices`).
static LogicalResult verifyBufferRows(Operation *op, MemRefType table,
                                      MemRefType indices, MemRefType rows,
                                      StringRef what) {
  if (table.getRank() < 1)
    return op->emitOpError("table must have rank >= 1");
  if (rows.getElementType() != table.getElementType())
    return op->emitOpError() << what << " element type must match the table's";
  SmallVector<int64_t> expected{indices.getDimSize(0)};
  llvm::append_range(expected, table.getShape().drop_front());
  if (rows.getShape() != ArrayRef<int64_t>(expected))
    return op->emitOpError() << what << " shape must be [" << expected[0]
                             << "] ++ the table's row shape, got " << rows;
  return success();
}

LogicalResult BufferGatherOp::verify() {
  return verifyBufferRows(*this, getTable().getType(), getIndices().getType(),
                          getOutput().getType(), "output");
}

LogicalResult BufferScatterOp::verify() {
  return verifyBufferRows(*this, getTable().getType(), getIndices().getType(),
                          getUpdates().getType(), "updates");
}

//===----------------------------------------------------------------------===//
// MaskOp / BufferMaskOp
//===----------------------------------------------------------------------===//

/// Shared by both forms: the masked dims, their sizes, and exactly one
/// replacement of the input's shape and element type.
static LogicalResult verifyMask(Operation *op, ShapedType input,
                                Value replacement, ValueRange sizes,
                                ArrayRef<int64_t> dims,
                                std::optional<TypedAttr> fill) {
  if (dims.empty())
    return op->emitOpError("masks no dimension");
  if (dims.size() != sizes.size())
    return op->emitOpError("has ")
           << dims.size() << " dims but " << sizes.size() << " sizes";
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= input.getRank())
      return op->emitOpError("dimension ")
             << d << " is out of range for rank " << input.getRank();
    if (!seen.insert(d).second)
      return op->emitOpError("masks dimension ") << d << " twice";
  }
  if (static_cast<bool>(replacement) == fill.has_value())
    return op->emitOpError("needs exactly one replacement: a `with` operand "
                           "or a `fill` constant");
  if (fill && fill->getType() != input.getElementType())
    return op->emitOpError("fill of type ")
           << fill->getType() << " does not match the element type "
           << input.getElementType();
  if (replacement) {
    auto type = llvm::cast<ShapedType>(replacement.getType());
    if (type.getShape() != input.getShape() ||
        type.getElementType() != input.getElementType())
      return op->emitOpError("replacement of type ")
             << type << " does not match the input's shape and element type";
  }
  return success();
}

LogicalResult MaskOp::verify() {
  return verifyMask(*this, getInput().getType(), getReplacement(), getSizes(),
                    getDims(), getFillAttr() ? std::optional<TypedAttr>(getFillAttr())
                                             : std::nullopt);
}

LogicalResult BufferMaskOp::verify() {
  MemRefType input = getInput().getType(), output = getOutput().getType();
  if (input.getShape() != output.getShape() ||
      input.getElementType() != output.getElementType())
    return emitOpError("output of type ")
           << output << " does not match the input's shape and element type";
  return verifyMask(*this, input, getReplacement(), getSizes(), getDims(),
                    getFillAttr() ? std::optional<TypedAttr>(getFillAttr())
                                  : std::nullopt);
}

#define GET_OP_CLASSES
#include "dyn/Dialect/DynShape/IR/DynShapeOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Buffer ops: memref.cast folding
//===----------------------------------------------------------------------===//

LogicalResult BufferGatherOp::fold(FoldAdaptor,
                                   SmallVectorImpl<OpFoldResult> &) {
  return memref::foldMemRefCast(*this);
}

LogicalResult BufferScatterOp::fold(FoldAdaptor,
                                    SmallVectorImpl<OpFoldResult> &) {
  return memref::foldMemRefCast(*this);
}

LogicalResult BufferMaskOp::fold(FoldAdaptor,
                                 SmallVectorImpl<OpFoldResult> &) {
  return memref::foldMemRefCast(*this);
}
