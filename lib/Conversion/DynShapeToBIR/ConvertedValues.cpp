//===- ConvertedValues.cpp - what an operand stands for mid-conversion ----===//
//
// The conversion does not roll back, so an operand of an op not yet
// converted may name a value already replaced. These helpers look through
// to the replacement: its register, or the constant it holds.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

Value dyn::lookThroughConversion(Value value) {
  auto cast = value.getDefiningOp<UnrealizedConversionCastOp>();
  return cast && cast.getInputs().size() == 1 ? cast.getInputs().front()
                                              : value;
}

Value dyn::getRegisterOf(OpBuilder &builder, const BIRTypeConverter &converter,
                         Location loc, Value value) {
  if (llvm::isa<RegType>(value.getType()))
    return value;
  value = lookThroughConversion(value);
  if (llvm::isa<RegType>(value.getType()))
    return value;
  return converter.materializeTargetConversion(
      builder, loc, RegType::get(builder.getContext()), value);
}

/// The immediate a register operand of an op being converted holds: a
/// bir.mov_imm, or an integer constant (which stays one while its users take
/// immediates, and becomes a bir.mov_imm only if a register of it is left).
static std::optional<int32_t> getConvertedImmediate(Value value) {
  Value source = lookThroughConversion(value);
  if (auto mov = source.getDefiningOp<MovImmOp>())
    return static_cast<int32_t>(mov.getValue());
  if (source == value)
    return std::nullopt;
  // The constant itself, read as getConstantInt reads one.
  if (std::optional<int64_t> constant = getConstantInt(source))
    return static_cast<int32_t>(*constant);
  return std::nullopt;
}

TypedAttr dyn::getConstantAttr(Value value) {
  if (std::optional<int32_t> imm = getConvertedImmediate(value)) {
    // A !bir.reg holds an i32; a value of the original type (i32, index, or
    // an i1 flag) keeps its type.
    Type type = value.getType();
    if (llvm::isa<RegType>(type))
      type = IntegerType::get(value.getContext(), 32);
    if (type.isIndex())
      return IntegerAttr::get(type, *imm);
    return IntegerAttr::get(type, APInt(type.getIntOrFloatBitWidth(), *imm,
                                        /*isSigned=*/true,
                                        /*implicitTrunc=*/true));
  }
  TypedAttr attr;
  return matchPattern(value, m_Constant(&attr)) ? attr : TypedAttr();
}

std::optional<int64_t> dyn::getConstantInt(Value value) {
  if (std::optional<int32_t> imm = getConvertedImmediate(value))
    return *imm;
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  // A flag is 0 or 1 in a register; wider than 64 bits is no register's.
  if (constant.getBitWidth() == 1)
    return constant.getZExtValue();
  return constant.trySExtValue();
}

std::optional<int64_t> dyn::getConstantInt(OpFoldResult ofr) {
  if (auto value = llvm::dyn_cast<Value>(ofr))
    return getConstantInt(value);
  return getConstantIntValue(ofr);
}

