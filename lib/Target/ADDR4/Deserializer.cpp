//===- Deserializer.cpp - the dyn container to dge-level MLIR -------------===//
//
// Mirrors Serializer.cpp. Registers come back as SSA values: each physical
// register of each engine maps to the value last written to it, scoped by
// loop bodies; every definition keeps its physical id in `reg`, so
// serializing the result again gives the same bytes.
//
//===----------------------------------------------------------------------===//

#include "dyn/Target/ADDR4/Container.h"

#include "Format.h"
#include "Model.h"

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::addr4::format;

namespace {

using RegisterFile = llvm::DenseMap<std::pair<uint8_t, uint8_t>, Value>;

class Deserializer {
public:
  Deserializer(const FunctionModel &m, MLIRContext *ctx, Location loc)
      : m(m), ctx(ctx), b(ctx), containerLoc(loc), loc(loc) {}

  /// Adds the function to the end of `module`.
  LogicalResult run(ModuleOp module);

private:
  MemRefType tensorType(const TensorSpec &t, bir::MemorySpace space) {
    SmallVector<int64_t> shape(t.dims.begin(), t.dims.end());
    return MemRefType::get(shape, lookupElementCode(t.element)->build(ctx),
                           MemRefLayoutAttrInterface(),
                           bir::MemorySpaceAttr::get(ctx, space));
  }
  LogicalResult fail(const Twine &message) {
    emitError(containerLoc) << "corrupt container: " << message;
    return failure();
  }
  /// Where `in` came from; unknown when the container does not say (as the
  /// upstream SPIR-V deserializer does), so that serializing it again
  /// writes no source for it either.
  Location sourceOf(const InstructionSpec &in) {
    if (in.source.file == kNone)
      return UnknownLoc::get(ctx);
    return FileLineColLoc::get(ctx, m.sourceFiles[in.source.file],
                               in.source.line, in.source.column);
  }
  FailureOr<Value> readReg(RegisterFile &regs, uint8_t engine, uint8_t id,
                           size_t at) {
    auto it = regs.find({engine, id});
    if (it == regs.end()) {
      (void)fail("instruction " + Twine(at) + " reads register r" +
                 Twine(unsigned(id)) +
                 " of engine " + bir::stringifyEngine(*bir::symbolizeEngine(engine)) +
                 " before it is written");
      return failure();
    }
    return it->second;
  }
  LogicalResult buildList(size_t begin, size_t end, RegisterFile regs);
  FailureOr<Value> buildOperand(const SideSpec &s, uint8_t engine, size_t at,
                                RegisterFile &regs);
  LogicalResult buildCompute(const InstructionSpec &in, size_t at,
                             RegisterFile &regs);
  LogicalResult buildTrigger(const InstructionSpec &in, size_t at,
                             RegisterFile &regs);

