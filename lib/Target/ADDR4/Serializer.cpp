//===- Serializer.cpp - dge-level MLIR to the dyn container ---------------===//
//
// MLIR to the container model, then the model to bytes (ModelWriter.cpp).
// The instruction list is the function body in program order; a loop is
// followed by its body and records its length, so the list stays flat.
// Registers are written as their physical ids; descriptor sides carry their
// ADDR4 words, which say how each address is found. Every value is checked
// against its field here, where the op that holds it can be named.
//
//===----------------------------------------------------------------------===//

#include "dyn/Target/ADDR4/Container.h"

#include "Format.h"
#include "Model.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"
#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Target/ADDR4/ADDR4.h"
#include "dyn/Version.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

#include <limits>

using namespace mlir;
using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::addr4::format;

namespace {

class Serializer {
public:
  explicit Serializer(func::FuncOp func) : func(func) {}

  FailureOr<FunctionModel> run();

private:
  /// The file:line:col `loc` names (its first file location), with the
  /// file interned in the function's source table.
  SourceSpec processSource(Location loc);
  LogicalResult processTensorType(Operation *at, MemRefType type,
                                  TensorSpec &spec);
  LogicalResult processFunction();
  void numberLocations();
  LogicalResult processLocations();
  LogicalResult processBlock(Block &block);
  LogicalResult processInstruction(Operation *op);
  LogicalResult processLoopBody(Block &body, size_t loopIndex);
  LogicalResult processDescriptorBlocks();
  LogicalResult processSide(dge::DescriptorOp desc, StringRef name, Value mem,
                            Value dyn, dge::AddressMode mode, uint64_t offset,
                            bir::PatternRef pattern, uint32_t word,
                            SideSpec &side);
  FailureOr<uint8_t> regId(Value reg, Operation *user);
  FailureOr<uint32_t> locationId(Value location, Operation *user);
  LogicalResult processOperand(Operation *op, Value ap, SideSpec &operand);
  LogicalResult processCompute(Operation *op, InstructionSpec &in);
  LogicalResult processPattern(Operation *at, bir::PatternRef pattern,
                               SmallVectorImpl<int64_t> &out);

  /// `value` as the unsigned field type `T`, or a diagnostic at `at` naming
  /// `what`.
  template <typename T>
  FailureOr<T> fit(Operation *at, uint64_t value, StringRef what) {
    if (value > std::numeric_limits<T>::max())
      return at->emitOpError("has ")
             << what << " " << value << ", which does not fit the container's "
             << 8 * sizeof(T) << "-bit field";
    return static_cast<T>(value);
  }

