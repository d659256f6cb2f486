//===- Import.h - shared pieces of the StableHLO import ---------*- C++ -*-===//
//
// Private to lib/Conversion/StableHLOToDynShape.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_CONVERSION_STABLEHLOTODYNSHAPE_IMPORT_H
#define DYN_LIB_CONVERSION_STABLEHLOTODYNSHAPE_IMPORT_H

#include "dyn/Conversion/StableHLOToDynShape/StableHLOToDynShape.h"

#include "llvm/ADT/StringMap.h"

#include <functional>
#include <string>

namespace dyn::stablehlo {

/// A property of a generic-form op (`<{name = ...}>`), or its attribute of
/// that name.
mlir::Attribute getProperty(mlir::Operation *op, llvm::StringRef name);

/// The integer list of a property (`array<i64: ...>` or a dense elements
/// attribute), or none.
std::optional<llvm::SmallVector<int64_t>> getIntList(mlir::Operation *op,
                                                     llvm::StringRef name);

/// The fields of a structured #stablehlo attribute's text, such as
/// `gather<offset_dims = [1], index_vector_dim = 1>`: each field's integers
/// (an integer field is a list of one).
using Fields = llvm::StringMap<llvm::SmallVector<int64_t>>;
std::optional<Fields> parseFields(llvm::StringRef text);

/// The import of one StableHLO op: `check` says why its form has no import
/// (empty when it has one); `rewrite` replaces it, given its converted
/// operands.
struct OpImport {
  llvm::StringRef name;
  std::function<std::string(mlir::Operation *)> check;
  std::function<mlir::LogicalResult(mlir::Operation *, mlir::ValueRange,
                                    mlir::ConversionPatternRewriter &,
                                    const mlir::TypeConverter &)>
      rewrite;
};

/// Every op the import takes, stated once.
llvm::ArrayRef<OpImport> getOpImports();

} // namespace dyn::stablehlo

#endif // DYN_LIB_CONVERSION_STABLEHLOTODYNSHAPE_IMPORT_H
