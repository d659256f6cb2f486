//===- LiveRanges.cpp - program-order live ranges with loops --------------===//

#include "LiveRanges.h"

#include "dyn/Support/BottomUp.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace dyn::bir;

ProgramOrder::ProgramOrder(Operation *root) {
  int64_t next = 0;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) { index[op] = next++; });
  root->walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t end = index[op];
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty())
          end = std::max(end, last[&block.back()]);
    last[op] = end;
  });
}

SmallVector<std::pair<Operation *, OpOperand *>>
dyn::bir::getInstructionUses(Value reg) {
  SmallVector<std::pair<Operation *, OpOperand *>> uses;
  for (OpOperand &use : reg.getUses()) {
    Operation *user = use.getOwner();
    if (!llvm::isa<AccessPatternInterface>(user)) {
      uses.emplace_back(user, &use);
      continue;
    }
    llvm::SetVector<Operation *> consumers(user->getUsers().begin(),
                                           user->getUsers().end());
    for (Operation *consumer : consumers)
      uses.emplace_back(consumer, &use);
  }
  return uses;
}

SmallVector<Operation *> dyn::bir::getRegisterCode(Value reg) {
  SmallVector<Operation *> code;
  llvm::DenseMap<Value, bool> visited;
  auto operands = [](Value value, SmallVectorImpl<Value> &out) {
    if (Operation *def = value.getDefiningOp())
      for (Value operand : def->getOperands())
        if (llvm::isa<RegType>(operand.getType()))
          out.push_back(operand);
  };
  // computeBottomUp reaches each value once, after its operands. A block
  // argument (an induction register) has no code.
  dyn::computeBottomUp(reg, visited, operands, [&](Value value) {
    if (Operation *def = value.getDefiningOp())
      code.push_back(def);
    return true;
  });
  return code;
}

int64_t ProgramOrder::useEnd(Operation *user, Operation *defScope) const {
  int64_t end = position(user);
  for (Operation *loop = user->getParentOp(); loop && loop != defScope;
       loop = loop->getParentOp())
    if (llvm::isa<ForOp, DynamicForOp>(loop) &&
        !(defScope && loop->isProperAncestor(defScope)))
      end = std::max(end, this->end(loop));
  return end;
}

std::pair<int64_t, int64_t> ProgramOrder::liveRange(Value value) const {
  Operation *defOp = value.getDefiningOp();
  Operation *scope;
  int64_t start;
  if (auto arg = llvm::dyn_cast<BlockArgument>(value)) {
    // An induction register lives for its whole loop.
    Operation *loop = arg.getOwner()->getParentOp();
    return {position(loop), end(loop)};
  }
  start = position(defOp);
  scope = defOp->getParentOp();
  int64_t finish = start;
  for (auto [consumer, use] : getInstructionUses(value))
    finish = std::max(finish, useEnd(consumer, scope));
  return {start, finish};
}
