//===- FormatDescription.cpp - the container's layout as JSON -------------===//
//
// printFormatDescription: the constants of Format.h and Container.h, the
// codes the reader accepts, and the fields of every instruction as
// transferInstruction lays them out, for the tools that keep a copy of the
// layout (utils/fuzz/mutate_container.py, checked by
// test/Fuzz/container-layout.test).
//
//===----------------------------------------------------------------------===//

#include "Format.h"
#include "InstructionLayout.h"

#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Target/ADDR4/Container.h"

#include "llvm/Support/JSON.h"

#include <string>

using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::addr4::format;

namespace {

/// Runs transferInstruction without bytes: records each field as a Python
/// struct code ('B', 'H', 'I', 'i', 'Q'), the flags byte as 'F', a pattern
/// as 'P', a coefficient list as 'C' and each compute operand as 'O', and
/// the flag bits the opcode allows.
struct Describer {
  std::string fields;
  unsigned allowedFlags = 0;
  bool known = true;

  template <typename T>
  bool field(T &, llvm::StringRef) {
    static_assert(sizeof(T) <= 8);
    constexpr bool isSigned = std::is_signed_v<T>;
    fields += sizeof(T) == 1   ? (isSigned ? 'b' : 'B')
              : sizeof(T) == 2 ? (isSigned ? 'h' : 'H')
              : sizeof(T) == 4 ? (isSigned ? 'i' : 'I')
                               : (isSigned ? 'q' : 'Q');
    return true;
  }
  bool reg(uint8_t &id) { return field(id, "a register"); }
  bool code(uint8_t &value, Code) { return field(value, "a code"); }
  bool flags(uint8_t &value, unsigned allowed) {
    allowedFlags = allowed;
    fields += 'F';
    return true;
  }
  bool low32(uint64_t &, llvm::StringRef) {
    uint32_t low = 0;
    return field(low, "the low 32 bits");
  }
  bool pattern(llvm::SmallVector<int64_t> &) {
    fields += 'P';
    return true;
  }
  bool coefficients(llvm::SmallVector<int32_t> &) {
    fields += 'C';
    return true;
  }
  bool operands(InstructionSpec &, unsigned count) {
    fields.append(count, 'O');
    return true;
  }
  bool unknownOpcode(uint8_t) { return known = false; }
};

/// The fields of `opcode` with the flags byte `flags`; none for an opcode
/// the layout does not know.
std::optional<Describer> describeInstruction(uint8_t opcode, uint8_t flags) {
  Describer io;
  InstructionSpec in;
  in.opcode = opcode;
  in.flags = flags;
  transferInstruction(io, in);
  if (!io.known)
    return std::nullopt;
  return io;
}

/// `name: value` for every value of an enum up to `max` that `symbolize`
/// accepts.
template <typename Symbolize, typename Stringify>
void printEnum(llvm::json::OStream &json, llvm::StringRef key, uint32_t max,
               Symbolize symbolize, Stringify stringify) {
  json.attributeObject(key, [&] {
    for (uint32_t v = 0; v <= max; ++v)
      if (auto value = symbolize(v))
        json.attribute(stringify(*value), int64_t(v));
  });
}

} // namespace

void dyn::addr4::printFormatDescription(llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/1);
  json.object([&] {
    json.attribute("magic", llvm::StringRef(kMagic, sizeof(kMagic)));
    json.attribute("version", int64_t(kVersion));
    json.attribute("none", int64_t(kNone));
    json.attributeArray("sections", [&] {
      for (uint32_t tag : {kFunctionTag, kLocationTag, kInstructionTag,
                           kBlockTag, kRecordTag, kSourceTag}) {
        char text[4];
        llvm::support::endian::write32le(text, tag);
        json.value(llvm::StringRef(text, 4));
      }
    });
    json.attributeObject("element_codes", [&] {
      for (auto [code, name] : llvm::enumerate(kElementCodes))
        json.attributeObject(name, [&] {
          json.attribute("code", int64_t(code));
          json.attribute("bytes", int64_t(lookupElementType(name)->bytes));
          json.attribute("numpy", lookupElementType(name)->npyDescr);
        });
    });
    json.attributeObject("value_kinds", [&] {
      json.attribute("tensor", int64_t(Tensor));
      json.attribute("scalar", int64_t(Scalar));
    });
    json.attributeObject("location_kinds", [&] {
      json.attribute("argument", int64_t(Argument));
      json.attribute("allocation", int64_t(Allocation));
    });
    json.attributeObject("location_flags", [&] {
      json.attribute("scratch", int64_t(ScratchFlag));
    });
    json.attributeObject("compute_flags", [&] {
      json.attribute("reverse", int64_t(ReverseFlag));
      json.attribute("accumulate", int64_t(AccumulateFlag));
      json.attribute("register_scalar", int64_t(RegisterScalarFlag));
      json.attribute("bias_operand", int64_t(BiasOperandFlag));
      json.attribute("sum_operand", int64_t(SumOperandFlag));
      json.attribute("immediate_source", int64_t(ImmediateSourceFlag));
    });
    printEnum(
        json, "engines", 255, [](uint32_t v) { return bir::symbolizeEngine(v); },
        [](bir::Engine e) { return bir::stringifyEngine(e); });
    printEnum(
        json, "alu_ops", 255,
        [](uint32_t v) { return bir::symbolizeAluOpKind(v); },
        [](bir::AluOpKind k) { return bir::stringifyAluOpKind(k); });
    printEnum(
        json, "arch_levels", 0xFFFF,
        [](uint32_t v) { return dge::symbolizeArch(v); },
        [](dge::Arch a) { return dge::stringifyArch(a); });
    // Each opcode's fields after its opcode and engine bytes, without
    // flags and with every flag it allows.
    json.attributeObject("instructions", [&] {
      for (unsigned opcode = 0; opcode <= 255; ++opcode) {
        std::optional<Describer> plain = describeInstruction(opcode, 0);
        if (!plain)
          continue;
        json.attributeObject(std::to_string(opcode), [&] {
          json.attribute("flags", int64_t(plain->allowedFlags));
          json.attribute("fields", plain->fields);
          json.attribute("fields_with_flags",
                         describeInstruction(opcode, plain->allowedFlags)->fields);
        });
      }
    });
  });
  os << "\n";
}
