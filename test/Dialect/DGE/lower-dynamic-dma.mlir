// dge-lower-dynamic-dma: each routed DMA becomes a block of descriptors and a
// trigger bound to it, in place. Offsets are bytes (elements x element
// size). Prefix FULL is the default budget (65536 bytes); SPLIT is a budget
// of 1000 bytes, under which larger DMAs split along their outer entries.
// RUN: dyn-opt %s -split-input-file -dge-lower-dynamic-dma | FileCheck %s --check-prefixes=CHECK,FULL --implicit-check-not=dge.dma
// RUN: dyn-opt %s -split-input-file -dge-lower-dynamic-dma=max-descriptor-bytes=1000 | FileCheck %s --check-prefixes=CHECK,SPLIT --implicit-check-not=dge.dma

// A static DMA: one imm/imm descriptor; element offset 96 of f32 is byte 384.
// CHECK-LABEL: func.func @static
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[a-z0-9_]+]]: memref<1x32xf32, #bir.mem<dram>>)
// CHECK-NOT: bir.ap
// FULL: %[[B:.*]] = dge.block attributes {max_descriptor_bytes = 65536 : i64} {
// SPLIT: %[[B:.*]] = dge.block attributes {max_descriptor_bytes = 1000 : i64} {
// CHECK-NEXT: dge.descriptor src %[[ROW]] [imm + 0] dst %[[D]] [imm + 384] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type none on sp{{$}}
// CHECK-NEXT: return
func.func @static(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>) {
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 96 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  return
}

// -----

// Element size counts: offset 10 of f16 is byte 20, of i8 byte 3; the
// SBUF tile keeps its location.
// CHECK-LABEL: func.func @element_bytes
// CHECK: %[[T:.*]] = bir.alloc {address = 0 : i64} : memref<4x16xi8, #bir.mem<sbuf>>
// CHECK-NEXT: %[[B:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %{{.*}} [imm + 20] dst %[[T]] [imm + 3] bytes 16 pattern {{\[\[}}1, 8]] -> {{\[\[}}1, 16]] : memref<64xf16, #bir.mem<dram>>, memref<4x16xi8, #bir.mem<sbuf>>
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type none on act{{$}}
func.func @element_bytes(%h: memref<64xf16, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<4x16xi8, #bir.mem<sbuf>>
  %s = bir.ap %h offset 10 pattern [[1, 8]] : memref<64xf16, #bir.mem<dram>>
  %o = bir.ap %t offset 3 pattern [[1, 16]] : memref<4x16xi8, #bir.mem<sbuf>>
  dge.dma %s -> %o type none on act
  return
}

// -----

// A register side (the KV write after Stage 3b): reg mode on that register;
// the address arithmetic stays, the access pattern goes.
// CHECK-LABEL: func.func @register_side
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[a-z0-9_]+]]: memref<1x32xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32)
// CHECK: %[[V:.*]] = bir.read_var %[[P]] on pool {reg = 0 : i32}
// CHECK-NEXT: %[[A:.*]] = bir.alu_imm mult %[[V]], 128 on pool {reg = 1 : i32}
// CHECK-NEXT: %[[B:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %[[ROW]] [imm + 0] dst %[[D]] [reg %[[A]] + 0] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}32, 1], [1, 32]]
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type swdge on pool{{$}}
// CHECK-NEXT: return
func.func @register_side(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool {reg = 0 : i32}
  %a = bir.alu_imm mult %v, 128 on pool {reg = 1 : i32}
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %t = bir.reg_ap %d addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %t type swdge on pool
  return
}

// -----

// The loop of the decode step: both sides read the induction-derived
// register; the trigger stays in the loop body.
// CHECK-LABEL: func.func @in_loop
// CHECK: bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool attributes {reg = 0 : i32} {
// CHECK-NEXT: %[[A:.*]] = bir.alu_imm mult %[[J]], 128 on pool {reg = 1 : i32}
// CHECK-NEXT: %[[B:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %{{.*}} [reg %[[A]] + 0] dst %{{.*}} [reg %[[A]] + 0] bytes 128
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type swdge on pool{{$}}
// CHECK-NEXT: }
func.func @in_loop(%src: memref<64x32xf32, #bir.mem<dram>>, %dst: memref<64x32xf32, #bir.mem<dram>>, %n: i32) {
  %l = bir.read_var %n on pool {reg = 0 : i32}
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool attributes {reg = 0 : i32} {
    %a = bir.alu_imm mult %j, 128 on pool {reg = 1 : i32}
    %x = bir.reg_ap %src addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    %y = bir.reg_ap %dst addr %a pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    dge.dma %x -> %y type swdge on pool
  }
  return
}

