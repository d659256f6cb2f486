//===- BIRDialect.cpp - bir dialect registration and shared helpers -------===//

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace dyn::bir;

#include "dyn/Dialect/BIR/IR/BIREnums.cpp.inc"
#include "dyn/Dialect/BIR/IR/BIRInterfaces.cpp.inc"
#include "dyn/Dialect/BIR/IR/BIROpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dyn/Dialect/BIR/IR/BIRAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "dyn/Dialect/BIR/IR/BIROpsTypes.cpp.inc"

void BIRDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dyn/Dialect/BIR/IR/BIRAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dyn/Dialect/BIR/IR/BIROpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dyn/Dialect/BIR/IR/BIROps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #bir.pattern
//===----------------------------------------------------------------------===//

LogicalResult
PatternAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                    ArrayRef<int64_t> flat) {
  if (flat.size() % 2)
    return emitError() << "pattern must be [step, num] pairs, got "
                       << flat.size() << " entries";
  return success();
}

Attribute PatternAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> flat;
  if (parser.parseLess() || PatternRef::parse(parser, flat) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), flat);
}

void PatternAttr::print(AsmPrinter &printer) const {
  printer << '<' << getPattern() << '>';
}

ParseResult dyn::bir::parsePattern(AsmParser &parser, PatternAttr &attr) {
  SmallVector<int64_t> flat;
  if (PatternRef::parse(parser, flat))
    return failure();
  attr = PatternAttr::get(parser.getContext(), flat);
  return success();
}

void dyn::bir::printPattern(AsmPrinter &printer, Operation *,
                            PatternAttr attr) {
  printer << attr.getPattern();
}

//===----------------------------------------------------------------------===//
// Keyword attributes: `pool`, `add`
//===----------------------------------------------------------------------===//

/// Parses the keyword of an enum attribute, or names it as an unknown
/// `what` and lists the keywords of `EnumT` (codes 0 to `maxCode`, through
/// the generated `fromCode`).
template <typename AttrT, typename EnumT>
static Attribute parseKeyword(AsmParser &parser, StringRef what,
                              std::optional<EnumT> (*fromCode)(uint32_t),
                              uint32_t maxCode) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseOptionalKeyword(&keyword)) {
    parser.emitError(loc, "expected ") << what;
    return {};
  }
  if (std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword))
    return AttrT::get(parser.getContext(), *value);
  InFlightDiagnostic diag = parser.emitError(loc, "unknown ")
                            << what << " '" << keyword << "'; expected one of";
  StringRef separator = " ";
  for (uint32_t code = 0; code <= maxCode; ++code)
    if (std::optional<EnumT> value = fromCode(code)) {
      diag << separator << stringifyEnum(*value);
      separator = ", ";
    }
  return {};
}

Attribute EngineAttr::parse(AsmParser &parser, Type) {
  return parseKeyword<EngineAttr, Engine>(parser, "engine", symbolizeEngine,
                                          getMaxEnumValForEngine());
}

// The leading space separates the keyword from the mnemonic in the full
// form (`#bir<engine pool>`); an op's format omits its own (`on `` $engine`).
void EngineAttr::print(AsmPrinter &printer) const {
  printer << ' ' << stringifyEnum(getValue());
}

Attribute AluOpKindAttr::parse(AsmParser &parser, Type) {
  return parseKeyword<AluOpKindAttr, AluOpKind>(
      parser, "ALU operation", symbolizeAluOpKind, getMaxEnumValForAluOpKind());
}

void AluOpKindAttr::print(AsmPrinter &printer) const {
  printer << ' ' << stringifyEnum(getValue());
}

std::optional<int64_t> dyn::bir::getElementBytes(MemRefType type) {
  return dyn::getElementBytes(type.getElementType());
}

