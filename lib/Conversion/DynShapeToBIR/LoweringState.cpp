//===- LoweringState.cpp - what one run of the lowering knows -------------===//

#include "Compute.h"

#include "dyn/Conversion/DynShapeToBIR/DynShapeToBIR.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

LoweringState::LoweringState(Operation *root, Engine engine) : engine(engine) {
  root->walk([&](Operation *op) {
    if (auto alloc = llvm::dyn_cast<memref::AllocOp>(op)) {
      if (dynshape::BufferMaskOp mask = findFoldedMask(alloc, engine))
        foldedMasks[alloc] = mask;
    } else if (auto loop = llvm::dyn_cast<scf::ForOp>(op)) {
      if (std::optional<int64_t> maxTrip = getMaxTripCount(loop))
        maxTrips[loop] = *maxTrip;
    }
  });
}

Operation *LoweringState::getFoldedMask(Value buffer) const {
  Operation *alloc = buffer.getDefiningOp();
  return alloc ? foldedMasks.lookup(alloc) : nullptr;
}

std::optional<int64_t> LoweringState::getMaxTrip(Operation *loop) const {
  auto it = maxTrips.find(loop);
  if (it == maxTrips.end())
    return std::nullopt;
  return it->second;
}

MovImmOp LoweringState::getMove(OpBuilder &builder, arith::ConstantOp constant,
                                int32_t value) {
  MovImmOp &move = moves[constant];
  if (!move) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointAfter(constant);
    move = MovImmOp::create(builder, constant.getLoc(),
                            RegType::get(builder.getContext()),
                            builder.getI32IntegerAttr(value),
                            EngineAttr::get(builder.getContext(), engine),
                            IntegerAttr());
  }
  return move;
}

ReadVarOp LoweringState::getRead(OpBuilder &builder, BlockArgument arg,
                                 Location loc) {
  std::map<unsigned, ReadVarOp> &made = reads[arg.getOwner()];
  auto next = made.lower_bound(arg.getArgNumber());
  if (next != made.end() && next->first == arg.getArgNumber())
    return next->second;
  // In argument order: before the read of the next argument, or after the
  // read of the previous one.
  OpBuilder::InsertionGuard guard(builder);
  if (next != made.end())
    builder.setInsertionPoint(next->second);
  else if (next != made.begin())
    builder.setInsertionPointAfter(std::prev(next)->second);
  else
    builder.setInsertionPointToStart(arg.getOwner());
  auto read = ReadVarOp::create(builder, loc, RegType::get(builder.getContext()),
                                arg, engine, IntegerAttr());
  made.emplace(arg.getArgNumber(), read);
  return read;
}
