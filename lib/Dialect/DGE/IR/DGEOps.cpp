//===- DGEOps.cpp - dge verifiers and the descriptor syntax ---------------===//

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::dge;

/// Shared by dma and trigger: the queue engine belongs to hwdge only.
static LogicalResult verifyRoute(Operation *op, DGEType type,
                                 std::optional<bir::Engine> queue) {
  if (queue && type != DGEType::hwdge)
    return op->emitOpError("only an hwdge DMA is bound to a queue engine, "
                           "this one is ")
           << stringifyDGEType(type);
  if (queue && !isHWDGEEngine(*queue))
    return op->emitOpError("engine '")
           << bir::stringifyEngine(*queue) << "' cannot run hardware DGE";
  return success();
}

LogicalResult DMAOp::verify() {
  if (getTranspose() &&
      failed(bir::verifyTranspose(*this, getSrc(), getDst())))
    return failure();
  if (failed(bir::verifyCopyBytes(*this, getSrc(), getDst())))
    return failure();
  return verifyRoute(*this, getDgeType(), getQueue());
}

LogicalResult BlockOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != 0)
    return emitOpError("takes no block arguments");
  if (body.empty())
    return emitOpError("needs at least one descriptor");
  for (Operation &op : body)
    if (!llvm::isa<DescriptorOp>(op))
      return op.emitOpError("is not a descriptor; a descriptor block holds "
                            "only dge.descriptor");
  if (std::optional<uint64_t> budget = getMaxDescriptorBytes())
    for (auto desc : body.getOps<DescriptorOp>())
      if (desc.getBytes() > *budget)
        return desc.emitOpError("moves ")
               << desc.getBytes() << " bytes, over the block's budget of "
               << *budget;
  unsigned triggers = 0;
  for (Operation *user : getResult().getUsers())
    triggers += llvm::isa<TriggerOp>(user);
  if (triggers != 1 || !getResult().hasOneUse())
    return emitOpError("must be bound to exactly one trigger, it has ")
           << triggers;
  return success();
}

LogicalResult TriggerOp::verify() {
  auto block = getBlock().getDefiningOp<BlockOp>();
  if (!block)
    return emitOpError("a trigger must name a descriptor block (dge.block)");
  if (block.getBody().empty())
    return success(); // the block's own verifier reports it
  if (getDgeType() == DGEType::unassigned)
    return emitOpError("a trigger needs a route; run dge-scan");
  if (getDgeType() == DGEType::hwdge && !getQueue())
    return emitOpError("an hwdge trigger needs an eligible queue engine; run "
                       "dge-assign-engine");
  if (failed(verifyRoute(*this, getDgeType(), getQueue())))
    return failure();
  bool dynamic = false, scalar = false;
  for (auto desc : block.getBody().front().getOps<DescriptorOp>())
    for (AddressMode mode : {desc.getSrcMode(), desc.getDstMode()}) {
      dynamic |= mode != AddressMode::imm;
      scalar |= mode == AddressMode::reg || mode == AddressMode::patched;
    }
  if (std::optional<std::string> problem = checkRouteForSides(
          getDgeType(), dynamic, scalar, getQueue(), getTrigger()))
    return emitOpError(*problem);
  for (auto desc : block.getBody().front().getOps<DescriptorOp>())
    for (Value dyn : {desc.getSrcDyn(), desc.getDstDyn()})
      if (dyn && llvm::isa<bir::RegType>(dyn.getType())) {
        std::optional<bir::Engine> engine = bir::getRegisterEngine(dyn);
        if (engine && *engine != getTrigger())
          return emitOpError("triggers a descriptor that reads a register of "
                             "engine '")
                 << bir::stringifyEngine(*engine) << "' from '"
                 << bir::stringifyEngine(getTrigger()) << "'";
      }
  return success();
}

//===----------------------------------------------------------------------===//
// Block and trigger syntax
//===----------------------------------------------------------------------===//

ParseResult BlockOp::parse(OpAsmParser &parser, OperationState &result) {
  if (bir::parseAttrDict<BlockOp>(parser, result, /*withKeyword=*/true))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  result.addTypes(DescriptorBlockType::get(parser.getContext()));
  return success();
}

