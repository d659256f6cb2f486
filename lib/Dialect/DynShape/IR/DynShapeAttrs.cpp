//===- DynShapeAttrs.cpp - #dynshape.bounds -------------------------------===//

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Support/Machine.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace dyn::dynshape;

#define GET_ATTRDEF_CLASSES
#include "dyn/Dialect/DynShape/IR/DynShapeAttrs.cpp.inc"

void DynShapeDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dyn/Dialect/DynShape/IR/DynShapeAttrs.cpp.inc"
      >();
}

// #dynshape.bounds<1024, ?>: an integer or `?` per dimension.
Attribute BoundsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> bounds;
  auto parseEntry = [&]() -> ParseResult {
    if (succeeded(parser.parseOptionalQuestion())) {
      bounds.push_back(ShapedType::kDynamic);
      return success();
    }
    int64_t bound;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseInteger(bound))
      return failure();
    if (bound < 0)
      return parser.emitError(loc, "expected a positive bound or '?', got ")
             << bound;
    bounds.push_back(bound);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseEntry))
    return {};
  return BoundsAttr::get(parser.getContext(), bounds);
}

void BoundsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getBounds(), printer, [&](int64_t b) {
    if (ShapedType::isDynamic(b))
      printer << '?';
    else
      printer << b;
  });
  printer << '>';
}

LogicalResult
BoundsAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                           function_ref<InFlightDiagnostic()> emitError) const {
  ArrayRef<int64_t> bounds = getBounds();
  if (bounds.size() != shape.size())
    return emitError() << "#dynshape.bounds has " << bounds.size()
                       << " entries but the tensor has rank " << shape.size();
  for (auto [dim, extent, bound] : llvm::enumerate(shape, bounds)) {
    if (ShapedType::isDynamic(extent) && ShapedType::isDynamic(bound))
      return emitError() << "dynamic dimension " << dim
                         << " needs a bound in #dynshape.bounds";
    if (ShapedType::isDynamic(extent) && bound <= 0)
      return emitError() << "bound of dynamic dimension " << dim
                         << " must be positive, got " << bound;
    if (ShapedType::isDynamic(extent) && !machine::fitsRegister(bound))
      return emitError() << "bound " << bound << " of dynamic dimension "
                         << dim << " does not fit in i32, the type of "
                            "runtime sizes";
    if (!ShapedType::isDynamic(extent) && !ShapedType::isDynamic(bound))
      return emitError() << "static dimension " << dim
                         << " must have bound '?' in #dynshape.bounds, got "
                         << bound;
  }
  if (llvm::all_of(bounds, ShapedType::isDynamic))
    return emitError() << "#dynshape.bounds needs at least one bounded "
                          "dynamic dimension; drop the encoding from a "
                          "static tensor";
  return success();
}
