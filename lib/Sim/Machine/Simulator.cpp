//===- Simulator.cpp - execute a dyn binary -------------------------------===//
//
// Registers are read and written by physical id, never through SSA, and
// descriptor addresses come from the ADDR4 words, so a wrong register
// assignment or a wrong word shows up as a wrong result.
//
//===----------------------------------------------------------------------===//

#include "dyn/Sim/Machine/Simulator.h"

#include "dyn/Cost/Cost.h"

#include "Compute.h"
#include "RaceChecker.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"
#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Target/ADDR4/ADDR4.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <array>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace dyn;
using namespace dyn::sim;

namespace {

/// An on-chip memory, zero at the start. calloc rather than a zero-filled
/// std::vector: a block this large comes from fresh zero pages that calloc
/// need not clear, so a run touches only the pages its program uses (the
/// 32 MiB SBUF would otherwise cost every run, and every --compare trial,
/// thousands of page faults).
class ZeroedBytes {
public:
  explicit ZeroedBytes(int64_t size)
      : bytes(static_cast<uint8_t *>(std::calloc(size, 1))) {
    if (!bytes)
      llvm::report_bad_alloc_error("cannot allocate the simulated memory");
  }
  uint8_t *data() { return bytes.get(); }

private:
  struct Free {
    void operator()(uint8_t *p) const { std::free(p); }
  };
  std::unique_ptr<uint8_t[], Free> bytes;
};

/// Where a location's bytes live.
struct Storage {
  bir::MemorySpace space;
  MemRefType type;
  std::vector<uint8_t> *dram = nullptr; // DRAM: the whole tensor
  int64_t address = 0;                  // on chip: byte in each partition
  int64_t elementBytes = 0, rowElements = 0, numElements = 0;

  bir::OnChipLocation onChip() const {
    return bir::OnChipLocation(space, address, rowElements * elementBytes);
  }
};

class Machine {
public:
  Machine(func::FuncOp func, ArrayRef<sim::RuntimeValue> args,
          const SimulationLimits &limits, Measurement *measurement)
      : func(func), limits(limits), measurement(measurement),
        checker(limits.allowRaces) {
    for (const sim::RuntimeValue &arg : args)
      this->args.push_back(arg);
  }

  FailureOr<SmallVector<sim::RuntimeValue>> run();

private:
  LogicalResult bindArguments();
  /// One engine's stream: where it is in the function's block and in the
  /// loops it has entered (a loop's body runs on the loop's engine).
  struct Frame {
    Block *block;
    Block::iterator it;
    Operation *loop = nullptr;
    int64_t iv = 0, ub = 0, step = 1, count = 0;
    std::optional<uint64_t> maxTrip;
  };
  struct Stream {
    bir::Engine engine;
    SmallVector<Frame, 4> frames;
  };
  /// Runs the engines' streams to their ends, one instruction at a time,
  /// always the stream whose engine is free first on the cost model's
  /// clock (ties: the lower engine code), skipping streams stopped at a
  /// wait; when all that are left are stopped, that is a deadlock.
  LogicalResult runStreams();
  /// The next op of `s` to run, after starting the loop trips it reaches
  /// and leaving the loops it finishes; null at its end.
  FailureOr<Operation *> next(Stream &s);
  /// Runs `op`, the next op of `s`.
  LogicalResult step(Stream &s, Operation *op);
  /// Starts the trip of `frame`'s loop at `frame.iv`.
  LogicalResult beginTrip(Frame &frame);
  LogicalResult execute(Operation *op);
  // The op kinds execute(Operation *) dispatches to.
  LogicalResult executeAlloc(bir::AllocOp alloc);
  LogicalResult executeMemset(bir::MemsetOp memset);
  /// A loop's frame: its bounds (a dynamic loop's from its register).
  Frame enterLoop(Operation *loop);
  LogicalResult executeCompute(Operation *op);
  FailureOr<Operand> resolve(Operation *op, mlir::Value ap,
                             bir::Engine engine);
  LogicalResult trigger(dge::TriggerOp op);
  LogicalResult copy(dge::DescriptorOp desc, bir::Engine engine);

