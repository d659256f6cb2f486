//===- Serializer.cpp - dge-level MLIR to the dyn container ---------------===//
//
// The layout is docs/ADDR4.md's: header, then FUNC, LOCS, INST, BLKS and IREC
// sections. The instruction list is the function body in program order; a
// loop is followed by its body and records its length, so the list stays
// flat. Registers are written as their physical ids; descriptor sides carry
// their ADDR4 words, which say how each address is found.
//
//===----------------------------------------------------------------------===//

#include "dyn/Target/ADDR4/Container.h"

#include "Format.h"

#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Target/ADDR4/ADDR4.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::addr4::format;

std::optional<uint8_t> format::elementCode(Type type) {
  if (type.isF32())
    return 0;
  if (type.isSignlessInteger(32))
    return 1;
  if (type.isBF16())
    return 2;
  if (type.isF16())
    return 3;
  if (type.isSignlessInteger(8))
    return 4;
  if (type.isSignlessInteger(16))
    return 5;
  if (type.isSignlessInteger(64))
    return 6;
  if (type.isF64())
    return 7;
  return std::nullopt;
}

Type format::elementType(uint8_t code, MLIRContext *ctx) {
  Builder b(ctx);
  switch (code) {
  case 0:
    return b.getF32Type();
  case 1:
    return b.getI32Type();
  case 2:
    return b.getBF16Type();
  case 3:
    return b.getF16Type();
  case 4:
    return b.getI8Type();
  case 5:
    return b.getI16Type();
  case 6:
    return b.getI64Type();
  case 7:
    return b.getF64Type();
  default:
    return {};
  }
}

namespace {

class Serializer {
public:
  Serializer(func::FuncOp func, SmallVectorImpl<char> &out)
      : func(func), w(out) {}

  LogicalResult run();

private:
  LogicalResult writeTensorType(Operation *at, MemRefType type);
  LogicalResult processFunction();
  void numberLocations();
  LogicalResult processLocations();
  LogicalResult processBlock(Block &block);
  LogicalResult processInstruction(Operation *op);
  LogicalResult processDescriptorBlocks();
  FailureOr<uint8_t> regId(Value reg, Operation *user);
  FailureOr<uint32_t> locationId(Value location, Operation *user);
  size_t countInstructions(Block &block);

