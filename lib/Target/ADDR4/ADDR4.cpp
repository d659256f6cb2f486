//===- ADDR4.cpp - packing and decoding the ADDR4 word --------------------===//

#include "dyn/Target/ADDR4/ADDR4.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace dyn;
using namespace dyn::addr4;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<uint32_t>
dyn::addr4::pack(llvm::ArrayRef<std::pair<Field, uint64_t>> values) {
  uint32_t word = 0;
  for (auto [field, value] : values) {
    uint64_t limit = uint64_t(1) << field.width;
    if (value >= limit)
      return fail("ADDR4 " + field.name + " " + llvm::Twine(value) +
                  " does not fit in " + llvm::Twine(field.width) + " bits");
    word |= static_cast<uint32_t>(value) << field.offset;
  }
  return word;
}

llvm::Expected<uint32_t> dyn::addr4::encodeRegister(uint64_t regid) {
  if (regid >= kNumRegisters)
    return fail("ADDR4 register id " + llvm::Twine(regid) +
                " is not below 0x40");
  return pack({{kRegisterFlag, 1}, {kRegisterId, regid}});
}

llvm::Expected<uint32_t> dyn::addr4::encodeImmediate(Mode mode,
                                                     uint64_t immediate) {
  if (mode == Mode::Reserved)
    return fail("ADDR4 mode 11 is reserved");
  return pack({{kRegisterFlag, 0},
               {kMode, static_cast<uint64_t>(mode)},
               {kImmediate, immediate}});
}

static uint32_t extract(uint32_t word, Field field) {
  return (word >> field.offset) & ((uint64_t(1) << field.width) - 1);
}

llvm::Expected<Decoded> dyn::addr4::decode(uint32_t word) {
  Decoded decoded;
  if (extract(word, kRegisterFlag)) {
    decoded.registerMode = true;
    decoded.registerId = extract(word, kRegisterId);
    if (word & 0x7FFFFF00u)
      return fail(llvm::formatv("ADDR4 word {0:x8} is in register mode but "
                                "has bits 8-30 set",
                                word)
                      .str());
    if (decoded.registerId >= kNumRegisters)
      return fail(llvm::formatv("ADDR4 word {0:x8} names register {1}, not "
                                "below 0x40",
                                word, decoded.registerId)
                      .str());
    return decoded;
  }
  decoded.mode = static_cast<Mode>(extract(word, kMode));
  if (decoded.mode == Mode::Reserved)
    return fail(llvm::formatv("ADDR4 word {0:x8} uses the reserved mode 11",
                              word)
                    .str());
  decoded.immediate = extract(word, kImmediate);
  return decoded;
}

std::string dyn::addr4::describe(const Decoded &decoded) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (decoded.registerMode) {
    os << "register mode, r" << decoded.registerId;
    return text;
  }
  static const char *names[] = {"00 static", "01 indirect", "10 patched",
                                "11 reserved"};
  os << "mode " << names[static_cast<unsigned>(decoded.mode)]
     << ", immediate " << llvm::format_hex(decoded.immediate, 10);
  return text;
}

llvm::Expected<dge::IndirectRecordKind>
dyn::addr4::chooseIndirectRecord(uint64_t rows, bool isWrite) {
  if (rows <= (uint64_t(1) << 16))
    return isWrite ? dge::IndirectRecordKind::MXINDIRECT16B
                   : dge::IndirectRecordKind::INDIRECT16B;
  if (!isWrite && rows <= (uint64_t(1) << 20))
    return dge::IndirectRecordKind::INDIRECT20B;
  return fail("an indirect " + llvm::Twine(isWrite ? "write" : "read") +
              " over " + llvm::Twine(rows) +
              " rows has no indirect record (INDIRECT16B/MXINDIRECT16B: 2^16 "
              "rows, INDIRECT20B: 2^20 rows, reads only)");
}
