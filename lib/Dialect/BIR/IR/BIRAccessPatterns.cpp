//===- BIRAccessPatterns.cpp - access patterns and DMAs -------------------===//

#include "dyn/Dialect/BIR/IR/BIR.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace dyn::bir;

/// Checks `[step, num]` pairs and that every element the pattern touches
/// from `offset` (from 0 for a runtime offset) lies inside the location.
static LogicalResult verifyPattern(Operation *op, MemRefType type,
                                   PatternRef pattern,
                                   std::optional<int64_t> offset) {
  if (!getMemorySpace(type))
    return op->emitOpError("location must be in a bir memory space "
                           "(#bir.mem<dram|sbuf|psum>), got ")
           << type;
  if (pattern.empty())
    return op->emitOpError("pattern must be a non-empty list of [step, num] "
                           "pairs");
  if (!getElementBytes(type))
    return op->emitOpError("element type must be one dyn carries (")
           << dyn::getElementTypeNames() << "), got " << type.getElementType();
  if (failed(pattern.verify([&] { return op->emitOpError(); })))
    return failure();
  std::optional<int64_t> last = pattern.getReach();
  if (!pattern.getBytes(*getElementBytes(type)))
    return op->emitOpError("pattern moves more bytes than 64 bits can count");
  // A runtime offset is at least 0, so the pattern's reach alone must fit.
  int64_t start = offset.value_or(0);
  std::optional<int64_t> end =
      last ? llvm::checkedAdd(start, *last) : std::nullopt;
  if (start >= 0 && end && *end < type.getNumElements())
    return success();
  if (offset)
    return op->emitOpError("pattern starting at element ")
           << *offset << " reaches outside the " << type.getNumElements()
           << " elements of the location";
  InFlightDiagnostic diag = op->emitOpError("pattern reaches ");
  if (last)
    diag << "element " << *last;
  else
    diag << "past element 2^63";
  return diag << " from its runtime offset, outside the "
              << type.getNumElements() << " elements of the location";
}

/// Bytes an access pattern moves.
static std::optional<int64_t> patternBytes(MemRefType type, PatternRef pattern) {
  return pattern.getBytes(getElementBytes(type).value_or(0));
}

//===----------------------------------------------------------------------===//
// PhysicalAPOp
//===----------------------------------------------------------------------===//

LogicalResult PhysicalAPOp::verify() {
  MemRefType type = llvm::cast<MemRefType>(getMem().getType());
  if (!type.hasStaticShape())
    return emitOpError("location must have a static shape");
  // On an indirect side the index tensor chooses the rows of the outermost
  // entry, so only the rest must fit the location statically.
  PatternRef pattern = getPattern();
  if (getIndirect() && pattern.size() > 1 &&
      failed(verifyPattern(*this, type, pattern.dropFront(), getOffset())))
    return failure();
  if (!getIndirect() &&
      failed(verifyPattern(*this, type, pattern, getOffset())))
    return failure();
  bool scalar = getDynConst().has_value();
  bool indirect = getIndirect() != nullptr;
  if (scalar != getDynCoefs().has_value() || (!scalar && !getDynValues().empty()))
    return emitOpError("scalar dynamic offset needs dyn_const, dyn_coefs and "
                       "dyn_values together");
  if (indirect != getArgId().has_value() ||
      indirect != getIndirectDim().has_value() ||
      indirect != getIndirectDimMaxIndex().has_value())
    return emitOpError("indirect dynamic offset needs the index tensor, "
                       "arg_id, indirect_dim and max_index together");
  if (scalar && indirect)
    return emitOpError("exactly one of a scalar and a vector dynamic offset "
                       "may be provided, got both");
  if (scalar && getDynCoefs()->size() != getDynValues().size())
    return emitOpError("scalar dynamic offset needs one coefficient per "
                       "runtime value, got ")
           << getDynCoefs()->size() << " for " << getDynValues().size();
  if (indirect) {
    auto index = llvm::cast<MemRefType>(getIndirect().getType());
    if (getIndirectDimAttr().getInt() != 0)
      return emitOpError("indirect_dim must be 0, got ")
             << getIndirectDimAttr().getInt();
    if (!index.hasStaticShape() ||
        getIndirectDimMaxIndexAttr().getInt() != index.getNumElements())
      return emitOpError("indirect_dim_max_index must be the index tensor's "
                         "element count");
    if (getArgIdAttr().getInt() < 0)
      return emitOpError("arg_id must be non-negative");
  }
  if (scalar || indirect)
    for (Operation *user : getResult().getUsers())
      if (!llvm::isa<DMAInterface>(user))
        return user->emitOpError("Only DynamicDMA can have DynamicAP");
  return success();
}

//===----------------------------------------------------------------------===//
// SymbolicAPOp / RegisterAPOp
//===----------------------------------------------------------------------===//

LogicalResult SymbolicAPOp::verify() {
  MemRefType type = llvm::cast<MemRefType>(getMem().getType());
  std::optional<MemorySpace> space = getMemorySpace(type);
  if (space == MemorySpace::dram)
    return emitOpError("a symbolic access pattern cannot be DRAM");
  AffineMap map = getOffsetMap();
  if (map.getNumResults() != 1 || map.getNumSymbols() != 0 ||
      map.getNumDims() != getIvs().size())
    return emitOpError("offset map must have one result, no symbols and one "
                       "dimension per induction register");
  return verifyPattern(*this, type, getPattern(), std::nullopt);
}

