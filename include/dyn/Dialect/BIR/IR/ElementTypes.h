//===- ElementTypes.h - the element types the backend carries ---*- C++ -*-===//
//
// The one table of element types (project-defined, docs/ADDR4.md): the
// container's type code, the width in bytes, the MLIR spelling and the
// NumPy dtype of each. The serializer, the container reader, the listing
// and the simulator's .npy I/O all read it.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_BIR_IR_ELEMENTTYPES_H
#define DYN_DIALECT_BIR_IR_ELEMENTTYPES_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace dyn::bir {

struct ElementTypeInfo {
  /// The code that stands for the type in the container.
  uint8_t code;
  /// Bytes per element.
  uint8_t bytes;
  /// The MLIR spelling, e.g. "f32".
  llvm::StringLiteral name;
  /// The NumPy dtype; bf16, which NumPy lacks, is '<u2' holding its bits.
  llvm::StringLiteral npyDescr;
  /// Builds the MLIR type.
  mlir::Type (*build)(mlir::MLIRContext *);
};

/// Every element type, in code order (the code is the index).
llvm::ArrayRef<ElementTypeInfo> getElementTypeTable();

/// The entry of `type`; null for a type the backend does not carry.
const ElementTypeInfo *lookupElementType(mlir::Type type);

/// The entry of container code `code`; null for an unknown code.
const ElementTypeInfo *lookupElementType(uint8_t code);

} // namespace dyn::bir

#endif // DYN_DIALECT_BIR_IR_ELEMENTTYPES_H