  func::FuncOp func;
  dge::Arch arch = dge::kDefaultArch;
  FunctionModel m;
  llvm::StringMap<uint32_t> sourceFiles;
  llvm::DenseMap<Value, uint32_t> locations;
  SmallVector<bir::AllocOp> allocs;
  SmallVector<dge::TriggerOp> triggers;
};

LogicalResult Serializer::processTensorType(Operation *at, MemRefType type,
                                            TensorSpec &spec) {
  std::optional<uint8_t> element = getElementCode(type.getElementType());
  if (!element || !type.hasStaticShape())
    return at->emitError("cannot serialize tensor type ") << type;
  if (type.getRank() > 255)
    return at->emitError("cannot serialize a tensor of rank ") << type.getRank();
  // The reader refuses an empty tensor: refuse to write one.
  if (type.getNumElements() == 0)
    return at->emitError("cannot serialize the empty tensor type ") << type;
  spec.element = *element;
  for (int64_t dim : type.getShape()) {
    FailureOr<uint32_t> d = fit<uint32_t>(at, dim, "a dimension of size");
    if (failed(d))
      return failure();
    spec.dims.push_back(*d);
  }
  return success();
}

LogicalResult Serializer::processPattern(Operation *at,
                                         bir::PatternRef pattern,
                                         SmallVectorImpl<int64_t> &out) {
  if (pattern.size() > 255)
    return at->emitOpError("has a pattern of ")
           << pattern.size() << " levels; the container holds 255";
  // The verifiers keep steps non-negative and nums positive.
  for (int64_t v : pattern.getFlat()) {
    FailureOr<uint32_t> entry = fit<uint32_t>(at, v, "a pattern entry");
    if (failed(entry))
      return failure();
    out.push_back(*entry);
  }
  return success();
}

FailureOr<uint8_t> Serializer::regId(Value reg, Operation *user) {
  std::optional<unsigned> id = bir::getPhysicalRegister(reg);
  if (!id)
    return user->emitOpError("uses a register without a physical id; run "
                             "bir-allocate-registers first");
  return static_cast<uint8_t>(*id);
}

FailureOr<uint32_t> Serializer::locationId(Value location, Operation *user) {
  auto it = locations.find(location);
  if (it == locations.end())
    return user->emitOpError("refers to a location that is neither a "
                             "function argument nor a bir.alloc");
  return it->second;
}

LogicalResult Serializer::processFunction() {
  m.name = func.getSymName().str();
  if (func.getNumArguments() > 0xFFFF)
    return func.emitOpError("has ")
           << func.getNumArguments() << " arguments; the container holds "
           << 0xFFFF;
  for (BlockArgument arg : func.getArguments()) {
    ArgumentSpec spec;
    if (auto type = llvm::dyn_cast<MemRefType>(arg.getType())) {
      spec.kind = Tensor;
      if (failed(processTensorType(func, type, spec.tensor)))
        return failure();
    } else if (arg.getType().isSignlessInteger(32)) {
      spec.kind = Scalar;
    } else {
      return func.emitError("cannot serialize an argument of type ")
             << arg.getType();
    }
    m.arguments.push_back(std::move(spec));
  }
  auto ret = llvm::cast<func::ReturnOp>(func.getBody().back().getTerminator());
  for (Value result : ret.getOperands()) {
    ResultSpec spec;
    if (llvm::isa<MemRefType>(result.getType())) {
      FailureOr<uint32_t> id = locationId(result, ret);
      if (failed(id))
        return failure();
      spec.kind = Tensor;
      spec.location = *id;
    } else if (llvm::isa<bir::RegType>(result.getType())) {
      // A register with a physical id is an instruction's, on its engine.
      FailureOr<uint8_t> id = regId(result, ret);
      if (failed(id))
        return failure();
      spec.kind = Scalar;
      spec.engine = static_cast<uint8_t>(*bir::getRegisterEngine(result));
      spec.reg = *id;
    } else {
      return ret.emitOpError("cannot serialize a result of type ")
             << result.getType();
    }
    m.results.push_back(spec);
  }
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
  for (BlockArgument arg : func.getArguments())
    if (llvm::isa<MemRefType>(arg.getType())) {
      LocationSpec spec;
      spec.kind = Argument;
      spec.argument = arg.getArgNumber();
      m.locations.push_back(std::move(spec));
    }
  for (bir::AllocOp alloc : allocs) {
    LocationSpec spec;
    spec.kind = Allocation;
    spec.space = static_cast<uint8_t>(*bir::getMemorySpace(alloc.getType()));
    if (failed(processTensorType(alloc, alloc.getType(), spec.tensor)))
      return failure();
    spec.address = kNone;
    if (std::optional<uint64_t> address = alloc.getAddress()) {
      FailureOr<uint32_t> a = fit<uint32_t>(alloc, *address, "an address");
      if (failed(a))
        return failure();
      spec.address = *a;
    }
    spec.flags = alloc.getDynamicDMAScratchLoc() ? ScratchFlag : 0;
    m.locations.push_back(std::move(spec));
  }
  return success();
}

LogicalResult Serializer::processLoopBody(Block &body, size_t loopIndex) {
  // The container's loop is one engine's: its body is in that stream.
  bir::Engine engine = llvm::cast<bir::InstInterface>(body.getParentOp())
                           .getEngine();
  for (auto inst : body.getOps<bir::InstInterface>())
    if (inst.getEngine() != engine)
      return inst->emitOpError("runs on '")
             << bir::stringifyEngine(inst.getEngine()) << "' in a loop on '"
             << bir::stringifyEngine(engine)
             << "'; a container loop holds one engine's stream (run "
                "bir-split-engine-loops first)";
  if (failed(processBlock(body)))
    return failure();
  m.instructions[loopIndex].bodyCount = m.instructions.size() - loopIndex - 1;
  return success();
}

LogicalResult Serializer::processInstruction(Operation *op) {
  auto inst = llvm::dyn_cast<bir::InstInterface>(op);
  if (!inst) {
    if (llvm::isa<bir::AllocOp, bir::PhysicalAPOp, bir::RegisterAPOp,
                  dge::BlockOp, func::ReturnOp>(op))
      return success(); // in the locations, blocks and operands, or implied
    return op->emitOpError("cannot be serialized; lower with --lower-to-addr4");
  }
  size_t index = m.instructions.size();
  InstructionSpec in;
  in.engine = static_cast<uint8_t>(inst.getEngine());
  in.source = processSource(op->getLoc());
  // The register the instruction defines, when it defines one.
  auto defines = [&](Value reg) -> LogicalResult {
    FailureOr<uint8_t> id = regId(reg, op);
    if (succeeded(id))
      in.dst = *id;
    return failure(failed(id));
  };
  auto reads = [&](Value reg, uint8_t &field) -> LogicalResult {
    FailureOr<uint8_t> id = regId(reg, op);
    if (succeeded(id))
      field = *id;
    return failure(failed(id));
  };
  auto done = [&]() {
    m.instructions.push_back(std::move(in));
    return success();
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](bir::ReadVarOp read) {
        in.opcode = ReadVar;
        in.argument = llvm::cast<BlockArgument>(read.getVar()).getArgNumber();
        return failed(defines(read.getResult())) ? failure() : done();
      })
      .Case([&](bir::ReadElemOp read) {
        in.opcode = ReadElem;
        FailureOr<uint32_t> location = locationId(read.getMem(), op);
        FailureOr<uint32_t> element =
            fit<uint32_t>(op, read.getIndex(), "an element index");
        if (failed(defines(read.getResult())) || failed(location) ||
            failed(element))
          return failure();
        in.location = *location;
        in.element = *element;
        return done();
      })
      .Case([&](bir::MemsetOp memset) {
        in.opcode = Memset;
        auto ap = memset.getDst().getDefiningOp<bir::PhysicalAPOp>();
        FailureOr<uint32_t> location = locationId(ap.getMem(), op);
        FailureOr<uint32_t> offset =
            fit<uint32_t>(op, ap.getOffset(), "an element offset");
        if (failed(location) || failed(offset) ||
            failed(processPattern(op, ap.getPattern(), in.pattern)))
          return failure();
        in.location = *location;
        in.element = *offset;
        in.fill = memset.getValue();
        return done();
      })
      .Case<bir::SemSignalOp, bir::SemWaitOp>([&](auto sync) -> LogicalResult {
        in.opcode = llvm::isa<bir::SemSignalOp>(sync) ? SemSignal : SemWait;
        if (!sync.getSem())
          return sync.emitOpError("has no semaphore; run "
                                  "bir-allocate-semaphores first");
        in.semaphore = *sync.getSem();
        return done();
      })
      .Case([&](bir::MovImmOp mov) {
        in.opcode = MovImm;
        in.imm = mov.getValueAttr().getInt();
        return failed(defines(mov.getResult())) ? failure() : done();
      })
      .Case([&](bir::AluOp alu) {
        in.opcode = Alu;
        in.kind = static_cast<uint8_t>(alu.getKind());
        if (failed(defines(alu.getResult())) ||
            failed(reads(alu.getLhs(), in.lhs)) ||
            failed(reads(alu.getRhs(), in.rhs)))
          return failure();
        return done();
      })
      .Case([&](bir::AluImmOp alu) {
        in.opcode = AluImm;
        in.kind = static_cast<uint8_t>(alu.getKind());
        in.imm = alu.getImmAttr().getInt();
        if (failed(defines(alu.getResult())) ||
            failed(reads(alu.getLhs(), in.lhs)))
          return failure();
        return done();
      })
      .Case([&](bir::ForOp loop) {
        in.opcode = For;
        in.lb = loop.getLbAttr().getInt();
        in.ub = loop.getUbAttr().getInt();
        in.step = loop.getStepAttr().getInt();
        if (failed(defines(loop.getInductionReg())) || failed(done()))
          return failure();
        return processLoopBody(loop.getBody().front(), index);
      })
      .Case([&](bir::DynamicForOp loop) {
        in.opcode = DynamicFor;
        in.lb = loop.getLbAttr().getInt();
        in.step = loop.getStepAttr().getInt();
        in.coef = loop.getUbCoefAttr().getInt();
        in.constant = loop.getUbConstAttr().getInt();
        FailureOr<uint32_t> maxTrip =
            fit<uint32_t>(op, loop.getMaxTrip(), "a max_trip of");
        if (failed(defines(loop.getInductionReg())) ||
            failed(reads(loop.getUbReg(), in.lhs)) || failed(maxTrip))
          return failure();
        in.maxTrip = *maxTrip;
        if (failed(done()))
          return failure();
        return processLoopBody(loop.getBody().front(), index);
      })
      .Case<bir::TensorTensorOp, bir::TensorScalarOp, bir::TensorCopyOp,
            bir::CopyPredicatedOp, bir::TensorReduceOp, bir::IotaOp,
            bir::AffineSelectOp, bir::ActivationOp, bir::MatmulOp,
            bir::TransposeOp>(
          [&](Operation *) {
            return failed(processCompute(op, in)) ? failure() : done();
          })
      .Case([&](dge::TriggerOp trigger) -> LogicalResult {
        // The routes must be the ones the recorded target can run.
        if (std::optional<std::string> why = dge::checkRouteForArch(
                trigger.getDgeType(), trigger.getQueue(), arch))
          return trigger.emitOpError(*why) << " (the module's target is "
                                           << dge::stringifyArch(arch) << ")";
        in.opcode = Trigger;
        in.dgeType = static_cast<uint8_t>(trigger.getDgeType());
        in.queue = trigger.getQueue() ? static_cast<uint8_t>(*trigger.getQueue())
                                      : 0xFF;
        in.block = triggers.size();
        triggers.push_back(trigger);
        return done();
      })
      .Default([&](Operation *) {
        return op->emitOpError(
            "cannot be serialized; lower with --lower-to-addr4");
      });
}