void BlockOp::print(OpAsmPrinter &p) {
  bir::printAttrDict(
      p, *this,
      {{getMaxDescriptorBytesAttrName(), getMaxDescriptorBytesAttr()}},
      /*withKeyword=*/true);
  p << ' ';
  p.printRegion(getBody());
}

ParseResult TriggerOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand block;
  if (parser.parseOperand(block) || parser.parseKeyword("type"))
    return failure();
  FailureOr<DGEType> type = FieldParser<DGEType, DGEType>::parse(parser);
  if (failed(type))
    return failure();
  Properties &props = result.getOrAddProperties<Properties>();
  props.dge_type = DGETypeAttr::get(parser.getContext(), *type);
  if (parser.parseKeyword("on") ||
      parser.parseCustomAttributeWithFallback(props.trigger, Type{}))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("queue")) &&
      parser.parseCustomAttributeWithFallback(props.queue, Type{}))
    return failure();
  if (bir::parseAttrDict<TriggerOp>(parser, result, /*withKeyword=*/false))
    return failure();
  return parser.resolveOperand(
      block, DescriptorBlockType::get(parser.getContext()), result.operands);
}

void TriggerOp::print(OpAsmPrinter &p) {
  p << ' ' << getBlock() << " type " << stringifyDGEType(getDgeType()) << " on";
  getTriggerAttr().print(p);
  if (bir::EngineAttr queue = getQueueAttr()) {
    p << " queue";
    queue.print(p);
  }
  bir::printAttrDict(p, *this, {});
}

//===----------------------------------------------------------------------===//
// DescriptorOp
//===----------------------------------------------------------------------===//

static LogicalResult verifySide(DescriptorOp op, StringRef name, Value mem,
                                Value dyn, AddressMode mode, int64_t offset,
                                bir::PatternRef pattern, int64_t bytes,
                                std::optional<uint64_t> firstIndex) {
  auto type = llvm::cast<MemRefType>(mem.getType());
  std::optional<int64_t> elementBytes = bir::getElementBytes(type);
  if (!bir::getMemorySpace(type) || !elementBytes)
    return op.emitOpError() << name << " must be a bir location of whole-byte "
                               "elements";
  if (pattern.empty())
    return op.emitOpError() << name << " pattern must be [step, num] pairs";
  if (failed(pattern.verify([&] { return op.emitOpError() << name << " "; })))
    return failure();
  std::optional<int64_t> moved = pattern.getBytes(*elementBytes);
  if (!moved)
    return op.emitOpError() << name
                            << " pattern moves more bytes than 64 bits can "
                               "count";
  if (*moved != bytes)
    return op.emitOpError() << name << " pattern moves " << *moved
                            << " bytes, the descriptor " << bytes;
  if (offset < 0)
    return op.emitOpError() << name << " offset must be non-negative";
  if (offset % *elementBytes)
    return op.emitOpError() << name << " offset " << offset
                            << " is not a whole number of " << *elementBytes
                            << "-byte elements";
  bool hasDyn = static_cast<bool>(dyn);
  if (firstIndex && mode != AddressMode::indirect)
    return op.emitOpError() << name << " has a first index but is not "
                               "indirect";
  switch (mode) {
  case AddressMode::imm: {
    if (hasDyn)
      return op.emitOpError() << name << " in imm mode takes no operand";
    // A fixed address: every byte the pattern reads from `offset` on lies
    // inside the location.
    std::optional<int64_t> size = bir::getByteSize(type);
    std::optional<int64_t> reach = pattern.getReach();
    std::optional<int64_t> elements =
        reach ? llvm::checkedAdd<int64_t>(*reach, 1) : std::nullopt;
    std::optional<int64_t> span =
        elements ? llvm::checkedMul(*elements, *elementBytes) : std::nullopt;
    std::optional<int64_t> end =
        span ? llvm::checkedAdd(offset, *span) : std::nullopt;
    if (size && (!end || *end > *size))
      return op.emitOpError()
             << name << " pattern from byte " << offset
             << " reaches past the " << *size << " bytes of its location";
    return success();
  }
  case AddressMode::reg:
    if (!hasDyn || !llvm::isa<bir::RegType>(dyn.getType()))
      return op.emitOpError() << name << " in reg mode needs a !bir.reg";
    return success();
  case AddressMode::patched: {
    auto arg = llvm::dyn_cast_or_null<BlockArgument>(dyn);
    if (!arg || !arg.getType().isSignlessInteger(32) ||
        !llvm::isa<func::FuncOp>(arg.getOwner()->getParentOp()))
      return op.emitOpError() << name << " in patched mode needs an i32 "
                                         "function argument";
    return success();
  }
  case AddressMode::indirect: {
    auto ids = hasDyn ? llvm::dyn_cast<MemRefType>(dyn.getType()) : nullptr;
    if (!ids || !ids.getElementType().isSignlessInteger(32) ||
        ids.getRank() != 1 || !ids.hasStaticShape())
      return op.emitOpError() << name << " in indirect mode needs a 1-D i32 "
                                         "index tensor";
    // Descriptor rows (the first entry's num) read index slots
    // [first, first + rows); all of them must exist.
    std::optional<int64_t> last =
        llvm::checkedAdd<int64_t>(firstIndex.value_or(0), pattern.front().num);
    if (!last || *last > ids.getNumElements())
      return op.emitOpError()
             << name << " reads index slots " << firstIndex.value_or(0)
             << " to " << (last ? std::to_string(*last - 1) : "over 2^63")
             << " of a " << ids.getNumElements() << "-element index tensor";
    return success();
  }
  }
  return success();
}

