//===- ALUBuilder.h - emitting register-ALU code ----------------*- C++ -*-===//
//
// Address arithmetic for Stages 3a and 3b: builds `c + Σ coef_i * r_i` and
// the delinearization on one engine, folding what is known at compile time
// so `x * 1`, `x + 0` and constant subtrees never reach the output.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_LIB_DIALECT_BIR_TRANSFORMS_ALUBUILDER_H
#define DYN_LIB_DIALECT_BIR_TRANSFORMS_ALUBUILDER_H

#include "dyn/Dialect/BIR/IR/AddressMap.h"

#include "mlir/IR/Builders.h"

namespace dyn::bir {

class ALUBuilder {
public:
  ALUBuilder(mlir::OpBuilder &builder, mlir::Location loc, Engine engine)
      : builder(builder), loc(loc), engine(engine) {}

  mlir::Value constant(int64_t value);
  mlir::Value op(AluOpKind kind, mlir::Value lhs, mlir::Value rhs);
  mlir::Value opImm(AluOpKind kind, mlir::Value lhs, int64_t imm);

  /// `c + Σ coefs[i] * regs[i]`: one mult per coefficient other than 1, one
  /// add per further term, one add of c when it is not 0 (RegMov c when
  /// there are no terms): at most 1 + 2k instructions.
  mlir::Value linear(int64_t c, llvm::ArrayRef<int64_t> coefs,
                     mlir::ValueRange regs);

  /// The address-map address of unit `off = c + Σ coefs[i] * regs[i]`
  /// (units `unitBytes` wide) of `location`, whose partitions hold
  /// `rowUnits = rowBytes / unitBytes` units: base + (off / rowUnits) *
  /// partition stride + (off % rowUnits) * unitBytes (the delinearization of
  /// Stage 3a). When `rowUnits` divides c and every coefficient, and the
  /// registers' ranges (from their code: clamps, loop bounds) show that the
  /// offset cannot wrap, the offset is whole rows: off % rowUnits is 0 and
  /// off / rowUnits is linear, so the address is one linear expression, `linear(base + c / rowUnits *
  /// stride, coefs / rowUnits * stride)` (2 instructions for one register,
  /// not 7).
  mlir::Value onChipAddress(int64_t c, llvm::ArrayRef<int64_t> coefs,
                            mlir::ValueRange regs, int64_t unitBytes,
                            const OnChipLocation &location);

private:
  mlir::Value delinearize(mlir::Value off, int64_t unitBytes,
                          const OnChipLocation &location);

  mlir::OpBuilder &builder;
  mlir::Location loc;
  Engine engine;
};

} // namespace dyn::bir

#endif // DYN_LIB_DIALECT_BIR_TRANSFORMS_ALUBUILDER_H
