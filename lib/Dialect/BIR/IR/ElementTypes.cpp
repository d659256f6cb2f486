//===- ElementTypes.cpp - the element types the backend carries -----------===//

#include "dyn/Dialect/BIR/IR/ElementTypes.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace dyn::bir;

template <typename T>
static Type build(MLIRContext *context) {
  return T::get(context);
}
template <unsigned Width>
static Type buildInteger(MLIRContext *context) {
  return IntegerType::get(context, Width);
}

static const ElementTypeInfo kTable[] = {
    {0, 4, "f32", "<f4", build<Float32Type>},
    {1, 4, "i32", "<i4", buildInteger<32>},
    {2, 2, "bf16", "<u2", build<BFloat16Type>},
    {3, 2, "f16", "<f2", build<Float16Type>},
    {4, 1, "i8", "|i1", buildInteger<8>},
    {5, 2, "i16", "<i2", buildInteger<16>},
    {6, 8, "i64", "<i8", buildInteger<64>},
    {7, 8, "f64", "<f8", build<Float64Type>},
};

llvm::ArrayRef<ElementTypeInfo> dyn::bir::getElementTypeTable() {
  return kTable;
}

const ElementTypeInfo *dyn::bir::lookupElementType(Type type) {
  if (!type)
    return nullptr;
  for (const ElementTypeInfo &info : kTable)
    if (info.build(type.getContext()) == type)
      return &info;
  return nullptr;
}

const ElementTypeInfo *dyn::bir::lookupElementType(uint8_t code) {
  return code < std::size(kTable) ? &kTable[code] : nullptr;
}