  uint32_t &reg(bir::Engine engine, int64_t id) {
    return registers[static_cast<unsigned>(engine)][id];
  }
  /// The physical id recorded on the definition of `value` (the
  /// deserializer records one on every definition).
  int64_t physicalId(mlir::Value value) {
    return *bir::getPhysicalRegister(value);
  }
  uint32_t read(bir::Engine engine, mlir::Value value) {
    return reg(engine, physicalId(value));
  }
  /// Where byte `byte` of a location (as a dense row-major array) lives.
  uint8_t *elementAddress(Storage &s, int64_t byte) {
    if (s.dram)
      return s.dram->data() + byte;
    ZeroedBytes &space = s.space == bir::MemorySpace::psum ? psum : sbuf;
    return space.data() + s.onChip().getSpaceOffset(byte);
  }
  Storage *storage(mlir::Value location) {
    auto it = storages.find(location);
    return it == storages.end() ? nullptr : &it->second;
  }

  /// Counts one loop trip against the limit.
  LogicalResult trip(Operation *loop) {
    if (++trips <= limits.maxTrips)
      return success();
    return loop->emitOpError("takes the simulation past ")
           << limits.maxTrips << " loop trips; raise --max-trips";
  }
  /// Counts `bytes` that `op` moves against the limit.
  LogicalResult move(Operation *op, int64_t bytes) {
    if (bytes <= limits.maxMovedBytes - moved) {
      moved += bytes;
      return success();
    }
    return op->emitOpError("takes the simulation past ")
           << limits.maxMovedBytes << " moved bytes; raise --max-moved-bytes";
  }

  func::FuncOp func;
  SimulationLimits limits;
  Measurement *measurement;
  int64_t trips = 0, moved = 0;
  SmallVector<sim::RuntimeValue> args;
  std::array<std::array<uint32_t, addr4::kNumRegisters>,
             machine::kNumEngineSlots>
      registers{};
  ZeroedBytes sbuf{bir::AddressMap::getSpaceBytes(bir::MemorySpace::sbuf)};
  ZeroedBytes psum{bir::AddressMap::getSpaceBytes(bir::MemorySpace::psum)};
  std::vector<std::unique_ptr<std::vector<uint8_t>>> dramBuffers;
  llvm::DenseMap<mlir::Value, Storage> storages;
  int64_t triggerCount = 0, dramBytes = 0;
  /// The semaphores, and the order between streams they establish.
  RaceChecker checker;
  /// The clock that picks the next stream: the measurement's timeline, or
  /// this one.
  cost::LatencyModel defaultModel;
  cost::Timeline ownClock;
  /// The bytes the instruction being run touched, per compute operand
  /// (its access pattern) and per descriptor side (the descriptor, 1 for
  /// the source and 2 for the destination): what the race checker
  /// compares.
  llvm::DenseMap<std::pair<const void *, unsigned>, cost::Footprint> touched;
  cost::Timeline &clock() {
    return measurement ? measurement->timeline : ownClock;
  }
  const cost::LatencyModel &model() {
    return measurement ? measurement->model : defaultModel;
  }
};

} // namespace

static Storage makeStorage(MemRefType type) {
  Storage s;
  s.type = type;
  s.space = *bir::getMemorySpace(type);
  s.elementBytes = *bir::getElementBytes(type);
  s.numElements = type.getNumElements();
  // A row is dimension 0's unit; a rank-0 tensor is one row of one element.
  s.rowElements = 1;
  if (type.getRank() > 0)
    for (int64_t d : type.getShape().drop_front())
      s.rowElements *= d;
  return s;
}