// -----

// An address that is a runtime scalar's value, read by bir.read_var only to
// address the DMA: patched from the scalar's memory location; the read_var
// is gone.
// CHECK-LABEL: func.func @patched
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[a-z0-9_]+]]: memref<1x32xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32)
// CHECK-NOT: bir.read_var
// CHECK: %[[B:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %[[ROW]] [imm + 0] dst %[[D]] [patched %[[P]] + 0] bytes 128
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type swdge on pool{{$}}
// CHECK-NEXT: return
func.func @patched(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool {reg = 0 : i32}
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %t = bir.reg_ap %d addr %v pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %t type swdge on pool
  return
}

// -----

// The same, but the register is used elsewhere too: the read_var stays. Two
// reg_aps on one read_var: it goes once neither remains.
// CHECK-LABEL: func.func @patched_read_var_kept
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32, %[[Q:[a-z0-9_]+]]: i32)
// CHECK: %[[V:.*]] = bir.read_var %[[P]] on pool
// CHECK-NEXT: %[[B:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %[[D]] [imm + 0] dst %[[D]] [patched %[[P]] + 0] bytes 128
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type swdge on pool{{$}}
// CHECK-NEXT: bir.alu_imm add %[[V]], 1 on pool
// CHECK-NOT: bir.read_var
// CHECK: %[[B2:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %[[D]] [patched %[[Q]] + 0] dst %[[D]] [patched %[[Q]] + 0] bytes 128
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B2]] type swdge on pool{{$}}
// CHECK-NEXT: return
func.func @patched_read_var_kept(%d: memref<64x32xf32, #bir.mem<dram>>, %p: i32, %q: i32) -> !bir.reg {
  %v = bir.read_var %p on pool
  %s = bir.ap %d offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  %t = bir.reg_ap %d addr %v pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %t type swdge on pool
  %x = bir.alu_imm add %v, 1 on pool
  %w = bir.read_var %q on pool
  %y = bir.reg_ap %d addr %w pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  %z = bir.reg_ap %d addr %w pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %y -> %z type swdge on pool
  return %x : !bir.reg
}

// -----

// An access pattern shared by two DMAs is removed after the last one.
// CHECK-LABEL: func.func @shared_pattern
// CHECK-NOT: bir.ap
// CHECK: dge.trigger %{{.*}} type none on sp{{$}}
// CHECK-NOT: bir.ap
// CHECK: dge.trigger %{{.*}} type none on act{{$}}
func.func @shared_pattern(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %u = bir.ap %d offset 32 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  dge.dma %s -> %u type none on act
  return
}

// -----

