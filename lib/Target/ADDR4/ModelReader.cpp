//===- ModelReader.cpp - bytes to a validated container model -------------===//
//
// The one reader of the byte layout (docs/ADDR4.md) that ModelWriter.cpp
// writes. Instruction fields are read and checked through
// transferInstruction (InstructionLayout.h), which both share.
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include "Format.h"
#include "InstructionLayout.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"

#include "dyn/Target/ADDR4/Container.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"
#include "dyn/Dialect/DGE/IR/DGE.h"

using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::addr4::format;

namespace {

/// Deeper nesting is not something the compiler produces (project-defined
/// limit; it keeps reading iterative-safe).
constexpr size_t kMaxLoopDepth = 64;

class ModelReader {
public:
  explicit ModelReader(llvm::StringRef bytes) : r(bytes) {}

  /// The header, then one or more functions, each a run of sections.
  std::optional<ContainerModel> run(std::string &error) {
    if (!header()) {
      error = r.getError();
      return std::nullopt;
    }
    llvm::StringSet<> names;
    do {
      m = FunctionModel();
      if (!function() || !locationSection() || !instructions() || !blocks() ||
          !recordSection() || !sourceSection() || !crossCheck()) {
        error = r.getError();
        return std::nullopt;
      }
      if (!names.insert(m.name).second) {
        error = "corrupt container: two entry functions named '" + m.name +
                "'";
        return std::nullopt;
      }
      container.functions.push_back(std::move(m));
      // More bytes start the next entry function, or are garbage.
      if (!r.atEnd() && !r.startsWith(kFunctionTag)) {
        error = "corrupt container: trailing bytes after the last section";
        return std::nullopt;
      }
    } while (!r.atEnd());
    return std::move(container);
  }

private:
  bool fail(const std::string &message) { return r.fail(message); }

  bool header() {
    char magic[4];
    for (char &c : magic)
      c = r.get<char>("the magic");
    if (r.failed())
      return false;
    if (!std::equal(magic, magic + 4, kMagic))
      return fail("bad magic: not a dyn ADDR4 container (expected \"DYN4\")");
    container.version = r.get<uint16_t>("the version");
    container.archLevel = r.get<uint16_t>("the arch level");
    if (r.failed())
      return false;
    if (container.version != kVersion)
      return fail("unsupported container version " +
                  std::to_string(container.version) +
                  "; this reader understands version " +
                  std::to_string(kVersion));
    if (!dge::symbolizeArch(container.archLevel))
      return fail("unknown arch level " + std::to_string(container.archLevel));
    container.writerMajor = r.get<uint16_t>("the writer's version");
    container.writerMinor = r.get<uint16_t>("the writer's version");
    container.writerPatch = r.get<uint16_t>("the writer's version");
    return !r.failed();
  }

  bool tensor(TensorSpec &t) {
    t.element = r.get<uint8_t>("an element type");
    uint8_t rank = r.get<uint8_t>("a rank");
    if (r.failed())
      return false;
    if (!lookupElementCode(t.element))
      return fail("corrupt container: unknown element type code " +
                  std::to_string(t.element));
    std::optional<int64_t> bytes = lookupElementCode(t.element)->bytes;
    for (unsigned i = 0; i < rank; ++i) {
      t.dims.push_back(r.get<uint32_t>("a dimension"));
      if (!r.failed() && t.dims.back() == 0)
        return fail("corrupt container: a zero-sized dimension");
      bytes = bytes ? llvm::checkedMul<int64_t>(*bytes, t.dims.back())
                    : std::nullopt;
    }
    if (!r.failed() && !bytes)
      return fail("corrupt container: a tensor whose byte size overflows 64 "
                  "bits");
    return !r.failed();
  }

  bool engine(uint8_t code) {
    if (!bir::symbolizeEngine(code))
      return fail("corrupt container: unknown engine code " +
                  std::to_string(code));
    return true;
  }

  bool isRegister(uint8_t id) {
    if (id >= kNumRegisters)
      return fail(llvm::formatv("corrupt container: register id {0} is not "
                                "below {1:x}",
                                id, kNumRegisters)
                      .str());
    return true;
  }

