// RUN: dyn-opt %s -split-input-file | dyn-opt -split-input-file | FileCheck %s
// RUN: dyn-opt %s -split-input-file --mlir-print-op-generic | dyn-opt -split-input-file | FileCheck %s

// Every route, a queue engine on hwdge, and the transpose flag.
// CHECK-LABEL: func.func @dmas
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[a-z0-9_]+]]: memref<1x32xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32, %[[IDS:[a-z0-9_]+]]: memref<8xi32, #bir.mem<dram>>)
// CHECK: %[[V:.*]] = bir.read_var %[[P]] on pool
// CHECK: %[[S:.*]] = bir.ap %[[ROW]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK: %[[R:.*]] = bir.reg_ap %[[D]] addr %[[V]] pattern {{\[\[}}32, 1], [1, 32]]
// CHECK: dge.dma %[[S]] -> %[[R]] type unassigned on pool{{$}}
// CHECK: dge.dma %[[S]] -> %[[R]] type swdge on pool{{$}}
// CHECK: %[[T:.*]] = bir.ap %[[D]] offset 32 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK: dge.dma %[[S]] -> %[[T]] type none on act{{$}}
// CHECK: %[[G:.*]] = bir.ap %[[D]] offset 0 pattern {{\[\[}}32, 8], [1, 32]] indirect %[[IDS]]
// CHECK: %[[O:.*]] = bir.alloc : memref<8x32xf32, #bir.mem<sbuf>>
// CHECK: %[[OA:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}32, 8], [1, 32]]
// CHECK: dge.dma %[[G]] -> %[[OA]] type hwdge on pool queue sp{{$}}
// CHECK: dge.dma %[[G]] -> %[[OA]] type hwdge on pool queue act{{$}}
// CHECK: dge.dma %[[G]] -> %[[OA]] type hwdge on sp queue dve{{$}}
// CHECK: dge.dma %[[OA]] -> %[[OA]] type unassigned on sp transpose{{$}}
// CHECK: dge.dma %[[OA]] -> %[[OA]] type hwdge on sp queue act transpose{{$}}
func.func @dmas(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32, %ids: memref<8xi32, #bir.mem<dram>>) {
  %v = bir.read_var %p on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %r = bir.reg_ap %d addr %v pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %r type unassigned on pool
  dge.dma %s -> %r type swdge on pool
  %t = bir.ap %d offset 32 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on act
  %g = bir.ap %d offset 0 pattern [[32, 8], [1, 32]] indirect %ids arg_id 0 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<64x32xf32, #bir.mem<dram>>
  %o = bir.alloc : memref<8x32xf32, #bir.mem<sbuf>>
  %oa = bir.ap %o offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<sbuf>>
  dge.dma %g -> %oa type hwdge on pool queue sp
  dge.dma %g -> %oa type hwdge on pool queue act
  dge.dma %g -> %oa type hwdge on sp queue dve
  dge.dma %oa -> %oa type unassigned on sp transpose
  dge.dma %oa -> %oa type hwdge on sp queue act transpose
  return
}

// -----