  const FunctionModel &m;
  MLIRContext *ctx;
  OpBuilder b;
  /// Errors name the container; ops the source of their instruction.
  const Location containerLoc;
  Location loc;
  func::FuncOp func;
  SmallVector<Value> locations;
  RegisterFile topLevel;
};

/// A compute operand: bir.reg_ap on its register, or bir.ap at its offset.
FailureOr<Value> Deserializer::buildOperand(const SideSpec &s, uint8_t engine,
                                            size_t at, RegisterFile &regs) {
  Value mem = locations[s.location];
  Type apType = bir::AccessPatternType::get(ctx);
  if (s.word.registerMode) {
    FailureOr<Value> addr = readReg(regs, engine, s.word.registerId, at);
    if (failed(addr))
      return failure();
    return Value(bir::RegisterAPOp::create(
        b, loc, apType, mem, *addr, bir::PatternAttr::get(ctx, s.pattern)));
  }
  return Value(bir::PhysicalAPOp::create(
      b, loc, apType, mem, b.getI64IntegerAttr(s.offset),
      bir::PatternAttr::get(ctx, s.pattern), IntegerAttr(), DenseI64ArrayAttr(),
      ValueRange(), Value(), IntegerAttr(), IntegerAttr(), IntegerAttr()));
}

LogicalResult Deserializer::buildCompute(const InstructionSpec &in, size_t at,
                                         RegisterFile &regs) {
  SmallVector<Value, 3> ops;
  for (const SideSpec &s : in.operands) {
    FailureOr<Value> operand = buildOperand(s, in.engine, at, regs);
    if (failed(operand))
      return failure();
    ops.push_back(*operand);
  }
  auto engine = bir::EngineAttr::get(ctx, *bir::symbolizeEngine(in.engine));
  Value reg;
  if ((in.flags & RegisterScalarFlag) &&
      (in.opcode == TensorScalar || in.opcode == AffineSelect)) {
    FailureOr<Value> r = readReg(regs, in.engine, in.lhs, at);
    if (failed(r))
      return failure();
    reg = *r;
  }
  auto f32 = [&](uint32_t bits) {
    return b.getF32FloatAttr(llvm::bit_cast<float>(bits));
  };
  auto elementwise = [&]() {
    return bir::ElementwiseKindAttr::get(
        ctx, *bir::symbolizeElementwiseKind(in.kind));
  };
  switch (in.opcode) {
  case TensorTensor:
    bir::TensorTensorOp::create(b, loc, elementwise(), ops[0], ops[1], ops[2],
                                engine);
    break;
  case TensorScalar:
    bir::TensorScalarOp::create(
        b, loc, elementwise(), ops[0], reg,
        reg ? FloatAttr() : f32(static_cast<uint32_t>(in.imm)), ops[1],
        (in.flags & ReverseFlag) ? b.getUnitAttr() : UnitAttr(), engine);
    break;
  case TensorCopy:
    bir::TensorCopyOp::create(b, loc, ops[0], ops[1], engine);
    break;
  case CopyPredicated: {
    bool isImm = in.flags & ImmediateSourceFlag;
    bir::CopyPredicatedOp::create(
        b, loc, isImm ? Value() : ops[0],
        isImm ? f32(static_cast<uint32_t>(in.imm)) : FloatAttr(),
        ops[ops.size() - 2], ops.back(),
        (in.flags & ReverseFlag) ? b.getUnitAttr() : UnitAttr(), engine);
    break;
  }
  case TensorReduce:
    bir::TensorReduceOp::create(
        b, loc,
        bir::ReduceKindAttr::get(ctx, *bir::symbolizeReduceKind(in.kind)),
        ops[0], ops[1], engine);
    break;
  case Iota:
    bir::IotaOp::create(b, loc, ops[0], b.getI32IntegerAttr(in.base),
                        b.getI32IntegerAttr(in.partition),
                        b.getDenseI32ArrayAttr(in.free), engine);
    break;
  case AffineSelect:
    bir::AffineSelectOp::create(
        b, loc, ops[0], ops[1], b.getI32IntegerAttr(in.base),
        b.getI32IntegerAttr(in.partition), b.getDenseI32ArrayAttr(in.free),
        bir::CompareKindAttr::get(ctx, *bir::symbolizeCompareKind(in.kind)),
        reg, reg ? IntegerAttr() : b.getI32IntegerAttr(in.imm),
        f32(static_cast<uint32_t>(in.fill)), engine);
    break;
  case Activation: {
    bool hasBias = in.flags & BiasOperandFlag,
         hasSum = in.flags & SumOperandFlag;
    bir::ActivationOp::create(
        b, loc,
        bir::ActivationFunctionAttr::get(
            ctx, *bir::symbolizeActivationFunction(in.kind)),
        ops[0], ops[1], f32(static_cast<uint32_t>(in.imm)),
        hasBias ? ops[2] : Value(),
        hasBias ? FloatAttr() : f32(static_cast<uint32_t>(in.fill)),
        hasSum ? ops.back() : Value(), engine);
    break;
  }
  case Matmul:
    bir::MatmulOp::create(b, loc, ops[0], ops[1], ops[2],
                          (in.flags & AccumulateFlag) ? b.getUnitAttr()
                                                      : UnitAttr(),
                          engine);
    break;
  case Transpose:
    bir::TransposeOp::create(b, loc, ops[0], ops[1], engine);
    break;
  }
  return success();
}

LogicalResult Deserializer::buildTrigger(const InstructionSpec &in, size_t at,
                                         RegisterFile &regs) {
  const BlockSpec &spec = m.blocks[in.block];
  auto block = dge::BlockOp::create(
      b, loc, dge::DescriptorBlockType::get(ctx),
      spec.budget == kNone ? IntegerAttr() : b.getI64IntegerAttr(spec.budget));
  OpBuilder inner = OpBuilder::atBlockBegin(&block.getBody().emplaceBlock());
  for (const DescriptorSpec &desc : spec.descriptors) {
    Value mems[2], dyns[2];
    dge::AddressMode modes[2];
    const SideSpec *sides[2] = {&desc.src, &desc.dst};
    for (int i = 0; i < 2; ++i) {
      const SideSpec &s = *sides[i];
      mems[i] = locations[s.location];
      if (s.word.registerMode) {
        modes[i] = dge::AddressMode::reg;
        FailureOr<Value> reg = readReg(regs, in.engine, s.word.registerId, at);
        if (failed(reg))
          return failure();
        dyns[i] = *reg;
      } else if (s.word.mode == Mode::Patched) {
        modes[i] = dge::AddressMode::patched;
        dyns[i] = func.getArgument(s.word.immediate);
      } else if (s.word.mode == Mode::Indirect) {
        modes[i] = dge::AddressMode::indirect;
        dyns[i] = locations[m.records[s.record].location];
      } else {
        modes[i] = dge::AddressMode::imm;
      }
    }
    auto record = [&](const SideSpec &side) {
      return side.record == kNone
                 ? dge::IndirectRecordKindAttr()
                 : dge::IndirectRecordKindAttr::get(
                       ctx, static_cast<dge::IndirectRecordKind>(
                                m.records[side.record].kind));
    };
    auto firstIndex = [&](const SideSpec &side) {
      return side.record == kNone || m.records[side.record].first == 0
                 ? IntegerAttr()
                 : b.getI64IntegerAttr(m.records[side.record].first);
    };
    dge::DescriptorOp::create(
        inner, loc, mems[0], dyns[0], mems[1], dyns[1],
        dge::AddressModeAttr::get(ctx, modes[0]),
        b.getI64IntegerAttr(desc.src.offset),
        dge::AddressModeAttr::get(ctx, modes[1]),
        b.getI64IntegerAttr(desc.dst.offset), b.getI64IntegerAttr(desc.bytes),
        bir::PatternAttr::get(ctx, desc.src.pattern),
        bir::PatternAttr::get(ctx, desc.dst.pattern),
        b.getI32IntegerAttr(desc.src.rawWord),
        b.getI32IntegerAttr(desc.dst.rawWord), record(desc.src),
        record(desc.dst), firstIndex(desc.src), firstIndex(desc.dst));
  }
  std::optional<bir::Engine> queue;
  if (in.queue != 0xFF)
    queue = *bir::symbolizeEngine(in.queue);
  dge::TriggerOp::create(
      b, loc, block, dge::DGETypeAttr::get(ctx, *dge::symbolizeDGEType(in.dgeType)),
      bir::EngineAttr::get(ctx, *bir::symbolizeEngine(in.engine)),
      queue ? bir::EngineAttr::get(ctx, *queue) : bir::EngineAttr());
  return success();
}

LogicalResult Deserializer::buildList(size_t begin, size_t end,
                                      RegisterFile regs) {
  Type regType = bir::RegType::get(ctx);
  for (size_t i = begin; i < end; ++i) {
    const InstructionSpec &in = m.instructions[i];
    loc = sourceOf(in);
    auto engine = bir::EngineAttr::get(ctx, *bir::symbolizeEngine(in.engine));
    auto id = [&](uint8_t r) { return b.getI32IntegerAttr(r); };
    Value result;
    switch (in.opcode) {
    case ReadVar:
      result = bir::ReadVarOp::create(b, loc, regType,
                                      func.getArgument(in.argument), engine,
                                      id(in.dst));
      break;
    case ReadElem: {
      mlir::Value mem = locations[in.location];
      auto type = llvm::cast<MemRefType>(mem.getType());
      if (!type.getElementType().isSignlessInteger(32) ||
          in.element >= type.getNumElements()) {
        (void)fail("read_elem of element " + Twine(in.element) +
                   " of a location that has no such i32 element");
        return failure();
      }
      result = bir::ReadElemOp::create(b, loc, regType, mem,
                                       b.getI64IntegerAttr(in.element), engine,
                                       id(in.dst));
      break;
    }
    case Memset: {
      auto ap = bir::PhysicalAPOp::create(
          b, loc, bir::AccessPatternType::get(ctx), locations[in.location],
          b.getI64IntegerAttr(in.element), bir::PatternAttr::get(ctx, in.pattern),
          IntegerAttr(), DenseI64ArrayAttr(), ValueRange(), mlir::Value(),
          IntegerAttr(), IntegerAttr(), IntegerAttr());
      bir::MemsetOp::create(b, loc, ap, b.getI64IntegerAttr(in.fill), engine);
      continue;
    }
    case SemSignal:
    case SemWait: {
      // The channel is the compiler's; the semaphore is what runs.
      IntegerAttr sem = b.getI32IntegerAttr(in.semaphore);
      if (in.opcode == SemSignal)
        bir::SemSignalOp::create(b, loc, b.getI64IntegerAttr(in.semaphore), engine, sem);
      else
        bir::SemWaitOp::create(b, loc, b.getI64IntegerAttr(in.semaphore), engine, sem);
      continue;
    }
    case MovImm:
      result = bir::MovImmOp::create(b, loc, regType, b.getI32IntegerAttr(in.imm),
                                     engine, id(in.dst));
      break;
    case Alu:
    case AluImm: {
      FailureOr<Value> lhs = readReg(regs, in.engine, in.lhs, i);
      if (failed(lhs))
        return failure();
      auto kind = bir::AluOpKindAttr::get(ctx, *bir::symbolizeAluOpKind(in.kind));
      if (in.opcode == Alu) {
        FailureOr<Value> rhs = readReg(regs, in.engine, in.rhs, i);
        if (failed(rhs))
          return failure();
        result = bir::AluOp::create(b, loc, regType, kind, *lhs, *rhs, engine,
                                    id(in.dst));
      } else {
        result = bir::AluImmOp::create(b, loc, regType, kind, *lhs,
                                       b.getI32IntegerAttr(in.imm), engine,
                                       id(in.dst));
      }
      break;
    }
    case For:
    case DynamicFor: {
      Operation *loop;
      if (in.opcode == For) {
        loop = bir::ForOp::create(b, loc, b.getI32IntegerAttr(in.lb),
                                  b.getI32IntegerAttr(in.ub),
                                  b.getI32IntegerAttr(in.step), engine, id(in.dst));
      } else {
        FailureOr<Value> ub = readReg(regs, in.engine, in.lhs, i);
        if (failed(ub))
          return failure();
        loop = bir::DynamicForOp::create(
            b, loc, *ub, b.getI32IntegerAttr(in.lb), b.getI32IntegerAttr(in.step),
            b.getI32IntegerAttr(in.coef), b.getI32IntegerAttr(in.constant),
            b.getI64IntegerAttr(in.maxTrip), engine, id(in.dst),
            IntegerAttr());
      }
      Block &body = loop->getRegion(0).emplaceBlock();
      RegisterFile inner = regs;
      inner[{in.engine, in.dst}] = body.addArgument(regType, loc);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&body);
      if (failed(buildList(i + 1, i + 1 + in.bodyCount, inner)))
        return failure();
      i += in.bodyCount;
      continue;
    }
    case Trigger:
      if (failed(buildTrigger(in, i, regs)))
        return failure();
      continue;
    case TensorTensor:
    case TensorScalar:
    case TensorCopy:
    case CopyPredicated:
    case TensorReduce:
    case Iota:
    case AffineSelect:
    case Activation:
    case Matmul:
    case Transpose:
      if (failed(buildCompute(in, i, regs)))
        return failure();
      continue;
    }
    regs[{in.engine, in.dst}] = result;
  }
  if (begin == 0)
    topLevel = regs;
  return success();
}

