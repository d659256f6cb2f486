//===- StableHLOToDynShape.h - StableHLO import ----------------*- C++ -*-===//
//
// StableHLO reaches dyn as MLIR's generic op form, without a StableHLO
// dependency: StableHLOGenericDialect registers the `stablehlo` namespace
// so that its ops parse as unregistered operations and its attributes and
// types as opaque ones, and convert-stablehlo-to-dynshape converts them by
// name and properties.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_CONVERSION_STABLEHLOTODYNSHAPE_STABLEHLOTODYNSHAPE_H
#define DYN_CONVERSION_STABLEHLOTODYNSHAPE_STABLEHLOTODYNSHAPE_H

#include "mlir/IR/Dialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace dyn::stablehlo {

/// The `stablehlo` namespace, for reading the generic op form: any
/// `"stablehlo.*"` op parses (as an unregistered operation of a registered
/// dialect), and `#stablehlo...` attributes and `!stablehlo...` types parse
/// into opaque ones that keep their text, e.g. `#stablehlo.bounds<16, ?>`.
class StableHLOGenericDialect : public mlir::Dialect {
public:
  explicit StableHLOGenericDialect(mlir::MLIRContext *context);
  static llvm::StringRef getDialectNamespace() { return "stablehlo"; }

  mlir::Attribute parseAttribute(mlir::DialectAsmParser &parser,
                                 mlir::Type type) const override;
  void printAttribute(mlir::Attribute attr,
                      mlir::DialectAsmPrinter &printer) const override;
  mlir::Type parseType(mlir::DialectAsmParser &parser) const override;
  void printType(mlir::Type type,
                 mlir::DialectAsmPrinter &printer) const override;
};

/// The text of a `#stablehlo` attribute (e.g. `bounds<16, ?>` or
/// `comparison_direction LT`), if `attr` is one.
std::optional<llvm::StringRef> getAttributeText(mlir::Attribute attr);

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

MLIR_DECLARE_EXPLICIT_TYPE_ID(dyn::stablehlo::StableHLOGenericDialect)

#endif // DYN_CONVERSION_STABLEHLOTODYNSHAPE_STABLEHLOTODYNSHAPE_H