LogicalResult DescriptorOp::verify() {
  int64_t bytes = getBytes();
  return success(
      succeeded(verifySide(*this, "source", getSrc(), getSrcDyn(), getSrcMode(),
                           getSrcOffset(), getSrcPattern(), bytes,
                           getSrcFirstIndex())) &&
      succeeded(verifySide(*this, "destination", getDst(), getDstDyn(),
                           getDstMode(), getDstOffset(), getDstPattern(), bytes,
                           getDstFirstIndex())));
}

// side := `[` (`imm` | `reg` %r | `patched` %v
//              | `indirect` %ids (`from` first)? `:` type) `+` offset `]`
static ParseResult parseSide(OpAsmParser &parser, OperationState &result,
                             StringRef prefix,
                             std::optional<OpAsmParser::UnresolvedOperand> &dyn,
                             Type &dynType) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLSquare() || parser.parseKeyword(&keyword))
    return failure();
  std::optional<AddressMode> mode = symbolizeAddressMode(keyword);
  if (!mode)
    return parser.emitError(loc, "unknown address mode '") << keyword << "'";
  Builder &b = parser.getBuilder();
  if (*mode != AddressMode::imm) {
    OpAsmParser::UnresolvedOperand operand;
    if (parser.parseOperand(operand))
      return failure();
    dyn = operand;
    if (*mode == AddressMode::reg)
      dynType = bir::RegType::get(b.getContext());
    else if (*mode == AddressMode::patched)
      dynType = b.getI32Type();
    else {
      int64_t first;
      if (succeeded(parser.parseOptionalKeyword("from"))) {
        if (parser.parseInteger(first))
          return failure();
        result.addAttribute((prefix + "_first_index").str(),
                            b.getI64IntegerAttr(first));
      }
      if (parser.parseColonType(dynType))
        return failure();
    }
  }
  int64_t offset;
  if (parser.parsePlus() || parser.parseInteger(offset) || parser.parseRSquare())
    return failure();
  result.addAttribute((prefix + "_mode").str(),
                      AddressModeAttr::get(b.getContext(), *mode));
  result.addAttribute((prefix + "_offset").str(), b.getI64IntegerAttr(offset));
  return success();
}

static ParseResult parsePatternAttr(OpAsmParser &parser, OperationState &result,
                                    StringRef name) {
  bir::PatternAttr pattern;
  if (bir::parsePattern(parser, pattern))
    return failure();
  result.addAttribute(name, pattern);
  return success();
}

// Optional `addr4 [0x00000000, 0x80000001]`: the encoded words, in hex.
static ParseResult parseAddr4(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalKeyword("addr4")))
    return success();
  uint32_t src, dst;
  if (parser.parseLSquare() || parser.parseInteger(src) ||
      parser.parseComma() || parser.parseInteger(dst) || parser.parseRSquare())
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute("src_addr4", b.getI32IntegerAttr(src));
  result.addAttribute("dst_addr4", b.getI32IntegerAttr(dst));
  return success();
}

