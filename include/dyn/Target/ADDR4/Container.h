//===- Container.h - the dyn binary: serialize, deserialize, list -*- C++ -*-===//
//
// The versioned container of docs/ADDR4.md: for each entry function its
// signature, its locations, the instruction list with engines and source
// locations, descriptor blocks with their ADDR4 words, and indirect
// records. Like MLIR's SPIR-V serializer:
// one public entry each way, a reader that rejects truncated or corrupt
// input with a message, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_TARGET_ADDR4_CONTAINER_H
#define DYN_TARGET_ADDR4_CONTAINER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

namespace dyn::addr4 {

inline constexpr char kMagic[4] = {'D', 'Y', 'N', '4'};
/// The container format's version (docs/ADDR4.md, section 2.1): the reader
/// accepts this one only. 4 added the writer's dyn version to the header.
inline constexpr uint16_t kVersion = 5;

/// The largest container serialize writes unless told otherwise
/// (project-defined; dyn-translate --max-container-bytes).
inline constexpr uint64_t kDefaultMaxContainerBytes = uint64_t(1) << 30;

/// Serializes every function with a body in `module` (after
/// --lower-to-addr4: routed triggers, descriptor blocks, encoded words,
/// physical registers, static addresses), each an entry of the container,
/// with the source location (file:line:col) of each instruction. A
/// container over `maxBytes` is an error with its size, and `bytes` stays
/// empty.
mlir::LogicalResult
serialize(mlir::ModuleOp module, llvm::SmallVectorImpl<char> &bytes,
          uint64_t maxBytes = kDefaultMaxContainerBytes);

/// Rebuilds the dge-level module of a container in `context`; reports a
/// located error and returns null on malformed input.
mlir::OwningOpRef<mlir::ModuleOp>
deserialize(llvm::StringRef bytes, mlir::MLIRContext *context,
            llvm::StringRef sourceName = "<addr4>");

/// Prints a container section by section, each ADDR4 word in hex next to
/// its decoded fields.
mlir::LogicalResult printListing(llvm::StringRef bytes, llvm::raw_ostream &os,
                                 mlir::MLIRContext *context,
                                 llvm::StringRef sourceName = "<addr4>");

/// Prints the container's layout as JSON: the magic, version, section tags
/// and "none"; the element, value-kind, location-kind, engine, ALU and
/// ArchLevel codes the reader accepts; the flag bits; and the fields of
/// every instruction (docs/ADDR4.md), for a tool that keeps its own copy of
/// the layout to check it against.
void printFormatDescription(llvm::raw_ostream &os);

} // namespace dyn::addr4

#endif // DYN_TARGET_ADDR4_CONTAINER_H
