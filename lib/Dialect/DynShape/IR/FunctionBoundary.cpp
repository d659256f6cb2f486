//===- FunctionBoundary.cpp - the function-boundary convention ------------===//

#include "dyn/Dialect/DynShape/IR/FunctionBoundary.h"

#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace dyn::dynshape;

bool dyn::dynshape::crossesFunctionBoundary(Value buffer) {
  if (auto arg = llvm::dyn_cast<BlockArgument>(buffer))
    return llvm::isa_and_nonnull<FunctionOpInterface>(
        arg.getOwner()->getParentOp());
  return llvm::any_of(buffer.getUsers(), [](Operation *user) {
    return user->hasTrait<OpTrait::ReturnLike>() &&
           llvm::isa_and_nonnull<FunctionOpInterface>(user->getParentOp());
  });
}

FunctionBoundary::FunctionBoundary(TypeRange types)
    : original(types.begin(), types.end()) {
  for (auto [index, type] : llvm::enumerate(original)) {
    auto ranked = llvm::dyn_cast<RankedTensorType>(type);
    if (!ranked || !getBoundsAttr(ranked))
      continue;
    for (unsigned d = 0, e = ranked.getRank(); d < e; ++d)
      if (ranked.isDynamicDim(d))
        sizePositions.push_back({static_cast<unsigned>(index), d});
  }
}

Type FunctionBoundary::getPaddedType(Type type) {
  auto ranked = llvm::dyn_cast<RankedTensorType>(type);
  if (!ranked || !getBoundsAttr(ranked))
    return type;
  return RankedTensorType::get(getBoundedShape(ranked),
                               ranked.getElementType());
}

SmallVector<Type> FunctionBoundary::getBoundaryTypes() const {
  SmallVector<Type> types;
  for (Type type : original)
    types.push_back(getPaddedType(type));
  if (!original.empty())
    types.append(sizePositions.size(),
                 IntegerType::get(original.front().getContext(), 32));
  return types;
}

std::optional<unsigned> FunctionBoundary::getSizePosition(unsigned index,
                                                          unsigned dim) const {
  for (auto [i, position] : llvm::enumerate(sizePositions))
    if (position == std::make_pair(index, dim))
      return original.size() + i;
  return std::nullopt;
}