  /// Reads a u32 count (`what`), then calls `readOne(i)` for each i below
  /// it until a read fails; false when `readOne` does.
  template <typename ReadOne> bool readList(const char *what, ReadOne readOne) {
    uint32_t count = r.get<uint32_t>(what);
    for (uint32_t i = 0; !r.failed() && i < count; ++i)
      if (!readOne(i))
        return false;
    return true;
  }

  /// Reads section `tag` (`name`): a list (readList), then the section's
  /// end.
  template <typename ReadOne>
  bool readListSection(uint32_t tag, const char *name, const char *what,
                       ReadOne readOne) {
    return r.section(tag, name) && readList(what, readOne) &&
           r.endSection(name);
  }

  bool function() {
    if (!r.section(kFunctionTag, "FUNC"))
      return false;
    m.name = r.getString("the function name");
    if (!r.failed() && m.name.empty())
      return fail("corrupt container: the function has no name");
    uint32_t numArgs = r.get<uint32_t>("the argument count");
    if (r.failed())
      return false;
    if (numArgs > 0xFFFF)
      return fail("corrupt container: " + std::to_string(numArgs) +
                  " arguments");
    for (uint32_t i = 0; i < numArgs; ++i) {
      ArgumentSpec arg;
      arg.kind = r.get<uint8_t>("an argument kind");
      if (r.failed())
        return false;
      if (arg.kind == Tensor) {
        if (!tensor(arg.tensor))
          return false;
      } else if (arg.kind != Scalar) {
        return fail("corrupt container: unknown argument kind " +
                    std::to_string(arg.kind));
      }
      m.arguments.push_back(arg);
    }
    bool results = readList("the result count", [&](uint32_t) {
      ResultSpec res;
      res.kind = r.get<uint8_t>("a result kind");
      if (res.kind == Tensor) {
        res.location = r.get<uint32_t>("a result location");
      } else if (res.kind == Scalar) {
        res.engine = r.get<uint8_t>("a result engine");
        res.reg = r.get<uint8_t>("a result register");
        if (!r.failed() && (!engine(res.engine) || !isRegister(res.reg)))
          return false;
      } else if (!r.failed()) {
        return fail("corrupt container: unknown result kind " +
                    std::to_string(res.kind));
      }
      m.results.push_back(res);
      return true;
    });
    return results && r.endSection("FUNC");
  }

  bool locationSection() {
    bool read = readListSection(
        kLocationTag, "LOCS", "the location count", [&](uint32_t i) {
          LocationSpec loc;
          loc.kind = r.get<uint8_t>("a location kind");
          if (r.failed())
            return false;
          if (loc.kind == Argument) {
            loc.argument = r.get<uint16_t>("an argument slot");
            if (!r.failed() && (loc.argument >= m.arguments.size() ||
                                m.arguments[loc.argument].kind != Tensor))
              return fail("corrupt container: location " + std::to_string(i) +
                          " names argument " + std::to_string(loc.argument) +
                          ", which is not a tensor argument");
          } else if (loc.kind == Allocation) {
            loc.space = r.get<uint8_t>("a memory space");
            if (!r.failed() && !bir::symbolizeMemorySpace(loc.space))
              return fail("corrupt container: unknown memory space " +
                          std::to_string(loc.space));
            if (!tensor(loc.tensor))
              return false;
            loc.address = r.get<uint32_t>("an address");
            loc.flags = r.get<uint8_t>("location flags");
            // The DGE scratch is in SBUF.
            if (!r.failed() && (loc.flags & ~unsigned(ScratchFlag)))
              return fail("corrupt container: location " + std::to_string(i) +
                          " has unknown flags " + std::to_string(loc.flags));
            if (!r.failed() && (loc.flags & ScratchFlag) &&
                loc.space != static_cast<uint8_t>(bir::MemorySpace::sbuf))
              return fail("corrupt container: location " + std::to_string(i) +
                          " is marked the DGE scratch but is not in SBUF");
          } else {
            return fail("corrupt container: unknown location kind " +
                        std::to_string(loc.kind));
          }
          m.locations.push_back(loc);
          return true;
        });
    if (!read)
      return false;
    for (const ResultSpec &res : m.results)
      if (res.kind == Tensor && res.location >= m.locations.size())
        return fail("corrupt container: a result names location " +
                    std::to_string(res.location) + " of " +
                    std::to_string(m.locations.size()));
    return true;
  }