LogicalResult RegisterAPOp::verify() {
  return verifyPattern(*this, llvm::cast<MemRefType>(getMem().getType()),
                       getPattern(), std::nullopt);
}

//===----------------------------------------------------------------------===//
// DMAs
//===----------------------------------------------------------------------===//

std::optional<std::pair<MemRefType, PatternRef>> dyn::bir::describeAP(Value ap) {
  auto op = ap.getDefiningOp<AccessPatternInterface>();
  if (!op)
    return std::nullopt;
  // The op may not be verified yet (another op's verifier can reach it
  // first, in a graph region): its memref type and pattern may be missing.
  auto type = llvm::dyn_cast<MemRefType>(op.getMem().getType());
  PatternAttr pattern = op.getPatternAttr();
  if (!type || !pattern)
    return std::nullopt;
  return std::make_pair(type, pattern.getPattern());
}

std::optional<int64_t> dyn::bir::getAccessPatternBytes(Value ap) {
  if (auto d = describeAP(ap))
    return patternBytes(d->first, d->second);
  return std::nullopt;
}

LogicalResult dyn::bir::verifyCopyBytes(Operation *op, Value src, Value dst) {
  if (!src.getDefiningOp<AccessPatternInterface>() ||
      !dst.getDefiningOp<AccessPatternInterface>())
    return op->emitOpError("source and destination must be access-pattern "
                           "ops (bir.ap, bir.sym_ap, bir.reg_ap)");
  auto s = describeAP(src), d = describeAP(dst);
  // An access pattern not yet verified: its own verifier reports it.
  if (!s || !d)
    return success();
  std::optional<int64_t> srcBytes = patternBytes(s->first, s->second);
  std::optional<int64_t> dstBytes = patternBytes(d->first, d->second);
  if (!srcBytes || !dstBytes)
    return op->emitOpError("moves more bytes than 64 bits can count");
  if (*srcBytes != *dstBytes)
    return op->emitOpError("source moves ")
           << *srcBytes << " bytes but destination " << *dstBytes;
  return success();
}

LogicalResult MemsetOp::verify() {
  auto ap = getDst().getDefiningOp<PhysicalAPOp>();
  if (!ap || ap.hasDynamicInfo())
    return emitOpError("fills a static kind-1 access pattern (bir.ap)");
  auto type = llvm::dyn_cast<MemRefType>(ap.getMem().getType());
  std::optional<int64_t> bytes = type ? getElementBytes(type) : std::nullopt;
  if (!bytes) // The access pattern's own verifier reports it.
    return success();
  int64_t bits = 8 * *bytes;
  if (bits < 64 && (static_cast<uint64_t>(getValue()) >> bits) != 0)
    return emitOpError("value does not fit the ") << bits << "-bit elements";
  return success();
}

LogicalResult dyn::bir::verifyTranspose(Operation *op, Value src, Value dst) {
  auto s = describeAP(src);
  if (s && s->second.size() != 2)
    return op->emitOpError("transposes only a 2-D source pattern");
  for (Value side : {src, dst})
    if (auto phys = side.getDefiningOp<PhysicalAPOp>(); phys && phys.getIndirect())
      return op->emitOpError("cannot transpose an indirect side (its first "
                             "entry is its index rows, not a dimension of a "
                             "tile)");
  return success();
}

LogicalResult DMAOp::verify() {
  if (getTranspose() && failed(verifyTranspose(*this, getSrc(), getDst())))
    return failure();
  return verifyCopyBytes(*this, getSrc(), getDst());
}

template <typename OpTy>
static LogicalResult verifyGenerator(OpTy op, Value genericSide) {
  if (failed(verifyCopyBytes(op, op.getSrc(), op.getDst())))
    return failure();
  for (Value ap : {op.getSrc(), op.getDst()}) {
    auto phys = ap.template getDefiningOp<PhysicalAPOp>();
    if (!phys || phys.hasDynamicInfo())
      return op.emitOpError("sides must be static kind-1 access patterns "
                            "(bir.ap without dynamic info)");
  }
  ValueRange addrs = op.getGenericAddrs();
  if (addrs.empty())
    return op.emitOpError("needs at least one generic address");
  bool indirect = op.isIndirect();
  if (!indirect && !llvm::all_of(addrs.getTypes(), llvm::IsaPred<RegType>))
    return op.emitOpError("generic addresses are either registers or a single "
                          "index tensor");
  size_t scales = indirect ? 1 : addrs.size();
  if (op.getOffsetScale().size() != scales)
    return op.emitOpError("expects ")
           << scales << " offset_scale entries, got "
           << op.getOffsetScale().size();
  if (op.getOtherOffsetScale().size() != op.getOtherAddrs().size())
    return op.emitOpError("expects one other offset scale per other address");
  auto memType = llvm::cast<MemRefType>(
      genericSide.getDefiningOp<PhysicalAPOp>().getMem().getType());
  if (op.getGenericDim() >= static_cast<uint64_t>(memType.getRank()))
    return op.emitOpError("generic_dim ")
           << op.getGenericDim() << " is out of range for the rank-"
           << memType.getRank() << " generic side";
  return success();
}

LogicalResult TensorCopyDynamicSrcOp::verify() {
  return verifyGenerator(*this, getSrc());
}

LogicalResult TensorCopyDynamicDstOp::verify() {
  return verifyGenerator(*this, getDst());
}
