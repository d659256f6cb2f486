//===- ModelWriter.cpp - a container model to bytes -----------------------===//
//
// The one writer of the byte layout (docs/ADDR4.md); ModelReader.cpp reads
// it. Instruction fields go through transferInstruction
// (InstructionLayout.h), which both share. The model it is given is valid:
// the serializer checked that every value fits its field when it built it.
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include "Format.h"
#include "InstructionLayout.h"

#include "dyn/Dialect/BIR/IR/Pattern.h"
#include "dyn/Target/ADDR4/Container.h"

using namespace dyn::addr4;
using namespace dyn::addr4::format;

namespace {
/// Writes one function's sections.
class ModelWriter {
public:
  ModelWriter(const FunctionModel &m, Writer &w) : m(m), w(w) {}

  void run() {
    function();
    locationSection();
    instructions();
    blocks();
    recordSection();
    sourceSection();
  }

private:
  /// Section `tag` around what `writeBody` writes.
  template <typename Body> void writeSection(uint32_t tag, Body writeBody) {
    size_t section = w.beginSection(tag);
    writeBody();
    w.finish(section);
  }

  /// The u32 count of `items`, then `writeOne` of each.
  template <typename Range, typename WriteOne>
  void writeList(const Range &items, WriteOne writeOne) {
    w.put<uint32_t>(items.size());
    for (const auto &item : items)
      writeOne(item);
  }

  void tensor(const TensorSpec &t) {
    w.put<uint8_t>(t.element);
    w.put<uint8_t>(t.dims.size());
    for (uint32_t d : t.dims)
      w.put<uint32_t>(d);
  }

  void function() {
    writeSection(kFunctionTag, [&] {
      w.putString(m.name);
      writeList(m.arguments, [&](const ArgumentSpec &arg) {
        w.put<uint8_t>(arg.kind);
        if (arg.kind == Tensor)
          tensor(arg.tensor);
      });
      writeList(m.results, [&](const ResultSpec &res) {
        w.put<uint8_t>(res.kind);
        if (res.kind == Tensor) {
          w.put<uint32_t>(res.location);
        } else {
          w.put<uint8_t>(res.engine);
          w.put<uint8_t>(res.reg);
        }
      });
    });
  }

  void locationSection() {
    writeSection(kLocationTag, [&] {
      writeList(m.locations, [&](const LocationSpec &loc) {
        w.put<uint8_t>(loc.kind);
        if (loc.kind == Argument) {
          w.put<uint16_t>(loc.argument);
          return;
        }
        w.put<uint8_t>(loc.space);
        tensor(loc.tensor);
        w.put<uint32_t>(loc.address);
        w.put<uint8_t>(loc.flags);
      });
    });
  }

  void instruction(const InstructionSpec &in) {
    w.put<uint8_t>(in.opcode);
    w.put<uint8_t>(in.engine);
    (void)transferInstruction(*this, in);
  }

public:
  // The writing side of transferInstruction (InstructionLayout.h).
  template <typename T> bool field(const T &value, const char *) {
    w.put<T>(value);
    return true;
  }
  bool reg(const uint8_t &id) { return field(id, "a register"); }
  bool code(const uint8_t &code, Code) { return field(code, "a code"); }
  bool flags(const uint8_t &flags, unsigned) { return field(flags, "flags"); }
  bool low32(const uint64_t &value, const char *what) {
    return field(static_cast<uint32_t>(value), what);
  }
  bool pattern(llvm::ArrayRef<int64_t> entries) {
    dyn::bir::PatternRef levels(entries);
    w.put<uint8_t>(levels.size());
    for (dyn::bir::PatternLevel level : levels.levels()) {
      w.put<uint32_t>(static_cast<uint32_t>(level.step));
      w.put<uint32_t>(static_cast<uint32_t>(level.num));
    }
    return true;
  }
  bool coefficients(llvm::ArrayRef<int32_t> values) {
    w.put<uint8_t>(values.size());
    for (int32_t c : values)
      w.put<int32_t>(c);
    return true;
  }
  /// The model is valid: every opcode is known.
  bool unknownOpcode(uint8_t) { return false; }
  bool operands(const InstructionSpec &in, unsigned) {
    for (const SideSpec &s : in.operands) {
      w.put<uint32_t>(s.location);
      w.put<uint32_t>(s.offset);
      w.put<uint32_t>(s.rawWord);
      pattern(s.pattern);
    }
    return true;
  }

private:
  void instructions() {
    writeSection(kInstructionTag, [&] {
      writeList(m.instructions,
                [&](const InstructionSpec &in) { instruction(in); });
    });
  }

  void side(const SideSpec &s) {
    w.put<uint32_t>(s.location);
    w.put<uint32_t>(s.offset);
    w.put<uint32_t>(s.record);
    pattern(s.pattern);
  }

  void blocks() {
    writeSection(kBlockTag, [&] {
      writeList(m.blocks, [&](const BlockSpec &block) {
        w.put<uint32_t>(block.budget);
        writeList(block.descriptors, [&](const DescriptorSpec &desc) {
          w.put<uint32_t>(desc.src.rawWord);
          w.put<uint32_t>(desc.dst.rawWord);
          side(desc.src);
          side(desc.dst);
          w.put<uint32_t>(desc.bytes);
        });
      });
    });
  }

  void recordSection() {
    writeSection(kRecordTag, [&] {
      writeList(m.records, [&](const RecordSpec &rec) {
        w.put<uint8_t>(rec.kind);
        w.put<uint32_t>(rec.location);
        w.put<uint8_t>(rec.elementBytes);
        w.put<uint32_t>(rec.first);
        w.put<uint32_t>(rec.count);
        w.put<uint32_t>(rec.rowStride);
      });
    });
  }

  void sourceSection() {
    writeSection(kSourceTag, [&] {
      writeList(m.sourceFiles,
                [&](const std::string &file) { w.putString(file); });
      writeList(m.instructions, [&](const InstructionSpec &in) {
        w.put<uint32_t>(in.source.file);
        w.put<uint32_t>(in.source.line);
        w.put<uint32_t>(in.source.column);
      });
    });
  }

  const FunctionModel &m;
  Writer &w;
};
} // namespace

void dyn::addr4::writeContainer(const ContainerModel &model,
                                llvm::SmallVectorImpl<char> &bytes) {
  Writer w(bytes);
  for (char c : kMagic)
    w.put<char>(c);
  w.put<uint16_t>(model.version);
  w.put<uint16_t>(model.archLevel);
  w.put<uint16_t>(model.writerMajor);
  w.put<uint16_t>(model.writerMinor);
  w.put<uint16_t>(model.writerPatch);
  for (const FunctionModel &function : model.functions)
    ModelWriter(function, w).run();
}
