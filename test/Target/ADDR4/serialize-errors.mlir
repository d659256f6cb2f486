// What the serializer refuses to write, each with a located diagnostic:
// routes the module's target cannot run.
// RUN: dyn-translate %s -split-input-file --serialize-addr4 -verify-diagnostics -o /dev/null

// hwdge needs ArchLevel > 29: a gen2 module cannot carry it.
module attributes {dge.arch = #dge<arch gen2>} {
  func.func @hwdge_on_gen2(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
    %b = dge.block {
      dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x00000000, 0x00000000] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
    }
    // expected-error @+1 {{'dge.trigger' op is routed hwdge, which needs ArchLevel > 29 (this is 20) (the module's target is gen2)}}
    dge.trigger %b type hwdge on pool queue sp
    return
  }
}

// -----

// DVE runs hardware DGE from core_v5 only: a gen3 binary cannot queue on it.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @dve_queue_on_gen3(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
    %b = dge.block {
      dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x00000000, 0x00000000] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
    }
    // expected-error @+1 {{'dge.trigger' op is routed hwdge but not bound to an eligible engine for ArchLevel 30 (the module's target is gen3)}}
    dge.trigger %b type hwdge on pool queue dve
    return
  }
}