// An indirect side (gather read of 3 ids into a 512x64 table, then a
// scatter write of one row): the index tensor comes along; an hwdge trigger
// keeps its queue engine.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[TAB:[a-z0-9_]+]]: memref<512x64xf32, #bir.mem<dram>>, %[[IDS:[a-z0-9_]+]]: memref<3xi32, #bir.mem<dram>>)
// CHECK: %[[O:.*]] = bir.alloc
// CHECK-NEXT: %[[B:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %[[TAB]] [indirect %[[IDS]] : memref<3xi32, #bir.mem<dram>> + 0] dst %[[O]] [imm + 256] bytes 768 pattern {{\[\[}}64, 3], [1, 64]] -> {{\[\[}}64, 3], [1, 64]] : memref<512x64xf32, #bir.mem<dram>>, memref<4x64xf32, #bir.mem<sbuf>>
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B]] type hwdge on pool queue act{{$}}
// CHECK-NEXT: %[[B2:.*]] = dge.block
// CHECK-NEXT: dge.descriptor src %[[O]] [imm + 256] dst %[[TAB]] [indirect %[[IDS]] : memref<3xi32, #bir.mem<dram>> + 128] bytes 256 pattern {{\[\[}}1, 64]] -> {{\[\[}}64, 1], [1, 64]]
// CHECK-NEXT: }
// CHECK-NEXT: dge.trigger %[[B2]] type swdge on pool{{$}}
func.func @gather(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<3xi32, #bir.mem<dram>>) {
  %o = bir.alloc {address = 0 : i64} : memref<4x64xf32, #bir.mem<sbuf>>
  %g = bir.ap %table offset 0 pattern [[64, 3], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 3 : memref<3xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %oa = bir.ap %o offset 64 pattern [[64, 3], [1, 64]] : memref<4x64xf32, #bir.mem<sbuf>>
  dge.dma %g -> %oa type hwdge on pool queue act
  %r = bir.ap %o offset 64 pattern [[1, 64]] : memref<4x64xf32, #bir.mem<sbuf>>
  %w = bir.ap %table offset 32 pattern [[64, 1], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 3 : memref<3xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  dge.dma %r -> %w type swdge on pool
  return
}

// -----

// Exactly the budget: one descriptor at either budget.
// CHECK-LABEL: func.func @at_budget
// CHECK: dge.block
// CHECK-NEXT: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 0] bytes 1000 pattern {{\[\[}}1, 250]] -> {{\[\[}}1, 250]]
// CHECK-NEXT: }
func.func @at_budget(%a: memref<250xf32, #bir.mem<dram>>, %b: memref<250xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1, 250]] : memref<250xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[1, 250]] : memref<250xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  return
}

// -----

// 64x32xf32 = 8192 bytes. At 1000, a row is 128 bytes and the 64 rows
// overflow, so rows are cut into floor(1000 / 128) = 7 per descriptor:
// nine of 7 rows (896 bytes, offsets 896 * i) and one of the last row
// (128 bytes at 63 * 128 = 8064); 9 * 896 + 128 = 8192.
// CHECK-LABEL: func.func @split_rows
// FULL: dge.block attributes {max_descriptor_bytes = 65536 : i64} {
// FULL-NEXT: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 0] bytes 8192 pattern {{\[\[}}32, 64], [1, 32]] -> {{\[\[}}32, 64], [1, 32]]
// FULL-NEXT: }
// SPLIT: dge.block attributes {max_descriptor_bytes = 1000 : i64} {
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 0] bytes 896 pattern {{\[\[}}32, 7], [1, 32]] -> {{\[\[}}32, 7], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 896] dst %{{.*}} [imm + 896] bytes 896 pattern {{\[\[}}32, 7], [1, 32]] -> {{\[\[}}32, 7], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 1792] dst %{{.*}} [imm + 1792] bytes 896 pattern
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 2688] dst %{{.*}} [imm + 2688] bytes 896 pattern
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 3584] dst %{{.*}} [imm + 3584] bytes 896 pattern
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 4480] dst %{{.*}} [imm + 4480] bytes 896 pattern
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 5376] dst %{{.*}} [imm + 5376] bytes 896 pattern
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 6272] dst %{{.*}} [imm + 6272] bytes 896 pattern
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 7168] dst %{{.*}} [imm + 7168] bytes 896 pattern {{\[\[}}32, 7], [1, 32]] -> {{\[\[}}32, 7], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 8064] dst %{{.*}} [imm + 8064] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}32, 1], [1, 32]]
// SPLIT-NEXT: }
// CHECK-NEXT: dge.trigger %{{.*}} type none on sp{{$}}
func.func @split_rows(%a: memref<64x32xf32, #bir.mem<dram>>, %b: memref<64x32xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[32, 64], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[32, 64], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  return
}

// -----

// Two levels: 4 x 8 rows of 32 f32 (4096 bytes) into an SBUF tile with
// wider rows (64 f32) at element 32. Eight rows (1024 bytes) overflow 1000,
// so each of the 4 outer entries is cut into 7 rows + 1 row. Source pieces
// start at 1024 * i + 896 * k; destination pieces at
// 128 + 2048 * i + 1792 * k (row step 64 f32 = 256 bytes). 4 * (896 + 128)
// = 4096.
// CHECK-LABEL: func.func @split_two_levels
// FULL: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 128] bytes 4096 pattern {{\[\[}}256, 4], [32, 8], [1, 32]] -> {{\[\[}}512, 4], [64, 8], [1, 32]]
// FULL-NEXT: }
// SPLIT: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 128] bytes 896 pattern {{\[\[}}32, 7], [1, 32]] -> {{\[\[}}64, 7], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 896] dst %{{.*}} [imm + 1920] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}64, 1], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 1024] dst %{{.*}} [imm + 2176] bytes 896 pattern {{\[\[}}32, 7], [1, 32]] -> {{\[\[}}64, 7], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 1920] dst %{{.*}} [imm + 3968] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}64, 1], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 2048] dst %{{.*}} [imm + 4224] bytes 896 pattern {{\[\[}}32, 7], [1, 32]] -> {{\[\[}}64, 7], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 2944] dst %{{.*}} [imm + 6016] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}64, 1], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 3072] dst %{{.*}} [imm + 6272] bytes 896 pattern {{\[\[}}32, 7], [1, 32]] -> {{\[\[}}64, 7], [1, 32]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 3968] dst %{{.*}} [imm + 8064] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}64, 1], [1, 32]]
// SPLIT-NEXT: }
func.func @split_two_levels(%d: memref<4x8x32xf32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<4x8x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[256, 4], [32, 8], [1, 32]] : memref<4x8x32xf32, #bir.mem<dram>>
  %o = bir.ap %t offset 32 pattern [[512, 4], [64, 8], [1, 32]] : memref<4x8x64xf32, #bir.mem<sbuf>>
  dge.dma %s -> %o type none on sp
  return
}

