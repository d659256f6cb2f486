//===- StableHLOGeneric.h - StableHLO's generic op form ---------*- C++ -*-===//
//
// StableHLO reaches dyn as MLIR's generic op form, without a StableHLO
// dependency: StableHLOGenericDialect registers the `stablehlo` namespace
// so that its ops parse as unregistered operations and its attributes and
// types as opaque ones. convert-stablehlo-to-dynshape
// (dyn/Conversion/StableHLOToDynShape) imports them by name and properties.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_STABLEHLOGENERIC_IR_STABLEHLOGENERIC_H
#define DYN_DIALECT_STABLEHLOGENERIC_IR_STABLEHLOGENERIC_H

#include "mlir/IR/Dialect.h"

#include <optional>

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

} // namespace dyn::stablehlo

MLIR_DECLARE_EXPLICIT_TYPE_ID(dyn::stablehlo::StableHLOGenericDialect)

#endif // DYN_DIALECT_STABLEHLOGENERIC_IR_STABLEHLOGENERIC_H
