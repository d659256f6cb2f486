//===- StableHLOToDynShape.h - StableHLO import ----------------*- C++ -*-===//
//
// convert-stablehlo-to-dynshape's pieces: it converts the ops, attributes
// and types that StableHLOGenericDialect
// (dyn/Dialect/StableHLOGeneric/IR/StableHLOGeneric.h) reads from MLIR's
// generic op form, by name and properties.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_CONVERSION_STABLEHLOTODYNSHAPE_STABLEHLOTODYNSHAPE_H
#define DYN_CONVERSION_STABLEHLOTODYNSHAPE_STABLEHLOTODYNSHAPE_H

#include "dyn/Dialect/StableHLOGeneric/IR/StableHLOGeneric.h"

#include "mlir/Transforms/DialectConversion.h"

namespace dyn::stablehlo {

/// StableHLO types as dynshape takes them: a `#stablehlo.bounds` encoding
/// becomes `#dynshape.bounds`, and a rank-0 `i32` or `i1` tensor (a
/// StableHLO scalar) becomes the `i32` or `i1` itself.
class StableHLOTypeConverter : public mlir::TypeConverter {
public:
  StableHLOTypeConverter();
};

/// True when `root` holds a `stablehlo.*` op or a `#stablehlo` encoding:
/// the import has something to do.
bool containsStableHLO(mlir::Operation *root);

/// Why `op` (a `stablehlo.*` op in generic form) has no import, or an
/// empty string. Both checkImportable and the patterns ask it.
std::string whyNotImportable(mlir::Operation *op);

/// Emits one located diagnostic for the first `stablehlo.*` op under `root`
/// that has no import, naming the op and what is supported.
mlir::LogicalResult checkImportable(mlir::Operation *root);

/// The import patterns, one per supported StableHLO op.
void populateStableHLOToDynShapePatterns(
    const StableHLOTypeConverter &converter, mlir::RewritePatternSet &patterns);

} // namespace dyn::stablehlo

#endif // DYN_CONVERSION_STABLEHLOTODYNSHAPE_STABLEHLOTODYNSHAPE_H
