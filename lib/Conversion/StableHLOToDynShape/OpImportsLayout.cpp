//===- OpImportsLayout.cpp - StableHLO ops that move elements -------------===//
//
// stablehlo.transpose and stablehlo.concatenate: they import to
// linalg.transpose and tensor.concat, which the lowering takes as copies
// (docs/StableHLO.md).
//
//===----------------------------------------------------------------------===//

#include "Import.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace dyn::stablehlo;

/// Why a transpose has no import: a static result of rank 1 or more and a
/// `permutation` of its dims.
static std::string checkTranspose(Operation *op) {
  if (std::string why = checkElements(op, true, true); !why.empty())
    return why;
  if (std::string why = checkStaticResult(op, 1); !why.empty())
    return why;
  std::optional<SmallVector<int64_t>> permutation =
      getIntList(op, "permutation");
  int64_t rank = llvm::cast<RankedTensorType>(op->getResult(0).getType())
                     .getRank();
  if (!permutation || static_cast<int64_t>(permutation->size()) != rank ||
      !isPermutationVector(*permutation))
    return "has no permutation of its " + std::to_string(rank) + " dims";
  return "";
}

static LogicalResult rewriteTranspose(Operation *op, ValueRange operands,
                                      ConversionPatternRewriter &rewriter,
                                      const TypeConverter &converter) {
  auto type = llvm::cast<RankedTensorType>(getResultType(op, converter));
  Value init = tensor::EmptyOp::create(rewriter, op->getLoc(), type.getShape(),
                                       type.getElementType());
  rewriter.replaceOpWithNewOp<linalg::TransposeOp>(
      op, operands[0], init, *getIntList(op, "permutation"));
  return success();
}

/// Why a concatenate has no import: static operands and result of rank 1 or
/// more, along a `dimension` of them.
static std::string checkConcatenate(Operation *op) {
  if (std::string why = checkElements(op, true, true); !why.empty())
    return why;
  if (std::string why = checkStaticResult(op, 1); !why.empty())
    return why;
  for (Value operand : op->getOperands())
    if (!llvm::cast<RankedTensorType>(operand.getType()).hasStaticShape())
      return "has a bounded operand; the import takes concatenations of "
             "static tensors";
  auto dim = llvm::dyn_cast_or_null<IntegerAttr>(getProperty(op, "dimension"));
  int64_t rank = llvm::cast<RankedTensorType>(op->getResult(0).getType())
                     .getRank();
  if (!dim || dim.getInt() < 0 || dim.getInt() >= rank)
    return "has no dimension below its rank " + std::to_string(rank);
  return "";
}

static LogicalResult rewriteConcatenate(Operation *op, ValueRange operands,
                                        ConversionPatternRewriter &rewriter,
                                        const TypeConverter &converter) {
  auto dim = llvm::cast<IntegerAttr>(getProperty(op, "dimension"));
  rewriter.replaceOpWithNewOp<tensor::ConcatOp>(
      op, getResultType(op, converter), dim.getInt(), operands);
  return success();
}

void dyn::stablehlo::appendLayoutImports(SmallVectorImpl<OpImport> &imports) {
  imports.append({
      {"stablehlo.transpose", {1, 1, 1}, checkTranspose, rewriteTranspose},
      {"stablehlo.concatenate", {1, kVariadic, 1}, checkConcatenate,
       rewriteConcatenate},
  });
}
