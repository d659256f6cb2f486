// dge-cleanup re-asserts every route and hwdge engine; each violation is a
// located diagnostic. The file runs at gen3 (the default); the ArchLevel gate
// on hwdge is checked at gen2, where the same hwdge DMA is rejected earlier.
// RUN: dyn-opt %s -split-input-file -verify-diagnostics -dge-cleanup
// RUN: not dyn-opt %s -split-input-file -dge-set-arch=arch=gen2 -dge-cleanup 2>&1 | FileCheck %s --check-prefix=GEN2
// RUN: not dyn-opt %s -dge-set-arch=arch=gen5 -dge-cleanup 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: for the --arch option: Cannot find option named 'gen5'!

func.func @unassigned(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op has no route; run dge-scan}}
  dge.dma %s -> %t type unassigned on sp
  return
}

// -----

func.func @none_on_register_side(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.reg_ap %d addr %v pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is dynamic and cannot be routed none}}
  dge.dma %s -> %t type none on pool
  return
}

// -----

func.func @none_on_indirect_side(%table: memref<64x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<4x16xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x16xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is dynamic and cannot be routed none}}
  dge.dma %g -> %o type none on sp
  return
}

// -----

func.func @none_on_transpose(%d: memref<16x16xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[16, 16], [1, 16]] : memref<16x16xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is dynamic and cannot be routed none}}
  dge.dma %s -> %s type none on sp transpose
  return
}

// -----

func.func @swdge_on_static(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is static: its route is none, not swdge}}
  dge.dma %s -> %t type swdge on pool
  return
}

// -----

// A valid hwdge gather at gen3 is rejected at gen2 by the ArchLevel gate.
// GEN2: cleanup-errors.mlir:[[# @LINE + 4]]:3: error: 'dge.dma' op is routed hwdge, which needs ArchLevel > 29 (this is 20)
func.func @hwdge_gather(%table: memref<64x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<4x16xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x16xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  dge.dma %g -> %o type hwdge on pool queue act
  return
}

// -----

func.func @hwdge_on_register_dma(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.reg_ap %d addr %v pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is routed hwdge with a scalar side, so it must be queued on its triggering engine, whose registers hold its offset}}
  dge.dma %s -> %t type hwdge on pool queue sp
  return
}

// -----

// A gather whose destination is a register: hwdge would read a register of
// the triggering engine from a queue engine.
func.func @hwdge_on_indirect_and_register(%table: memref<64x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<64x16xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool
  %g = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x16xf32, #bir.mem<dram>>
  %o = bir.reg_ap %out addr %v pattern [[16, 4], [1, 16]] : memref<64x16xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is routed hwdge with a scalar side, so it must be queued on its triggering engine, whose registers hold its offset}}
  dge.dma %g -> %o type hwdge on pool queue sp
  return
}

// -----

func.func @hwdge_on_static_dma(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is routed hwdge, which takes dynamic DMAs only}}
  dge.dma %s -> %t type hwdge on sp queue sp
  return
}

// -----

// DVE runs hardware DGE only from ArchLevel 50.
func.func @hwdge_on_dve_at_gen3(%table: memref<64x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<4x16xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x16xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is routed hwdge but not bound to an eligible engine for ArchLevel 30}}
  dge.dma %g -> %o type hwdge on pool queue dve
  return
}

// -----

func.func @hwdge_without_queue(%table: memref<64x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<4x16xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x16xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op is routed hwdge but not bound to an eligible engine for ArchLevel 30}}
  dge.dma %g -> %o type hwdge on pool
  return
}

// -----

// The first violation in program order is reported, inside a loop too.
func.func @first_in_loop(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  bir.for %i = 0 to 2 step 1 on sp {
    // expected-error @+1 {{'dge.dma' op is static: its route is none, not swdge}}
    dge.dma %s -> %t type swdge on sp
  }
  dge.dma %s -> %t type unassigned on sp
  return
}