// src %a [imm + 0] dst %b [reg %r + 0] bytes 128
//   pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<..>, memref<..>
ParseResult DescriptorOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src, dst;
  std::optional<OpAsmParser::UnresolvedOperand> srcDyn, dstDyn;
  Type srcDynType, dstDynType, srcType, dstType;
  int64_t bytes;
  if (parser.parseKeyword("src") || parser.parseOperand(src) ||
      parseSide(parser, result, "src", srcDyn, srcDynType) ||
      parser.parseKeyword("dst") || parser.parseOperand(dst) ||
      parseSide(parser, result, "dst", dstDyn, dstDynType) ||
      parser.parseKeyword("bytes") || parser.parseInteger(bytes) ||
      parser.parseKeyword("pattern") ||
      parsePatternAttr(parser, result, "src_pattern") || parser.parseArrow() ||
      parsePatternAttr(parser, result, "dst_pattern") ||
      parseAddr4(parser, result) ||
      bir::parseAttrDict<DescriptorOp>(parser, result) ||
      parser.parseColonType(srcType) || parser.parseComma() ||
      parser.parseType(dstType))
    return failure();
  result.addAttribute("bytes", parser.getBuilder().getI64IntegerAttr(bytes));
  if (parser.resolveOperand(src, srcType, result.operands) ||
      (srcDyn && parser.resolveOperand(*srcDyn, srcDynType, result.operands)) ||
      parser.resolveOperand(dst, dstType, result.operands) ||
      (dstDyn && parser.resolveOperand(*dstDyn, dstDynType, result.operands)))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, srcDyn ? 1 : 0, 1, dstDyn ? 1 : 0}));
  return success();
}

static void printSide(OpAsmPrinter &p, AddressMode mode, Value dyn,
                      std::optional<uint64_t> firstIndex, int64_t offset) {
  p << " [" << stringifyAddressMode(mode);
  if (dyn) {
    p << ' ' << dyn;
    if (mode == AddressMode::indirect) {
      if (firstIndex)
        p << " from " << *firstIndex;
      p << " : " << dyn.getType();
    }
  }
  p << " + " << offset << ']';
}

void DescriptorOp::print(OpAsmPrinter &p) {
  p << " src " << getSrc();
  printSide(p, getSrcMode(), getSrcDyn(), getSrcFirstIndex(), getSrcOffset());
  p << " dst " << getDst();
  printSide(p, getDstMode(), getDstDyn(), getDstFirstIndex(), getDstOffset());
  p << " bytes " << getBytes() << " pattern " << getSrcPattern() << " -> "
    << getDstPattern();
  // The properties not printed above, and the discardable attributes.
  SmallVector<std::pair<StringAttr, Attribute>, 6> shown = {
      {getSrcRecordAttrName(), getSrcRecordAttr()},
      {getDstRecordAttrName(), getDstRecordAttr()}};
  // A first index on a side that is not indirect is printed in the
  // attribute dictionary (and rejected by the verifier).
  if (getSrcMode() != AddressMode::indirect || !getSrcDyn())
    shown.push_back({getSrcFirstIndexAttrName(), getSrcFirstIndexAttr()});
  if (getDstMode() != AddressMode::indirect || !getDstDyn())
    shown.push_back({getDstFirstIndexAttrName(), getDstFirstIndexAttr()});
  if (getSrcAddr4() && getDstAddr4()) {
    p << " addr4 [" << llvm::format_hex(*getSrcAddr4(), 10) << ", "
      << llvm::format_hex(*getDstAddr4(), 10) << ']';
  } else {
    shown.push_back({getSrcAddr4AttrName(), getSrcAddr4Attr()});
    shown.push_back({getDstAddr4AttrName(), getDstAddr4Attr()});
  }
  bir::printAttrDict(p, *this, shown);
  p << " : " << getSrc().getType() << ", " << getDst().getType();
}

#define GET_OP_CLASSES
#include "dyn/Dialect/DGE/IR/DGEOps.cpp.inc"
