//===- ElementTypes.h - the element types dyn carries, once -----*- C++ -*-===//
//
// The one home of the element types dyn carries and of their sizes: the
// MLIR spelling, the bytes per element and the NumPy dtype a value of each
// crosses the host boundary in (docs/ProjectDefined.md). It sits below the
// dialects, next to Machine.h: the bir dialect's access patterns and
// locations, the lowering, the cost model, the container (whose codes for
// these types are the target's, lib/Target/ADDR4/Format.h), the simulator,
// the C API (dynGetElementBytes, dyn-c/ElementTypes.h) and, through it, the
// Python package all ask it.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_SUPPORT_ELEMENTTYPES_H
#define DYN_SUPPORT_ELEMENTTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace dyn {

struct ElementTypeInfo {
  /// The MLIR spelling, e.g. "f32".
  llvm::StringLiteral name;
  /// Bytes per element.
  uint8_t bytes;
  /// The NumPy dtype; bf16, which NumPy lacks, is '<u2' holding its bits.
  llvm::StringLiteral npyDescr;
  /// True for this type (a TypeID compare, no context lookup).
  bool (*matches)(mlir::Type);
  /// Builds the type.
  mlir::Type (*build)(mlir::MLIRContext *);
};

namespace detail {
template <typename T>
bool isFloat(mlir::Type type) {
  return llvm::isa<T>(type);
}
template <typename T>
mlir::Type buildFloat(mlir::MLIRContext *context) {
  return T::get(context);
}
template <unsigned Width>
bool isInteger(mlir::Type type) {
  return type.isSignlessInteger(Width);
}
template <unsigned Width>
mlir::Type buildInteger(mlir::MLIRContext *context) {
  return mlir::IntegerType::get(context, Width);
}
} // namespace detail

/// Every element type dyn carries, f32 first (the common case of a lookup).
inline constexpr ElementTypeInfo kElementTypes[] = {
    {"f32", 4, "<f4", detail::isFloat<mlir::Float32Type>,
     detail::buildFloat<mlir::Float32Type>},
    {"i32", 4, "<i4", detail::isInteger<32>, detail::buildInteger<32>},
    {"bf16", 2, "<u2", detail::isFloat<mlir::BFloat16Type>,
     detail::buildFloat<mlir::BFloat16Type>},
    {"f16", 2, "<f2", detail::isFloat<mlir::Float16Type>,
     detail::buildFloat<mlir::Float16Type>},
    {"i8", 1, "|i1", detail::isInteger<8>, detail::buildInteger<8>},
    {"i16", 2, "<i2", detail::isInteger<16>, detail::buildInteger<16>},
    {"i64", 8, "<i8", detail::isInteger<64>, detail::buildInteger<64>},
    {"f64", 8, "<f8", detail::isFloat<mlir::Float64Type>,
     detail::buildFloat<mlir::Float64Type>},
};

/// The entry of `type`; null for a type dyn does not carry.
inline const ElementTypeInfo *lookupElementType(mlir::Type type) {
  if (!type)
    return nullptr;
  for (const ElementTypeInfo &info : kElementTypes)
    if (info.matches(type))
      return &info;
  return nullptr;
}

/// The entry spelled `name` ("f32", ...); null for any other name.
inline const ElementTypeInfo *lookupElementType(llvm::StringRef name) {
  for (const ElementTypeInfo &info : kElementTypes)
    if (info.name == name)
      return &info;
  return nullptr;
}

/// Bytes per element of `type`; none for a type dyn does not carry.
inline std::optional<int64_t> getElementBytes(mlir::Type type) {
  if (const ElementTypeInfo *info = lookupElementType(type))
    return info->bytes;
  return std::nullopt;
}

/// The carried types' names, "f32, i32, ...", for a diagnostic.
inline std::string getElementTypeNames() {
  std::string names;
  for (const ElementTypeInfo &info : kElementTypes)
    names += (names.empty() ? "" : ", ") + info.name.str();
  return names;
}

} // namespace dyn

#endif // DYN_SUPPORT_ELEMENTTYPES_H