namespace {

LogicalResult Machine::bindArguments() {
  if (args.size() != func.getNumArguments())
    return func.emitError("the binary takes ")
           << func.getNumArguments() << " arguments, got " << args.size();
  for (BlockArgument arg : func.getArguments()) {
    const sim::RuntimeValue &value = args[arg.getArgNumber()];
    if (auto type = llvm::dyn_cast<MemRefType>(arg.getType())) {
      auto *tensor = std::get_if<Tensor>(&value);
      // Compare element types by kind: the caller's may live in another
      // context than the deserialized binary's.
      Type element = type.getElementType();
      Type given = tensor ? tensor->elementType : Type();
      if (!tensor || tensor->shape != ArrayRef<int64_t>(type.getShape()) ||
          given.getTypeID() != element.getTypeID() ||
          given.getIntOrFloatBitWidth() != element.getIntOrFloatBitWidth())
        return func.emitError("argument ")
               << arg.getArgNumber() << " must be a tensor of type " << type;
      dramBuffers.push_back(
          std::make_unique<std::vector<uint8_t>>(tensor->bytes));
      Storage s = makeStorage(type);
      s.dram = dramBuffers.back().get();
      storages[arg] = s;
    } else if (!std::holds_alternative<int64_t>(value)) {
      return func.emitError("argument ")
             << arg.getArgNumber() << " must be an integer";
    }
  }
  return success();
}

LogicalResult Machine::runStreams() {
  Block &top = func.getBody().front();
  // The locations, access patterns and descriptor blocks of the function
  // belong to no stream: they only name memory.
  SmallVector<bir::Engine> engines;
  for (Operation &op : top) {
    if (auto inst = llvm::dyn_cast<bir::InstInterface>(op)) {
      if (!llvm::is_contained(engines, inst.getEngine()))
        engines.push_back(inst.getEngine());
    } else if (failed(execute(&op))) {
      return failure();
    }
  }
  llvm::sort(engines);
  checker.setStreams(engines);
  SmallVector<Stream, 5> streams;
  for (bir::Engine engine : engines)
    streams.push_back({engine, {Frame{&top, top.begin()}}});
  while (true) {
    Stream *best = nullptr;
    Operation *bestOp = nullptr;
    int64_t bestTime = 0;
    SmallVector<std::pair<Stream *, Operation *>> stopped;
    for (Stream &s : streams) {
      FailureOr<Operation *> op = next(s);
      if (failed(op))
        return failure();
      if (!*op)
        continue;
      if (auto wait = llvm::dyn_cast<bir::SemWaitOp>(*op);
          wait && wait.getSem() && !checker.canWait(*wait.getSem())) {
        stopped.push_back({&s, *op});
        continue;
      }
      int64_t time = clock().getFreeAt({s.engine, false});
      if (!best || time < bestTime) {
        best = &s;
        bestOp = *op;
        bestTime = time;
      }
    }
    if (best) {
      if (failed(step(*best, bestOp)))
        return failure();
      continue;
    }
    if (stopped.empty())
      return success();
    InFlightDiagnostic diag = func.emitError("deadlock: every stream left ")
                              << "waits on a semaphore at zero";
    for (auto [s, op] : stopped)
      diag.attachNote(op->getLoc())
          << bir::stringifyEngine(s->engine) << " waits here on semaphore "
          << *llvm::cast<bir::SemWaitOp>(op).getSem();
    return failure();
  }
}

FailureOr<Operation *> Machine::next(Stream &s) {
  while (!s.frames.empty()) {
    Frame &f = s.frames.back();
    if (f.it == f.block->end()) {
      if (!f.loop) {
        s.frames.pop_back();
        checker.finish(s.engine);
        continue;
      }
      f.iv += f.step;
      if (f.iv < f.ub) {
        if (failed(beginTrip(f)))
          return failure();
        f.it = f.block->begin();
        continue;
      }
      if (measurement) {
        measurement->countRun(f.loop, f.count);
        if (f.count != cost::getTripEstimate(f.loop))
          measurement->tripsAtEstimate = false;
      }
      s.frames.pop_back();
      ++s.frames.back().it;
      continue;
    }
    Operation &op = *f.it;
    // In the function's block, a stream runs its engine's instructions.
    if (!f.loop) {
      auto inst = llvm::dyn_cast<bir::InstInterface>(op);
      if (!inst || inst.getEngine() != s.engine) {
        ++f.it;
        continue;
      }
    }
    return &op;
  }
  return nullptr;
}

Machine::Frame Machine::enterLoop(Operation *loop) {
  Block &body = loop->getRegion(0).front();
  Frame frame{&body, body.begin(), loop};
  if (auto stat = llvm::dyn_cast<bir::ForOp>(loop)) {
    frame.iv = stat.getLbAttr().getInt();
    frame.ub = stat.getUbAttr().getInt();
    frame.step = stat.getStepAttr().getInt();
    return frame;
  }
  // The simulator runs the register's count; the compiler sized for max.
  auto dyn = llvm::cast<bir::DynamicForOp>(loop);
  int32_t ubReg = read(dyn.getEngine(), dyn.getUbReg());
  frame.ub = static_cast<int32_t>(bir::evaluateAlu(
      bir::AluOpKind::add,
      bir::evaluateAlu(bir::AluOpKind::mult, dyn.getUbCoefAttr().getInt(),
                       ubReg),
      dyn.getUbConstAttr().getInt()));
  frame.iv = dyn.getLbAttr().getInt();
  frame.step = dyn.getStepAttr().getInt();
  frame.maxTrip = dyn.getMaxTrip();
  return frame;
}

LogicalResult Machine::beginTrip(Frame &f) {
  if (++f.count > static_cast<int64_t>(f.maxTrip.value_or(INT64_MAX)))
    return f.loop->emitOpError("runs more than its max_trip of ")
           << *f.maxTrip << " trips (upper bound " << f.ub << ")";
  if (failed(trip(f.loop)))
    return failure();
  // Each trip starts with its branch on the loop's engine.
  clock().schedule(f.loop, {cost::describeTrip(f.loop, model())});
  bir::Engine engine = llvm::cast<bir::InstInterface>(f.loop).getEngine();
  reg(engine, physicalId(f.block->getArgument(0))) = f.iv;
  return success();
}

LogicalResult Machine::step(Stream &s, Operation *op) {
  if (llvm::isa<bir::ForOp, bir::DynamicForOp>(op)) {
    Frame frame = enterLoop(op);
    if (frame.iv >= frame.ub) {
      if (measurement) {
        measurement->countRun(op, 0);
        if (cost::getTripEstimate(op) != 0)
          measurement->tripsAtEstimate = false;
      }
      ++s.frames.back().it;
      return success();
    }
    if (failed(beginTrip(frame)))
      return failure();
    s.frames.push_back(frame);
    return success();
  }
  ++s.frames.back().it;
  touched.clear();
  if (failed(execute(op)))
    return failure();
  auto ran = [&](const cost::Access &access) -> std::optional<cost::Footprint> {
    std::pair<const void *, unsigned> key =
        access.operand
            ? std::make_pair(access.operand.getAsOpaquePointer(), 0u)
            : std::make_pair(static_cast<const void *>(access.descriptor),
                             access.source ? 1u : 2u);
    auto it = touched.find(key);
    if (it == touched.end())
      return std::nullopt;
    return it->second;
  };
  SmallVector<cost::Work, 2> work = cost::describeWork(op, model());
  if (failed(checker.access(op, work, ran)))
    return failure();
  if (cost::scheduleInstruction(clock(), op, work) && measurement)
    ++measurement->instructions;
  return success();
}

LogicalResult Machine::execute(Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](bir::AllocOp alloc) { return executeAlloc(alloc); })
      .Case([&](bir::ReadVarOp read) {
        auto arg = llvm::cast<BlockArgument>(read.getVar());
        reg(read.getEngine(), physicalId(read)) =
            static_cast<uint32_t>(std::get<int64_t>(args[arg.getArgNumber()]));
        return success();
      })
      .Case([&](bir::ReadElemOp read) -> LogicalResult {
        Storage *s = storage(read.getMem());
        if (!s || !s->dram)
          return read.emitOpError("reads a location that is not a DRAM tensor");
        int32_t value;
        std::memcpy(&value, s->dram->data() + 4 * read.getIndex(), 4);
        reg(read.getEngine(), physicalId(read)) = value;
        return success();
      })
      .Case([&](bir::MemsetOp memset) { return executeMemset(memset); })
      .Case([&](bir::MovImmOp mov) {
        reg(mov.getEngine(), physicalId(mov)) =
            static_cast<uint32_t>(mov.getValueAttr().getInt());
        return success();
      })
      .Case([&](bir::AluOp alu) {
        int32_t lhs = read(alu.getEngine(), alu.getLhs());
        int32_t rhs = read(alu.getEngine(), alu.getRhs());
        reg(alu.getEngine(), physicalId(alu)) =
            bir::evaluateAlu(alu.getKind(), lhs, rhs);
        return success();
      })
      .Case([&](bir::AluImmOp alu) {
        int32_t lhs = read(alu.getEngine(), alu.getLhs());
        reg(alu.getEngine(), physicalId(alu)) =
            bir::evaluateAlu(alu.getKind(), lhs,
                             static_cast<int32_t>(alu.getImmAttr().getInt()));
        return success();
      })
      .Case([&](dge::TriggerOp t) { return trigger(t); })
      .Case<bir::SemSignalOp, bir::SemWaitOp>([&](auto sync) -> LogicalResult {
        if (!sync.getSem())
          return sync.emitOpError("has no semaphore");
        if constexpr (std::is_same_v<decltype(sync), bir::SemSignalOp>) {
          checker.signal(sync.getEngine(), *sync.getSem());
          return success();
        } else {
          checker.wait(sync.getEngine(), *sync.getSem());
          return success();
        }
      })
      .Case<bir::TensorTensorOp, bir::TensorScalarOp, bir::TensorCopyOp,
            bir::CopyPredicatedOp, bir::TensorReduceOp, bir::IotaOp,
            bir::AffineSelectOp, bir::ActivationOp, bir::MatmulOp,
            bir::TransposeOp>(
          [&](Operation *op) { return executeCompute(op); })
      .Case<dge::BlockOp, bir::PhysicalAPOp, bir::RegisterAPOp,
            func::ReturnOp>([&](Operation *) {
        return success(); // run by their trigger or memset, or implied
      })
      .Default([&](Operation *op) -> LogicalResult {
        return op->emitOpError("cannot be simulated");
      });
}