SmallVector<int64_t> dyn::bir::getStrides(MemRefType type) {
  // An identity layout's strides are the suffix products of a static shape.
  // The layout interface derives them through affine expressions instead,
  // about 10,000 instructions a call, and the lowering asks for each DMA.
  if (type.getLayout().isIdentity() && type.hasStaticShape()) {
    ArrayRef<int64_t> shape = type.getShape();
    SmallVector<int64_t> strides(shape.size(), 1);
    bool fits = true;
    for (size_t d = shape.size(); fits && d > 1; --d) {
      std::optional<int64_t> stride = llvm::checkedMul(strides[d - 1], shape[d - 1]);
      fits = stride.has_value();
      strides[d - 2] = stride.value_or(0);
    }
    if (fits)
      return strides;
  }
  return type.getStridesAndOffset().first;
}

std::optional<int64_t> dyn::bir::getByteSize(MemRefType type) {
  std::optional<int64_t> bytes = getElementBytes(type);
  for (int64_t d : type.getShape())
    bytes = bytes && !ShapedType::isDynamic(d) ? llvm::checkedMul(*bytes, d)
                                               : std::nullopt;
  return bytes;
}

int64_t dyn::bir::getBytesPerPartition(MemRefType type) {
  int64_t bytes = *getElementBytes(type);
  for (int64_t d : type.getShape().drop_front())
    bytes *= d;
  return bytes;
}

std::optional<MemorySpace> dyn::bir::getMemorySpace(MemRefType type) {
  if (auto space = llvm::dyn_cast_or_null<MemorySpaceAttr>(type.getMemorySpace()))
    return space.getValue();
  return std::nullopt;
}

/// The compares (eq to uge): 1 when `lhs kind rhs` holds, else 0.
static int32_t compareAlu(AluOpKind kind, int32_t lhs, int32_t rhs) {
  using K = AluOpKind;
  assert(kind >= K::eq && kind <= K::uge && "not a compare");
  bool isUnsigned = llvm::is_contained({K::ult, K::ule, K::ugt, K::uge}, kind);
  uint32_t a = static_cast<uint32_t>(lhs), b = static_cast<uint32_t>(rhs);
  // -1, 0 or 1 as lhs is below, equal to or above rhs.
  int order = isUnsigned ? (a > b) - (a < b) : (lhs > rhs) - (lhs < rhs);
  return kind == K::eq                      ? order == 0
         : kind == K::ne                    ? order != 0
         : kind == K::slt || kind == K::ult ? order < 0
         : kind == K::sle || kind == K::ule ? order <= 0
         : kind == K::sgt || kind == K::ugt ? order > 0
                                            : order >= 0;
}

int32_t dyn::bir::evaluateAlu(AluOpKind kind, int32_t lhs, int32_t rhs) {
  uint32_t a = static_cast<uint32_t>(lhs), b = static_cast<uint32_t>(rhs);
  switch (kind) {
  case AluOpKind::add:
    return static_cast<int32_t>(a + b);
  case AluOpKind::sub:
    return static_cast<int32_t>(a - b);
  case AluOpKind::mult:
    return static_cast<int32_t>(a * b);
  case AluOpKind::divide:
    if (rhs == 0)
      return 0;
    if (lhs == INT32_MIN && rhs == -1) // wraps, as the hardware would
      return INT32_MIN;
    return lhs / rhs;
  case AluOpKind::mod:
    if (rhs == 0 || (lhs == INT32_MIN && rhs == -1))
      return 0;
    return lhs % rhs;
  case AluOpKind::max:
    return std::max(lhs, rhs);
  case AluOpKind::min:
    return std::min(lhs, rhs);
  case AluOpKind::bit_and:
    return static_cast<int32_t>(a & b);
  case AluOpKind::bit_or:
    return static_cast<int32_t>(a | b);
  case AluOpKind::bit_xor:
    return static_cast<int32_t>(a ^ b);
  // Shifts take the amount modulo 32, as the hardware would.
  case AluOpKind::shl:
    return static_cast<int32_t>(a << (b & 31));
  case AluOpKind::shrs:
    return lhs < 0 ? static_cast<int32_t>(~(~a >> (b & 31)))
                   : static_cast<int32_t>(a >> (b & 31));
  case AluOpKind::shru:
    return static_cast<int32_t>(a >> (b & 31));
  default:
    return compareAlu(kind, lhs, rhs);
  }
  llvm_unreachable("unknown AluOpKind");
}

