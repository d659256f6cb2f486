//===- Import.h - shared pieces of the StableHLO import ---------*- C++ -*-===//
//
// Private to lib/Conversion/StableHLOToDynShape.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_CONVERSION_STABLEHLOTODYNSHAPE_IMPORT_H
#define DYN_LIB_CONVERSION_STABLEHLOTODYNSHAPE_IMPORT_H

#include "dyn/Conversion/StableHLOToDynShape/StableHLOToDynShape.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <string>

namespace dyn::stablehlo {

/// A property of a generic-form op (`<{name = ...}>`), or its attribute of
/// that name.
mlir::Attribute getProperty(mlir::Operation *op, llvm::StringRef name);

/// The integer list of a property (`array<i64: ...>` or a dense elements
/// attribute), or none.
std::optional<llvm::SmallVector<int64_t>> getIntList(mlir::Operation *op,
                                                     llvm::StringRef name);

/// The fields of a structured #stablehlo attribute's text, such as
/// `gather<offset_dims = [1], index_vector_dim = 1>`: each field's integers
/// (an integer field is a list of one).
using Fields = llvm::StringMap<llvm::SmallVector<int64_t>>;
std::optional<Fields> parseFields(llvm::StringRef text);

/// StableHLO's operand and result counts for an op: `minOperands` to
/// `maxOperands` operands and `results` results, `kVariadic` for any number.
/// A generic-form op may have any counts; these are checked before the
/// op's own check looks at its operands.
inline constexpr unsigned kVariadic = ~0u;
struct Arity {
  unsigned minOperands, maxOperands, results;
};

/// The import of one StableHLO op: `check` says why its form has no import
/// (empty when it has one); `rewrite` replaces it, given its converted
/// operands.
struct OpImport {
  llvm::StringRef name;
  Arity arity;
  std::function<std::string(mlir::Operation *)> check;
  std::function<mlir::LogicalResult(mlir::Operation *, mlir::ValueRange,
                                    mlir::ConversionPatternRewriter &,
                                    const mlir::TypeConverter &)>
      rewrite;
};

/// Every op the import takes, stated once.
llvm::ArrayRef<OpImport> getOpImports();

/// Region `index` of a generic-form op when it is one non-empty block, or
/// null: the parser lets such a region be missing, empty, or without a
/// terminator, so its last op stands for the terminator.
mlir::Block *getBody(mlir::Operation *op, unsigned index);

/// The converted type of `op`'s result.
inline mlir::Type getResultType(mlir::Operation *op,
                                const mlir::TypeConverter &converter) {
  return converter.convertType(op->getResult(0).getType());
}

/// The tensor-compute entries (OpImportsCompute.cpp): they import to the
/// linalg, arith and math ops the compute lowering takes.
void appendComputeImports(llvm::SmallVectorImpl<OpImport> &imports);

/// The entries that move elements (OpImportsLayout.cpp): transpose and
/// concatenate.
void appendLayoutImports(llvm::SmallVectorImpl<OpImport> &imports);

/// Why the element types of `op` have no import: i32 and i1 scalars;
/// tensors of f32, bf16, f16, i32 or i1 (`floats` / `integers` say which
/// kinds the op takes; `booleans`, whether i1 is among its integers:
/// StableHLO defines no subtraction, division or shift of booleans).
std::string checkElements(mlir::Operation *op, bool floats, bool integers,
                          bool booleans = true);

/// Why `op`'s result is not a static tensor of rank `minRank` or more (the
/// init a linalg op is built on, a slice's static sizes), or "".
std::string checkStaticResult(mlir::Operation *op, int64_t minRank);

/// `checkElements` as a table entry's check.
std::function<std::string(mlir::Operation *)>
elements(bool floats, bool integers, bool booleans = true);

/// An elementwise op: the integer, float or boolean (i1) op (void: none),
/// on scalars or tensors, of the converted result type. StableHLO's
/// booleans are not 1-bit integers: `add` and `maximum` are OR, `multiply`
/// and `minimum` AND.
template <typename IntOp, typename FloatOp, typename BoolOp = IntOp>
auto elementwise() {
  return [](mlir::Operation *op, mlir::ValueRange operands,
            mlir::ConversionPatternRewriter &rewriter,
            const mlir::TypeConverter &converter) -> mlir::LogicalResult {
    mlir::Type type = getResultType(op, converter);
    mlir::Type element = mlir::getElementTypeOrSelf(type);
    mlir::Operation *replacement;
    if (llvm::isa<mlir::FloatType>(element)) {
      if constexpr (std::is_same_v<FloatOp, void>)
        return mlir::failure();
      else
        replacement = FloatOp::create(rewriter, op->getLoc(), type, operands);
    } else if (element.isSignlessInteger(1)) {
      if constexpr (std::is_same_v<BoolOp, void>)
        return mlir::failure();
      else
        replacement = BoolOp::create(rewriter, op->getLoc(), type, operands);
    } else {
      if constexpr (std::is_same_v<IntOp, void>)
        return mlir::failure();
      else
        replacement = IntOp::create(rewriter, op->getLoc(), type, operands);
    }
    rewriter.replaceOp(op, replacement->getResults());
    return mlir::success();
  };
}

} // namespace dyn::stablehlo

#endif // DYN_LIB_CONVERSION_STABLEHLOTODYNSHAPE_IMPORT_H