/// An on-chip operand: its location, its element offset and its ADDR4 word
/// (register mode for a kind-3 pattern, the static address of its offset
/// for a kind-1 one), and its pattern.
LogicalResult Serializer::processOperand(Operation *op, Value ap,
                                         SideSpec &operand) {
  Value mem;
  llvm::Expected<uint32_t> word = llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "operand is not a kind-1 or kind-3 access pattern; lower with "
      "--lower-to-addr4");
  bir::PatternRef pattern;
  operand.record = kNone;
  if (auto reg = ap.getDefiningOp<bir::RegisterAPOp>()) {
    mem = reg.getMem();
    pattern = reg.getPattern();
    operand.offset = 0;
    FailureOr<uint8_t> id = regId(reg.getAddr(), op);
    if (failed(id))
      return failure();
    llvm::consumeError(word.takeError());
    word = encodeRegister(*id);
  } else if (auto phys = ap.getDefiningOp<bir::PhysicalAPOp>()) {
    mem = phys.getMem();
    pattern = phys.getPattern();
    FailureOr<uint32_t> offset =
        fit<uint32_t>(op, phys.getOffset(), "an operand offset of");
    std::optional<bir::OnChipLocation> onChip =
        bir::OnChipLocation::get(mem);
    if (failed(offset))
      return failure();
    if (!onChip)
      return op->emitOpError("has an operand without an on-chip address; "
                             "run bir-allocate-memory first");
    operand.offset = *offset;
    auto type = llvm::cast<MemRefType>(mem.getType());
    llvm::consumeError(word.takeError());
    word = encodeImmediate(Mode::Static,
                           onChip->getAddress(*offset *
                                              *bir::getElementBytes(type)));
  }
  if (!word)
    return op->emitOpError(llvm::toString(word.takeError()));
  FailureOr<uint32_t> id = locationId(mem, op);
  if (failed(id) || failed(processPattern(op, pattern, operand.pattern)))
    return failure();
  operand.location = *id;
  operand.rawWord = *word;
  operand.word = *decode(*word);
  return success();
}

