//===- DGEOps.td - the dge dialect --------------------------*- tablegen -*-===//
//
// Routed DMAs, descriptor blocks and triggers (report Stages 4, 4b, 5).
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_DGE_IR_DGEOPS_TD
#define DYN_DIALECT_DGE_IR_DGEOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dyn/Dialect/BIR/IR/BIRDialect.td"
include "dyn/Dialect/BIR/IR/BIRInterfaces.td"
include "dyn/Dialect/DGE/IR/DGEEnums.td"

def DGE_Dialect : Dialect {
  let name = "dge";
  let cppNamespace = "::dyn::dge";
  let summary = "Descriptor-generation routes, descriptor blocks and triggers";
  let description = [{
    The `dge` dialect holds the DMA half of the backend after register
    allocation. A `dge.dma` carries its descriptor-generation route, the
    report's DGEType (seam S3): `none` (0, a static DMA), `swdge` (1, a
    software descriptor program on the triggering engine), `hwdge` (2,
    hardware descriptor generation on a DMA queue engine, ArchLevel > 29) or
    `unassigned` (3). `dge-lower-dynamic-dma` turns each into a descriptor
    block and a trigger bound to it, the pairing the simulator follows.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let dependentDialects = ["::dyn::bir::BIRDialect"];
}

def DGE_ArchAttr : EnumAttr<DGE_Dialect, DGE_Arch, "arch"> {
  let summary = "The target a module is compiled for";
}
def DGE_IndirectRecordKindAttr
    : EnumAttr<DGE_Dialect, DGE_IndirectRecordKind, "record">;

class DGE_Op<string mnemonic, list<Trait> traits = []>
    : Op<DGE_Dialect, mnemonic, traits>;

def DGE_BlockType : TypeDef<DGE_Dialect, "DescriptorBlock"> {
  let mnemonic = "block";
  let summary = "A descriptor block (InstDMABlock)";
}

def DGE_DMAOp : DGE_Op<"dma", [BIR_InstInterface, BIR_DMAInterface]> {
  let summary = "A DMA with its descriptor-generation route";
  let description = [{
    Copies `src` to `dst` (bir access patterns). `on` is the triggering
    engine, whose instruction stream holds the DMA and whose registers its
    access patterns read; `queue` is the DMA queue engine that `dge-assign-
    engine` binds an hwdge DMA to. `transpose` marks the xbar transpose of a
    2-D tile.

    ```mlir
    dge.dma %s -> %d type swdge on pool
    dge.dma %g -> %o type hwdge on pool queue sp
    ```
  }];
  let arguments = (ins BIR_APType:$src, BIR_APType:$dst,
                       DGE_DGEType:$dge_type, BIR_EngineEnumAttr:$trigger,
                       OptionalAttr<BIR_EngineEnumAttr>:$queue,
                       UnitAttr:$transpose);
  let assemblyFormat = [{
    $src `->` $dst `type` $dge_type `on` `` $trigger (`queue` `` $queue^)?
    (`transpose` $transpose^)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::dyn::bir::Engine getEngine() { return getTrigger(); }
    ::dyn::bir::EngineAttr getEngineAttr() { return getTriggerAttr(); }
  }];
}

def DGE_BlockOp : DGE_Op<"block", [NoTerminator, SingleBlock,
                                   RecursiveMemoryEffects]> {
  let summary = "InstDMABlock: the descriptors one trigger walks";
  let description = [{
    ```mlir
    %b = dge.block attributes {max_descriptor_bytes = 65536 : i64} {
      dge.descriptor src %row [imm + 0] dst %cache [reg %a + 0] bytes 128
        pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]]
        : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
    }
    ```

    Syntax: `dge.block (attributes {...})? { <descriptors> }`, where the
    dictionary holds the byte budget of one descriptor
    (`max_descriptor_bytes`) when there is one, and any discardable
    attributes.
  }];
  let arguments = (ins
      OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$max_descriptor_bytes);
  let results = (outs DGE_BlockType:$result);
  let regions = (region SizedRegion<1>:$body);
  // `attributes {...}` and the region, written in DGEOps.cpp rather than
  // declared: see bir::printAttrDict.
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

def DGE_DescriptorOp : DGE_Op<"descriptor", [HasParent<"BlockOp">,
                                             AttrSizedOperandSegments]> {
  let summary = "One DMA descriptor (InstDMADescriptorCopy)";
  let description = [{
    Moves `bytes` bytes, element by element in the order of the two
    patterns (`[step, num]` pairs in elements, as in `bir.ap`). Each side's
    start address is its location plus `offset` bytes plus, by mode: `imm`
    nothing more; `reg` the value of a register of the triggering engine
    (ADDR4 register mode); `patched` the i32 value of a runtime scalar, read
    from memory when the descriptor runs (createDescForReadVarAddr, ADDR4
    mode `10`); `indirect` row `idx[i]` of the location for descriptor row
    `i`, through an index tensor (ADDR4 mode `01` plus its record): a read
    clamps each index into `[0, rows - 1]` (gather), a write skips an index
    outside `[0, rows)` and applies rows in order (scatter). Descriptor row
    `i` reads index slot `from + i`, where `from` (`src_first_index` /
    `dst_first_index`, printed as `from N` when set) is 0 unless a split
    gave the descriptor a later chunk of the index tensor. The encoder
    stamps `src_addr4` / `dst_addr4`, printed in hex after `addr4`, and on
    an indirect side the record that follows its index slot
    (`src_record` / `dst_record`).

    Each pattern's steps are non-negative and its nums positive, and each
    moves `bytes` bytes. An `imm` side, whose address is fixed, must read
    inside its location: from `offset`, the pattern's last element ends at
    or before the location's last byte (an on-chip location counts every
    partition's bytes).

    ```mlir
    dge.descriptor src %row [imm 0] dst %cache [reg %a + 0] bytes 128
      pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]]
    ```
  }];
  let arguments = (ins AnyMemRef:$src, Optional<AnyType>:$src_dyn,
                       AnyMemRef:$dst, Optional<AnyType>:$dst_dyn,
                       DGE_AddressMode:$src_mode, I64Attr:$src_offset,
                       DGE_AddressMode:$dst_mode, I64Attr:$dst_offset,
                       ConfinedAttr<I64Attr, [IntPositive]>:$bytes,
                       BIR_PatternAttr:$src_pattern,
                       BIR_PatternAttr:$dst_pattern,
                       OptionalAttr<I32Attr>:$src_addr4,
                       OptionalAttr<I32Attr>:$dst_addr4,
                       OptionalAttr<DGE_IndirectRecordKindAttr>:$src_record,
                       OptionalAttr<DGE_IndirectRecordKindAttr>:$dst_record,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$src_first_index,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$dst_first_index);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The index slot that descriptor row 0 of an indirect side reads.
    int64_t getFirstIndex(bool src) {
      std::optional<uint64_t> first =
          src ? getSrcFirstIndex() : getDstFirstIndex();
      return first ? static_cast<int64_t>(*first) : 0;
    }
  }];
}

