//===- Import.cpp - convert-stablehlo-to-dynshape -------------------------===//
//
// StableHLO in generic form to dynshape, arith, tensor and scf, as one
// dialect conversion: the type converter turns `#stablehlo.bounds`
// encodings into `#dynshape.bounds` and StableHLO scalars (`tensor<i32>`,
// `tensor<i1>`) into `i32`/`i1`; one pattern per supported op (the table
// in OpImports.cpp) rewrites it by name and properties. checkImportable
// first explains anything outside that with one diagnostic.
//
//===----------------------------------------------------------------------===//

#include "Import.h"

#include "dyn/Conversion/Passes.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Support/Refusals.h"

#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace dyn {
#define GEN_PASS_DEF_CONVERTSTABLEHLOTODYNSHAPE
#include "dyn/Conversion/Passes.h.inc"
} // namespace dyn

using namespace mlir;
using namespace dyn;
using namespace dyn::stablehlo;

//===----------------------------------------------------------------------===//
// Properties and attribute text
//===----------------------------------------------------------------------===//

Attribute dyn::stablehlo::getProperty(Operation *op, StringRef name) {
  if (Attribute attr = op->getAttr(name))
    return attr;
  if (auto dict =
          llvm::dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute()))
    return dict.get(name);
  return {};
}