/// The kind, scalar, affine index and operands of a compute instruction.
LogicalResult Serializer::processCompute(Operation *op, InstructionSpec &in) {
  auto operands = [&](std::initializer_list<Value> aps) -> LogicalResult {
    for (Value ap : aps)
      if (failed(processOperand(op, ap, in.operands.emplace_back())))
        return failure();
    return success();
  };
  auto scalar = [&](Value reg, std::optional<int32_t> imm) -> LogicalResult {
    if (!reg) {
      in.imm = *imm;
      return success();
    }
    in.flags |= RegisterScalarFlag;
    FailureOr<uint8_t> id = regId(reg, op);
    if (succeeded(id))
      in.lhs = *id;
    return failure(failed(id));
  };
  auto affine = [&](int32_t base, int32_t partition, ArrayRef<int32_t> free) {
    in.base = base;
    in.partition = partition;
    in.free.assign(free.begin(), free.end());
  };
  auto bits = [](float value) { return llvm::bit_cast<int32_t>(value); };
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](bir::TensorTensorOp tt) {
        in.opcode = TensorTensor;
        in.kind = static_cast<uint8_t>(tt.getKind());
        return operands({tt.getLhs(), tt.getRhs(), tt.getOut()});
      })
      .Case([&](bir::TensorScalarOp ts) {
        in.opcode = TensorScalar;
        in.kind = static_cast<uint8_t>(ts.getKind());
        in.flags = ts.getReverse() ? ReverseFlag : 0;
        std::optional<int32_t> imm;
        if (std::optional<APFloat> value = ts.getScalarImm())
          imm = bits(value->convertToFloat());
        if (failed(scalar(ts.getScalarReg(), imm)))
          return failure();
        return operands({ts.getIn(), ts.getOut()});
      })
      .Case([&](bir::TensorCopyOp copy) {
        in.opcode = TensorCopy;
        return operands({copy.getIn(), copy.getOut()});
      })
      .Case([&](bir::CopyPredicatedOp copy) -> LogicalResult {
        in.opcode = CopyPredicated;
        in.flags = copy.getReverse() ? ReverseFlag : 0;
        if (std::optional<APFloat> value = copy.getSrcImm()) {
          in.flags |= ImmediateSourceFlag;
          in.imm = bits(value->convertToFloat());
        } else if (failed(operands({copy.getSrc()}))) {
          return failure();
        }
        return operands({copy.getPredicate(), copy.getOut()});
      })
      .Case([&](bir::TensorReduceOp reduce) {
        in.opcode = TensorReduce;
        in.kind = static_cast<uint8_t>(reduce.getKind());
        return operands({reduce.getIn(), reduce.getOut()});
      })
      .Case([&](bir::IotaOp iota) {
        in.opcode = Iota;
        affine(iota.getBase(), iota.getPartition(), iota.getFree());
        return operands({iota.getOut()});
      })
      .Case([&](bir::AffineSelectOp select) {
        in.opcode = AffineSelect;
        in.kind = static_cast<uint8_t>(select.getCmp());
        affine(select.getBase(), select.getPartition(), select.getFree());
        in.fill = static_cast<uint32_t>(
            bits(select.getFill().convertToFloat()));
        if (failed(scalar(select.getBoundReg(), select.getBoundImm())))
          return failure();
        return operands({select.getIn(), select.getOut()});
      })
      .Case([&](bir::ActivationOp act) {
        in.opcode = Activation;
        in.kind = static_cast<uint8_t>(act.getFunc());
        in.imm = bits(act.getScale().convertToFloat());
        if (act.getBias())
          in.flags |= BiasOperandFlag;
        else
          in.fill = static_cast<uint32_t>(
              bits(act.getBiasImm()->convertToFloat()));
        if (act.getSum())
          in.flags |= SumOperandFlag;
        if (failed(operands({act.getIn(), act.getOut()})) ||
            (act.getBias() && failed(operands({act.getBias()}))) ||
            (act.getSum() && failed(operands({act.getSum()}))))
          return failure();
        return success();
      })
      .Case([&](bir::MatmulOp mm) {
        in.opcode = Matmul;
        in.flags = mm.getAccumulate() ? AccumulateFlag : 0;
        return operands({mm.getStationary(), mm.getMoving(), mm.getOut()});
      })
      .Case([&](bir::TransposeOp t) {
        in.opcode = Transpose;
        return operands({t.getIn(), t.getOut()});
      });
}