LogicalResult Machine::executeAlloc(bir::AllocOp alloc) {
  Storage s = makeStorage(alloc.getType());
  if (s.space == bir::MemorySpace::dram) {
    std::optional<int64_t> bytes =
        getTensorBytes(s.type.getShape(), s.elementBytes);
    if (!bytes || *bytes > limits.maxDramBytes - dramBytes)
      return alloc.emitOpError("needs more DRAM than the simulator's "
                               "limit of ")
             << limits.maxDramBytes << " bytes; raise --max-tensor-bytes";
    dramBytes += *bytes;
    dramBuffers.push_back(std::make_unique<std::vector<uint8_t>>(*bytes, 0));
    s.dram = dramBuffers.back().get();
  } else if (!alloc.getAddress()) {
    return alloc.emitOpError("has no address; the binary is not allocated");
  } else {
    s.address = *alloc.getAddress();
    if (s.type.getDimSize(0) > bir::AddressMap::kNumPartitions ||
        s.address + s.rowElements * s.elementBytes >
            bir::AddressMap::getCapacity(s.space))
      return alloc.emitOpError("does not fit its memory space");
  }
  storages[alloc] = s;
  return success();
}

LogicalResult Machine::executeMemset(bir::MemsetOp memset) {
  auto ap = memset.getDst().getDefiningOp<bir::PhysicalAPOp>();
  Storage *s = storage(ap.getMem());
  if (!s)
    return memset.emitOpError("fills a location that does not exist yet");
  bir::PatternRef pattern = ap.getPattern();
  SmallVector<int64_t> extents = pattern.getNums();
  SmallVector<int64_t> idx(extents.size(), 0);
  int64_t total = 1;
  for (int64_t extent : extents)
    total *= extent;
  if (failed(move(memset, total * s->elementBytes)))
    return failure();
  uint64_t value = memset.getValue();
  for (int64_t n = 0; n < total; ++n) {
    int64_t element = ap.getOffset() + pattern.getOffset(idx);
    if (element < 0 || element >= s->numElements)
      return memset.emitOpError("fills element ")
             << element << " outside its location";
    std::memcpy(elementAddress(*s, element * s->elementBytes), &value,
                s->elementBytes);
    advanceIndex(idx, extents);
  }
  return success();
}