std::optional<SmallVector<int64_t>>
dyn::stablehlo::getIntList(Operation *op, StringRef name) {
  Attribute attr = getProperty(op, name);
  if (auto array = llvm::dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return SmallVector<int64_t>(array.asArrayRef());
  if (auto dense = llvm::dyn_cast_or_null<DenseIntElementsAttr>(attr)) {
    SmallVector<int64_t> values;
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
    return values;
  }
  return std::nullopt;
}

Block *dyn::stablehlo::getBody(Operation *op, unsigned index) {
  if (index >= op->getNumRegions() || !op->getRegion(index).hasOneBlock() ||
      op->getRegion(index).front().empty())
    return nullptr;
  return &op->getRegion(index).front();
}

std::optional<Fields> dyn::stablehlo::parseFields(StringRef text) {
  size_t open = text.find('<');
  if (open == StringRef::npos || !text.ends_with(">"))
    return std::nullopt;
  StringRef body = text.slice(open + 1, text.size() - 1).trim();
  Fields fields;
  while (!body.empty()) {
    auto [key, rest] = body.split('=');
    key = key.trim();
    rest = rest.ltrim();
    SmallVector<int64_t> values;
    StringRef value;
    if (rest.consume_front("[")) {
      size_t close = rest.find(']');
      if (close == StringRef::npos)
        return std::nullopt;
      value = rest.take_front(close);
      rest = rest.drop_front(close + 1);
    } else {
      size_t comma = rest.find(',');
      value = rest.take_front(comma);
      rest = rest.drop_front(comma == StringRef::npos ? rest.size() : comma);
    }
    SmallVector<StringRef> items;
    value.split(items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef item : items) {
      int64_t v;
      if (item.trim().getAsInteger(10, v))
        return std::nullopt;
      values.push_back(v);
    }
    if (key.empty())
      return std::nullopt;
    fields[key] = std::move(values);
    rest = rest.ltrim();
    if (!rest.empty() && !rest.consume_front(","))
      return std::nullopt;
    body = rest.ltrim();
  }
  return fields;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// `bounds<16, ?>` as dynshape's bounds of a tensor of `rank`.
static std::optional<SmallVector<int64_t>> parseBounds(StringRef text,
                                                       int64_t rank) {
  if (!text.consume_front("bounds<") || !text.consume_back(">"))
    return std::nullopt;
  SmallVector<StringRef> items;
  text.split(items, ',');
  if (static_cast<int64_t>(items.size()) != rank)
    return std::nullopt;
  SmallVector<int64_t> bounds;
  for (StringRef item : items) {
    item = item.trim();
    int64_t v;
    if (item == "?")
      bounds.push_back(ShapedType::kDynamic);
    else if (!item.getAsInteger(10, v))
      bounds.push_back(v);
    else
      return std::nullopt;
  }
  return bounds;
}

/// True for a !stablehlo type (such as !stablehlo.token), which has no
/// import.
static bool isOpaqueStableHLOType(Type type) {
  auto opaque = llvm::dyn_cast<OpaqueType>(type);
  return opaque && opaque.getDialectNamespace() ==
                       StableHLOGenericDialect::getDialectNamespace();
}

StableHLOTypeConverter::StableHLOTypeConverter() {
  addConversion([](Type type) { return type; });
  // A !stablehlo type (a token) has no import: a failed conversion.
  addConversion([](OpaqueType type) -> std::optional<Type> {
    if (isOpaqueStableHLOType(type))
      return Type();
    return type;
  });
  addConversion([](RankedTensorType type) -> std::optional<Type> {
    Type element = type.getElementType();
    if (type.getRank() == 0 &&
        (element.isSignlessInteger(32) || element.isSignlessInteger(1)))
      return element;
    std::optional<StringRef> text = getAttributeText(type.getEncoding());
    if (!text)
      return type;
    std::optional<SmallVector<int64_t>> bounds =
        parseBounds(*text, type.getRank());
    if (!bounds)
      return Type(); // no conversion: checkImportable explains it
    return RankedTensorType::get(
        type.getShape(), element,
        dynshape::BoundsAttr::get(type.getContext(), *bounds));
  });
  auto cast = [](OpBuilder &builder, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

//===----------------------------------------------------------------------===//
// What the import takes
//===----------------------------------------------------------------------===//

static bool isStableHLO(Operation *op) {
  return op->getName().getDialectNamespace() ==
         StableHLOGenericDialect::getDialectNamespace();
}

static const OpImport *lookupImport(Operation *op) {
  for (const OpImport &entry : getOpImports())
    if (op->getName().getStringRef() == entry.name)
      return &entry;
  return nullptr;
}

/// "N operands" / "at least N operands" / "N to M operands".
static std::string describeCount(unsigned min, unsigned max, StringRef noun) {
  auto count = [&](unsigned n) {
    return std::to_string(n) + " " + noun.str() + (n == 1 ? "" : "s");
  };
  if (min == max)
    return count(min);
  if (max == kVariadic)
    return "at least " + count(min);
  return std::to_string(min) + " to " + count(max);
}

/// Why `op`'s operand and result counts are not StableHLO's, or "".
static std::string checkArity(Operation *op, Arity arity) {
  unsigned operands = op->getNumOperands(), results = op->getNumResults();
  bool operandsFit =
      operands >= arity.minOperands && operands <= arity.maxOperands;
  bool resultsFit = arity.results == kVariadic || results == arity.results;
  if (operandsFit && resultsFit)
    return "";
  std::string expected =
      describeCount(arity.minOperands, arity.maxOperands, "operand");
  if (arity.results != kVariadic)
    expected += " and " + describeCount(arity.results, arity.results, "result");
  return "has " + std::to_string(operands) + " operands and " +
         std::to_string(results) + " results; " +
         op->getName().getStringRef().str() + " takes " + expected;
}

/// What an op without a table entry is told; a note lists the table.
static constexpr llvm::StringLiteral kNoImport = "has no import to dynshape";

std::string dyn::stablehlo::whyNotImportable(Operation *op) {
  const OpImport *entry = lookupImport(op);
  if (!entry)
    return kNoImport.str();
  if (std::string why = checkArity(op, entry->arity); !why.empty())
    return why;
  return entry->check(op);
}

/// True for a type that holds a #stablehlo attribute (a bounds encoding),
/// or a !stablehlo type.
static bool isStableHLOType(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return (tensor && getAttributeText(tensor.getEncoding())) ||
         isOpaqueStableHLOType(type);
}

bool dyn::stablehlo::containsStableHLO(Operation *root) {
  return root
      ->walk([](Operation *op) {
        if (isStableHLO(op) ||
            llvm::any_of(op->getResultTypes(), isStableHLOType))
          return WalkResult::interrupt();
        if (auto func = llvm::dyn_cast<FunctionOpInterface>(op))
          if (llvm::any_of(func.getArgumentTypes(), isStableHLOType) ||
              llvm::any_of(func.getResultTypes(), isStableHLOType))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult dyn::stablehlo::checkImportable(Operation *root) {
  StableHLOTypeConverter converter;
  auto badType = [&](InFlightDiagnostic diag, Type type) {
    if (isOpaqueStableHLOType(type))
      diag << type << " has no import; the import takes ranked tensors";
    else
      diag << type
           << " has a #stablehlo encoding other than bounds with one bound "
              "or ? per dimension";
  };
  // The bounds a #stablehlo encoding converts to must be ones
  // #dynshape.bounds takes for the shape (the converter builds the type
  // unchecked).
  auto badBounds = [&](Type type,
                       function_ref<InFlightDiagnostic()> emitError) {
    auto tensor = llvm::dyn_cast_or_null<RankedTensorType>(
        isStableHLOType(type) ? converter.convertType(type) : Type());
    auto bounds =
        tensor ? llvm::dyn_cast<dynshape::BoundsAttr>(tensor.getEncoding())
               : dynshape::BoundsAttr();
    return bounds &&
           failed(bounds.verifyEncoding(tensor.getShape(),
                                        tensor.getElementType(), emitError));
  };
  // Every refusal is reported, up to kMaxRefusals; an op refused for a
  // type is not checked further.
  unsigned refusals = 0;
  bool listed = false;
  auto refused = [&] {
    return ++refusals < kMaxRefusals ? WalkResult::skip()
                                     : WalkResult::interrupt();
  };
  WalkResult result = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments()) {
          if (!converter.convertType(arg.getType())) {
            badType(emitError(arg.getLoc(), "argument type "), arg.getType());
            return refused();
          }
          if (badBounds(arg.getType(), [&] {
                return emitError(arg.getLoc(), "argument type ")
                       << arg.getType() << ": ";
              }))
            return refused();
        }
    for (Type type : op->getResultTypes()) {
      if (!converter.convertType(type)) {
        badType(op->emitOpError("result type "), type);
        return refused();
      }
      if (badBounds(type, [&] {
            return op->emitOpError("result type ") << type << ": ";
          }))
        return refused();
    }
    if (!isStableHLO(op))
      return WalkResult::advance();
    // A region's return belongs to the op that owns the region.
    if (op->getName().getStringRef() == "stablehlo.return" &&
        op->getParentOp() && isStableHLO(op->getParentOp()))
      return WalkResult::advance();
    std::string why = whyNotImportable(op);
    if (!why.empty()) {
      InFlightDiagnostic diag = op->emitOpError(why);
      if (why == kNoImport && !listed) {
        std::string names;
        for (const OpImport &known : getOpImports())
          names += (names.empty() ? "" : ", ") + known.name.drop_front(10).str();
        diag.attachNote() << "the import takes stablehlo." << names;
        listed = true;
      }
      return refused();
    }
    // A computation region (a scatter's) is checked with its op; a loop's
    // body holds ops of its own.
    return op->getName().getStringRef() == "stablehlo.while"
               ? WalkResult::advance()
               : WalkResult::skip();
  });
  if (result.wasInterrupted())
    emitError(root->getLoc())
        << "the StableHLO import stops after " << kMaxRefusals
        << " refusals; there may be more";
  return failure(refusals != 0);
}

//===----------------------------------------------------------------------===//
// Patterns and pass
//===----------------------------------------------------------------------===//

namespace {
/// One StableHLO op, by name, through its table entry.
struct ImportByName : ConversionPattern {
  ImportByName(const OpImport &entry, const TypeConverter &converter,
               MLIRContext *ctx)
      : ConversionPattern(converter, entry.name, /*benefit=*/1, ctx),
        entry(entry) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!whyNotImportable(op).empty())
      return rewriter.notifyMatchFailure(op, "unsupported form");
    return entry.rewrite(op, operands, rewriter, *getTypeConverter());
  }
  const OpImport &entry;
};
} // namespace

void dyn::stablehlo::populateStableHLOToDynShapePatterns(
    const StableHLOTypeConverter &converter, RewritePatternSet &patterns) {
  for (const OpImport &entry : getOpImports())
    patterns.add<ImportByName>(entry, converter, patterns.getContext());
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  populateCallOpTypeConversionPattern(patterns, converter);
}

namespace {
struct ConvertStableHLOToDynShapePass
    : dyn::impl::ConvertStableHLOToDynShapeBase<
          ConvertStableHLOToDynShapePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // A module without StableHLO is dynshape already: its rank-0 tensors
    // stay tensors. Unchanged IR needs no verification after the pass.
    if (!containsStableHLO(module))
      return markAllAnalysesPreserved();
    if (failed(checkImportable(module)))
      return signalPassFailure();
    StableHLOTypeConverter converter;
    ConversionTarget target(*ctx);
    target.addIllegalDialect(StableHLOGenericDialect::getDialectNamespace());
    // Casts between StableHLO scalars and i32 (a loop's counter in the
    // body it came from) cancel out once everything is converted.
    target.addLegalOp<UnrealizedConversionCastOp>();
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto func = llvm::dyn_cast<FunctionOpInterface>(op))
        return converter.isSignatureLegal(
                   llvm::cast<FunctionType>(func.getFunctionType())) &&
               converter.isLegal(&func.getFunctionBody());
      return converter.isLegal(op);
    });
    RewritePatternSet patterns(ctx);
    populateStableHLOToDynShapePatterns(converter, patterns);
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    SmallVector<UnrealizedConversionCastOp> casts, remaining;
    module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts, &remaining);
    if (!remaining.empty()) {
      // Internal invariant: every StableHLO value is converted, so casts
      // pair up; one left reports a bug in the import, not the input.
      remaining.front().emitOpError(
          "remains after convert-stablehlo-to-dynshape");
      return signalPassFailure();
    }
  }
};
} // namespace