std::optional<AluOpKind> dyn::bir::getSwappedAluKind(AluOpKind kind) {
  using K = AluOpKind;
  // `a < b` is `b > a`: the order compares swap in pairs.
  static constexpr std::pair<K, K> kMirrored[] = {
      {K::slt, K::sgt}, {K::sle, K::sge}, {K::ult, K::ugt}, {K::ule, K::uge}};
  for (auto [first, second] : kMirrored) {
    if (kind == first)
      return second;
    if (kind == second)
      return first;
  }
  if (llvm::is_contained({K::add, K::mult, K::max, K::min, K::bit_and,
                          K::bit_or, K::bit_xor, K::eq, K::ne},
                         kind))
    return kind; // commutes
  return std::nullopt;
}

void dyn::bir::printAttrDict(OpAsmPrinter &p, Operation *op,
                             ArrayRef<std::pair<StringAttr, Attribute>> shown,
                             bool withKeyword) {
  SmallVector<NamedAttribute, 4> attrs(
      op->getDiscardableAttrDictionary().getValue());
  for (auto [name, value] : shown) {
    if (!value)
      continue;
    NamedAttribute attr(name, value);
    attrs.insert(llvm::upper_bound(attrs, attr), attr);
  }
  if (withKeyword)
    p.printOptionalAttrDictWithKeyword(attrs);
  else
    p.printOptionalAttrDict(attrs);
}

/// The instruction that defines `reg`: its defining op, or the loop whose
/// induction register it is.
static InstInterface getRegisterOwner(Value reg) {
  Operation *owner = reg.getDefiningOp();
  if (auto arg = llvm::dyn_cast<BlockArgument>(reg))
    owner = arg.getOwner()->getParentOp();
  return llvm::dyn_cast_or_null<InstInterface>(owner);
}

std::optional<Engine> dyn::bir::getRegisterEngine(Value reg) {
  if (InstInterface inst = getRegisterOwner(reg))
    if (EngineAttr engine = inst.getEngineAttr())
      return engine.getValue();
  return std::nullopt;
}

std::optional<unsigned> dyn::bir::getPhysicalRegister(Value reg) {
  if (InstInterface inst = getRegisterOwner(reg))
    return inst.getPhysicalRegister();
  return std::nullopt;
}

LogicalResult dyn::bir::verifyEngineDiscipline(Operation *op) {
  Engine engine = llvm::cast<InstInterface>(op).getEngine();
  // A loop whose body holds several engines' work becomes one loop per
  // engine (bir-split-engine-loops), each with its own induction register:
  // until then any engine in the body may read the loop's.
  auto isEnclosingInduction = [&](Value reg) {
    auto arg = llvm::dyn_cast<BlockArgument>(reg);
    return arg && arg.getOwner()->getParentOp()->isProperAncestor(op);
  };
  auto check = [&](Value reg, unsigned operand) -> LogicalResult {
    std::optional<Engine> regEngine = getRegisterEngine(reg);
    if (!regEngine || *regEngine == engine || isEnclosingInduction(reg))
      return success();
    return op->emitOpError("reads a register of engine '")
           << stringifyEngine(*regEngine) << "' through operand #" << operand
           << ", but runs on '" << stringifyEngine(engine)
           << "' (registers are minted on the consuming inst's engine)";
  };
  for (OpOperand &operand : op->getOpOperands()) {
    Value value = operand.get();
    if (llvm::isa<RegType>(value.getType())) {
      if (failed(check(value, operand.getOperandNumber())))
        return failure();
    } else if (llvm::isa<AccessPatternType>(value.getType())) {
      if (Operation *ap = value.getDefiningOp())
        for (Value reg : ap->getOperands())
          if (llvm::isa<RegType>(reg.getType()) &&
              failed(check(reg, operand.getOperandNumber())))
            return failure();
    }
  }
  return success();
}