  bool instruction(InstructionSpec &in) {
    in.opcode = r.get<uint8_t>("an opcode");
    in.engine = r.get<uint8_t>("an engine");
    if (r.failed() || !engine(in.engine))
      return false;
    return transferInstruction(*this, in) && checkReferences(in);
  }

  /// What the layout alone does not check: the arguments, locations and
  /// target an instruction names, and its loop bounds.
  bool checkReferences(const InstructionSpec &in) {
    switch (in.opcode) {
    case ReadVar:
      if (in.argument >= m.arguments.size() ||
          m.arguments[in.argument].kind != Scalar)
        return fail("corrupt container: read_var of argument " +
                    std::to_string(in.argument) + ", not a scalar argument");
      return true;
    case ReadElem:
      if (in.location >= m.locations.size())
        return fail("corrupt container: read_elem of location " +
                    std::to_string(in.location));
      return true;
    case Memset:
      if (in.location >= m.locations.size() || in.pattern.empty())
        return fail("corrupt container: malformed memset");
      return true;
    case For:
      if (in.step <= 0)
        return fail("corrupt container: loop step must be positive");
      return true;
    case DynamicFor:
      if (in.step <= 0 || in.coef == 0)
        return fail("corrupt container: dynamic loop needs a positive step "
                    "and a non-zero coefficient");
      return true;
    case SemSignal:
    case SemWait:
      if (in.semaphore >= machine::kSemaphoresPerCore)
        return fail("corrupt container: semaphore " +
                    std::to_string(in.semaphore) + " of a core that has " +
                    std::to_string(machine::kSemaphoresPerCore));
      return true;
    case Trigger:
      if (in.dgeType > 2)
        return fail("corrupt container: trigger with DGE type " +
                    std::to_string(in.dgeType));
      if (in.queue != 0xFF && !engine(in.queue))
        return false;
      // The route must be one the recorded target can run.
      if (std::optional<std::string> why = dge::checkRouteForArch(
              static_cast<dge::DGEType>(in.dgeType),
              in.queue == 0xFF ? std::nullopt
                               : bir::symbolizeEngine(in.queue),
              *dge::symbolizeArch(container.archLevel)))
        return fail("corrupt container: a trigger " + *why);
      return true;
    default:
      return true;
    }
  }

public:
  // The reading side of transferInstruction (InstructionLayout.h): each
  // reads a field and checks it.
  template <typename T> bool field(T &value, const char *what) {
    value = r.get<T>(what);
    return !r.failed();
  }
  bool reg(uint8_t &id) { return field(id, "a register") && isRegister(id); }
  bool code(uint8_t &code, Code kind) {
    if (!field(code, kind == Code::Alu ? "an ALU operation"
                                       : "an operation code"))
      return false;
    auto [known, name] = [&]() -> std::pair<bool, const char *> {
      switch (kind) {
      case Code::Alu:
        return {bir::symbolizeAluOpKind(code).has_value(), "ALU operation"};
      case Code::Elementwise:
        return {bir::symbolizeElementwiseKind(code).has_value(),
                "elementwise operation"};
      case Code::Reduce:
        return {bir::symbolizeReduceKind(code).has_value(), "reduction"};
      case Code::Activation:
        return {bir::symbolizeActivationFunction(code).has_value(),
                "activation function"};
      case Code::Compare:
        return {bir::symbolizeCompareKind(code).has_value(), "comparison"};
      }
      llvm_unreachable("unknown operation code kind");
    }();
    if (!known)
      return fail("corrupt container: unknown " + std::string(name) + " " +
                  std::to_string(code));
    return true;
  }
  bool flags(uint8_t &flags, unsigned allowed) {
    if (!field(flags, "flags"))
      return false;
    if (flags & ~allowed)
      return fail("corrupt container: unknown flags " + std::to_string(flags));
    return true;
  }
  bool low32(uint64_t &value, const char *what) {
    value = r.get<uint32_t>(what);
    return !r.failed();
  }
  bool pattern(llvm::SmallVectorImpl<int64_t> &entries) {
    uint8_t levels = r.get<uint8_t>("a pattern length");
    for (unsigned i = 0; !r.failed() && i < levels; ++i) {
      int64_t step = r.get<uint32_t>("a pattern entry");
      int64_t num = r.get<uint32_t>("a pattern entry");
      entries.append({step, num});
    }
    return !r.failed();
  }
  bool coefficients(llvm::SmallVectorImpl<int32_t> &values) {
    uint8_t count = r.get<uint8_t>("a coefficient count");
    for (unsigned i = 0; !r.failed() && i < count; ++i)
      values.push_back(r.get<int32_t>("a free coefficient"));
    return !r.failed();
  }
  bool unknownOpcode(uint8_t opcode) {
    return fail("corrupt container: unknown opcode " + std::to_string(opcode) +
                " at byte " + std::to_string(r.position() - 2));
  }
  /// `count` operands: on-chip locations, each word a register or the
  /// static address of its element offset.
  bool operands(InstructionSpec &in, unsigned count) {
    for (unsigned i = 0; i < count; ++i) {
      SideSpec &s = in.operands.emplace_back();
      s.location = r.get<uint32_t>("an operand location");
      s.offset = r.get<uint32_t>("an operand offset");
      s.rawWord = r.get<uint32_t>("an operand ADDR4 word");
      s.record = kNone;
      if (!pattern(s.pattern))
        return false;
      if (s.location >= m.locations.size() ||
          m.locations[s.location].kind != Allocation ||
          !bir::AddressMap::isOnChip(static_cast<bir::MemorySpace>(
              m.locations[s.location].space)))
        return fail("corrupt container: a compute operand names location " +
                    std::to_string(s.location) + ", not an on-chip location");
      if (s.pattern.empty())
        return fail("corrupt container: empty operand pattern");
      llvm::Expected<Decoded> word = decode(s.rawWord);
      if (!word)
        return fail("corrupt container: " + llvm::toString(word.takeError()));
      s.word = *word;
      if (!s.word.registerMode && s.word.mode != Mode::Static)
        return fail("corrupt container: a compute operand's word must be "
                    "register or static mode");
      const LocationSpec &loc = m.locations[s.location];
      if (loc.address == kNone)
        return fail("corrupt container: a compute operand names location " +
                    std::to_string(s.location) + ", which has no address");
      if (s.word.registerMode ? s.offset != 0 : !matchesOffset(s, loc))
        return fail("corrupt container: a compute operand's word and offset "
                    "disagree");
    }
    return true;
  }

private:
  /// A static operand's word is the address of its element offset.
  bool matchesOffset(const SideSpec &s, const LocationSpec &loc) {
    int64_t eb = lookupElementCode(loc.tensor.element)->bytes;
    int64_t elements = 1;
    for (uint32_t d : loc.tensor.dims)
      elements *= d;
    int64_t rowBytes =
        (loc.tensor.dims.empty() ? elements : elements / loc.tensor.dims[0]) *
        eb;
    return s.word.immediate ==
           bir::OnChipLocation(static_cast<bir::MemorySpace>(loc.space),
                               loc.address, rowBytes)
               .getAddress(static_cast<int64_t>(s.offset) * eb);
  }