// A block of descriptors in every address mode, each bound to one trigger;
// offsets are bytes, patterns [step, num] pairs in elements. Encoded words
// print in hex after `addr4` when both are stamped.
// CHECK-LABEL: func.func @blocks
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[a-z0-9_]+]]: memref<1x32xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32, %[[IDS:[a-z0-9_]+]]: memref<8xi32, #bir.mem<dram>>)
// CHECK: %[[V:.*]] = bir.read_var %[[P]] on pool
// CHECK: %[[B0:.*]] = dge.block {
// CHECK-NEXT: dge.descriptor src %[[ROW]] [imm + 0] dst %[[D]] [reg %[[V]] + 4] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}32, 1], [1, 32]] addr4 [0x00000000, 0x80000005] : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B0]] type swdge on pool{{$}}
// CHECK: %[[B1:.*]] = dge.block attributes {max_descriptor_bytes = 512 : i64} {
// CHECK-NEXT: dge.descriptor src %[[D]] [patched %[[P]] + 0] dst %[[ROW]] [imm + 0] bytes 64 pattern {{\[\[}}1, 16]] -> {{\[\[}}1, 16]]
// CHECK-NEXT: dge.descriptor src %[[D]] [patched %[[P]] + 64] dst %[[ROW]] [imm + 64] bytes 64 pattern {{\[\[}}1, 16]] -> {{\[\[}}1, 16]] {src_addr4 = 1073741824 : i32} :
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B1]] type swdge on act{{$}}
// CHECK: %[[O:.*]] = bir.alloc : memref<8x32xf32, #bir.mem<sbuf>>
// CHECK: %[[B2:.*]] = dge.block {
// CHECK-NEXT: dge.descriptor src %[[D]] [indirect %[[IDS]] : memref<8xi32, #bir.mem<dram>> + 0] dst %[[O]] [imm + 0] bytes 1024 pattern {{\[\[}}32, 8], [1, 32]] -> {{\[\[}}32, 8], [1, 32]] addr4 [0x20000000, 0x00000000] : memref<64x32xf32, #bir.mem<dram>>, memref<8x32xf32, #bir.mem<sbuf>>
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B2]] type hwdge on pool queue sp{{$}}
// CHECK: %[[B3:.*]] = dge.block {
// CHECK-NEXT: dge.descriptor src %[[O]] [imm + 128] dst %[[D]] [indirect %[[IDS]] : memref<8xi32, #bir.mem<dram>> + 0] bytes 512 pattern {{\[\[}}32, 4], [1, 32]] -> {{\[\[}}32, 4], [1, 32]]
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B3]] type swdge on dve{{$}}
func.func @blocks(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32, %ids: memref<8xi32, #bir.mem<dram>>) {
  %v = bir.read_var %p on pool
  %b0 = dge.block {
    dge.descriptor src %row [imm + 0] dst %d [reg %v + 4] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] addr4 [0, 0x80000005] : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b0 type swdge on pool
  %b1 = dge.block attributes {max_descriptor_bytes = 512 : i64} {
    dge.descriptor src %d [patched %p + 0] dst %row [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64x32xf32, #bir.mem<dram>>, memref<1x32xf32, #bir.mem<dram>>
    dge.descriptor src %d [patched %p + 64] dst %row [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] {src_addr4 = 1073741824 : i32} : memref<64x32xf32, #bir.mem<dram>>, memref<1x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b1 type swdge on act
  %o = bir.alloc : memref<8x32xf32, #bir.mem<sbuf>>
  %b2 = dge.block {
    dge.descriptor src %d [indirect %ids : memref<8xi32, #bir.mem<dram>> + 0] dst %o [imm + 0] bytes 1024 pattern [[32, 8], [1, 32]] -> [[32, 8], [1, 32]] addr4 [0x20000000, 0x0] : memref<64x32xf32, #bir.mem<dram>>, memref<8x32xf32, #bir.mem<sbuf>>
  }
  dge.trigger %b2 type hwdge on pool queue sp
  %b3 = dge.block {
    dge.descriptor src %o [imm + 128] dst %d [indirect %ids : memref<8xi32, #bir.mem<dram>> + 0] bytes 512 pattern [[32, 4], [1, 32]] -> [[32, 4], [1, 32]] : memref<8x32xf32, #bir.mem<sbuf>>, memref<64x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b3 type swdge on dve
  return
}

// -----

// A block and its trigger inside a dynamic loop: the descriptor reads the
// loop's induction register, on the loop's engine.
// CHECK-LABEL: func.func @in_loop
// CHECK: bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool {
// CHECK-NEXT: %[[A:.*]] = bir.alu_imm mult %[[J]], 128 on pool
// CHECK-NEXT: %[[B:.*]] = dge.block {
// CHECK-NEXT: dge.descriptor src %{{.*}} [reg %[[A]] + 0] dst %{{.*}} [reg %[[J]] + 8] bytes 128 pattern {{\[\[}}1, 32]] -> {{\[\[}}1, 32]]
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type swdge on pool{{$}}
// CHECK-NEXT: }
func.func @in_loop(%src: memref<64x32xf32, #bir.mem<dram>>, %dst: memref<64x32xf32, #bir.mem<dram>>, %n: i32) {
  %l = bir.read_var %n on pool
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    %a = bir.alu_imm mult %j, 128 on pool
    %b = dge.block {
      dge.descriptor src %src [reg %a + 0] dst %dst [reg %j + 8] bytes 128 pattern [[1, 32]] -> [[1, 32]] : memref<64x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
    }
    dge.trigger %b type swdge on pool
  }
  return
}

// -----

// A descriptor may reshape: the sides' patterns differ but move the same
// bytes, and element types of equal size may differ.
// CHECK-LABEL: func.func @reshape
// CHECK: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 256] bytes 256 pattern {{\[\[}}1, 64]] -> {{\[\[}}16, 4], [1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<4x32xi32, #bir.mem<sbuf>>
// CHECK: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 0] bytes 64 pattern {{\[\[}}0, 4], [1, 4]] -> {{\[\[}}1, 64]] : memref<64xf32, #bir.mem<dram>>, memref<64xi8, #bir.mem<psum>>
func.func @reshape(%a: memref<64xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<4x32xi32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<64xi8, #bir.mem<psum>>
  %b = dge.block {
    dge.descriptor src %a [imm + 0] dst %t [imm + 256] bytes 256 pattern [[1, 64]] -> [[16, 4], [1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<4x32xi32, #bir.mem<sbuf>>
    dge.descriptor src %a [imm + 0] dst %u [imm + 0] bytes 64 pattern [[0, 4], [1, 4]] -> [[1, 64]] : memref<64xf32, #bir.mem<dram>>, memref<64xi8, #bir.mem<psum>>
  }
  dge.trigger %b type none on sp
  return
}

// -----

// Discardable attributes print in the attribute dictionary with the
// inherent ones that go there, in name order.
// CHECK-LABEL: func.func @discardable_attributes
// CHECK: dge.block attributes {a.note = 1 : i64, max_descriptor_bytes = 256 : i64, z.note = "z"} {
// CHECK: dge.trigger %{{.*}} type hwdge on sp queue sp {a.note = 2 : i64}{{$}}
func.func @discardable_attributes(%a: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block attributes {z.note = "z", max_descriptor_bytes = 256 : i64, a.note = 1 : i64} {
    dge.descriptor src %a [imm + 0] dst %a [imm + 0] bytes 256 pattern [[1, 64]] -> [[1, 64]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type hwdge on sp queue sp {a.note = 2 : i64}
  return
}