LogicalResult Deserializer::run(ModuleOp module) {
  b.setInsertionPointToEnd(module.getBody());
  SmallVector<Type> inputs;
  for (const ArgumentSpec &arg : m.arguments)
    inputs.push_back(arg.kind == Tensor
                         ? Type(tensorType(arg.tensor, bir::MemorySpace::dram))
                         : Type(b.getI32Type()));
  func = func::FuncOp::create(b, loc, m.name, b.getFunctionType(inputs, {}));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  for (const LocationSpec &spec : m.locations) {
    if (spec.kind == Argument) {
      locations.push_back(func.getArgument(spec.argument));
      continue;
    }
    auto alloc = bir::AllocOp::create(
        b, loc, tensorType(spec.tensor, *bir::symbolizeMemorySpace(spec.space)),
        spec.address == kNone ? IntegerAttr() : b.getI64IntegerAttr(spec.address),
        (spec.flags & ScratchFlag) ? b.getUnitAttr() : UnitAttr());
    locations.push_back(alloc);
  }
  if (failed(buildList(0, m.instructions.size(), RegisterFile())))
    return failure();
  loc = containerLoc;
  SmallVector<Value> results;
  for (const ResultSpec &res : m.results) {
    if (res.kind == Tensor) {
      results.push_back(locations[res.location]);
      continue;
    }
    FailureOr<Value> reg =
        readReg(topLevel, res.engine, res.reg, m.instructions.size());
    if (failed(reg))
      return failure();
    results.push_back(*reg);
  }
  func::ReturnOp::create(b, loc, results);
  func.setType(b.getFunctionType(inputs, ValueRange(results).getTypes()));
  return success();
}

} // namespace

OwningOpRef<ModuleOp> dyn::addr4::deserialize(llvm::StringRef bytes,
                                              MLIRContext *context,
                                              llvm::StringRef sourceName) {
  context->loadDialect<func::FuncDialect, bir::BIRDialect, dge::DGEDialect>();
  Location loc = FileLineColLoc::get(context, sourceName, 0, 0);
  std::string error;
  std::optional<ContainerModel> model = parseContainer(bytes, error);
  if (!model) {
    emitError(loc) << error;
    return nullptr;
  }
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  dge::setArch(*module, *dge::symbolizeArch(model->archLevel));
  for (const FunctionModel &function : model->functions)
    if (failed(Deserializer(function, context, loc).run(*module)))
      return nullptr;
  if (failed(verify(*module)))
    return nullptr;
  return module;
}