// -----

// A single row longer than the budget is cut inside the row: 300 f32 = 1200
// bytes into floor(1000 / 4) = 250 elements (1000 bytes) and 50 (200 bytes).
// CHECK-LABEL: func.func @split_inside_row
// FULL: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 0] bytes 1200 pattern {{\[\[}}1, 300]] -> {{\[\[}}1, 300]]
// SPLIT: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 0] bytes 1000 pattern {{\[\[}}1, 250]] -> {{\[\[}}1, 250]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 1000] dst %{{.*}} [imm + 1000] bytes 200 pattern {{\[\[}}1, 50]] -> {{\[\[}}1, 50]]
// CHECK-NEXT: }
func.func @split_inside_row(%a: memref<300xf32, #bir.mem<dram>>, %b: memref<300xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1, 300]] : memref<300xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[1, 300]] : memref<300xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  return
}

// -----

// Splitting a register-mode side: every piece reads the same register, at
// its own byte offset from it; a patched side likewise.
// CHECK-LABEL: func.func @split_register_side
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<16x64xf32, #bir.mem<dram>>, %[[C:[a-z0-9_]+]]: memref<64x64xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32, %[[Q:[a-z0-9_]+]]: i32)
// CHECK: %[[R:.*]] = bir.alu_imm mult
// FULL: dge.descriptor src %[[A]] [imm + 0] dst %[[C]] [reg %[[R]] + 0] bytes 1024 pattern {{\[\[}}64, 4], [1, 64]] -> {{\[\[}}64, 4], [1, 64]]
// SPLIT: dge.descriptor src %[[A]] [imm + 0] dst %[[C]] [reg %[[R]] + 0] bytes 768 pattern {{\[\[}}64, 3], [1, 64]] -> {{\[\[}}64, 3], [1, 64]]
// SPLIT-NEXT: dge.descriptor src %[[A]] [imm + 768] dst %[[C]] [reg %[[R]] + 768] bytes 256 pattern {{\[\[}}64, 1], [1, 64]] -> {{\[\[}}64, 1], [1, 64]]
// CHECK: dge.trigger %{{.*}} type swdge on pool{{$}}
// FULL: dge.descriptor src %[[C]] [patched %[[Q]] + 0] dst %[[A]] [imm + 1024] bytes 1024
// SPLIT: dge.descriptor src %[[C]] [patched %[[Q]] + 0] dst %[[A]] [imm + 1024] bytes 768
// SPLIT-NEXT: dge.descriptor src %[[C]] [patched %[[Q]] + 768] dst %[[A]] [imm + 1792] bytes 256
// CHECK: dge.trigger %{{.*}} type swdge on pool{{$}}
func.func @split_register_side(%a: memref<16x64xf32, #bir.mem<dram>>, %c: memref<64x64xf32, #bir.mem<dram>>, %p: i32, %q: i32) {
  %v = bir.read_var %p on pool
  %r = bir.alu_imm mult %v, 256 on pool
  %s = bir.ap %a offset 0 pattern [[64, 4], [1, 64]] : memref<16x64xf32, #bir.mem<dram>>
  %d = bir.reg_ap %c addr %r pattern [[64, 4], [1, 64]] : memref<64x64xf32, #bir.mem<dram>>
  dge.dma %s -> %d type swdge on pool
  %w = bir.read_var %q on pool
  %e = bir.reg_ap %c addr %w pattern [[64, 4], [1, 64]] : memref<64x64xf32, #bir.mem<dram>>
  %f = bir.ap %a offset 256 pattern [[64, 4], [1, 64]] : memref<16x64xf32, #bir.mem<dram>>
  dge.dma %e -> %f type swdge on pool
  return
}