/// The elements an on-chip operand visits: from its element offset (kind 1)
/// or the map address in its register (kind 3), along its pattern.
FailureOr<Operand> Machine::resolve(Operation *op, mlir::Value ap,
                                    bir::Engine engine) {
  mlir::Value mem;
  bir::PatternRef pattern;
  int64_t start = 0;
  auto reg = ap.getDefiningOp<bir::RegisterAPOp>();
  if (reg) {
    mem = reg.getMem();
    pattern = reg.getPattern();
  } else if (auto phys = ap.getDefiningOp<bir::PhysicalAPOp>()) {
    mem = phys.getMem();
    pattern = phys.getPattern();
    start = phys.getOffset();
  } else {
    return op->emitOpError("has an operand that is not a kind-1 or kind-3 "
                           "access pattern");
  }
  Storage *s = storage(mem);
  if (!s || s->dram)
    return op->emitOpError("reads or writes a location that is not on chip");
  if (reg) {
    int64_t address = static_cast<int32_t>(read(engine, reg.getAddr()));
    std::optional<int64_t> byte = s->onChip().getByte(address);
    if (!byte || *byte % s->elementBytes)
      return op->emitOpError("operand address ")
             << address << " lies outside its on-chip location";
    start = *byte / s->elementBytes;
  }
  // The free pairs stay inside the partition the operand starts in (the
  // verifier's rule; a register address is only known now).
  int64_t rowElems = s->rowElements, reach = start % rowElems;
  for (bir::PatternLevel level : pattern.dropFront().levels())
    reach += level.step * (level.num - 1);
  if (reach >= rowElems)
    return op->emitOpError("operand starting at element ")
           << start << " runs past its partition of " << rowElems
           << " elements";
  Operand operand;
  operand.elementType = s->type.getElementType();
  operand.shape = pattern.getNums();
  SmallVector<int64_t> idx(operand.shape.size(), 0);
  int64_t count = 1;
  for (int64_t n : operand.shape)
    count *= n;
  if (failed(move(op, count * s->elementBytes)))
    return failure();
  int64_t first = INT64_MAX, last = -1;
  for (int64_t n = 0; n < count; ++n) {
    int64_t element = start + pattern.getOffset(idx);
    if (element < 0 || element >= s->numElements)
      return op->emitOpError("accesses element ")
             << element << " outside its location of " << s->numElements;
    operand.elements.push_back(elementAddress(*s, element * s->elementBytes));
    first = std::min(first, element);
    last = std::max(last, element);
    advanceIndex(idx, operand.shape);
  }
  if (last >= 0)
    touched[{ap.getAsOpaquePointer(), 0u}] =
        cost::getElementFootprint(mem, first, last);
  return operand;
}

