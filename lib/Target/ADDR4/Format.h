//===- Format.h - byte-level pieces of the container ------------*- C++ -*-===//
//
// Section tags, opcodes, element type codes and flag bits, and the
// bounds-checked reader and the writer both directions share. Private to
// lib/Target/ADDR4; printFormatDescription (FormatDescription.cpp) prints
// them for the tools that keep a copy (utils/fuzz).
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_TARGET_ADDR4_FORMAT_H
#define DYN_LIB_TARGET_ADDR4_FORMAT_H

#include "dyn/Support/ElementTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"

#include <optional>
#include <string>

namespace dyn::addr4::format {

// Sections, in file order.
inline constexpr uint32_t kFunctionTag = 0x434E5546; // "FUNC"
inline constexpr uint32_t kLocationTag = 0x53434F4C; // "LOCS"
inline constexpr uint32_t kInstructionTag = 0x54534E49; // "INST"
inline constexpr uint32_t kBlockTag = 0x534B4C42;    // "BLKS"
inline constexpr uint32_t kRecordTag = 0x43455249;   // "IREC"
inline constexpr uint32_t kSourceTag = 0x53435253;   // "SRCS" (version 3)

enum Opcode : uint8_t {
  ReadVar = 1,
  MovImm = 2,
  Alu = 3,
  AluImm = 4,
  For = 5,
  Trigger = 7,
  ReadElem = 8,
  Memset = 9,
  TensorTensor = 10,
  TensorScalar = 11,
  TensorCopy = 12,
  TensorReduce = 13,
  Iota = 14,
  AffineSelect = 15,
  Activation = 16,
  Matmul = 17,
  CopyPredicated = 18,
  SemSignal = 19, // version 5
  SemWait = 20,   // version 5
  Transpose = 21,
  DynamicFor = 106, // the report's InstDynamicForLoop opcode
};

enum ValueKind : uint8_t { Tensor = 0, Scalar = 1 };
enum LocationKind : uint8_t { Argument = 0, Allocation = 1 };
inline constexpr uint32_t kNone = 0xFFFFFFFFu;

/// The bits of a location's flags byte.
enum LocationFlag : uint8_t {
  /// The location is the DGE scratch (in SBUF).
  ScratchFlag = 1,
};

/// The bits of a compute instruction's flags byte; each opcode takes the
/// ones named for it (transferInstruction, InstructionLayout.h).
enum ComputeFlag : uint8_t {
  /// tensor_scalar: the scalar is the left operand; copy_predicated: copy
  /// where the predicate is 0. Both are the op's `reverse`.
  ReverseFlag = 1,
  /// matmul: accumulate into the output, not start it.
  AccumulateFlag = 1,
  /// tensor_scalar, affine_select: the scalar or bound is register `lhs`,
  /// not the immediate.
  RegisterScalarFlag = 2,
  /// activation: the bias is an operand, not f32 bits.
  BiasOperandFlag = 2,
  /// activation: a sum operand follows.
  SumOperandFlag = 4,
  /// copy_predicated: the source is f32 bits in `imm`, not an operand.
  ImmediateSourceFlag = 2,
};

/// The element type codes (project-defined): a code is the index of its
/// type here. The types and their sizes are dyn's (dyn/Support/ElementTypes.h).
inline constexpr llvm::StringLiteral kElementCodes[] = {
    "f32", "i32", "bf16", "f16", "i8", "i16", "i64", "f64"};

/// The element type of container code `code`; null for an unknown code.
inline const ElementTypeInfo *lookupElementCode(uint8_t code) {
  return code < std::size(kElementCodes) ? lookupElementType(kElementCodes[code])
                                         : nullptr;
}

/// The container code of `type`; none for a type the container cannot hold.
inline std::optional<uint8_t> getElementCode(mlir::Type type) {
  const ElementTypeInfo *info = lookupElementType(type);
  if (!info)
    return std::nullopt;
  const auto *it = llvm::find(kElementCodes, info->name);
  if (it == std::end(kElementCodes))
    return std::nullopt;
  return static_cast<uint8_t>(it - std::begin(kElementCodes));
}

class Writer {
public:
  explicit Writer(llvm::SmallVectorImpl<char> &out) : out(out) {}
  template <typename T> void put(T value) {
    char bytes[sizeof(T)];
    llvm::support::endian::write<T, llvm::endianness::little>(bytes, value);
    out.append(bytes, bytes + sizeof(T));
  }
  void putString(llvm::StringRef s) {
    put<uint32_t>(s.size());
    out.append(s.begin(), s.end());
  }
  /// Starts a section; `finish` patches its length.
  size_t beginSection(uint32_t tag) {
    put<uint32_t>(tag);
    put<uint32_t>(0);
    return out.size();
  }
  void finish(size_t start) {
    llvm::support::endian::write<uint32_t, llvm::endianness::little>(
        out.data() + start - 4, out.size() - start);
  }

private:
  llvm::SmallVectorImpl<char> &out;
};

/// Reads with bounds checks; the first failure is kept in `error` and every
/// later read returns zero, so callers check once per record.
class Reader {
public:
  explicit Reader(llvm::StringRef bytes) : bytes(bytes) {}
  template <typename T> T get(llvm::StringRef what) {
    if (failed() || pos + sizeof(T) > bytes.size()) {
      fail("truncated container: expected " + what.str() + " at byte " +
           std::to_string(pos));
      return T();
    }
    T value = llvm::support::endian::read<T, llvm::endianness::little>(
        bytes.data() + pos);
    pos += sizeof(T);
    return value;
  }
  std::string getString(llvm::StringRef what) {
    uint32_t size = get<uint32_t>(what);
    if (failed() || size > bytes.size() - pos) {
      fail("truncated container: " + what.str() + " of " +
           std::to_string(size) + " bytes at byte " + std::to_string(pos));
      return {};
    }
    std::string s = bytes.substr(pos, size).str();
    pos += size;
    return s;
  }
  /// Enters the section `tag`; its payload must lie inside the file.
  bool section(uint32_t tag, llvm::StringRef name) {
    uint32_t found = get<uint32_t>(name);
    uint32_t length = get<uint32_t>(name);
    if (failed())
      return false;
    if (found != tag)
      return fail("corrupt container: expected the " + name.str() +
                  " section at byte " + std::to_string(pos - 8));
    if (length > bytes.size() - pos)
      return fail("truncated container: the " + name.str() + " section needs " +
                  std::to_string(length) + " bytes");
    sectionEnd = pos + length;
    return true;
  }
  /// The section was consumed exactly.
  bool endSection(llvm::StringRef name) {
    if (!failed() && pos != sectionEnd)
      return fail("corrupt container: the " + name.str() +
                  " section has the wrong length");
    return !failed();
  }
  bool atEnd() const { return pos == bytes.size(); }
  /// True when the next four bytes are `tag` (a section starts there).
  bool startsWith(uint32_t tag) const {
    return pos + 4 <= bytes.size() &&
           llvm::support::endian::read<uint32_t, llvm::endianness::little>(
               bytes.data() + pos) == tag;
  }
  bool fail(const std::string &message) {
    if (error.empty())
      error = message;
    return false;
  }
  bool failed() const { return !error.empty(); }
  const std::string &getError() const { return error; }
  size_t position() const { return pos; }

private:
  llvm::StringRef bytes;
  size_t pos = 0, sectionEnd = 0;
  std::string error;
};

} // namespace dyn::addr4::format

#endif // DYN_LIB_TARGET_ADDR4_FORMAT_H