def DGE_TriggerOp : DGE_Op<"trigger", [BIR_InstInterface]> {
  let summary = "InstDMATrigger: start the descriptors of a block";
  let description = [{
    Replaces a DMA in place (convertDMA2Trigger); the block it names is
    bound to it (InstDMABlock::setTrigger) and to no other trigger. Its
    route holds for what the descriptors move, as `dge-cleanup` requires of
    a DMA: `none` only with static sides, and `hwdge` with a register or
    patched side only when queued on the triggering engine. The registers
    a descriptor reads belong to the triggering engine.

    ```mlir
    dge.trigger %b type swdge on pool
    ```

    Syntax: `dge.trigger %block type <none|swdge|hwdge|unassigned> on
    <engine> (queue <engine>)? attr-dict`, the dictionary holding
    discardable attributes only.
  }];
  let arguments = (ins DGE_BlockType:$block, DGE_DGEType:$dge_type,
                       BIR_EngineEnumAttr:$trigger,
                       OptionalAttr<BIR_EngineEnumAttr>:$queue);
  // `%b type <route> on <engine> [queue <engine>] attr-dict`, written in
  // DGEOps.cpp rather than declared: see bir::printAttrDict.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::dyn::bir::Engine getEngine() { return getTrigger(); }
    ::dyn::bir::EngineAttr getEngineAttr() { return getTriggerAttr(); }
  }];
}

#endif // DYN_DIALECT_DGE_IR_DGEOPS_TD