LogicalResult Machine::executeCompute(Operation *op) {
  bir::Engine engine = llvm::cast<bir::InstInterface>(op).getEngine();
  SmallVector<Operand, 3> operands;
  int32_t scalar = 0;
  for (mlir::Value value : op->getOperands()) {
    if (llvm::isa<bir::RegType>(value.getType())) {
      scalar = static_cast<int32_t>(read(engine, value));
      continue;
    }
    FailureOr<Operand> operand = resolve(op, value, engine);
    if (failed(operand))
      return failure();
    operands.push_back(std::move(*operand));
  }
  sim::executeCompute(op, operands, scalar);
  return success();
}

LogicalResult Machine::trigger(dge::TriggerOp op) {
  ++triggerCount;
  auto block = op.getBlock().getDefiningOp<dge::BlockOp>();
  for (dge::DescriptorOp desc : block.getBody().front().getOps<dge::DescriptorOp>())
    if (failed(move(desc, static_cast<int64_t>(desc.getBytes()))) ||
        failed(copy(desc, op.getTrigger())))
      return failure();
  return success();
}

/// Element offsets (relative to the location, in elements) a side visits in
/// order; `rows` resolves an indirect side's row indices.
struct SideWalk {
  mlir::Value mem;
  Storage *storage;
  bool indirect = false, write = false;
  int64_t start = 0; // bytes from the location's first element
  bir::PatternRef pattern;
  SmallVector<int32_t> rows;
  int64_t rowStride = 0; // bytes
};