LogicalResult Serializer::processBlock(Block &block) {
  for (Operation &op : block)
    if (failed(processInstruction(&op)))
      return failure();
  return success();
}

/// A side's word must be the one addr4-encode gives its side (a stale or
/// hand-written word would change the program's meaning: another register,
/// argument or address).
static FailureOr<Decoded> checkWord(dge::DescriptorOp desc, uint32_t raw,
                                    Value mem, Value dyn,
                                    dge::AddressMode mode, int64_t offset) {
  llvm::Expected<Decoded> word = decode(raw);
  if (!word)
    return desc.emitOpError(llvm::toString(word.takeError()));
  llvm::Expected<uint32_t> expected = getSideWord(mem, dyn, mode, offset);
  if (!expected)
    return desc.emitOpError(llvm::toString(expected.takeError()));
  if (*expected != raw)
    return desc.emitOpError("ADDR4 word ")
           << ("0x" + llvm::utohexstr(raw)) << " does not match its "
           << dge::stringifyAddressMode(mode) << " side, whose word is "
           << ("0x" + llvm::utohexstr(*expected)) << "; run addr4-encode";
  return *word;
}

LogicalResult Serializer::processSide(dge::DescriptorOp desc, StringRef name,
                                      Value mem, Value dyn,
                                      dge::AddressMode mode, uint64_t offset,
                                      bir::PatternRef pattern, uint32_t word,
                                      SideSpec &side) {
  FailureOr<Decoded> decoded =
      checkWord(desc, word, mem, dyn, mode, static_cast<int64_t>(offset));
  FailureOr<uint32_t> id = locationId(mem, desc);
  FailureOr<uint32_t> off = fit<uint32_t>(desc, offset, "an offset of");
  if (failed(decoded) || failed(id) || failed(off) ||
      failed(processPattern(desc, pattern, side.pattern)))
    return failure();
  side.rawWord = word;
  side.word = *decoded;
  side.location = *id;
  side.offset = *off;
  side.record = kNone;
  if (mode != dge::AddressMode::indirect)
    return success();
  std::optional<dge::IndirectRecordKind> kind =
      name == "src" ? desc.getSrcRecord() : desc.getDstRecord();
  FailureOr<uint32_t> ids = locationId(dyn, desc);
  if (!kind || failed(ids))
    return desc.emitOpError("indirect side has no record; run addr4-encode "
                            "first");
  auto memType = llvm::cast<MemRefType>(mem.getType());
  RecordSpec record;
  record.kind = static_cast<uint8_t>(*kind);
  record.location = *ids;
  record.elementBytes = 4;
  // The descriptor's rows read index slots [first, first + rows); the
  // verifier keeps them inside the index tensor.
  FailureOr<uint32_t> first = fit<uint32_t>(
      desc, desc.getFirstIndex(name == "src"), "a first index of");
  FailureOr<uint32_t> count =
      fit<uint32_t>(desc, pattern.front().num, "an index count of");
  FailureOr<uint32_t> rowStride = fit<uint32_t>(
      desc,
      bir::getStrides(memType)[0] * *bir::getElementBytes(memType),
      "a row stride of");
  if (failed(first) || failed(count) || failed(rowStride))
    return failure();
  record.first = *first;
  record.count = *count;
  record.rowStride = *rowStride;
  side.record = m.records.size();
  m.records.push_back(record);
  return success();
}

