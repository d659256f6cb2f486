//===- ModelWriter.cpp - a container model to bytes -----------------------===//
//
// The one writer of the byte layout (docs/ADDR4.md); ModelReader.cpp is its
// mirror. The model it is given is valid: the serializer checked that every
// value fits its field when it built the model.
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include "Format.h"

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
  void tensor(const TensorSpec &t) {
    w.put<uint8_t>(t.element);
    w.put<uint8_t>(t.dims.size());
    for (uint32_t d : t.dims)
      w.put<uint32_t>(d);
  }

  void pattern(llvm::ArrayRef<int64_t> entries) {
    w.put<uint8_t>(entries.size() / 2);
    for (int64_t v : entries)
      w.put<uint32_t>(static_cast<uint32_t>(v));
  }

  void function() {
    size_t section = w.beginSection(kFunctionTag);
    w.putString(m.name);
    w.put<uint32_t>(m.arguments.size());
    for (const ArgumentSpec &arg : m.arguments) {
      w.put<uint8_t>(arg.kind);
      if (arg.kind == Tensor)
        tensor(arg.tensor);
    }
    w.put<uint32_t>(m.results.size());
    for (const ResultSpec &res : m.results) {
      w.put<uint8_t>(res.kind);
      if (res.kind == Tensor) {
        w.put<uint32_t>(res.location);
      } else {
        w.put<uint8_t>(res.engine);
        w.put<uint8_t>(res.reg);
      }
    }
    w.finish(section);
  }

  void locationSection() {
    size_t section = w.beginSection(kLocationTag);
    w.put<uint32_t>(m.locations.size());
    for (const LocationSpec &loc : m.locations) {
      w.put<uint8_t>(loc.kind);
      if (loc.kind == Argument) {
        w.put<uint16_t>(loc.argument);
        continue;
      }
      w.put<uint8_t>(loc.space);
      tensor(loc.tensor);
      w.put<uint32_t>(loc.address);
      w.put<uint8_t>(loc.flags);
    }
    w.finish(section);
  }

  void instruction(const InstructionSpec &in) {
    w.put<uint8_t>(in.opcode);
    w.put<uint8_t>(in.engine);
    switch (in.opcode) {
    case ReadVar:
      w.put<uint8_t>(in.dst);
      w.put<uint16_t>(in.argument);
      return;
    case ReadElem:
      w.put<uint8_t>(in.dst);
      w.put<uint32_t>(in.location);
      w.put<uint32_t>(in.element);
      return;
    case Memset:
      w.put<uint32_t>(in.location);
      w.put<uint32_t>(in.element);
      pattern(in.pattern);
      w.put<uint64_t>(in.fill);
      return;
    case MovImm:
      w.put<uint8_t>(in.dst);
      w.put<int32_t>(in.imm);
      return;
    case Alu:
      w.put<uint8_t>(in.dst);
      w.put<uint8_t>(in.kind);
      w.put<uint8_t>(in.lhs);
      w.put<uint8_t>(in.rhs);
      return;
    case AluImm:
      w.put<uint8_t>(in.dst);
      w.put<uint8_t>(in.kind);
      w.put<uint8_t>(in.lhs);
      w.put<int32_t>(in.imm);
      return;
    case For:
      w.put<uint8_t>(in.dst);
      w.put<int32_t>(in.lb);
      w.put<int32_t>(in.ub);
      w.put<int32_t>(in.step);
      w.put<uint32_t>(in.bodyCount);
      return;
    case DynamicFor:
      w.put<uint8_t>(in.dst);
      w.put<uint8_t>(in.lhs);
      w.put<int32_t>(in.lb);
      w.put<int32_t>(in.step);
      w.put<int32_t>(in.coef);
      w.put<int32_t>(in.constant);
      w.put<uint32_t>(in.maxTrip);
      w.put<uint32_t>(in.bodyCount);
      return;
    case Trigger:
      w.put<uint8_t>(in.dgeType);
      w.put<uint8_t>(in.queue);
      w.put<uint32_t>(in.block);
      return;
    case TensorTensor:
    case TensorReduce:
      w.put<uint8_t>(in.kind);
      break;
    case TensorScalar:
      w.put<uint8_t>(in.kind);
      w.put<uint8_t>(in.flags);
      scalar(in);
      break;
    case TensorCopy:
      break;
    case Iota:
      affineIndex(in);
      break;
    case AffineSelect:
      w.put<uint8_t>(in.kind);
      w.put<uint8_t>(in.flags);
      scalar(in);
      affineIndex(in);
      w.put<uint32_t>(static_cast<uint32_t>(in.fill));
      break;
    case Activation:
      w.put<uint8_t>(in.kind);
      w.put<uint8_t>(in.flags);
      w.put<int32_t>(in.imm);
      if (!(in.flags & 2))
        w.put<uint32_t>(static_cast<uint32_t>(in.fill));
      break;
    case Matmul:
      w.put<uint8_t>(in.flags);
      break;
    case CopyPredicated:
      w.put<uint8_t>(in.flags);
      if (in.flags & 2)
        w.put<int32_t>(in.imm);
      break;
    }
    for (const SideSpec &operand : in.operands)
      computeOperand(operand);
  }

  /// A register (flags bit 1) or a 32-bit immediate.
  void scalar(const InstructionSpec &in) {
    if (in.flags & 2)
      w.put<uint8_t>(in.lhs);
    else
      w.put<int32_t>(in.imm);
  }

  void affineIndex(const InstructionSpec &in) {
    w.put<int32_t>(in.base);
    w.put<int32_t>(in.partition);
    w.put<uint8_t>(in.free.size());
    for (int32_t c : in.free)
      w.put<int32_t>(c);
  }

  void computeOperand(const SideSpec &s) {
    w.put<uint32_t>(s.location);
    w.put<uint32_t>(s.offset);
    w.put<uint32_t>(s.rawWord);
    pattern(s.pattern);
  }

  void instructions() {
    size_t section = w.beginSection(kInstructionTag);
    w.put<uint32_t>(m.instructions.size());
    for (const InstructionSpec &in : m.instructions)
      instruction(in);
    w.finish(section);
  }

  void side(const SideSpec &s) {
    w.put<uint32_t>(s.location);
    w.put<uint32_t>(s.offset);
    w.put<uint32_t>(s.record);
    pattern(s.pattern);
  }

  void blocks() {
    size_t section = w.beginSection(kBlockTag);
    w.put<uint32_t>(m.blocks.size());
    for (const BlockSpec &block : m.blocks) {
      w.put<uint32_t>(block.budget);
      w.put<uint32_t>(block.descriptors.size());
      for (const DescriptorSpec &desc : block.descriptors) {
        w.put<uint32_t>(desc.src.rawWord);
        w.put<uint32_t>(desc.dst.rawWord);
        side(desc.src);
        side(desc.dst);
        w.put<uint32_t>(desc.bytes);
      }
    }
    w.finish(section);
  }

  void recordSection() {
    size_t section = w.beginSection(kRecordTag);
    w.put<uint32_t>(m.records.size());
    for (const RecordSpec &rec : m.records) {
      w.put<uint8_t>(rec.kind);
      w.put<uint32_t>(rec.location);
      w.put<uint8_t>(rec.elementBytes);
      w.put<uint32_t>(rec.first);
      w.put<uint32_t>(rec.count);
      w.put<uint32_t>(rec.rowStride);
    }
    w.finish(section);
  }

  void sourceSection() {
    size_t section = w.beginSection(kSourceTag);
    w.put<uint32_t>(m.sourceFiles.size());
    for (const std::string &file : m.sourceFiles)
      w.putString(file);
    w.put<uint32_t>(m.instructions.size());
    for (const InstructionSpec &in : m.instructions) {
      w.put<uint32_t>(in.source.file);
      w.put<uint32_t>(in.source.line);
      w.put<uint32_t>(in.source.column);
    }
    w.finish(section);
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
  for (const FunctionModel &function : model.functions)
    ModelWriter(function, w).run();
}
