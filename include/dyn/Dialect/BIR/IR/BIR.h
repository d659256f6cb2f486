//===- BIR.h - the bir dialect ----------------------------------*- C++ -*-===//

#ifndef DYN_DIALECT_BIR_IR_BIR_H
#define DYN_DIALECT_BIR_IR_BIR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dyn/Dialect/BIR/IR/Pattern.h"
#include "dyn/Support/ElementTypes.h"
#include "dyn/Support/Machine.h"

#include "dyn/Dialect/BIR/IR/BIROpsDialect.h.inc"
#include "dyn/Dialect/BIR/IR/BIREnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dyn/Dialect/BIR/IR/BIRAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "dyn/Dialect/BIR/IR/BIROpsTypes.h.inc"

namespace dyn::bir {

/// Checks the execution model: an instruction reads only registers of its
/// own engine, directly or through the access patterns it consumes.
mlir::LogicalResult verifyEngineDiscipline(mlir::Operation *op);

/// Prints `op`'s attribute dictionary as the declarative `attr-dict` does
/// (`attributes {...}` with `withKeyword`): its discardable attributes and
/// `shown`, the inherent ones printed there (a null one is absent), in name
/// order. Built from the
/// properties directly: `Operation::getAttrs()`, which the generated
/// printer calls, makes a dictionary of all of the op's properties for
/// each op printed, a third of the time spent printing a function of
/// 40,000 `alu_imm`.
void printAttrDict(
    mlir::OpAsmPrinter &p, mlir::Operation *op,
    llvm::ArrayRef<std::pair<mlir::StringAttr, mlir::Attribute>> shown,
    bool withKeyword = false);

/// Parses what printAttrDict prints, checking the inherent attributes as
/// the generated parsers do (the op's creation moves them into its
/// properties).
template <typename OpTy>
mlir::ParseResult parseAttrDict(mlir::OpAsmParser &parser,
                                mlir::OperationState &result,
                                bool withKeyword = false) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (withKeyword ? parser.parseOptionalAttrDictWithKeyword(result.attributes)
                  : parser.parseOptionalAttrDict(result.attributes))
    return mlir::failure();
  return OpTy::verifyInherentAttrs(result.name, result.attributes, [&] {
    return parser.emitError(loc)
           << "'" << result.name.getStringRef() << "' op ";
  });
}

/// custom<Pattern>, the form of a pattern in an op: `[[step, num], ...]`
/// (PatternRef::print), for the bir and dge ops alike.
mlir::ParseResult parsePattern(mlir::AsmParser &parser, PatternAttr &attr);
void printPattern(mlir::AsmPrinter &printer, mlir::Operation *,
                  PatternAttr attr);
/// The engine whose register file holds `reg`, if known.
std::optional<Engine> getRegisterEngine(mlir::Value reg);

/// The register-ALU on 32-bit registers: add/sub/mult wrap; divide and mod
/// truncate toward zero; x/0 and x%0 are 0 (project-defined).
int32_t evaluateAlu(AluOpKind kind, int32_t lhs, int32_t rhs);

/// The kind that computes `lhs kind rhs` as `rhs swapped lhs`: the kind
/// itself when it is commutative, the mirrored compare for an ordering
/// compare (slt <-> sgt, ...), none otherwise.
std::optional<AluOpKind> getSwappedAluKind(AluOpKind kind);

/// True when the code that computes register `reg` can run again elsewhere:
/// `mov_imm`, `read_var` of a runtime scalar (which does not change while
/// the function runs), and `alu`/`alu_imm` over such values; with
/// `elementReads`, `read_elem` too, for a copy placed where the memory it
/// reads cannot have changed (right after the original). Not an induction
/// register.
bool isRecomputable(mlir::Value reg, bool elementReads = false);

/// Bytes per element of `type`'s element type (dyn::getElementBytes); none
/// for an element type dyn does not carry.
std::optional<int64_t> getElementBytes(mlir::MemRefType type);

