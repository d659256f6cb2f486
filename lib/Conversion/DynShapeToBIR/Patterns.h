//===- Patterns.h - shared pieces of convert-dynshape-to-bir ----*- C++ -*-===//
//
// Private to lib/Conversion/DynShapeToBIR: what its pattern files share.
// The rule wrapper and the type converter's accessors, the registers and
// constants behind converted values, the access pattern of a view (Side,
// describeSide) and the copies built from it, the pattern populators, and
// the form checks that both the patterns (as match failures) and
// checkLowerable (as diagnostics) use, so each supported form is stated
// once.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_CONVERSION_DYNSHAPETOBIR_PATTERNS_H
#define DYN_LIB_CONVERSION_DYNSHAPETOBIR_PATTERNS_H

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <string>

namespace dyn {

/// What an operand of an op not yet converted stands for: the conversion
/// (which does not roll back) has replaced the value it named, so it may
/// be the cast of its replacement back to the old type; this is that
/// replacement (a register or a location), or `value` itself.
mlir::Value lookThroughConversion(mlir::Value value);

/// The register of a scalar operand of an op not yet converted: its
/// replacement, or the read of the function argument it is.
mlir::Value getRegisterOf(mlir::OpBuilder &builder,
                          const BIRTypeConverter &converter, mlir::Location loc,
                          mlir::Value value);

/// The constant `value` holds, as an attribute of its type: an arith
/// constant, or the register an integer constant became (an i32 attribute
/// for a !bir.reg); else null.
mlir::TypedAttr getConstantAttr(mlir::Value value);

/// The integer constant `value` holds (an arith constant, or the register
/// a constant became), sign-extended, an i1 zero-extended; none wider than
/// 64 bits.
std::optional<int64_t> getConstantInt(mlir::Value value);

/// The constant an offset, size or stride holds: its attribute, or what
/// getConstantInt finds in its value (which the conversion may already have
/// made a register).
std::optional<int64_t> getConstantInt(mlir::OpFoldResult ofr);

/// The rewrite of one lowering rule: it replaces `op`, or says why it does
/// not match (notifyMatchFailure). `converter` gives the converted types and
/// the engine of the registers.
template <typename OpTy>
using BIRRuleFn = mlir::LogicalResult (*)(OpTy op,
                                          typename OpTy::Adaptor adaptor,
                                          mlir::ConversionPatternRewriter &,
                                          const BIRTypeConverter &converter);

/// A lowering rule written as a function.
template <typename OpTy, BIRRuleFn<OpTy> Rule>
struct BIRRule : mlir::OpConversionPattern<OpTy> {
  using mlir::OpConversionPattern<OpTy>::OpConversionPattern;
  mlir::LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    return Rule(op, adaptor, rewriter,
                *this->template getTypeConverter<BIRTypeConverter>());
  }
};

/// A function argument at the boundary of a bir function: a tensor is a
/// DRAM tensor (whatever space it had), an i32 stays an i32.
mlir::Type getFunctionArgumentType(mlir::Type type);

/// The type of a memref value without a memory space in bir: its type in
/// the space of the location it names (BIRTypeConverter).
mlir::MemRefType getLocationType(mlir::Value memref);

/// i32 and index values (scalars) and i1 flags (0 or 1) live in
/// registers.
bool isRegisterType(mlir::Type type);

/// i32 or index: the scalars register arithmetic computes on.
bool isScalarType(mlir::Type type);

/// The predicate that compares two i1 flags held as 0 and 1 (in registers,
/// or as 0.0 and 1.0 on the engines) in their natural order: as a signed
/// i1, true is -1, so a signed order predicate is the unsigned one with
/// its sides swapped (`slt` -> `ugt`); the others stay.
mlir::arith::CmpIPredicate getFlagPredicate(mlir::arith::CmpIPredicate);

/// True for an arith op with a register-ALU form: integer arithmetic on
/// scalars, andi/ori/xori on flags too, cmpi of scalars or of flags,
/// extui/extsi of a flag to a scalar, trunci of a scalar to a flag, select
/// of registers. The patterns and checkLowerable read the same table
/// (RegisterArithmetic.cpp).
bool hasRegisterForm(mlir::Operation *op);