  bool instructions() {
    bool read = readListSection(kInstructionTag, "INST",
                                "the instruction count", [&](uint32_t) {
                                  InstructionSpec in;
                                  if (!instruction(in))
                                    return false;
                                  m.instructions.push_back(in);
                                  return true;
                                });
    if (!read)
      return false;
    // Loop bodies must nest inside their loop and inside the list.
    llvm::SmallVector<size_t> ends{m.instructions.size()};
    for (size_t i = 0; i < m.instructions.size(); ++i) {
      while (i >= ends.back() && ends.size() > 1)
        ends.pop_back();
      const InstructionSpec &in = m.instructions[i];
      if (in.opcode != For && in.opcode != DynamicFor)
        continue;
      if (i + 1 + in.bodyCount > ends.back())
        return fail("corrupt container: the body of loop instruction " +
                    std::to_string(i) + " overruns its enclosing list");
      if (ends.size() > kMaxLoopDepth)
        return fail("corrupt container: loops nest deeper than " +
                    std::to_string(kMaxLoopDepth));
      ends.push_back(i + 1 + in.bodyCount);
    }
    // A wait on a semaphore that no instruction signals never ends.
    std::array<bool, machine::kSemaphoresPerCore> signalled{};
    for (const InstructionSpec &in : m.instructions)
      if (in.opcode == SemSignal)
        signalled[in.semaphore] = true;
    for (size_t i = 0; i < m.instructions.size(); ++i)
      if (m.instructions[i].opcode == SemWait &&
          !signalled[m.instructions[i].semaphore])
        return fail("corrupt container: instruction " + std::to_string(i) +
                    " waits on semaphore " +
                    std::to_string(m.instructions[i].semaphore) +
                    ", which no instruction signals");
    return true;
  }

