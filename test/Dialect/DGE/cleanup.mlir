// dge-cleanup accepts every eligible route and leaves the IR unchanged; a
// DVE queue is eligible from ArchLevel 50 only (see cleanup-errors.mlir).
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=core_v5 -dge-cleanup | FileCheck %s --check-prefixes=CHECK,V5
// RUN: not dyn-opt %s -split-input-file -dge-cleanup 2>%t.gen3 | FileCheck %s
// RUN: FileCheck %s --check-prefix=GEN3 < %t.gen3
// RUN: not dyn-opt %s -split-input-file -dge-set-arch=arch=core_v4 -dge-cleanup 2>%t.v4 | FileCheck %s
// RUN: FileCheck %s --check-prefix=V4 < %t.v4

// CHECK-LABEL: func.func @eligible
// CHECK: dge.dma %{{.*}} -> %{{.*}} type none on sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue act{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue act transpose{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on act transpose{{$}}
func.func @eligible(%table: memref<64x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<4x16xf32, #bir.mem<dram>>, %p: i32) {
  %s = bir.ap %out offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  %t = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] : memref<64x16xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  %v = bir.read_var %p on pool
  %r = bir.reg_ap %table addr %v pattern [[16, 4], [1, 16]] : memref<64x16xf32, #bir.mem<dram>>
  dge.dma %s -> %r type swdge on pool
  %g = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x16xf32, #bir.mem<dram>>
  // An indirect DMA may stay on software DGE (vector-route=swdge).
  dge.dma %g -> %s type swdge on pool
  dge.dma %g -> %s type hwdge on pool queue sp
  dge.dma %s -> %g type hwdge on pool queue act
  dge.dma %s -> %s type hwdge on act queue act transpose
  dge.dma %s -> %s type swdge on act transpose
  return
}

// -----

// GEN3: cleanup.mlir:[[# @LINE + 7]]:3: error: 'dge.dma' op is routed hwdge but not bound to an eligible engine for ArchLevel 30
// V4: cleanup.mlir:[[# @LINE + 6]]:3: error: 'dge.dma' op is routed hwdge but not bound to an eligible engine for ArchLevel 40
// V5-LABEL: func.func @dve_queue
// V5: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue dve{{$}}
func.func @dve_queue(%table: memref<64x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<4x16xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[16, 4], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x16xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  dge.dma %g -> %o type hwdge on pool queue dve
  return
}