LogicalResult Machine::copy(dge::DescriptorOp desc, bir::Engine engine) {
  auto fail = [&](const Twine &message) {
    return desc.emitOpError("(trigger ")
           << triggerCount << "): " << message;
  };
  // The simulator runs the binary: the words addr4-encode writes.
  if (!desc.getSrcAddr4() || !desc.getDstAddr4())
    return fail("has no ADDR4 words; run addr4-encode (the simulator runs "
                "the encoded binary)");
  SideWalk sides[2];
  struct In {
    mlir::Value mem, dyn;
    dge::AddressMode mode;
    int64_t offset;
    uint32_t word;
    bir::PatternRef pattern;
    int64_t firstIndex;
  } in[2] = {{desc.getSrc(), desc.getSrcDyn(), desc.getSrcMode(),
              static_cast<int64_t>(desc.getSrcOffset()), *desc.getSrcAddr4(),
              desc.getSrcPattern(), desc.getFirstIndex(/*src=*/true)},
             {desc.getDst(), desc.getDstDyn(), desc.getDstMode(),
              static_cast<int64_t>(desc.getDstOffset()), *desc.getDstAddr4(),
              desc.getDstPattern(), desc.getFirstIndex(/*src=*/false)}};
  for (int i = 0; i < 2; ++i) {
    SideWalk &w = sides[i];
    w.mem = in[i].mem;
    w.storage = storage(in[i].mem);
    w.pattern = in[i].pattern;
    w.write = i == 1;
    if (!w.storage)
      return fail("names a location that does not exist yet");
    llvm::Expected<addr4::Decoded> word = addr4::decode(in[i].word);
    if (!word)
      return fail(llvm::toString(word.takeError()));
    int64_t address;
    if (word->registerMode)
      address = static_cast<int32_t>(reg(engine, word->registerId)) + in[i].offset;
    else if (word->mode == addr4::Mode::Patched)
      address = static_cast<int32_t>(std::get<int64_t>(args[word->immediate])) +
                in[i].offset;
    else
      address = word->immediate;
    Storage &s = *w.storage;
    if (s.space == bir::MemorySpace::dram) {
      w.start = address;
    } else {
      // Address map back to the location's byte.
      std::optional<int64_t> byte = s.onChip().getByte(address);
      if (!byte)
        return fail("address " + Twine(address) +
                    " lies outside its on-chip location");
      w.start = *byte;
    }
    if (!word->registerMode && word->mode == addr4::Mode::Indirect) {
      w.indirect = true;
      Storage *ids = storage(in[i].dyn);
      if (!ids || ids->elementBytes != 4)
        return fail("index tensor is not an i32 location");
      // Descriptor row r reads index slot firstIndex + r (the verifier
      // keeps the slots inside the index tensor).
      int64_t first = in[i].firstIndex;
      w.rows.resize(std::max<int64_t>(0, ids->numElements - first));
      for (size_t k = 0; k < w.rows.size(); ++k)
        std::memcpy(&w.rows[k], elementAddress(*ids, 4 * (first + k)), 4);
      w.rowStride = s.rowElements * s.elementBytes;
    }
  }

  // Visit both sides in pattern order, a contiguous run at a time: the
  // innermost entry is one run when it steps one element (and is not the
  // row entry of an indirect side), split at partition rows on chip; else
  // every element is its own run.
  auto visit = [&](SideWalk &w,
                   llvm::function_ref<LogicalResult(uint8_t *, int64_t)> fn)
      -> LogicalResult {
    Storage &s = *w.storage;
    // The bytes visited, for the race checker.
    int64_t lo = INT64_MAX, hi = 0;
    auto note = llvm::make_scope_exit([&] {
      touched[{desc.getOperation(), w.write ? 2u : 1u}] = cost::getFootprint(
          {w.mem, lo == INT64_MAX ? 0 : lo, lo == INT64_MAX ? 0 : hi});
    });
    size_t levels = w.pattern.size();
    bool contiguous = levels > 0 && w.pattern.back().step == 1 &&
                      !(w.indirect && levels == 1);
    size_t outer = contiguous ? levels - 1 : levels;
    int64_t runBytes =
        (contiguous ? w.pattern.back().num : 1) * s.elementBytes;
    int64_t limit = s.numElements * s.elementBytes;
    SmallVector<int64_t> extents =
        llvm::to_vector(ArrayRef(w.pattern.getNums()).take_front(outer));
    SmallVector<int64_t> idx(outer, 0);
    int64_t total = runBytes == 0 ? 0 : 1;
    for (int64_t extent : extents)
      total *= extent;
    for (int64_t n = 0; n < total; ++n) {
      int64_t byte = w.start;
      bool skip = false;
      for (size_t e = 0; e < outer; ++e) {
        if (w.indirect && e == 0) {
          int64_t rows = s.type.getDimSize(0);
          int64_t row = idx[0] < static_cast<int64_t>(w.rows.size())
                            ? w.rows[idx[0]]
                            : -1;
          if (w.write && (row < 0 || row >= rows))
            skip = true; // scatter skips rows out of range
          row = std::clamp<int64_t>(row, 0, rows - 1); // gather clamps
          byte += row * w.rowStride;
          continue;
        }
        byte += idx[e] * w.pattern.step(e) * s.elementBytes;
      }
      // A skipped destination row (nullptr) still consumes its source.
      uint8_t *at = nullptr;
      if (!skip) {
        if (byte < 0 || byte + runBytes > limit) {
          // The first element of the run that lies outside.
          int64_t bad = byte;
          if (byte >= 0)
            bad += std::max<int64_t>(
                       0, (limit - s.elementBytes - byte) / s.elementBytes +
                              1) *
                   s.elementBytes;
          return fail("accesses byte " + Twine(bad) + " outside its " +
                      Twine(limit) + "-byte location");
        }
        at = elementAddress(s, byte);
        lo = std::min(lo, byte);
        hi = std::max(hi, byte + runBytes);
      }
      // On chip a run is contiguous only inside a partition's row: the next
      // row is the next partition, elsewhere in the address map.
      int64_t rowBytes = s.rowElements * s.elementBytes;
      if (s.dram || (byte % rowBytes) + runBytes <= rowBytes) {
        if (failed(fn(at, runBytes)))
          return failure();
      } else {
        for (int64_t done = 0; done < runBytes;) {
          int64_t piece =
              std::min(runBytes - done, rowBytes - (byte + done) % rowBytes);
          if (failed(fn(at ? elementAddress(s, byte + done) : nullptr, piece)))
            return failure();
          done += piece;
        }
      }
      advanceIndex(idx, extents);
    }
    return success();
  };
  // The whole source is read before the destination is written, as bytes:
  // the sides may have different element sizes (a DMA moves bytes).
  std::vector<uint8_t> staged;
  if (failed(visit(sides[0], [&](uint8_t *at, int64_t bytes) {
        staged.insert(staged.end(), at, at + bytes);
        return success();
      })))
    return failure();
  size_t next = 0;
  return visit(sides[1], [&](uint8_t *at, int64_t bytes) -> LogicalResult {
    if (next + bytes > staged.size())
      return fail("writes more bytes than it reads");
    if (at)
      std::memcpy(at, staged.data() + next, bytes);
    next += bytes;
    return success();
  });
}