  bool side(SideSpec &s, bool isSrc) {
    s.location = r.get<uint32_t>("a descriptor location");
    s.offset = r.get<uint32_t>("a descriptor offset");
    s.record = r.get<uint32_t>("a record index");
    if (!pattern(s.pattern))
      return false;
    if (s.location >= m.locations.size())
      return fail("corrupt container: descriptor names location " +
                  std::to_string(s.location));
    if (s.pattern.empty())
      return fail("corrupt container: empty descriptor pattern");
    return true;
  }

  bool blocks() {
    return readListSection(kBlockTag, "BLKS", "the block count", [&](uint32_t) {
      BlockSpec block;
      block.budget = r.get<uint32_t>("a descriptor budget");
      uint32_t n = r.get<uint32_t>("a descriptor count");
      if (!r.failed() && n == 0)
        return fail("corrupt container: empty descriptor block");
      for (uint32_t d = 0; !r.failed() && d < n; ++d) {
        DescriptorSpec desc;
        desc.src.rawWord = r.get<uint32_t>("an ADDR4 word");
        desc.dst.rawWord = r.get<uint32_t>("an ADDR4 word");
        if (!side(desc.src, true) || !side(desc.dst, false))
          return false;
        desc.bytes = r.get<uint32_t>("a byte count");
        for (SideSpec *s : {&desc.src, &desc.dst}) {
          llvm::Expected<Decoded> word = decode(s->rawWord);
          if (!word)
            return fail("corrupt container: " + llvm::toString(word.takeError()));
          s->word = *word;
        }
        block.descriptors.push_back(std::move(desc));
      }
      m.blocks.push_back(std::move(block));
      return true;
    });
  }

  bool recordSection() {
    return readListSection(
        kRecordTag, "IREC", "the record count", [&](uint32_t i) {
          RecordSpec rec;
          rec.kind = r.get<uint8_t>("a record kind");
          rec.location = r.get<uint32_t>("a record location");
          rec.elementBytes = r.get<uint8_t>("an index size");
          rec.first = r.get<uint32_t>("a first index");
          rec.count = r.get<uint32_t>("an index count");
          rec.rowStride = r.get<uint32_t>("a row stride");
          if (r.failed())
            return false;
          if (!dge::symbolizeIndirectRecordKind(rec.kind) ||
              rec.location >= m.locations.size() || rec.elementBytes != 4)
            return fail("corrupt container: malformed indirect record " +
                        std::to_string(i));
          m.records.push_back(rec);
          return true;
        });
  }

