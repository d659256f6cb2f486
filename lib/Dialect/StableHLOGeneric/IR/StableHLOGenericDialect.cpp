//===- StableHLOGenericDialect.cpp - StableHLO's generic op form ----------===//
//
// No StableHLO package exists for Debian, so dyn does not link StableHLO.
// It reads what any StableHLO tool prints with --mlir-print-op-generic:
// ops are `"stablehlo.name"(...) <{properties}>`, which parse as unknown
// operations of this dialect; attributes such as `#stablehlo.bounds<16, ?>`
// or `#stablehlo<comparison_direction LT>` are read token by token into an
// OpaqueAttr holding their text, which prints back as it was written.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/StableHLOGeneric/IR/StableHLOGeneric.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace dyn::stablehlo;

MLIR_DEFINE_EXPLICIT_TYPE_ID(dyn::stablehlo::StableHLOGenericDialect)

StableHLOGenericDialect::StableHLOGenericDialect(MLIRContext *context)
    : Dialect(getDialectNamespace(), context,
              TypeID::get<StableHLOGenericDialect>()) {
  allowUnknownOperations();
  allowUnknownTypes();
}

/// Reads through the rest of a balanced `<...>` whose `<` was just read:
/// words, integers, strings and punctuation.
static ParseResult skipBody(AsmParser &parser) {
  for (int depth = 1; depth > 0;) {
    StringRef word;
    std::string string;
    int64_t number;
    if (succeeded(parser.parseOptionalGreater())) {
      --depth;
    } else if (succeeded(parser.parseOptionalLess())) {
      ++depth;
    } else if (OptionalParseResult parsed =
                   parser.parseOptionalInteger(number);
               parsed.has_value()) {
      if (failed(*parsed))
        return failure();
    } else if (failed(parser.parseOptionalKeyword(&word)) &&
               failed(parser.parseOptionalString(&string)) &&
               failed(parser.parseOptionalComma()) &&
               failed(parser.parseOptionalEqual()) &&
               failed(parser.parseOptionalLSquare()) &&
               failed(parser.parseOptionalRSquare()) &&
               failed(parser.parseOptionalQuestion()) &&
               failed(parser.parseOptionalColon())) {
      return parser.emitError(parser.getCurrentLocation(),
                              "unexpected token in a #stablehlo attribute or "
                              "!stablehlo type (the import reads words, "
                              "integers, strings and brackets)");
    }
  }
  return success();
}

/// Reads through `mnemonic<body>`, `mnemonic` or `<body>`.
static ParseResult readSymbol(AsmParser &parser) {
  StringRef mnemonic;
  if (succeeded(parser.parseOptionalKeyword(&mnemonic))) {
    if (succeeded(parser.parseOptionalLess()))
      return skipBody(parser);
    return success();
  }
  if (parser.parseLess())
    return failure();
  return skipBody(parser);
}

Attribute StableHLOGenericDialect::parseAttribute(DialectAsmParser &parser,
                                                  Type type) const {
  // The parser's own text of the symbol (`bounds<16, ?>`, or the body of
  // `#stablehlo<comparison_direction LT>`); its tokens are read through so
  // that the parse goes on after them.
  StringRef spec = parser.getFullSymbolSpec();
  if (failed(readSymbol(parser)))
    return {};
  return OpaqueAttr::get(StringAttr::get(getContext(), getNamespace()), spec,
                         type ? type : NoneType::get(getContext()));
}

void StableHLOGenericDialect::printAttribute(Attribute attr,
                                             DialectAsmPrinter &printer) const {
  printer << llvm::cast<OpaqueAttr>(attr).getAttrData();
}

Type StableHLOGenericDialect::parseType(DialectAsmParser &parser) const {
  StringRef spec = parser.getFullSymbolSpec();
  if (failed(readSymbol(parser)))
    return {};
  return OpaqueType::get(StringAttr::get(getContext(), getNamespace()), spec);
}

void StableHLOGenericDialect::printType(Type type,
                                        DialectAsmPrinter &printer) const {
  printer << llvm::cast<OpaqueType>(type).getTypeData();
}

std::optional<StringRef> dyn::stablehlo::getAttributeText(Attribute attr) {
  auto opaque = llvm::dyn_cast_or_null<OpaqueAttr>(attr);
  if (!opaque ||
      opaque.getDialectNamespace() != StableHLOGenericDialect::getDialectNamespace())
    return std::nullopt;
  return opaque.getAttrData();
}
