//===- Passes.td - dge passes (Stages 4, 4b, 5) -------------*- tablegen -*-===//

#ifndef DYN_DIALECT_DGE_TRANSFORMS_PASSES_TD
#define DYN_DIALECT_DGE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

defvar DGEArchOption = Option<"arch", "arch", "std::string", "\"gen3\"",
    "gen2, gen3, core_v4 or core_v5 (ArchLevel 20/30/40/50)">;

class DGEArchPass<string name> : Pass<name, "::mlir::func::FuncOp"> {
  let options = [DGEArchOption];
}

def DGEScan : DGEArchPass<"dge-scan"> {
  let summary = "Stage 4: route each unassigned DMA (DynamicDMAScan)";
  let description = [{
    getDGEInstructionType: a static DMA gets `none`; a DMA with a scalar
    (register or patched) dynamic offset gets `swdge` at every ArchLevel; an
    indirect or transposing DMA gets `hwdge` when ArchLevel > 29 and
    `vector-route=hwdge`, else `swdge`; a DMA with a register side is
    `swdge` even if its other side is indirect (its registers live on the
    triggering engine). `dge-lower-dynamic-dma` turns a transpose into the
    equivalent strided walk.
  }];
  let options = [
    DGEArchOption,
    Option<"vectorRoute", "vector-route", "std::string", "\"hwdge\"",
           "Route of indirect and transposing DMAs when ArchLevel > 29">
  ];
}

def DGEAssignEngine : DGEArchPass<"dge-assign-engine"> {
  let summary = "Stage 4b: bind each hwdge DMA to a queue engine";
  let description = [{
    AssignHWDGEEngineImpl::assignEngine: only hwdge DMAs are bound (seam
    S3), to SP(6) or Activation(2) on ArchLevel <= 49 and also DVE from 50
    (project-defined), each to the eligible engine with the fewest bytes so
    far in program order (project-defined balancing). A swdge DMA stays on
    its triggering engine.
  }];
}

def DGECleanup : DGEArchPass<"dge-cleanup"> {
  let summary = "Re-assert every route and hwdge engine (dynamic_dma_cleanup)";
  let description = [{
    Every DMA must have a route eligible for what it is (none for static,
    swdge or hwdge for dynamic, hwdge only above ArchLevel 29 and for
    indirect or transposing DMAs) and every hwdge DMA an engine of its
    ArchLevel's set. A violation is a diagnostic.
  }];
}

def DGELowerDynamicDMA : Pass<"dge-lower-dynamic-dma", "::mlir::func::FuncOp"> {
  let summary = "Stage 5: descriptor blocks and triggers (lower_dynamic_dma)";
  let description = [{
    Each routed DMA becomes a `dge.block` of descriptors and is replaced in
    place by a `dge.trigger` bound to it (convertDMA2Trigger, setTrigger).
    A side addressed by a register is a register-mode descriptor side; a
    side whose address register is a `bir.read_var` of a runtime scalar is
    patched at run time from that scalar's memory location
    (createDescForReadVarAddr); an index tensor gives an indirect side. A
    DMA larger than `max-descriptor-bytes` is split along its outermost
    dimensions into descriptors of one block whose byte counts sum to the
    original (SplitLargeDMAs).
  }];
  let options = [
    Option<"maxDescriptorBytes", "max-descriptor-bytes", "int64_t", "65536",
           "Largest single descriptor, in bytes">
  ];
}

#endif // DYN_DIALECT_DGE_TRANSFORMS_PASSES_TD