  /// An immediate side's word must be its offset's address, and its
  /// pattern must stay inside its location.
  bool checkStaticSide(const SideSpec &s) {
    if (s.word.registerMode || s.word.mode == Mode::Patched)
      return true;
    const LocationSpec &loc = m.locations[s.location];
    const TensorSpec &t = tensorOf(loc);
    // Sizes were checked when the tensor was read.
    int64_t elements = 1;
    for (uint32_t d : t.dims)
      elements *= d;
    int64_t eb = lookupElementCode(t.element)->bytes;
    int64_t rowBytes = (t.dims.empty() ? elements : elements / t.dims[0]) * eb;
    uint64_t expected = s.offset;
    bool onChip = loc.kind == Allocation &&
                  loc.space != static_cast<uint8_t>(bir::MemorySpace::dram);
    if (onChip)
      expected = bir::OnChipLocation(static_cast<bir::MemorySpace>(loc.space),
                                     loc.address, rowBytes)
                     .getAddress(s.offset);
    if (s.word.immediate != expected)
      return fail("corrupt container: a descriptor word's immediate " +
                  std::to_string(s.word.immediate) +
                  " disagrees with its offset (expected " +
                  std::to_string(expected) + ")");
    if (s.word.mode == Mode::Indirect)
      return true; // rows come from the index tensor at run time
    // The last element the pattern reaches (the entries are any 32-bit
    // values, so a num may be 0).
    bir::PatternRef pattern(s.pattern);
    std::optional<int64_t> reach =
        pattern.findInvalidLevel() ? std::nullopt : pattern.getReach();
    std::optional<int64_t> last =
        reach ? llvm::checkedAdd<int64_t>(s.offset / eb, *reach)
              : std::nullopt;
    if (s.offset % eb)
      return fail("corrupt container: a static descriptor side's byte "
                  "offset " + std::to_string(s.offset) +
                  " is not a whole number of " + std::to_string(eb) +
                  "-byte elements");
    if (!last || *last >= elements)
      return fail("corrupt container: a static descriptor side reaches "
                  "outside its location");
    return true;
  }

  /// The tensor a location holds: an argument's, or its own.
  const TensorSpec &tensorOf(const LocationSpec &loc) const {
    return loc.kind == Argument ? m.arguments[loc.argument].tensor
                                : loc.tensor;
  }

  /// An indirect side's record names a 1-D i32 index tensor, and the
  /// side's rows (its first entry) read slots [first, first + count)
  /// inside it; its kind is the one the serializer chooses for the table's
  /// rows and the side's direction, and its row stride the table's.
  bool checkIndexSlots(const SideSpec &s, const RecordSpec &rec,
                       bool isWrite) {
    const TensorSpec &ids = tensorOf(m.locations[rec.location]);
    const ElementTypeInfo *element = lookupElementCode(ids.element);
    if (ids.dims.size() != 1 || !element || element->name != "i32")
      return fail("corrupt container: an indirect record's index tensor is "
                  "not a 1-D i32 tensor");
    const TensorSpec &table = tensorOf(m.locations[s.location]);
    if (table.dims.empty())
      return fail("corrupt container: an indirect side's table has no rows");
    llvm::Expected<dge::IndirectRecordKind> kind =
        chooseIndirectRecord(table.dims[0], isWrite);
    if (!kind) {
      llvm::consumeError(kind.takeError());
      return fail("corrupt container: an indirect side's table of " +
                  std::to_string(table.dims[0]) + " rows has no record");
    }
    if (rec.kind != static_cast<uint8_t>(*kind))
      return fail("corrupt container: an indirect " +
                  std::string(isWrite ? "write" : "read") + " has record " +
                  dge::stringifyIndirectRecordKind(
                      static_cast<dge::IndirectRecordKind>(rec.kind))
                      .str() +
                  ", not " + dge::stringifyIndirectRecordKind(*kind).str());
    uint64_t rowStride = lookupElementCode(table.element)->bytes;
    for (size_t d = 1; d < table.dims.size(); ++d)
      rowStride *= table.dims[d];
    if (rec.rowStride != rowStride)
      return fail("corrupt container: an indirect record's row stride " +
                  std::to_string(rec.rowStride) + " is not its table's " +
                  std::to_string(rowStride) + " bytes");
    if (bir::PatternRef(s.pattern).empty() ||
        bir::PatternRef(s.pattern).front().num != rec.count ||
        uint64_t(rec.first) + rec.count > ids.dims[0])
      return fail("corrupt container: an indirect side's rows and its "
                  "record's index slots " +
                  std::to_string(rec.first) + " + " +
                  std::to_string(rec.count) + " disagree");
    return true;
  }

