// dge-scan routes each unassigned DMA. Prefix GEN3 is ArchLevel > 29 with
// hwdge available for vector (indirect, transposing) DMAs; prefix GEN2 has
// no hwdge, at gen2 or because vector-route=swdge asks for software DGE.
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=gen2 -dge-scan | FileCheck %s --check-prefixes=CHECK,GEN2,L20
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=gen3 -dge-scan=vector-route=swdge | FileCheck %s --check-prefixes=CHECK,GEN2,L30
// RUN: dyn-opt %s -split-input-file -dge-scan | FileCheck %s --check-prefixes=CHECK,GEN3,NOARCH
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=gen3 -dge-scan | FileCheck %s --check-prefixes=CHECK,GEN3,L30
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=core_v4 -dge-scan | FileCheck %s --check-prefixes=CHECK,GEN3,L40
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=core_v5 -dge-scan=vector-route=hwdge | FileCheck %s --check-prefixes=CHECK,GEN3,L50
// RUN: not dyn-opt %s -split-input-file -dge-set-arch=arch=gen1 -dge-scan 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not dyn-opt %s -split-input-file -dge-set-arch=arch=gen3 -dge-scan=vector-route=dve 2>&1 | FileCheck %s --check-prefix=ROUTE

// ARCH: for the --arch option: Cannot find option named 'gen1'!
// ROUTE: for the --vector-route option: Cannot find option named 'dve'!

// Static: none at every arch, even on an engine that could run hwdge. The
// arch is recorded once, on the module, by dge-set-arch; dge-scan reads it
// (gen3 when absent) and stamps nothing on the function.
// L20: module attributes {dge.arch = #dge<arch gen2>} {
// L30: module attributes {dge.arch = #dge<arch gen3>} {
// L40: module attributes {dge.arch = #dge<arch core_v4>} {
// L50: module attributes {dge.arch = #dge<arch core_v5>} {
// NOARCH-NOT: dge.arch
// NOARCH: {{^}}module {
// CHECK-LABEL: func.func @static
// CHECK-NOT: arch
// CHECK: dge.dma %{{.*}} -> %{{.*}} type none on sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type none on pool{{$}}
// CHECK-NOT: dge.dma
func.func @static(%d: memref<64x32xf32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<4x32xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 64 pattern [[32, 4], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  %o = bir.ap %t offset 0 pattern [[32, 4], [1, 32]] : memref<4x32xf32, #bir.mem<sbuf>>
  dge.dma %s -> %o type unassigned on sp
  dge.dma %o -> %s type unassigned on pool
  return
}

// -----

// A register (kind-3) side on either end: swdge at every arch; the trigger
// engine is kept and no queue is bound.
// CHECK-LABEL: func.func @register_side
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
func.func @register_side(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on pool {reg = 0 : i32}
  %a = bir.alu_imm mult %v, 128 on pool {reg = 1 : i32}
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.reg_ap %cache addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %d type unassigned on pool
  dge.dma %d -> %s type unassigned on pool
  dge.dma %d -> %d type unassigned on pool
  return
}

// -----

// The loop of the decode step: both sides in registers, inside a dynamic
// loop; scalar dynamic info not yet expanded counts as a register side too.
// CHECK-LABEL: func.func @scalar_in_loop
// CHECK: bir.dynamic_for
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
func.func @scalar_in_loop(%src: memref<64x32xf32, #bir.mem<dram>>, %dst: memref<64x32xf32, #bir.mem<dram>>, %n: i32) {
  %l = bir.read_var %n on pool {reg = 0 : i32}
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool attributes {reg = 1 : i32} {
    %a = bir.alu_imm mult %j, 128 on pool {reg = 2 : i32}
    %x = bir.reg_ap %src addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    %y = bir.reg_ap %dst addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    dge.dma %x -> %y type unassigned on pool
    %z = bir.ap %dst offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%j) : memref<64x32xf32, #bir.mem<dram>>
    %w = bir.ap %src offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    dge.dma %w -> %z type unassigned on pool
  }
  return
}

// -----

// An indirect side (gather read, scatter write): hwdge from ArchLevel 30
// unless vector-route=swdge, else swdge. dge-scan binds no queue engine.
// CHECK-LABEL: func.func @indirect
// GEN3: dge.dma %{{.*}} -> %{{.*}} type hwdge on pool{{$}}
// GEN3: dge.dma %{{.*}} -> %{{.*}} type hwdge on sp{{$}}
// GEN2: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// GEN2: dge.dma %{{.*}} -> %{{.*}} type swdge on sp{{$}}
func.func @indirect(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<16xi32, #bir.mem<dram>>, %out: memref<16x64xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[64, 16], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 16 : memref<16xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[64, 16], [1, 64]] : memref<16x64xf32, #bir.mem<dram>>
  dge.dma %g -> %o type unassigned on pool
  dge.dma %o -> %g type unassigned on sp
  return
}

// -----

// A transposing DMA of static sides is a vector DMA too.
// CHECK-LABEL: func.func @transpose
// GEN3: dge.dma %{{.*}} -> %{{.*}} type hwdge on act transpose{{$}}
// GEN2: dge.dma %{{.*}} -> %{{.*}} type swdge on act transpose{{$}}
func.func @transpose(%d: memref<32x32xf32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<32x32xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[32, 32], [1, 32]] : memref<32x32xf32, #bir.mem<dram>>
  %o = bir.ap %t offset 0 pattern [[32, 32], [1, 32]] : memref<32x32xf32, #bir.mem<sbuf>>
  dge.dma %s -> %o type unassigned on act transpose
  return
}

// -----

// Indirect on one side and a register on the other: the register must be
// read on the triggering engine, so swdge at every arch.
// CHECK-LABEL: func.func @indirect_and_register
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
func.func @indirect_and_register(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<64x64xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool {reg = 0 : i32}
  %g = bir.ap %table offset 0 pattern [[64, 4], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %o = bir.reg_ap %out addr %v pattern [[64, 4], [1, 64]] : memref<64x64xf32, #bir.mem<dram>>
  dge.dma %g -> %o type unassigned on pool
  return
}

// -----

// Already-routed DMAs are untouched, even where the scan would choose
// differently (dge-cleanup, not dge-scan, judges them).
// CHECK-LABEL: func.func @already_routed
// CHECK: dge.dma %[[S:.*]] -> %[[G:.*]] type none on sp{{$}}
// CHECK: dge.dma %[[G]] -> %[[S]] type hwdge on pool queue act{{$}}
// CHECK: dge.dma %[[S]] -> %[[S]] type swdge on pool{{$}}
// CHECK: dge.dma %[[S]] -> %[[S]] type hwdge on sp queue dve{{$}}
func.func @already_routed(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<16xi32, #bir.mem<dram>>, %out: memref<16x64xf32, #bir.mem<dram>>) {
  %o = bir.ap %out offset 0 pattern [[64, 16], [1, 64]] : memref<16x64xf32, #bir.mem<dram>>
  %g = bir.ap %table offset 0 pattern [[64, 16], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 16 : memref<16xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  dge.dma %o -> %g type none on sp
  dge.dma %g -> %o type hwdge on pool queue act
  dge.dma %o -> %o type swdge on pool
  dge.dma %o -> %o type hwdge on sp queue dve
  return
}
