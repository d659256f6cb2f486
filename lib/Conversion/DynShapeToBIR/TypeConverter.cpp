//===- TypeConverter.cpp - the types of bir -------------------------------===//
//
// Seam S1 of the report: a runtime scalar becomes an engine register,
// whether it steers an address or bounds a loop. And every memref gets the
// memory space of the location it names.
//
//===----------------------------------------------------------------------===//

#include "Compute.h"
#include "Patterns.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/IR/FunctionBoundary.h"
#include "dyn/Support/Machine.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

bool dyn::isScalarType(Type type) {
  return type.isIndex() || type.isSignlessInteger(32);
}

bool dyn::isRegisterType(Type type) {
  return isScalarType(type) || type.isSignlessInteger(1);
}

static MemRefType inSpace(MemRefType type, MemorySpace space) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         type.getLayout(),
                         MemorySpaceAttr::get(type.getContext(), space));
}

/// Where the location a memref value names lives: an allocation the
/// function returns is a DRAM output, any other allocation SBUF unless it
/// cannot be an SBUF location (more than 128 rows, or more bytes per
/// partition than the SBUF holds), which makes it DRAM scratch that compute
/// stages through SBUF tiles; a view is in its source's space; anything
/// else (a function argument) is DRAM.
static MemorySpace getLocationSpace(Value value) {
  // A location already converted (its replacement, or a function argument
  // of the converted signature) has its space.
  value = lookThroughConversion(value);
  if (auto type = llvm::dyn_cast<MemRefType>(value.getType()))
    if (auto space =
            llvm::dyn_cast_or_null<MemorySpaceAttr>(type.getMemorySpace()))
      return space.getValue();
  if (Value source = getViewSource(value))
    return getLocationSpace(source);
  auto alloc = value.getDefiningOp<memref::AllocOp>();
  if (!alloc || dynshape::crossesFunctionBoundary(value))
    return MemorySpace::dram;
  // A well-formed location (static, whole-byte elements, identity layout)
  // fails on chip only for its partitions or its bytes per partition.
  MemRefType type = inSpace(alloc.getType(), MemorySpace::sbuf);
  bool tooLarge =
      type.getRank() >= 1 && type.hasStaticShape() &&
      type.getNumElements() > 0 && type.getLayout().isIdentity() &&
      bir::getElementBytes(type) && !whyNotLocation(type, std::nullopt).empty();
  return tooLarge ? MemorySpace::dram : MemorySpace::sbuf;
}

MemRefType dyn::getLocationType(Value memref) {
  return inSpace(llvm::cast<MemRefType>(memref.getType()),
                 getLocationSpace(memref));
}

Type dyn::getFunctionArgumentType(Type type) {
  if (auto memref = llvm::dyn_cast<MemRefType>(type))
    return inSpace(memref, MemorySpace::dram);
  // A runtime index crosses the boundary as the 32-bit scalar it is in a
  // register.
  if (type.isIndex())
    return IntegerType::get(type.getContext(), 32);
  return type;
}

BIRTypeConverter::BIRTypeConverter(LoweringState &state) : state(state) {
  addConversion([](Type type) { return type; });
  addConversion([](Type type) -> std::optional<Type> {
    if (isRegisterType(type))
      return RegType::get(type.getContext());
    return std::nullopt;
  });
  // A memref type alone is a function's tensor: DRAM.
  addConversion([](MemRefType type) -> std::optional<Type> {
    if (type.getMemorySpace())
      return std::nullopt;
    return inSpace(type, MemorySpace::dram);
  });
  // A memref value knows which location it names (context-aware, so added
  // last: tried first).
  addConversion([](Value value) -> std::optional<Type> {
    auto type = llvm::dyn_cast<MemRefType>(value.getType());
    if (!type || type.getMemorySpace())
      return std::nullopt;
    return getLocationType(value);
  });
  // A register still used where an index is expected (a view offset, until
  // a DMA pattern folds the view), or a location used where its old type
  // is, stays visible as a cast that reconcileUnrealizedCasts resolves.
  addSourceMaterialization([](OpBuilder &builder, Type type, ValueRange inputs,
                              Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  });
  addTargetMaterialization([](OpBuilder &builder, Type type, ValueRange inputs,
                              Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  });
  // An integer constant stays as it is (its users take immediates); where a
  // register of it is needed, it is one bir.mov_imm (tried before the
  // cast; checkLowerable has rejected a constant that does not fit a
  // register).
  addTargetMaterialization([&state](OpBuilder &builder, Type type,
                                    ValueRange inputs, Location) -> Value {
    auto constant = inputs.size() == 1
                        ? inputs[0].getDefiningOp<arith::ConstantOp>()
                        : arith::ConstantOp();
    if (!constant || !llvm::isa<RegType>(type))
      return {};
    std::optional<int64_t> value = getConstantInt(constant);
    if (!value || !machine::fitsRegister(*value))
      return {};
    return state.getMove(builder, constant, static_cast<int32_t>(*value));
  });
  // A runtime i32 argument lives in DRAM: it is read into a register once,
  // at the start of the function (added last: tried before the cast).
  addTargetMaterialization([&state](OpBuilder &builder, Type type,
                                    ValueRange inputs, Location loc) -> Value {
    if (inputs.size() != 1 || !llvm::isa<RegType>(type))
      return {};
    auto arg = llvm::dyn_cast<BlockArgument>(inputs[0]);
    if (!arg || !arg.getType().isSignlessInteger(32) ||
        !llvm::isa<func::FuncOp>(arg.getOwner()->getParentOp()))
      return {};
    return state.getRead(builder, arg, loc);
  });
}