  /// References between sections.
  /// The source files, then one location per instruction.
  bool sourceSection() {
    if (!r.section(kSourceTag, "SRCS"))
      return false;
    uint32_t numFiles = r.get<uint32_t>("the source file count");
    for (uint32_t i = 0; i < numFiles && !r.failed(); ++i)
      m.sourceFiles.push_back(r.getString("a source file name"));
    uint32_t count = r.get<uint32_t>("the source location count");
    if (r.failed())
      return false;
    if (count != m.instructions.size())
      return fail("corrupt container: " + std::to_string(count) +
                  " source locations for " +
                  std::to_string(m.instructions.size()) + " instructions");
    for (InstructionSpec &in : m.instructions) {
      in.source.file = r.get<uint32_t>("a source file index");
      in.source.line = r.get<uint32_t>("a source line");
      in.source.column = r.get<uint32_t>("a source column");
      if (r.failed())
        return false;
      if (in.source.file != kNone && in.source.file >= numFiles)
        return fail("corrupt container: source file index " +
                    std::to_string(in.source.file) + " out of range");
    }
    return r.endSection("SRCS");
  }

  bool crossCheck() {
    llvm::SmallVector<unsigned> uses(m.blocks.size(), 0);
    for (const InstructionSpec &in : m.instructions)
      if (in.opcode == Trigger) {
        if (in.block >= m.blocks.size())
          return fail("corrupt container: trigger of block " +
                      std::to_string(in.block) + " of " +
                      std::to_string(m.blocks.size()));
        ++uses[in.block];
      }
    for (size_t b = 0; b < uses.size(); ++b)
      if (uses[b] != 1)
        return fail("corrupt container: block " + std::to_string(b) +
                    " is bound to " + std::to_string(uses[b]) + " triggers");
    // Each record belongs to one index slot, in the order of the slots (as
    // the serializer writes them).
    uint32_t nextRecord = 0;
    for (const BlockSpec &block : m.blocks)
      for (const DescriptorSpec &desc : block.descriptors)
        for (const SideSpec *s : {&desc.src, &desc.dst}) {
          bool indirect = !s->word.registerMode && s->word.mode == Mode::Indirect;
          if (indirect != (s->record != kNone))
            return fail("corrupt container: an index slot and its record "
                        "disagree");
          if (indirect && s->record >= m.records.size())
            return fail("corrupt container: record index " +
                        std::to_string(s->record) + " out of range");
          if (indirect && s->record != nextRecord++)
            return fail("corrupt container: index slots and records are "
                        "not one to one, in order (record " +
                        std::to_string(s->record) + ")");
          if (indirect && !checkIndexSlots(*s, m.records[s->record],
                                           s == &desc.dst))
            return false;
          if (!checkStaticSide(*s))
            return false;
          if (!s->word.registerMode && s->word.mode == Mode::Patched &&
              (s->word.immediate >= m.arguments.size() ||
               m.arguments[s->word.immediate].kind != Scalar))
            return fail("corrupt container: a patched address names "
                        "argument " +
                        std::to_string(s->word.immediate) +
                        ", not a scalar argument");
        }
    if (nextRecord != m.records.size())
      return fail("corrupt container: " + std::to_string(m.records.size()) +
                  " indirect records for " + std::to_string(nextRecord) +
                  " index slots");
    return true;
  }

  format::Reader r;
  ContainerModel container;
  /// The function being read.
  FunctionModel m;
};

} // namespace

std::optional<ContainerModel> dyn::addr4::parseContainer(llvm::StringRef bytes,
                                                         std::string &error) {
  return ModelReader(bytes).run(error);
}