LogicalResult Serializer::processDescriptorBlocks() {
  for (dge::TriggerOp trigger : triggers) {
    auto block = trigger.getBlock().getDefiningOp<dge::BlockOp>();
    BlockSpec spec;
    spec.budget = kNone;
    if (std::optional<uint64_t> budget = block.getMaxDescriptorBytes()) {
      FailureOr<uint32_t> b =
          fit<uint32_t>(block, *budget, "a descriptor budget of");
      if (failed(b))
        return failure();
      if (*b == kNone)
        return block.emitOpError("a descriptor budget of ")
               << *budget << " is the container's `none` marker; budgets "
               << "go up to " << kNone - 1;
      spec.budget = *b;
    }
    for (dge::DescriptorOp desc :
         block.getBody().front().getOps<dge::DescriptorOp>()) {
      if (!desc.getSrcAddr4() || !desc.getDstAddr4())
        return desc.emitOpError("has no ADDR4 words; run addr4-encode first");
      DescriptorSpec d;
      FailureOr<uint32_t> bytes =
          fit<uint32_t>(desc, desc.getBytes(), "a byte count of");
      if (failed(bytes) ||
          failed(processSide(desc, "src", desc.getSrc(), desc.getSrcDyn(),
                             desc.getSrcMode(), desc.getSrcOffset(),
                             desc.getSrcPattern(), *desc.getSrcAddr4(),
                             d.src)) ||
          failed(processSide(desc, "dst", desc.getDst(), desc.getDstDyn(),
                             desc.getDstMode(), desc.getDstOffset(),
                             desc.getDstPattern(), *desc.getDstAddr4(),
                             d.dst)))
        return failure();
      d.bytes = *bytes;
      spec.descriptors.push_back(std::move(d));
    }
    m.blocks.push_back(std::move(spec));
  }
  return success();
}