/// The arith ops with a register form, as the diagnostic lists them.
std::string describeRegisterForms();

/// The register-ALU forms of the arith ops hasRegisterForm accepts.
void populateRegisterArithmeticPatterns(const BIRTypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);

/// The row-major element index of an i32 load at constant indices.
std::optional<int64_t> getConstantLinearIndex(mlir::memref::LoadOp load);

/// Why `view` (a memref operand of a DMA-like op) cannot be a DMA side, or
/// an empty string: it must be a location (function tensor or allocation)
/// or views of one: subviews with static sizes and strides (a runtime
/// offset only on the location itself), expand_shape and collapse_shape.
std::string whyNotASide(mlir::Value view);

/// True if `view` is, or is a view of, a subview with an offset known only
/// at run time.
bool hasRuntimeOffset(mlir::Value view);

/// The source of a view op (memref.subview, expand_shape, collapse_shape)
/// that defines `view` (through a conversion cast), or null.
mlir::Value getViewSource(mlir::Value view);

/// One side of a copy: a kind-1 pattern over a base location, plus the
/// runtime terms of its start address. The pattern has one pair per dim of
/// the view (a rank-reducing view's dropped dims add only to the start).
struct Side {
  mlir::Value base;
  int64_t offset = 0;                    // static element offset
  bir::PatternVector pattern;            // one level per view dim
  llvm::SmallVector<mlir::Value> regs;   // runtime offset registers
  llvm::SmallVector<int64_t> scales;     // bytes per unit of each register
  llvm::SmallVector<int64_t> staticDims; // view dims whose offset is static
  int64_t firstDynamicDim = -1;          // base dim of the first register
  /// The base dim each view dim walks along (a reshape's split dims walk
  /// their source's; a merged dim its innermost walking one's).
  llvm::SmallVector<int64_t> baseDims;

  bool isDynamic() const { return !regs.empty(); }
};

/// Resolves a view offset (an index value) to its register.
using RegisterOf = llvm::function_ref<mlir::Value(mlir::Value)>;

/// Describes `view` (a location or views of it; whyNotASide holds).
/// This is the one home of a view's access pattern: the copies, the DMA
/// generators and the compute operands all ask it.
Side describeSide(mlir::Value view, RegisterOf registerOf);

/// The kind-1 access pattern of a static side.
mlir::Value buildAP(mlir::PatternRewriter &rewriter, mlir::Location loc,
                    const Side &side);

/// A copy from `src` to `dst`: a bir.dma when both are static, else the
/// TensorCopyDynamic generator of the dynamic side (the destination when
/// both are, the source's registers then its `other` terms).
void buildCopy(mlir::PatternRewriter &rewriter, mlir::Operation *op,
               bir::Engine engine, const Side &src, const Side &dst,
               bool transpose = false);

/// A kind-1 access pattern over all of `location` (a whole location).
mlir::Value buildLocationAP(mlir::PatternRewriter &rewriter,
                            mlir::Location loc, mlir::Value location);

/// A DMA from all of location `src` to all of location `dst`.
void buildLocationCopy(mlir::PatternRewriter &rewriter, mlir::Operation *op,
                       bir::Engine engine, mlir::Value src, mlir::Value dst);

/// The compute half: linalg ops and float masks on the engines.
void populateComputePatterns(const BIRTypeConverter &converter,
                             mlir::RewritePatternSet &patterns);

/// Why a 2-D linalg.transpose cannot be a transposing DMA, or empty.
std::string whyNotATransposeDMA(mlir::linalg::LinalgOp op);

/// The scalar half: function signatures, element reads, loops and
/// branches, and register arithmetic.
void populateScalarPatterns(const BIRTypeConverter &converter,
                            mlir::RewritePatternSet &patterns);

/// The memory half: locations, views, copies, gathers, scatters,
/// transposes and padding masks.
void populateMemoryPatterns(const BIRTypeConverter &converter,
                            mlir::RewritePatternSet &patterns);

} // namespace dyn

#endif // DYN_LIB_CONVERSION_DYNSHAPETOBIR_PATTERNS_H