/// The strides of a memref, in elements, as its layout defines them.
llvm::SmallVector<int64_t> getStrides(mlir::MemRefType type);

/// Bytes of a whole static buffer; none when the shape is dynamic, the
/// elements are not whole bytes, or the size overflows 64 bits.
std::optional<int64_t> getByteSize(mlir::MemRefType type);

/// Bytes each partition holds of an on-chip location (dimension 0 is the
/// partition dimension): the element bytes times the other extents.
int64_t getBytesPerPartition(mlir::MemRefType type);

/// The location and pattern behind an access-pattern value, if an
/// AccessPatternInterface op defines it and carries both (one not yet
/// verified may lack them).
std::optional<std::pair<mlir::MemRefType, PatternRef>> describeAP(mlir::Value ap);

/// Checks a compute operand (docs/Numerics.md): an on-chip access pattern
/// without dynamic info, in a space `engine` reaches (Pool: SBUF only), of
/// f32, bf16 or f16 (`allowI32`: also i32), whose first [step, num] pair
/// walks whole partitions and whose other pairs stay inside one. Returns
/// its shape (the nums).
mlir::FailureOr<llvm::SmallVector<int64_t>>
verifyComputeOperand(mlir::Operation *op, mlir::Value ap, llvm::StringRef name,
                     Engine engine, bool allowI32 = false);

/// Bytes the access-pattern value `ap` moves, if an AP op defines it.
std::optional<int64_t> getAccessPatternBytes(mlir::Value ap);

/// Checks the sides of a transposing DMA: a 2-D source pattern (the xbar
/// transposes a tile) and no indirect side (whose first entry is its index
/// rows, not a dimension of a tile).
mlir::LogicalResult verifyTranspose(mlir::Operation *op, mlir::Value src,
                                    mlir::Value dst);

/// Checks that `src` and `dst` are access-pattern ops moving equal bytes.
mlir::LogicalResult verifyCopyBytes(mlir::Operation *op, mlir::Value src,
                                    mlir::Value dst);

/// Why `type` (at `address`, when placed) cannot be a location, or "": it
/// must have a bir memory space and the identity layout, and on chip at
/// most 128 partitions of whole-byte elements within the space's capacity.
std::string whyNotLocation(mlir::MemRefType type,
                           std::optional<uint64_t> address);

/// whyNotLocation as a diagnostic.
mlir::LogicalResult
verifyLocationType(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                   mlir::MemRefType type, std::optional<uint64_t> address);

/// The memory space of a bir memref, if it has one.
std::optional<MemorySpace> getMemorySpace(mlir::MemRefType type);

/// The physical register holding `reg`: the id its defining instruction (or,
/// for an induction register, its loop) records; none before
/// bir-allocate-registers.
std::optional<unsigned> getPhysicalRegister(mlir::Value reg);

namespace detail {
/// The `reg` attribute of instructions that define a register, for the
/// InstInterface methods; null (or failure) for the others.
template <typename OpT>
auto getRegAttr(OpT op, int) -> decltype(op.getRegAttr()) {
  return op.getRegAttr();
}
template <typename OpT>
mlir::IntegerAttr getRegAttr(OpT, long) {
  return {};
}
template <typename OpT>
auto setRegAttr(OpT op, mlir::IntegerAttr id, int)
    -> decltype(op.setRegAttr(id), llvm::success()) {
  op.setRegAttr(id);
  return llvm::success();
}
template <typename OpT>
llvm::LogicalResult setRegAttr(OpT, mlir::IntegerAttr, long) {
  return llvm::failure();
}
} // namespace detail

} // namespace dyn::bir

#include "dyn/Dialect/BIR/IR/BIRInterfaces.h.inc"

#define GET_OP_CLASSES
#include "dyn/Dialect/BIR/IR/BIROps.h.inc"

#endif // DYN_DIALECT_BIR_IR_BIR_H