SourceSpec Serializer::processSource(Location loc) {
  SourceSpec source;
  loc->walk([&](Location inner) {
    auto file = llvm::dyn_cast<FileLineColLoc>(inner);
    if (!file)
      return WalkResult::advance();
    auto [it, inserted] =
        sourceFiles.try_emplace(file.getFilename(), m.sourceFiles.size());
    if (inserted)
      m.sourceFiles.push_back(file.getFilename().str());
    source = {it->second, file.getLine(), file.getColumn()};
    return WalkResult::interrupt();
  });
  return source;
}

FailureOr<FunctionModel> Serializer::run() {
  arch = dge::getArch(func);
  // Results name locations, so number them first.
  numberLocations();
  if (failed(processFunction()) || failed(processLocations()) ||
      failed(processBlock(func.getBody().front())) ||
      failed(processDescriptorBlocks()))
    return failure();
  return std::move(m);
}

} // namespace

LogicalResult dyn::addr4::serialize(ModuleOp module,
                                    SmallVectorImpl<char> &bytes,
                                    uint64_t maxBytes) {
  // Section lengths are u32: a larger container would be written with its
  // lengths truncated.
  if (maxBytes > std::numeric_limits<uint32_t>::max())
    return module.emitError("a container limit of ")
           << maxBytes << " bytes is over the "
           << std::numeric_limits<uint32_t>::max()
           << " that its u32 section lengths can describe; lower "
              "--max-container-bytes";
  ContainerModel model;
  model.version = kVersion;
  model.archLevel = dge::getArchLevel(dge::getArch(module));
  model.writerMajor = DYN_VERSION_MAJOR;
  model.writerMinor = DYN_VERSION_MINOR;
  model.writerPatch = DYN_VERSION_PATCH;
  // The module's own functions: a nested module (with an arch of its own,
  // and its own symbol names) is a container of its own.
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto nested = llvm::dyn_cast<ModuleOp>(op))
      return nested.emitError("a nested module cannot be serialized with its "
                              "parent; serialize it on its own");
    auto func = llvm::dyn_cast<func::FuncOp>(op);
    if (!func || func.isExternal())
      continue;
    FailureOr<FunctionModel> function = Serializer(func).run();
    if (failed(function))
      return failure();
    model.functions.push_back(std::move(*function));
  }
  if (model.functions.empty())
    return module.emitError("the module has no function with a body to "
                            "serialize");
  SmallVector<char> written;
  writeContainer(model, written);
  if (written.size() > maxBytes)
    return module.emitError("the container takes ")
           << written.size() << " bytes, over the limit of " << maxBytes
           << " bytes; raise --max-container-bytes";
  bytes.append(written.begin(), written.end());
  return success();
}
