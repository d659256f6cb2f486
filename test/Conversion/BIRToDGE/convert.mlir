// RUN: dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(convert-bir-to-dge))' | FileCheck %s --implicit-check-not=bir.dma

// Every bir.dma becomes a dge.dma awaiting a route (unassigned), triggered
// from the same engine, with the same access patterns, no queue engine and
// no transpose; everything else is left alone.
// CHECK-LABEL: func.func @kinds
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[a-z0-9_]+]]: memref<1x32xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32, %[[IDS:[a-z0-9_]+]]: memref<8xi32, #bir.mem<dram>>)
// CHECK: %[[V:.*]] = bir.read_var %[[P]] on pool {reg = 0 : i32}
// CHECK: %[[A:.*]] = bir.alu_imm mult %[[V]], 128 on pool {reg = 1 : i32}
// CHECK: %[[S:.*]] = bir.ap %[[ROW]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK: %[[R:.*]] = bir.reg_ap %[[D]] addr %[[A]] pattern {{\[\[}}32, 1], [1, 32]]
// CHECK: dge.dma %[[S]] -> %[[R]] type unassigned on pool{{$}}
// CHECK: %[[T:.*]] = bir.ap %[[D]] offset 32 pattern
// CHECK: dge.dma %[[T]] -> %[[S]] type unassigned on act{{$}}
// CHECK: %[[G:.*]] = bir.ap %[[D]] offset 0 pattern {{\[\[}}32, 8], [1, 32]] indirect %[[IDS]]
// CHECK: %[[O:.*]] = bir.alloc {address = 0 : i64} : memref<8x32xf32, #bir.mem<sbuf>>
// CHECK: %[[OA:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}32, 8], [1, 32]]
// CHECK: dge.dma %[[G]] -> %[[OA]] type unassigned on sp{{$}}
// CHECK: dge.dma %[[OA]] -> %[[G]] type unassigned on dve{{$}}
// CHECK: dge.dma %[[S]] -> %[[S]] type unassigned on pe{{$}}
// CHECK: return
func.func @kinds(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32, %ids: memref<8xi32, #bir.mem<dram>>) {
  %v = bir.read_var %p on pool {reg = 0 : i32}
  %a = bir.alu_imm mult %v, 128 on pool {reg = 1 : i32}
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %r = bir.reg_ap %d addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %r on pool
  %t = bir.ap %d offset 32 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %t -> %s on act
  %g = bir.ap %d offset 0 pattern [[32, 8], [1, 32]] indirect %ids arg_id 0 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<64x32xf32, #bir.mem<dram>>
  %o = bir.alloc {address = 0 : i64} : memref<8x32xf32, #bir.mem<sbuf>>
  %oa = bir.ap %o offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<sbuf>>
  bir.dma %g -> %oa on sp
  bir.dma %oa -> %g on dve
  bir.dma %s -> %s on pe
  return
}

// -----

// DMAs nested in loops are converted in place, on the loop's engine.
// CHECK-LABEL: func.func @loops
// CHECK: bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool attributes {reg = 0 : i32} {
// CHECK-NEXT: %[[A:.*]] = bir.alu_imm mult %[[J]], 128 on pool
// CHECK-NEXT: %[[X:.*]] = bir.reg_ap %{{.*}} addr %[[A]]
// CHECK-NEXT: %[[Y:.*]] = bir.reg_ap %{{.*}} addr %[[A]]
// CHECK-NEXT: dge.dma %[[X]] -> %[[Y]] type unassigned on pool{{$}}
// CHECK-NEXT: bir.for %{{.*}} = 0 to 4 step 1 on pool attributes {reg = 2 : i32} {
// CHECK-NEXT: dge.dma %[[X]] -> %[[Y]] type unassigned on pool{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @loops(%src: memref<64x32xf32, #bir.mem<dram>>, %dst: memref<64x32xf32, #bir.mem<dram>>, %n: i32) {
  %l = bir.read_var %n on pool {reg = 0 : i32}
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool attributes {reg = 0 : i32} {
    %a = bir.alu_imm mult %j, 128 on pool {reg = 1 : i32}
    %x = bir.reg_ap %src addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    %y = bir.reg_ap %dst addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %x -> %y on pool
    bir.for %i = 0 to 4 step 1 on pool attributes {reg = 2 : i32} {
      bir.dma %x -> %y on pool
    }
  }
  return
}

// -----

// A function without DMAs is unchanged.
// CHECK-LABEL: func.func @no_dma
// CHECK-NEXT: bir.read_var %{{.*}} on sp
// CHECK-NEXT: return
// CHECK-NOT: dge.
func.func @no_dma(%p: i32) {
  %v = bir.read_var %p on sp
  return
}