FailureOr<SmallVector<sim::RuntimeValue>> Machine::run() {
  if (failed(bindArguments()) || failed(runStreams()))
    return failure();
  SmallVector<sim::RuntimeValue> results;
  auto ret = llvm::cast<func::ReturnOp>(func.getBody().back().getTerminator());
  for (mlir::Value result : ret.getOperands()) {
    if (llvm::isa<bir::RegType>(result.getType())) {
      std::optional<bir::Engine> engine = bir::getRegisterEngine(result);
      results.push_back(static_cast<int64_t>(
          static_cast<int32_t>(reg(*engine, physicalId(result)))));
      continue;
    }
    Storage *s = storage(result);
    if (!s || !s->dram)
      return ret.emitOpError("returns something other than a DRAM tensor");
    Tensor t;
    t.elementType = s->type.getElementType();
    t.shape.assign(s->type.getShape().begin(), s->type.getShape().end());
    t.bytes = *s->dram;
    results.push_back(std::move(t));
  }
  return results;
}

} // namespace

func::FuncOp dyn::sim::getEntryFunction(ModuleOp binary) {
  func::FuncOp entry;
  for (auto f : binary.getOps<func::FuncOp>())
    if (!f.isExternal()) {
      if (entry)
        return {};
      entry = f;
    }
  return entry;
}

FailureOr<SmallVector<sim::RuntimeValue>>
dyn::sim::simulate(func::FuncOp entry, ArrayRef<sim::RuntimeValue> args,
                   const SimulationLimits &limits, Measurement *measurement) {
  return Machine(entry, args, limits, measurement).run();
}
