//===- ElementTypes.cpp - C API: the element types dyn carries ------------===//

#include "dyn-c/ElementTypes.h"

#include "dyn/Support/ElementTypes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

#include <iterator>

intptr_t dynGetNumElementTypes(void) {
  return std::size(dyn::kElementTypes);
}

MlirType dynGetElementType(MlirContext context, intptr_t index) {
  return wrap(dyn::kElementTypes[index].build(unwrap(context)));
}

intptr_t dynGetElementBytes(MlirType type) {
  return dyn::getElementBytes(unwrap(type)).value_or(0);
}

MlirStringRef dynGetElementNumPyDescr(MlirType type) {
  const dyn::ElementTypeInfo *info = dyn::lookupElementType(unwrap(type));
  return wrap(info ? llvm::StringRef(info->npyDescr) : llvm::StringRef());
}