  func::FuncOp func;
  Writer w;
  llvm::DenseMap<Value, uint32_t> locations;
  SmallVector<bir::AllocOp> allocs;
  SmallVector<dge::TriggerOp> triggers;
  struct Record {
    uint8_t kind;
    uint32_t location, elementBytes, count, rowStride;
  };
  SmallVector<Record> records;
};

LogicalResult Serializer::writeTensorType(Operation *at, MemRefType type) {
  std::optional<uint8_t> code = elementCode(type.getElementType());
  if (!code || !type.hasStaticShape())
    return at->emitError("cannot serialize tensor type ") << type;
  if (type.getRank() > 255)
    return at->emitError("cannot serialize a tensor of rank ") << type.getRank();
  w.put<uint8_t>(*code);
  w.put<uint8_t>(type.getRank());
  for (int64_t dim : type.getShape())
    w.put<uint32_t>(dim);
  return success();
}

FailureOr<uint8_t> Serializer::regId(Value reg, Operation *user) {
  Operation *owner = reg.getDefiningOp();
  if (auto arg = llvm::dyn_cast<BlockArgument>(reg))
    owner = arg.getOwner()->getParentOp();
  auto id = owner ? owner->getAttrOfType<IntegerAttr>("reg") : nullptr;
  if (!id)
    return user->emitOpError("uses a register without a physical id; run "
                             "bir-allocate-registers first");
  return static_cast<uint8_t>(id.getInt());
}

FailureOr<uint32_t> Serializer::locationId(Value location, Operation *user) {
  auto it = locations.find(location);
  if (it == locations.end())
    return user->emitOpError("refers to a location that is neither a "
                             "function argument nor a bir.alloc");
  return it->second;
}

LogicalResult Serializer::processFunction() {
  size_t section = w.beginSection(kFunctionTag);
  w.putString(func.getSymName());
  w.put<uint32_t>(func.getNumArguments());
  for (BlockArgument arg : func.getArguments()) {
    if (auto type = llvm::dyn_cast<MemRefType>(arg.getType())) {
      w.put<uint8_t>(Tensor);
      if (failed(writeTensorType(func, type)))
        return failure();
    } else if (arg.getType().isSignlessInteger(32)) {
      w.put<uint8_t>(Scalar);
    } else {
      return func.emitError("cannot serialize an argument of type ")
             << arg.getType();
    }
  }
  auto ret = llvm::cast<func::ReturnOp>(func.getBody().back().getTerminator());
  w.put<uint32_t>(ret.getNumOperands());
  for (Value result : ret.getOperands()) {
    if (llvm::isa<MemRefType>(result.getType())) {
      FailureOr<uint32_t> id = locationId(result, ret);
      if (failed(id))
        return failure();
      w.put<uint8_t>(Tensor);
      w.put<uint32_t>(*id);
    } else if (llvm::isa<bir::RegType>(result.getType())) {
      FailureOr<uint8_t> id = regId(result, ret);
      std::optional<bir::Engine> engine = bir::getRegisterEngine(result);
      if (failed(id) || !engine)
        return ret.emitOpError("returns a register without an engine");
      w.put<uint8_t>(Scalar);
      w.put<uint8_t>(static_cast<uint8_t>(*engine));
      w.put<uint8_t>(*id);
    } else {
      return ret.emitOpError("cannot serialize a result of type ")
             << result.getType();
    }
  }
  w.finish(section);
  return success();
}

void Serializer::numberLocations() {
  func.walk([&](bir::AllocOp alloc) { allocs.push_back(alloc); });
  for (BlockArgument arg : func.getArguments())
    if (llvm::isa<MemRefType>(arg.getType()))
      locations[arg] = locations.size();
  for (bir::AllocOp alloc : allocs)
    locations[alloc] = locations.size();
}

LogicalResult Serializer::processLocations() {
  size_t section = w.beginSection(kLocationTag);
  w.put<uint32_t>(locations.size());
  for (BlockArgument arg : func.getArguments())
    if (llvm::isa<MemRefType>(arg.getType())) {
      w.put<uint8_t>(Argument);
      w.put<uint16_t>(arg.getArgNumber());
    }
  for (bir::AllocOp alloc : allocs) {
    w.put<uint8_t>(Allocation);
    w.put<uint8_t>(static_cast<uint8_t>(*bir::getMemorySpace(alloc.getType())));
    if (failed(writeTensorType(alloc, alloc.getType())))
      return failure();
    w.put<uint32_t>(alloc.getAddress() ? *alloc.getAddress() : kNone);
    w.put<uint8_t>(alloc->hasAttr(bir::kScratchAttrName) ? 1 : 0);
  }
  w.finish(section);
  return success();
}

size_t Serializer::countInstructions(Block &block) {
  size_t count = 0;
  for (Operation &op : block) {
    if (!llvm::isa<bir::InstInterface>(op))
      continue;
    ++count;
    if (op.getNumRegions())
      count += countInstructions(op.getRegion(0).front());
  }
  return count;
}

LogicalResult Serializer::processInstruction(Operation *op) {
  auto inst = llvm::dyn_cast<bir::InstInterface>(op);
  if (!inst) {
    if (llvm::isa<bir::AllocOp, bir::PhysicalAPOp, dge::BlockOp, func::ReturnOp>(op))
      return success(); // written in LOCS and BLKS, or implied
    return op->emitOpError("cannot be serialized; lower with --lower-to-addr4");
  }
  auto engine = static_cast<uint8_t>(inst.getEngine());
  auto reg = [&](Value v) { return regId(v, op); };
  auto self = [&]() { return regId(op->getResult(0), op); };
  if (auto read = llvm::dyn_cast<bir::ReadVarOp>(op)) {
    FailureOr<uint8_t> dst = self();
    if (failed(dst))
      return failure();
    w.put<uint8_t>(ReadVar), w.put<uint8_t>(engine), w.put<uint8_t>(*dst);
    w.put<uint16_t>(llvm::cast<BlockArgument>(read.getVar()).getArgNumber());
    return success();
  }
  if (auto read = llvm::dyn_cast<bir::ReadElemOp>(op)) {
    FailureOr<uint8_t> dst = self();
    FailureOr<uint32_t> location = locationId(read.getMem(), op);
    if (failed(dst) || failed(location))
      return failure();
    w.put<uint8_t>(ReadElem), w.put<uint8_t>(engine), w.put<uint8_t>(*dst);
    w.put<uint32_t>(*location);
    w.put<uint32_t>(read.getIndex());
    return success();
  }
  if (auto memset = llvm::dyn_cast<bir::MemsetOp>(op)) {
    auto ap = memset.getDst().getDefiningOp<bir::PhysicalAPOp>();
    FailureOr<uint32_t> location = locationId(ap.getMem(), op);
    if (failed(location))
      return failure();
    w.put<uint8_t>(Memset), w.put<uint8_t>(engine);
    w.put<uint32_t>(*location);
    w.put<uint32_t>(ap.getOffset());
    w.put<uint8_t>(ap.getPattern().size() / 2);
    for (int64_t v : ap.getPattern())
      w.put<uint32_t>(v);
    w.put<uint64_t>(memset.getValue());
    return success();
  }
  if (auto mov = llvm::dyn_cast<bir::MovImmOp>(op)) {
    FailureOr<uint8_t> dst = self();
    if (failed(dst))
      return failure();
    w.put<uint8_t>(MovImm), w.put<uint8_t>(engine), w.put<uint8_t>(*dst);
    w.put<int32_t>(mov.getValueAttr().getInt());
    return success();
  }
  if (auto alu = llvm::dyn_cast<bir::AluOp>(op)) {
    FailureOr<uint8_t> dst = self(), lhs = reg(alu.getLhs()),
                       rhs = reg(alu.getRhs());
    if (failed(dst) || failed(lhs) || failed(rhs))
      return failure();
    w.put<uint8_t>(Alu), w.put<uint8_t>(engine), w.put<uint8_t>(*dst);
    w.put<uint8_t>(static_cast<uint8_t>(alu.getKind()));
    w.put<uint8_t>(*lhs), w.put<uint8_t>(*rhs);
    return success();
  }
  if (auto alu = llvm::dyn_cast<bir::AluImmOp>(op)) {
    FailureOr<uint8_t> dst = self(), lhs = reg(alu.getLhs());
    if (failed(dst) || failed(lhs))
      return failure();
    w.put<uint8_t>(AluImm), w.put<uint8_t>(engine), w.put<uint8_t>(*dst);
    w.put<uint8_t>(static_cast<uint8_t>(alu.getKind()));
    w.put<uint8_t>(*lhs);
    w.put<int32_t>(alu.getImmAttr().getInt());
    return success();
  }
  if (auto loop = llvm::dyn_cast<bir::ForOp>(op)) {
    FailureOr<uint8_t> iv = reg(loop.getInductionReg());
    if (failed(iv))
      return failure();
    w.put<uint8_t>(For), w.put<uint8_t>(engine), w.put<uint8_t>(*iv);
    w.put<int32_t>(loop.getLbAttr().getInt());
    w.put<int32_t>(loop.getUbAttr().getInt());
    w.put<int32_t>(loop.getStepAttr().getInt());
    w.put<uint32_t>(countInstructions(loop.getBody().front()));
    return processBlock(loop.getBody().front());
  }
  if (auto loop = llvm::dyn_cast<bir::DynamicForOp>(op)) {
    FailureOr<uint8_t> iv = reg(loop.getInductionReg()),
                       ub = reg(loop.getUbReg());
    if (failed(iv) || failed(ub))
      return failure();
    w.put<uint8_t>(DynamicFor), w.put<uint8_t>(engine), w.put<uint8_t>(*iv);
    w.put<uint8_t>(*ub);
    w.put<int32_t>(loop.getLbAttr().getInt());
    w.put<int32_t>(loop.getStepAttr().getInt());
    w.put<int32_t>(loop.getUbCoefAttr().getInt());
    w.put<int32_t>(loop.getUbConstAttr().getInt());
    if (loop.getMaxTrip() > kNone)
      return loop.emitOpError("max_trip does not fit the container's 32 bits");
    w.put<uint32_t>(loop.getMaxTrip());
    w.put<uint32_t>(countInstructions(loop.getBody().front()));
    return processBlock(loop.getBody().front());
  }
  if (auto trigger = llvm::dyn_cast<dge::TriggerOp>(op)) {
    w.put<uint8_t>(Trigger), w.put<uint8_t>(engine);
    w.put<uint8_t>(static_cast<uint8_t>(trigger.getDgeType()));
    w.put<uint8_t>(trigger.getQueue()
                       ? static_cast<uint8_t>(*trigger.getQueue())
                       : 0xFF);
    w.put<uint32_t>(triggers.size());
    triggers.push_back(trigger);
    return success();
  }
  return op->emitOpError("cannot be serialized; lower with --lower-to-addr4");
}

LogicalResult Serializer::processBlock(Block &block) {
  for (Operation &op : block)
    if (failed(processInstruction(&op)))
      return failure();
  return success();
}

/// A side's word must say what its address mode says (a stale or
/// hand-written word would change the program's meaning).
static LogicalResult checkWord(dge::DescriptorOp desc, uint32_t raw,
                               dge::AddressMode mode) {
  llvm::Expected<Decoded> word = decode(raw);
  if (!word)
    return desc.emitOpError(llvm::toString(word.takeError()));
  dge::AddressMode implied =
      word->registerMode              ? dge::AddressMode::reg
      : word->mode == Mode::Indirect ? dge::AddressMode::indirect
      : word->mode == Mode::Patched  ? dge::AddressMode::patched
                                     : dge::AddressMode::imm;
  if (implied != mode)
    return desc.emitOpError("ADDR4 word ")
           << ("0x" + llvm::utohexstr(raw)) << " does not match its "
           << dge::stringifyAddressMode(mode) << " side; run addr4-encode";
  return success();
}

LogicalResult Serializer::processDescriptorBlocks() {
  size_t section = w.beginSection(kBlockTag);
  w.put<uint32_t>(triggers.size());
  for (dge::TriggerOp trigger : triggers) {
    auto block = trigger.getBlock().getDefiningOp<dge::BlockOp>();
    auto budget = block->getAttrOfType<IntegerAttr>("max_descriptor_bytes");
    auto descriptors = block.getBody().front().getOps<dge::DescriptorOp>();
    w.put<uint32_t>(budget ? budget.getInt() : kNone);
    w.put<uint32_t>(std::distance(descriptors.begin(), descriptors.end()));
    for (dge::DescriptorOp desc : descriptors) {
      if (!desc.getSrcAddr4() || !desc.getDstAddr4())
        return desc.emitOpError("has no ADDR4 words; run addr4-encode first");
      if (desc.getBytes() > kNone - 1 || desc.getSrcOffset() > kNone - 1 ||
          desc.getDstOffset() > kNone - 1 ||
          desc.getSrcPattern().size() / 2 > 255 ||
          desc.getDstPattern().size() / 2 > 255)
        return desc.emitOpError("does not fit the container's 32-bit "
                                "fields");
      if (failed(checkWord(desc, *desc.getSrcAddr4(), desc.getSrcMode())) ||
          failed(checkWord(desc, *desc.getDstAddr4(), desc.getDstMode())))
        return failure();
      w.put<uint32_t>(*desc.getSrcAddr4());
      w.put<uint32_t>(*desc.getDstAddr4());
      for (auto [mem, dyn, mode, offset, pattern, side] :
           {std::make_tuple(desc.getSrc(), desc.getSrcDyn(), desc.getSrcMode(),
                            desc.getSrcOffset(), desc.getSrcPattern(), "src"),
            std::make_tuple(desc.getDst(), desc.getDstDyn(), desc.getDstMode(),
                            desc.getDstOffset(), desc.getDstPattern(), "dst")}) {
        FailureOr<uint32_t> id = locationId(mem, desc);
        if (failed(id))
          return failure();
        w.put<uint32_t>(*id);
        w.put<uint32_t>(offset);
        uint32_t record = kNone;
        if (mode == dge::AddressMode::indirect) {
          auto kind = desc->getAttrOfType<StringAttr>(std::string(side) + "_record");
          FailureOr<uint32_t> ids = locationId(dyn, desc);
          if (!kind || failed(ids))
            return desc.emitOpError("indirect side has no record; run "
                                    "addr4-encode first");
          auto memType = llvm::cast<MemRefType>(mem.getType());
          auto idsType = llvm::cast<MemRefType>(dyn.getType());
          uint8_t code = llvm::StringSwitch<uint8_t>(kind.getValue())
                             .Case("INDIRECT16B", 0)
                             .Case("INDIRECT20B", 1)
                             .Default(2);
          record = records.size();
          records.push_back({code, *ids, 4,
                             static_cast<uint32_t>(idsType.getNumElements()),
                             static_cast<uint32_t>(
                                 memType.getStridesAndOffset().first[0] *
                                 *bir::getElementBytes(memType))});
        }
        w.put<uint32_t>(record);
        w.put<uint8_t>(pattern.size() / 2);
        for (int64_t v : pattern)
          w.put<uint32_t>(v);
      }
      w.put<uint32_t>(desc.getBytes());
    }
  }
  w.finish(section);
  section = w.beginSection(kRecordTag);
  w.put<uint32_t>(records.size());
  for (const Record &r : records) {
    w.put<uint8_t>(r.kind);
    w.put<uint32_t>(r.location);
    w.put<uint8_t>(r.elementBytes);
    w.put<uint32_t>(r.count);
    w.put<uint32_t>(r.rowStride);
  }
  w.finish(section);
  return success();
}

LogicalResult Serializer::run() {
  w.put<char>(kMagic[0]), w.put<char>(kMagic[1]), w.put<char>(kMagic[2]),
      w.put<char>(kMagic[3]);
  w.put<uint16_t>(kVersion);
  auto level = func->getAttrOfType<IntegerAttr>("dge.arch_level");
  int64_t archLevel = level ? level.getInt() : 30;
  if (archLevel != 20 && archLevel != 30 && archLevel != 40 && archLevel != 50)
    return func.emitOpError("dge.arch_level ")
           << archLevel << " is not 20, 30, 40 or 50";
  w.put<uint16_t>(archLevel);
  // Results name locations, so number them before writing FUNC.
  numberLocations();
  if (failed(processFunction()) || failed(processLocations()))
    return failure();
  size_t section = w.beginSection(kInstructionTag);
  w.put<uint32_t>(countInstructions(func.getBody().front()));
  if (failed(processBlock(func.getBody().front())))
    return failure();
  w.finish(section);
  return processDescriptorBlocks();
}

} // namespace

LogicalResult dyn::addr4::serialize(ModuleOp module,
                                    SmallVectorImpl<char> &bytes) {
  SmallVector<func::FuncOp> entries;
  module.walk([&](func::FuncOp func) {
    if (!func.isExternal())
      entries.push_back(func);
  });
  if (entries.size() != 1)
    return module.emitError("the container holds one entry function; the "
                            "module has ")
           << entries.size();
  return Serializer(entries.front(), bytes).run();
}
