// dge-assign-engine binds hwdge DMAs, and only those, to a queue engine: SP
// or Activation below ArchLevel 50 (prefix LOW), DVE too from 50 (prefix
// V5); each to the eligible engine with the fewest bytes so far, the first
// of them on a tie.
// RUN: dyn-opt %s -split-input-file -dge-assign-engine | FileCheck %s --check-prefixes=CHECK,LOW --implicit-check-not="queue dve"
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=gen3 -dge-assign-engine | FileCheck %s --check-prefixes=CHECK,LOW --implicit-check-not="queue dve"
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=core_v4 -dge-assign-engine | FileCheck %s --check-prefixes=CHECK,LOW --implicit-check-not="queue dve"
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=core_v5 -dge-assign-engine | FileCheck %s --check-prefixes=CHECK,V5
// RUN: not dyn-opt %s -split-input-file -dge-set-arch=arch=core_v6 -dge-assign-engine 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: for the --arch option: Cannot find option named 'core_v6'!

// Only hwdge DMAs get a queue; none and swdge DMAs keep their triggering
// engine alone, and their bytes (a large static copy first) are not counted.
// CHECK-LABEL: func.func @only_hwdge
// CHECK: dge.dma %{{.*}} -> %{{.*}} type none on sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on sp transpose{{$}}
func.func @only_hwdge(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<16xi32, #bir.mem<dram>>, %out: memref<16x64xf32, #bir.mem<dram>>, %p: i32) {
  %all = bir.ap %table offset 0 pattern [[64, 512], [1, 64]] : memref<512x64xf32, #bir.mem<dram>>
  %copy = bir.ap %table offset 0 pattern [[64, 512], [1, 64]] : memref<512x64xf32, #bir.mem<dram>>
  dge.dma %all -> %copy type none on sp
  %v = bir.read_var %p on pool {reg = 0 : i32}
  %r = bir.reg_ap %table addr %v pattern [[64, 16], [1, 64]] : memref<512x64xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[64, 16], [1, 64]] : memref<16x64xf32, #bir.mem<dram>>
  dge.dma %r -> %o type swdge on pool
  %g = bir.ap %table offset 0 pattern [[64, 16], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 16 : memref<16xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  dge.dma %g -> %o type hwdge on pool
  // A transposing DMA routed swdge (as at gen2) is not bound either.
  dge.dma %o -> %o type swdge on sp transpose
  return
}

// -----

// Balancing by bytes: 4096 goes to SP; 256 to Activation (0 < 4096); the
// next 256 to Activation again (256 < 4096) below ArchLevel 50, to DVE (0)
// from 50; a fourth 256 then to Activation (its 512 < 4096) below 50, to
// Activation (the first of the 256s) from 50.
// CHECK-LABEL: func.func @balance
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue act{{$}}
// LOW:   dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue act{{$}}
// V5:    dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue dve{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue act{{$}}
func.func @balance(%table: memref<512x64xf32, #bir.mem<dram>>, %ids16: memref<16xi32, #bir.mem<dram>>, %ids1: memref<1xi32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<16x64xf32, #bir.mem<sbuf>>
  %big = bir.ap %table offset 0 pattern [[64, 16], [1, 64]] indirect %ids16 arg_id 0 indirect_dim 0 max_index 16 : memref<16xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %bigo = bir.ap %t offset 0 pattern [[64, 16], [1, 64]] : memref<16x64xf32, #bir.mem<sbuf>>
  dge.dma %big -> %bigo type hwdge on pool
  %one = bir.ap %table offset 0 pattern [[64, 1], [1, 64]] indirect %ids1 arg_id 1 indirect_dim 0 max_index 1 : memref<1xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %oneo = bir.ap %t offset 0 pattern [[64, 1], [1, 64]] : memref<16x64xf32, #bir.mem<sbuf>>
  dge.dma %one -> %oneo type hwdge on pool
  dge.dma %one -> %oneo type hwdge on pool
  dge.dma %one -> %oneo type hwdge on pool
  return
}

// -----

