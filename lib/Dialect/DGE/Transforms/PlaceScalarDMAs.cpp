//===- PlaceScalarDMAs.cpp - dge-place-scalar-dmas ------------------------===//
//
// The report's arch-gated HWDGE alternative for scalar dynamic offsets
// (gen3+). Hardware DGE reads the offset registers of the queue engine it
// runs on, and a register belongs to the engine that defines it, so a
// scalar DMA that is to use hardware DGE moves to a queue engine together
// with the register code of its offset ("a value that two engines need is
// computed on each of them"). Runs on bir before the address code is
// expanded; dge-scan with scalar-route=hwdge then routes it.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DGE/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace dyn::dge {
#define GEN_PASS_DEF_DGEPLACESCALARDMAS
#include "dyn/Dialect/DGE/Transforms/Passes.h.inc"
} // namespace dyn::dge

using namespace mlir;
using namespace dyn;
using namespace dyn::dge;

/// Sets the engine of a register instruction or DMA; false for any other op.
static bool setEngine(Operation *op, bir::Engine engine) {
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case<bir::ReadVarOp, bir::ReadElemOp, bir::MovImmOp, bir::AluOp,
            bir::AluImmOp, bir::DMAOp>([&](auto inst) {
        inst.setEngine(engine);
        return true;
      })
      .Default(false);
}

namespace {

/// Copies of register values on other engines, each made right after the
/// instruction it copies (so a `read_elem` reads what the original read).
class RegisterCopier {
public:
  /// `reg`, which must be recomputable (with element reads), computed on
  /// `engine`.
  Value copy(Value reg, bir::Engine engine) {
    auto key = std::make_pair(reg, engine);
    if (auto it = copies.find(key); it != copies.end())
      return it->second;
    Operation *def = reg.getDefiningOp();
    if (llvm::cast<bir::InstInterface>(def).getEngine() == engine)
      return reg;
    IRMapping mapping;
    for (Value operand : def->getOperands())
      if (llvm::isa<bir::RegType>(operand.getType()))
        mapping.map(operand, copy(operand, engine));
    OpBuilder builder(def->getContext());
    builder.setInsertionPointAfter(def);
    Operation *clone = builder.clone(*def, mapping);
    setEngine(clone, engine);
    copied.insert(def);
    return copies[key] = clone->getResult(0);
  }

  /// Erases the originals that no longer have a use, last first.
  void eraseDeadOriginals() {
    // Erasing an original can leave its operands' producers dead: repeat
    // until none is. Collected first: removing from the SetVector while
    // walking it would shift the walk onto ops already erased.
    while (true) {
      SmallVector<Operation *> dead = llvm::to_vector(llvm::make_filter_range(
          copied, [](Operation *op) { return op->use_empty(); }));
      if (dead.empty())
        return;
      for (Operation *op : dead) {
        copied.remove(op);
        op->erase();
      }
    }
  }

private:
  llvm::DenseMap<std::pair<Value, bir::Engine>, Value> copies;
  llvm::SetVector<Operation *> copied;
};

/// The registers an access pattern reads, if it is a `bir.ap`.
static SmallVector<Value> registersOf(Value ap) {
  if (auto phys = ap.getDefiningOp<bir::PhysicalAPOp>())
    return llvm::to_vector(phys.getDynValues());
  return {};
}

/// True when `ap` is a `bir.ap` whose registers can all move.
static bool isMovable(Value ap) {
  return ap.getDefiningOp<bir::PhysicalAPOp>() &&
         llvm::all_of(registersOf(ap), [](Value reg) {
           // Copies go right after their originals: element reads qualify.
           return bir::isRecomputable(reg, /*elementReads=*/true);
         });
}

/// The side of `dma` at `ap` on `engine`: the same access pattern, with its
/// registers copied there.
static Value placeSide(bir::DMAOp dma, Value ap, bir::Engine engine,
                       RegisterCopier &copier) {
  SmallVector<Value> regs = registersOf(ap);
  if (regs.empty())
    return ap;
  IRMapping mapping;
  for (Value reg : regs)
    mapping.map(reg, copier.copy(reg, engine));
  OpBuilder builder(dma);
  return builder.clone(*ap.getDefiningOp(), mapping)->getResult(0);
}

struct DGEPlaceScalarDMAsPass
    : dyn::dge::impl::DGEPlaceScalarDMAsBase<DGEPlaceScalarDMAsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // A declaration has no DMA to place.
    if (func.isExternal())
      return markAllAnalysesPreserved();
    Arch arch = getArch(func);
    if (failed(checkScalarRouteForArch(func, arch)))
      return signalPassFailure();
    ArrayRef<bir::Engine> queues = getHWDGEEngines(arch);
    SmallVector<uint64_t> load(queues.size(), 0);
    RegisterCopier copier;
    // Only DMAs outside loops: a loop's body runs on the loop's engine.
    for (auto dma : llvm::make_early_inc_range(
             func.getBody().front().getOps<bir::DMAOp>())) {
      if ((classifySide(dma.getSrc()) != SideKind::Scalar &&
           classifySide(dma.getDst()) != SideKind::Scalar) ||
          !isMovable(dma.getSrc()) || !isMovable(dma.getDst()))
        continue;
      size_t best = std::min_element(load.begin(), load.end()) - load.begin();
      bir::Engine engine = queues[best];
      Value src = placeSide(dma, dma.getSrc(), engine, copier);
      Value dst = placeSide(dma, dma.getDst(), engine, copier);
      load[best] = llvm::SaturatingAdd(
          load[best],
          uint64_t(bir::getAccessPatternBytes(dma.getSrc()).value_or(0)));
      for (auto [operand, side] :
           {std::make_pair(&dma.getSrcMutable(), src),
            std::make_pair(&dma.getDstMutable(), dst)}) {
        Operation *old = operand->get().getDefiningOp();
        operand->assign(side);
        if (old && old->use_empty())
          old->erase();
      }
      setEngine(dma, engine);
    }
    copier.eraseDeadOriginals();
  }
};

} // namespace
