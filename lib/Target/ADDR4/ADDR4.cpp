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
    return fail(llvm::formatv("ADDR4 register id {0} is not below {1:x}",
                              regid, kNumRegisters)
                    .str());
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
                                "below {2:x}",
                                word, decoded.registerId, kNumRegisters)
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

dge::AddressMode dyn::addr4::getAddressMode(const Decoded &decoded) {
  if (decoded.registerMode)
    return dge::AddressMode::reg;
  switch (decoded.mode) {
  case Mode::Indirect:
    return dge::AddressMode::indirect;
  case Mode::Patched:
    return dge::AddressMode::patched;
  default:
    return dge::AddressMode::imm;
  }
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

/// The byte address of `offset` bytes into `location`: the offset itself in
/// DRAM, the address-map address on chip, where the offset must name a byte
/// of the location (or the map arithmetic leaves its 64 bits).
static llvm::Expected<uint64_t> byteAddress(mlir::Value location,
                                            int64_t offset) {
  auto type = llvm::cast<mlir::MemRefType>(location.getType());
  if (bir::getMemorySpace(type) == bir::MemorySpace::dram)
    return offset;
  std::optional<int64_t> bytes = bir::getByteSize(type);
  if (!bytes || offset < 0 || offset >= *bytes)
    return fail("byte offset " + llvm::Twine(offset) + " lies outside the " +
                llvm::Twine(bytes.value_or(0)) +
                " bytes of its on-chip location");
  std::optional<bir::OnChipLocation> onChip =
      bir::OnChipLocation::get(location);
  if (!onChip)
    return fail("on-chip location has no address; run bir-allocate-memory "
                "first");
  return onChip->getAddress(offset);
}

llvm::Expected<uint32_t> dyn::addr4::getSideWord(mlir::Value location,
                                                 mlir::Value dyn,
                                                 dge::AddressMode mode,
                                                 int64_t offset) {
  switch (mode) {
  case dge::AddressMode::reg:
    if (std::optional<unsigned> id = bir::getPhysicalRegister(dyn))
      return encodeRegister(*id);
    return fail("register has no physical id; run bir-allocate-registers "
                "first");
  case dge::AddressMode::patched:
    return encodeImmediate(Mode::Patched,
                           llvm::cast<mlir::BlockArgument>(dyn).getArgNumber());
  case dge::AddressMode::imm:
  case dge::AddressMode::indirect: {
    llvm::Expected<uint64_t> address = byteAddress(location, offset);
    if (!address)
      return address.takeError();
    return encodeImmediate(mode == dge::AddressMode::indirect ? Mode::Indirect
                                                              : Mode::Static,
                           *address);
  }
  }
  return fail("unknown address mode");
}