// -----

// A gather of 8 rows of 256 bytes (2048): under a budget of 1000 it splits
// by chunks of index rows, 3 rows each; each chunk reads its own index
// slots (`from 3`, `from 6`), and the plain side moves on by 3 rows.
// CHECK-LABEL: func.func @split_gather
// FULL:      dge.descriptor src %{{.*}} [indirect %{{.*}} : memref<8xi32, #bir.mem<dram>> + 0] dst %{{.*}} [imm + 0] bytes 2048 pattern {{\[\[}}64, 8], [1, 64]] -> {{\[\[}}64, 8], [1, 64]]
// SPLIT:      dge.descriptor src %{{.*}} [indirect %{{.*}} : memref<8xi32, #bir.mem<dram>> + 0] dst %{{.*}} [imm + 0] bytes 768 pattern {{\[\[}}64, 3], [1, 64]] -> {{\[\[}}64, 3], [1, 64]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [indirect %{{.*}} from 3 : memref<8xi32, #bir.mem<dram>> + 0] dst %{{.*}} [imm + 768] bytes 768 pattern {{\[\[}}64, 3], [1, 64]] -> {{\[\[}}64, 3], [1, 64]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [indirect %{{.*}} from 6 : memref<8xi32, #bir.mem<dram>> + 0] dst %{{.*}} [imm + 1536] bytes 512 pattern {{\[\[}}64, 2], [1, 64]] -> {{\[\[}}64, 2], [1, 64]]
// SPLIT-NEXT: }
func.func @split_gather(%table: memref<512x64xf32, #bir.mem<dram>>, %ids: memref<8xi32, #bir.mem<dram>>, %out: memref<8x64xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 0 pattern [[64, 8], [1, 64]] indirect %ids arg_id 0 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<512x64xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[64, 8], [1, 64]] : memref<8x64xf32, #bir.mem<dram>>
  dge.dma %g -> %o type hwdge on pool queue sp
  return
}

// -----

// A scatter of 2 rows of 2048 bytes: one row is over the budget, so each
// piece is part of one row; the indirect side keeps its row as a one-row
// entry with that row's index slot, and moves on inside the row.
// CHECK-LABEL: func.func @split_scatter_inside_rows
// SPLIT:      dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [indirect %{{.*}} : memref<2xi32, #bir.mem<dram>> + 0] bytes 1000 pattern {{\[\[}}1, 250]] -> {{\[\[}}512, 1], [1, 250]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 1000] dst %{{.*}} [indirect %{{.*}} : memref<2xi32, #bir.mem<dram>> + 1000] bytes 1000 pattern {{\[\[}}1, 250]] -> {{\[\[}}512, 1], [1, 250]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 2000] dst %{{.*}} [indirect %{{.*}} : memref<2xi32, #bir.mem<dram>> + 2000] bytes 48 pattern {{\[\[}}1, 12]] -> {{\[\[}}512, 1], [1, 12]]
// SPLIT-NEXT: dge.descriptor src %{{.*}} [imm + 2048] dst %{{.*}} [indirect %{{.*}} from 1 : memref<2xi32, #bir.mem<dram>> + 0] bytes 1000 pattern {{\[\[}}1, 250]] -> {{\[\[}}512, 1], [1, 250]]
// SPLIT:      dge.descriptor src %{{.*}} [imm + 4048] dst %{{.*}} [indirect %{{.*}} from 1 : memref<2xi32, #bir.mem<dram>> + 2000] bytes 48 pattern {{\[\[}}1, 12]] -> {{\[\[}}512, 1], [1, 12]]
// SPLIT-NEXT: }
func.func @split_scatter_inside_rows(%rows: memref<2x512xf32, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>, %table: memref<64x512xf32, #bir.mem<dram>>) {
  %s = bir.ap %rows offset 0 pattern [[512, 2], [1, 512]] : memref<2x512xf32, #bir.mem<dram>>
  %t = bir.ap %table offset 0 pattern [[512, 2], [1, 512]] indirect %ids arg_id 0 indirect_dim 0 max_index 2 : memref<2xi32, #bir.mem<dram>> : memref<64x512xf32, #bir.mem<dram>>
  dge.dma %s -> %t type hwdge on pool queue sp
  return
}
