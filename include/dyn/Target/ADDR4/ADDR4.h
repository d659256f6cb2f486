//===- ADDR4.h - the 32-bit ADDR4 descriptor address word -------*- C++ -*-===//
//
// The word of report Section 3 (bit 0 = LSB):
//
//   31   30 29  28                                                      0
//  +---+-------+-----------------------------------------------------------+
//  | 1 |  0 ... 0 (bits 8-30 zero)                  |  register id < 0x40  |
//  +---+-------+-----------------------------------------------------------+
//  | 0 | mode  |  immediate byte address (29 bits)                         |
//  +---+-------+-----------------------------------------------------------+
//
// mode: 00 static immediate; 01 indirect (an index slot, followed by an
// INDIRECT16B / INDIRECT20B / MXINDIRECT16B record, dge::IndirectRecordKind);
// 10 patched at run time
// from the memory location the immediate names; 11 reserved (rejected).
// Fields are declared once and packed by one checked routine.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_TARGET_ADDR4_ADDR4_H
#define DYN_TARGET_ADDR4_ADDR4_H

#include "dyn/Dialect/BIR/IR/AddressMap.h"
#include "dyn/Dialect/DGE/IR/DGE.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>

namespace dyn::addr4 {

/// A bit field of the word: `width` bits starting at bit `offset`.
struct Field {
  unsigned offset, width;
  llvm::StringLiteral name;
};

inline constexpr Field kRegisterFlag{31, 1, "register flag"};
inline constexpr Field kMode{29, 2, "mode"};
inline constexpr Field kImmediate{0, 29, "immediate"};
inline constexpr Field kRegisterId{0, 8, "register id"};

/// Register ids below this are valid (the registers of one engine).
inline constexpr uint32_t kNumRegisters = bir::AddressMap::kNumRegisters;
static_assert(kNumRegisters <= 0x40, "a register id must fit the word");

enum class Mode : uint32_t { Static = 0, Indirect = 1, Patched = 2, Reserved = 3 };

/// Packs `values` into their fields; an error names a value that does not
/// fit its field.
llvm::Expected<uint32_t>
pack(llvm::ArrayRef<std::pair<Field, uint64_t>> values);

/// Register mode: exactly `0x80000000 | regid`, regid < 0x40.
llvm::Expected<uint32_t> encodeRegister(uint64_t regid);

/// Immediate mode `mode` (not Reserved) with a 29-bit immediate.
llvm::Expected<uint32_t> encodeImmediate(Mode mode, uint64_t immediate);

struct Decoded {
  bool registerMode = false;
  uint32_t registerId = 0;
  Mode mode = Mode::Static;
  uint32_t immediate = 0;
};

/// Decodes a word; rejects mode 11, and register words with bits 8-30 set
/// or an id >= 0x40.
llvm::Expected<Decoded> decode(uint32_t word);

/// The address mode of a side whose word is `decoded`.
dge::AddressMode getAddressMode(const Decoded &decoded);

/// "register mode, r5" / "mode 00 static, immediate 0x100" / ...
std::string describe(const Decoded &decoded);

/// The word of a descriptor side (what addr4-encode stamps, and what the
/// serializer checks a stamped word against): the register's physical id
/// in reg mode, the argument number in patched mode, the byte address of
/// `offset` bytes into `location` in imm and indirect modes (the offset in
/// DRAM, the address-map address on chip).
llvm::Expected<uint32_t> getSideWord(mlir::Value location, mlir::Value dyn,
                                     dge::AddressMode mode, int64_t offset);

/// The record that follows an indirect index slot (project-defined choice:
/// INDIRECT16B when every row index fits 16 bits, INDIRECT20B when it fits
/// 20 bits; MXINDIRECT16B for an indirect write whose indices fit 16 bits).
llvm::Expected<dge::IndirectRecordKind> chooseIndirectRecord(uint64_t rows,
                                                             bool isWrite);

} // namespace dyn::addr4

#endif // DYN_TARGET_ADDR4_ADDR4_H