// Bytes, not DMAs or elements: 64 f32 (256 bytes) on SP outweigh two copies
// of 64 i8 (64 bytes each) on Activation, so the fourth DMA, 16 i8, also goes
// to Activation (128 < 256) below ArchLevel 50.
// CHECK-LABEL: func.func @bytes_not_count
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue act{{$}}
// LOW:   dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue act{{$}}
// LOW:   dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue act{{$}}
// V5:    dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue dve{{$}}
// V5:    dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue act{{$}}
func.func @bytes_not_count(%f: memref<4x64xf32, #bir.mem<dram>>, %b: memref<4x64xi8, #bir.mem<dram>>, %ids: memref<1xi32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<1x64xf32, #bir.mem<sbuf>>
  %u = bir.alloc {address = 256 : i64} : memref<1x64xi8, #bir.mem<sbuf>>
  %gf = bir.ap %f offset 0 pattern [[64, 1], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 1 : memref<1xi32, #bir.mem<dram>> : memref<4x64xf32, #bir.mem<dram>>
  %tf = bir.ap %t offset 0 pattern [[64, 1], [1, 64]] : memref<1x64xf32, #bir.mem<sbuf>>
  dge.dma %gf -> %tf type hwdge on act
  %gb = bir.ap %b offset 0 pattern [[64, 1], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 1 : memref<1xi32, #bir.mem<dram>> : memref<4x64xi8, #bir.mem<dram>>
  %tb = bir.ap %u offset 0 pattern [[64, 1], [1, 64]] : memref<1x64xi8, #bir.mem<sbuf>>
  dge.dma %gb -> %tb type hwdge on act
  dge.dma %gb -> %tb type hwdge on act
  %gs = bir.ap %b offset 0 pattern [[64, 1], [1, 16]] indirect %ids arg_id 0 indirect_dim 0 max_index 1 : memref<1xi32, #bir.mem<dram>> : memref<4x64xi8, #bir.mem<dram>>
  %ts = bir.ap %u offset 0 pattern [[64, 1], [1, 16]] : memref<1x64xi8, #bir.mem<sbuf>>
  dge.dma %gs -> %ts type hwdge on act
  return
}

// -----

// Program order crosses loop bodies; the balance restarts in each function.
// CHECK-LABEL: func.func @in_loop
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue sp{{$}}
// CHECK: bir.for
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue act{{$}}
// CHECK-LABEL: func.func @fresh
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue sp{{$}}
func.func @in_loop(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<16xi32, #bir.mem<dram>>, %out: memref<16x64xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[64, 16], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 16 : memref<16xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[64, 16], [1, 64]] : memref<16x64xf32, #bir.mem<dram>>
  dge.dma %g -> %o type hwdge on pool
  bir.for %i = 0 to 4 step 1 on pool {
    dge.dma %g -> %o type hwdge on pool
  }
  return
}
func.func @fresh(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<16xi32, #bir.mem<dram>>, %out: memref<16x64xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[64, 16], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 16 : memref<16xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[64, 16], [1, 64]] : memref<16x64xf32, #bir.mem<dram>>
  dge.dma %g -> %o type hwdge on pool
  return
}

// -----

// Bytes inside a loop count once per estimated trip: the 128-byte gather in
// a loop of max_trip 64 weighs 8192 and goes to SP; the 4096-byte one after
// it goes to Activation, and so does the next (4096 < 8192), where bytes
// counted once would have sent it to SP (128 < 4096); from ArchLevel 50
// it goes to DVE, still idle.
// CHECK-LABEL: func.func @weighted_by_trips
// CHECK:       dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue sp{{$}}
// CHECK:       dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue act{{$}}
// LOW-NEXT:    dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue act{{$}}
// V5-NEXT:     dge.dma %{{.*}} -> %{{.*}} type hwdge on pool queue dve{{$}}
func.func @weighted_by_trips(%table: memref<512x32xf32, #bir.mem<dram>>, %id: memref<1xi32, #bir.mem<dram>>, %ids: memref<32xi32, #bir.mem<dram>>, %out: memref<32x32xf32, #bir.mem<dram>>, %n: i32) {
  %len = bir.read_var %n on pool
  %o1 = bir.ap %out offset 0 pattern [[32, 1], [1, 32]] : memref<32x32xf32, #bir.mem<dram>>
  %g1 = bir.ap %table offset 0 pattern [[32, 1], [1, 32]] indirect %id arg_id 0 indirect_dim 0 max_index 1 : memref<1xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
  bir.dynamic_for %j = 0 to 1 * %len + 0 step 1 max_trip 64 on pool {
    dge.dma %g1 -> %o1 type hwdge on pool
  }
  %g = bir.ap %table offset 0 pattern [[32, 32], [1, 32]] indirect %ids arg_id 1 indirect_dim 0 max_index 32 : memref<32xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[32, 32], [1, 32]] : memref<32x32xf32, #bir.mem<dram>>
  dge.dma %g -> %o type hwdge on pool
  dge.dma %g -> %o type hwdge on pool
  return
}
