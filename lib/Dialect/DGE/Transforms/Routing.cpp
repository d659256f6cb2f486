//===- Routing.cpp - dge-scan, dge-assign-engine, dge-cleanup -------------===//
//
// Report Stages 4 and 4b (DGE level selection). dge-scan stamps DGEType
// (getDGEInstructionType, with the ArchLevel > 29 gate on hwdge);
// dge-assign-engine binds hwdge DMAs, and only those (seam S3), to a DMA
// queue engine; dge-cleanup re-asserts both (dynamic_dma_cleanup). A scalar
// DMA is hwdge only with scalar-route=hwdge, once dge-place-scalar-dmas has
// put it and its registers on a queue engine.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DGE/Transforms/Passes.h"

#include "dyn/Cost/Cost.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

namespace dyn::dge {
#define GEN_PASS_DEF_DGESETARCH
#define GEN_PASS_DEF_DGESCAN
#define GEN_PASS_DEF_DGEASSIGNENGINE
#define GEN_PASS_DEF_DGECLEANUP
#include "dyn/Dialect/DGE/Transforms/Passes.h.inc"
} // namespace dyn::dge

using namespace mlir;
using namespace dyn;
using namespace dyn::dge;

SideKind dyn::dge::classifySide(Value accessPattern) {
  if (auto ap = accessPattern.getDefiningOp<bir::PhysicalAPOp>()) {
    if (ap.hasIndirectDynamicInfo())
      return SideKind::Indirect;
    return ap.hasScalarDynamicInfo() ? SideKind::Scalar : SideKind::Static;
  }
  return SideKind::Scalar; // a register (kind-3) or symbolic pattern
}

namespace {
struct Shape {
  bool scalar = false, indirect = false, transpose = false;
  bool isStatic() const { return !scalar && !indirect && !transpose; }
};

} // namespace

static Shape shapeOf(DMAOp dma) {
  Shape shape;
  for (Value side : {dma.getSrc(), dma.getDst()}) {
    SideKind kind = classifySide(side);
    shape.scalar |= kind == SideKind::Scalar;
    shape.indirect |= kind == SideKind::Indirect;
  }
  shape.transpose = dma.getTranspose();
  return shape;
}

namespace {

struct DGESetArchPass : dyn::dge::impl::DGESetArchBase<DGESetArchPass> {
  using Base::Base;
  void runOnOperation() override {
    setArch(getOperation(), arch);
    // One discardable attribute of the dge dialect, built valid, which no
    // analysis reads: every analysis is preserved. (This also spares the
    // pass manager a verification of the whole module, which the parser
    // has just done, and a walk over every op on one thread.)
    markAllAnalysesPreserved();
  }
};

struct DGEScanPass : dyn::dge::impl::DGEScanBase<DGEScanPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    Arch arch = getArch(func);
    if (scalarRoute == DGEType::hwdge &&
        failed(checkScalarRouteForArch(func, arch)))
      return signalPassFailure();
    bool vectorHWDGE = hasHWDGE(arch) && vectorRoute == DGEType::hwdge;
    ArrayRef<bir::Engine> queues = getHWDGEEngines(arch);
    bool changed = false;
    func.walk([&](DMAOp dma) {
      if (dma.getDgeType() != DGEType::unassigned)
        return;
      changed = true;
      Shape shape = shapeOf(dma);
      DGEType type;
      if (shape.isStatic())
        type = DGEType::none;
      else if (shape.scalar)
        // Registers live on the triggering engine: hardware DGE can use
        // them only when that engine is its queue.
        type = scalarRoute == DGEType::hwdge &&
                       llvm::is_contained(queues, dma.getTrigger())
                   ? DGEType::hwdge
                   : DGEType::swdge;
      else
        type = vectorHWDGE ? DGEType::hwdge : DGEType::swdge;
      dma.setDgeType(type);
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

struct DGEAssignEnginePass
    : dyn::dge::impl::DGEAssignEngineBase<DGEAssignEnginePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    ArrayRef<bir::Engine> engines = getHWDGEEngines(getArch(func));
    SmallVector<uint64_t> load(engines.size(), 0);
    bool changed = false;
    func.walk([&](DMAOp dma) {
      if (dma.getDgeType() != DGEType::hwdge) // the report's first line
        return;
      changed = true;
      if (shapeOf(dma).scalar) { // its registers are its own engine's
        dma.setQueue(dma.getTrigger());
        return;
      }
      size_t best = std::min_element(load.begin(), load.end()) - load.begin();
      // The bytes the precise estimator counts: once per estimated run.
      uint64_t bytes = llvm::SaturatingMultiply(
          static_cast<uint64_t>(
              bir::getAccessPatternBytes(dma.getSrc()).value_or(0)),
          static_cast<uint64_t>(cost::getEstimatedRuns(dma)));
      load[best] = llvm::SaturatingAdd(load[best], bytes);
      dma.setQueue(engines[best]);
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

/// Why `dma`'s route or engine is not eligible, if it is not.
static std::optional<std::string> checkRoute(DMAOp dma, Arch arch) {
  Shape shape = shapeOf(dma);
  switch (dma.getDgeType()) {
  case DGEType::unassigned:
    return "has no route; run dge-scan";
  case DGEType::none:
    return checkRouteForSides(DGEType::none, !shape.isStatic(), shape.scalar,
                              dma.getQueue(), dma.getTrigger());
  case DGEType::swdge:
    if (shape.isStatic())
      return "is static: its route is none, not swdge";
    return std::nullopt;
  case DGEType::hwdge:
    if (!hasHWDGE(arch)) // the ArchLevel gate comes first
      return checkRouteForArch(DGEType::hwdge, dma.getQueue(), arch);
    if (shape.isStatic())
      return "is routed hwdge, which takes dynamic DMAs only";
    if (std::optional<std::string> problem =
            checkRouteForSides(DGEType::hwdge, /*dynamic=*/true, shape.scalar,
                               dma.getQueue(), dma.getTrigger()))
      return problem;
    return checkRouteForArch(DGEType::hwdge, dma.getQueue(), arch);
  }
  return std::nullopt;
}

namespace {

struct DGECleanupPass : dyn::dge::impl::DGECleanupBase<DGECleanupPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    Arch arch = getArch(func);
    WalkResult result = func.walk([&](DMAOp dma) {
      std::optional<std::string> problem = checkRoute(dma, arch);
      if (!problem)
        return WalkResult::advance();
      dma.emitOpError(*problem);
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A check only: the IR needs no second verification.
    markAllAnalysesPreserved();
  }
};
} // namespace
