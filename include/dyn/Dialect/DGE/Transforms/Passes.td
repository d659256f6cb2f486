//===- Passes.td - dge passes (Stages 4, 4b, 5) -------------*- tablegen -*-===//

#ifndef DYN_DIALECT_DGE_TRANSFORMS_PASSES_TD
#define DYN_DIALECT_DGE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DGESetArch : Pass<"dge-set-arch", "::mlir::ModuleOp"> {
  let summary = "Record the target on the module (its one source of truth)";
  let description = [{
    Stamps `dge.arch = #dge<arch ...>` on the module. `dge-scan`,
    `dge-assign-engine`, `dge-cleanup` and the serializer read the target
    from there (the container records it for the reader); a module without
    one is `gen3`.
  }];
  let options = [
    Option<"arch", "arch", "::dyn::dge::Arch", "::dyn::dge::kDefaultArch",
           "Target generation",
           [{::llvm::cl::values(
             clEnumValN(::dyn::dge::Arch::gen2, "gen2", "ArchLevel 20"),
             clEnumValN(::dyn::dge::Arch::gen3, "gen3", "ArchLevel 30"),
             clEnumValN(::dyn::dge::Arch::core_v4, "core_v4", "ArchLevel 40"),
             clEnumValN(::dyn::dge::Arch::core_v5, "core_v5", "ArchLevel 50"))}]>
  ];
  let dependentDialects = ["::dyn::dge::DGEDialect"];
}

def DGEScan : Pass<"dge-scan", "::mlir::func::FuncOp"> {
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
    Option<"vectorRoute", "vector-route", "::dyn::dge::DGEType",
           "::dyn::dge::DGEType::hwdge",
           "Route of indirect and transposing DMAs when ArchLevel > 29",
           [{::llvm::cl::values(
             clEnumValN(::dyn::dge::DGEType::hwdge, "hwdge",
                        "hardware DGE on a queue engine"),
             clEnumValN(::dyn::dge::DGEType::swdge, "swdge",
                        "software DGE on the triggering engine"))}]>
  ];
}

def DGEAssignEngine : Pass<"dge-assign-engine", "::mlir::func::FuncOp"> {
  let summary = "Stage 4b: bind each hwdge DMA to a queue engine";
  let description = [{
    AssignHWDGEEngineImpl::assignEngine: only hwdge DMAs are bound (seam
    S3), to SP(6) or Activation(2) on ArchLevel <= 49 and also DVE from 50
    (project-defined), each to the eligible engine with the fewest bytes so
    far in program order (project-defined balancing). A swdge DMA stays on
    its triggering engine.
  }];
}

def DGECleanup : Pass<"dge-cleanup", "::mlir::func::FuncOp"> {
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
    original (SplitLargeDMAs). A DMA that would need more than
    `max-descriptors-per-dma` descriptors, or a function that would need
    more than `max-descriptors-per-function`, is a diagnostic with both
    numbers, before any descriptor is made.
  }];
  let options = [
    Option<"maxDescriptorBytes", "max-descriptor-bytes", "int64_t", "65536",
           "Largest single descriptor, in bytes">,
    Option<"maxDescriptorsPerDMA", "max-descriptors-per-dma", "int64_t",
           "16384", "Most descriptors one DMA may be split into">,
    Option<"maxDescriptorsPerFunction", "max-descriptors-per-function",
           "int64_t", "262144", "Most descriptors in one function">
  ];
}

#endif // DYN_DIALECT_DGE_TRANSFORMS_PASSES_TD
