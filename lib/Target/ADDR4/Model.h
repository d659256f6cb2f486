//===- Model.h - a container as plain, validated data -----------*- C++ -*-===//
//
// The one in-memory form of a container, with one byte-level reader
// (ModelReader.cpp) and one writer (ModelWriter.cpp). Serializing is MLIR to
// model (Serializer) to bytes; reading is bytes to model (every bound, code
// and index checked, so malformed input is an error message) to MLIR
// (Deserializer) or to text (Listing).
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_TARGET_ADDR4_MODEL_H
#define DYN_LIB_TARGET_ADDR4_MODEL_H

#include "dyn/Target/ADDR4/ADDR4.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace dyn::addr4 {

struct TensorSpec {
  uint8_t element = 0;
  llvm::SmallVector<uint32_t> dims;
};
struct ArgumentSpec {
  uint8_t kind = 0; // format::ValueKind
  TensorSpec tensor;
};
struct ResultSpec {
  uint8_t kind = 0;
  uint32_t location = 0;     // tensor
  uint8_t engine = 0, reg = 0; // scalar in a register
};
struct LocationSpec {
  uint8_t kind = 0; // format::LocationKind
  uint16_t argument = 0;
  uint8_t space = 0;
  TensorSpec tensor;
  uint32_t address = 0;
  uint8_t flags = 0; // format::LocationFlag
};
/// One side of a descriptor, or one operand of a compute instruction: a
/// location, an offset (bytes for a descriptor side, elements for an
/// operand), the ADDR4 word that says how the address is found, a pattern,
/// and for an indirect side its record.
struct SideSpec {
  uint32_t location = 0, offset = 0, record = 0;
  Decoded word;
  uint32_t rawWord = 0;
  llvm::SmallVector<int64_t> pattern;
};
/// Where an instruction came from: a file of the function's source table
/// (or none), a line and a column.
struct SourceSpec {
  uint32_t file = 0xFFFFFFFFu, line = 0, column = 0;
};
struct InstructionSpec {
  uint8_t opcode = 0, engine = 0;
  SourceSpec source;
  uint8_t dst = 0, lhs = 0, rhs = 0, kind = 0, dgeType = 0, queue = 0xFF;
  uint16_t argument = 0;
  int32_t imm = 0, lb = 0, ub = 0, step = 0, coef = 0, constant = 0;
  uint32_t maxTrip = 0, bodyCount = 0, block = 0;
  uint32_t location = 0, element = 0; // ReadElem, Memset
  uint8_t semaphore = 0;              // SemSignal, SemWait
  uint64_t fill = 0;                  // Memset; f32 bits of a compute fill
  llvm::SmallVector<int64_t> pattern; // Memset
  // Compute instructions: operands in the op's order; flags (the
  // format::ComputeFlag bits: a scalar or bound not in register `lhs` is
  // `imm`, f32 bits for tensor_scalar; an activation's bias not an operand
  // is f32 bits in `fill`, and `imm` holds the f32 bits of its scale; a
  // copy_predicated immediate source is f32 bits in `imm`); an affine index.
  llvm::SmallVector<SideSpec, 3> operands;
  uint8_t flags = 0;
  int32_t base = 0, partition = 0;
  llvm::SmallVector<int32_t> free;
};
struct DescriptorSpec {
  SideSpec src, dst;
  uint32_t bytes = 0;
};
struct BlockSpec {
  uint32_t budget = 0;
  llvm::SmallVector<DescriptorSpec> descriptors;
};
/// An indirect record: the index slots [first, first + count) of a 1-D i32
/// location, one per descriptor row.
struct RecordSpec {
  uint8_t kind = 0;
  uint32_t location = 0;
  uint8_t elementBytes = 0;
  uint32_t first = 0, count = 0, rowStride = 0;
};

/// One entry function: its signature, locations, instructions, descriptor
/// blocks, indirect records, and the source files its instructions name.
struct FunctionModel {
  std::string name;
  llvm::SmallVector<ArgumentSpec> arguments;
  llvm::SmallVector<ResultSpec> results;
  llvm::SmallVector<LocationSpec> locations;
  llvm::SmallVector<InstructionSpec, 0> instructions;
  llvm::SmallVector<BlockSpec> blocks;
  llvm::SmallVector<RecordSpec> records;
  llvm::SmallVector<std::string> sourceFiles;
};

struct ContainerModel {
  uint16_t version = 0, archLevel = 0;
  /// The version of the dyn that wrote the container (major, minor, patch):
  /// a record of provenance, which the reader does not check.
  uint16_t writerMajor = 0, writerMinor = 0, writerPatch = 0;
  /// One or more, with distinct names.
  llvm::SmallVector<FunctionModel, 1> functions;
};

/// Writes `model`, which must be valid (as the serializer builds it).
void writeContainer(const ContainerModel &model,
                    llvm::SmallVectorImpl<char> &bytes);

/// Parses and validates; on failure `error` says what is wrong and where.
std::optional<ContainerModel> parseContainer(llvm::StringRef bytes,
                                             std::string &error);

} // namespace dyn::addr4

#endif // DYN_LIB_TARGET_ADDR4_MODEL_H
