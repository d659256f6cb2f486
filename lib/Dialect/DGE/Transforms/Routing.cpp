//===- Routing.cpp - dge-scan, dge-assign-engine, dge-cleanup -------------===//
//
// Report Stages 4 and 4b (DGE level selection). dge-scan stamps DGEType
// (getDGEInstructionType, with the ArchLevel > 29 gate on hwdge);
// dge-assign-engine binds hwdge DMAs, and only those (seam S3), to a DMA
// queue engine; dge-cleanup re-asserts both (dynamic_dma_cleanup).
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/DGE/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace dyn::dge {
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

Shape shapeOf(DMAOp dma) {
  Shape shape;
  for (Value side : {dma.getSrc(), dma.getDst()}) {
    SideKind kind = classifySide(side);
    shape.scalar |= kind == SideKind::Scalar;
    shape.indirect |= kind == SideKind::Indirect;
  }
  shape.transpose = dma.getTranspose();
  return shape;
}

/// The ArchLevel of the `arch` option, or a diagnostic on `func`.
FailureOr<int> archLevel(func::FuncOp func, StringRef arch) {
  std::optional<int> level = dge::getArchLevel(arch);
  if (!level)
    return func.emitError("unknown arch '")
           << arch << "'; expected gen2, gen3, core_v4 or core_v5";
  return *level;
}

struct DGEScanPass : dyn::dge::impl::DGEScanBase<DGEScanPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<int> level = archLevel(func, arch);
    if (failed(level))
      return signalPassFailure();
    if (vectorRoute != "hwdge" && vectorRoute != "swdge") {
      func.emitError("vector-route must be hwdge or swdge, got '")
          << vectorRoute << "'";
      return signalPassFailure();
    }
    bool hwdgeAvailable = *level > 29 && vectorRoute == "hwdge";
    // The binary records the ArchLevel the routes were chosen for.
    func->setAttr("dge.arch_level",
                  IntegerAttr::get(IntegerType::get(&getContext(), 32), *level));
    func.walk([&](DMAOp dma) {
      if (dma.getDgeType() != DGEType::unassigned)
        return;
      Shape shape = shapeOf(dma);
      DGEType type;
      if (shape.isStatic())
        type = DGEType::none;
      else if (shape.scalar)
        type = DGEType::swdge; // registers live on the triggering engine
      else
        type = hwdgeAvailable ? DGEType::hwdge : DGEType::swdge;
      dma.setDgeType(type);
    });
  }
};

struct DGEAssignEnginePass
    : dyn::dge::impl::DGEAssignEngineBase<DGEAssignEnginePass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<int> level = archLevel(func, arch);
    if (failed(level))
      return signalPassFailure();
    ArrayRef<bir::Engine> engines = getHWDGEEngines(*level);
    SmallVector<int64_t> load(engines.size(), 0);
    func.walk([&](DMAOp dma) {
      if (dma.getDgeType() != DGEType::hwdge) // the report's first line
        return;
      size_t best = std::min_element(load.begin(), load.end()) - load.begin();
      load[best] += bir::getAccessPatternBytes(dma.getSrc()).value_or(0);
      dma.setQueue(engines[best]);
    });
  }
};

/// Why `dma`'s route or engine is not eligible, if it is not.
std::optional<std::string> checkRoute(DMAOp dma, int level,
                                      ArrayRef<bir::Engine> engines) {
  Shape shape = shapeOf(dma);
  switch (dma.getDgeType()) {
  case DGEType::unassigned:
    return "has no route; run dge-scan";
  case DGEType::none:
    if (!shape.isStatic())
      return "is dynamic and cannot be routed none";
    return std::nullopt;
  case DGEType::swdge:
    if (shape.isStatic())
      return "is static: its route is none, not swdge";
    return std::nullopt;
  case DGEType::hwdge:
    if (level <= 29)
      return "is routed hwdge, which needs ArchLevel > 29 (this is " +
             std::to_string(level) + ")";
    if (shape.scalar || shape.isStatic())
      return "is routed hwdge, which takes indirect or transposing DMAs only";
    if (!dma.getQueue() || !llvm::is_contained(engines, *dma.getQueue()))
      return "is routed hwdge but not bound to an eligible engine for "
             "ArchLevel " +
             std::to_string(level);
    return std::nullopt;
  }
  return std::nullopt;
}

struct DGECleanupPass : dyn::dge::impl::DGECleanupBase<DGECleanupPass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<int> level = archLevel(func, arch);
    if (failed(level))
      return signalPassFailure();
    ArrayRef<bir::Engine> engines = getHWDGEEngines(*level);
    WalkResult result = func.walk([&](DMAOp dma) {
      std::optional<std::string> problem = checkRoute(dma, *level, engines);
      if (!problem)
        return WalkResult::advance();
      dma.emitOpError(*problem);
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
