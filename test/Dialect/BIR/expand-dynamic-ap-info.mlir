// RUN: dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-expand-dynamic-ap-info))' | FileCheck %s

// The KV write: c = 0 and one term with coefficient 128 cost exactly one
// mult, and the side becomes a kind-3 pattern on that register.
// CHECK-LABEL: func.func @one_term
// CHECK-SAME:    (%[[CACHE:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[^:]*]]: memref<1x32xf32, #bir.mem<dram>>, %[[POS:[^:]*]]: i32)
// CHECK:         %[[V:.*]] = bir.read_var %[[POS]] on pool
// CHECK-NOT:     bir.alu
// CHECK:         %[[S:.*]] = bir.ap %[[ROW]] offset 0 pattern {{\[\[}}32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
// CHECK-NEXT:    %[[A:.*]] = bir.alu_imm mult %[[V]], 128 on pool
// CHECK-NEXT:    %[[D:.*]] = bir.reg_ap %[[CACHE]] addr %[[A]] pattern {{\[\[}}32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
// CHECK-NEXT:    bir.dma %[[S]] -> %[[D]] on pool
// CHECK-NOT:     bir.alu
// CHECK-NOT:     scalar
// CHECK:         return
func.func @one_term(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return
}

// -----

// Coefficient 1 and c = 0: the register itself is the address, no ALU code.
// CHECK-LABEL: func.func @coefficient_one
// CHECK:         %[[V:.*]] = bir.read_var
// CHECK-NOT:     bir.alu
// CHECK-NOT:     bir.mov_imm
// CHECK:         bir.reg_ap %{{.*}} addr %[[V]] pattern
// CHECK-NOT:     bir.alu
// CHECK:         return
func.func @coefficient_one(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [1] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return
}

// -----

// c != 0 with coefficient 1: one add of c, no mult.
// CHECK-LABEL: func.func @constant_term
// CHECK:         %[[V:.*]] = bir.read_var
// CHECK-NOT:     bir.alu
// CHECK:         %[[A:.*]] = bir.alu_imm add %[[V]], 64 on sp
// CHECK-NOT:     bir.alu
// CHECK:         bir.reg_ap %{{.*}} addr %[[A]] pattern
// CHECK-NOT:     bir.alu
// CHECK:         return
func.func @constant_term(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on sp
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 64 + [1] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on sp
  return
}

// -----

// A static offset is part of the start: 8 f32 elements are 32 more bytes
// (it was dropped, found by review).
// CHECK-LABEL: func.func @static_offset
// CHECK:         %[[V:.*]] = bir.read_var
// CHECK:         %[[A:.*]] = bir.alu_imm add %[[V]], 96 on sp
// CHECK:         bir.reg_ap %{{.*}} addr %[[A]] pattern {{\[\[}}8, 1], [1, 8]]
func.func @static_offset(%t: memref<16x8xf32, #bir.mem<dram>>, %row: memref<1x8xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on sp
  %s = bir.ap %t offset 8 pattern [[8, 1], [1, 8]] scalar 64 + [1] * (%v) : memref<16x8xf32, #bir.mem<dram>>
  %d = bir.ap %row offset 0 pattern [[8, 1], [1, 8]] : memref<1x8xf32, #bir.mem<dram>>
  bir.dma %s -> %d on sp
  return
}

// -----

// k = 2 terms with coefficients other than 1 and c != 0: two mults, one add
// per further term and one add of c, 4 <= 1 + 2k instructions.
// CHECK-LABEL: func.func @two_terms
// CHECK:         %[[V:.*]] = bir.read_var %{{.*}} on pool
// CHECK:         %[[W:.*]] = bir.read_var %{{.*}} on pool
// CHECK-NOT:     bir.alu
// CHECK:         %[[MV:.*]] = bir.alu_imm mult %[[V]], 128 on pool
// CHECK-NEXT:    %[[MW:.*]] = bir.alu_imm mult %[[W]], -4 on pool
// CHECK-NEXT:    %[[SUM:.*]] = bir.alu add %[[MV]], %[[MW]] on pool
// CHECK-NEXT:    %[[A:.*]] = bir.alu_imm add %[[SUM]], 64 on pool
// CHECK-NEXT:    bir.reg_ap %{{.*}} addr %[[A]] pattern
// CHECK-NOT:     bir.alu
// CHECK:         return
func.func @two_terms(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32, %q: i32) {
  %v = bir.read_var %p on pool
  %w = bir.read_var %q on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 64 + [128, -4] * (%v, %w) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return
}

// -----

// No runtime terms: the address is the constant (one RegMov).
// CHECK-LABEL: func.func @no_terms
// CHECK:         %[[C:.*]] = bir.mov_imm 192 on pool
// CHECK-NEXT:    bir.reg_ap %{{.*}} addr %[[C]] pattern
// CHECK-NOT:     bir.alu
// CHECK:         return
func.func @no_terms(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>) {
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 192 + [] * () : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return
}

// -----

// The decode step's row copy: both sides of one DMA have the same expression, and
// a second DMA in the same block uses it again: one mult for all four.
// CHECK-LABEL: func.func @same_expression_one_block
// CHECK-SAME:    (%[[A:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[B:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>,
// CHECK:         %[[V:.*]] = bir.read_var
// CHECK-NEXT:    %[[M:.*]] = bir.alu_imm mult %[[V]], 128 on pool
// CHECK-NEXT:    %[[SA:.*]] = bir.reg_ap %[[A]] addr %[[M]]
// CHECK-NEXT:    %[[DB:.*]] = bir.reg_ap %[[B]] addr %[[M]]
// CHECK-NEXT:    bir.dma %[[SA]] -> %[[DB]] on pool
// CHECK-NEXT:    %[[SB:.*]] = bir.reg_ap %[[B]] addr %[[M]]
// CHECK-NEXT:    %[[DA:.*]] = bir.reg_ap %[[A]] addr %[[M]]
// CHECK-NEXT:    bir.dma %[[SB]] -> %[[DA]] on pool
// CHECK-NOT:     bir.alu
// CHECK:         return
func.func @same_expression_one_block(%a: memref<64x32xf32, #bir.mem<dram>>, %b: memref<64x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on pool
  %s = bir.ap %a offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  %d = bir.ap %b offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  %s2 = bir.ap %b offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  %d2 = bir.ap %a offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s2 -> %d2 on pool
  return
}

// -----

// Different expressions in one block are each computed: the constant or a
// coefficient makes them distinct.
// CHECK-LABEL: func.func @distinct_expressions
// CHECK:         %[[V:.*]] = bir.read_var
// CHECK:         bir.alu_imm mult %[[V]], 128 on pool
// CHECK:         bir.alu_imm mult %[[V]], 128 on pool
// CHECK-NEXT:    bir.alu_imm add %{{.*}}, 4 on pool
// CHECK:         bir.alu_imm mult %[[V]], 256 on pool
// CHECK-NOT:     bir.alu
// CHECK:         return
func.func @distinct_expressions(%a: memref<64x32xf32, #bir.mem<dram>>, %b: memref<64x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on pool
  %s = bir.ap %a offset 0 pattern [[32, 1], [1, 8]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  %d = bir.ap %b offset 0 pattern [[32, 1], [1, 8]] scalar 4 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  %d2 = bir.ap %b offset 0 pattern [[32, 1], [1, 8]] scalar 0 + [256] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d2 on pool
  return
}

// -----

// The same expression before a loop and inside it is computed in each
// block; the loop body uses its own register.
// CHECK-LABEL: func.func @per_block
// CHECK:         %[[V:.*]] = bir.read_var %{{.*}} on pool
// CHECK:         %[[OUT:.*]] = bir.alu_imm mult %[[V]], 128 on pool
// CHECK:         bir.reg_ap %{{.*}} addr %[[OUT]]
// CHECK:         bir.dynamic_for
// CHECK-NEXT:      %[[IN:.*]] = bir.alu_imm mult %[[V]], 128 on pool
// CHECK-NEXT:      %[[SRC:.*]] = bir.reg_ap %{{.*}} addr %[[IN]]
// CHECK-NEXT:      bir.dma %[[SRC]] -> %{{.*}} on pool
// CHECK-NEXT:    }
// CHECK-NOT:     bir.alu
// CHECK:         return
func.func @per_block(%a: memref<64x32xf32, #bir.mem<dram>>, %b: memref<1x32xf32, #bir.mem<dram>>, %pos: i32, %n: i32) {
  %v = bir.read_var %pos on pool
  %l = bir.read_var %n on pool
  %d = bir.ap %b offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %s = bir.ap %a offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 8 on pool {
    bir.dma %s -> %d on pool
  }
  return
}

// -----

// Indirect sides keep their index tensor; their arg_ids become 0, 1, ... in
// order of appearance (5 -> 0, 3 -> 1, 5 again -> 0).
// CHECK-LABEL: func.func @densify
// CHECK-SAME:    (%[[T:[^:]*]]: memref<512x32xf32, #bir.mem<dram>>, %[[IDS3:[^:]*]]: memref<8xi32, #bir.mem<dram>>, %[[IDS5:[^:]*]]: memref<4xi32, #bir.mem<dram>>,
// CHECK:         bir.ap %[[T]] offset 0 pattern {{\[\[}}32, 4], [1, 32]] indirect %[[IDS5]] arg_id 0 indirect_dim 0 max_index 4
// CHECK:         bir.ap %[[T]] offset 0 pattern {{\[\[}}32, 8], [1, 32]] indirect %[[IDS3]] arg_id 1 indirect_dim 0 max_index 8
// CHECK:         bir.ap %[[T]] offset 0 pattern {{\[\[}}32, 4], [1, 32]] indirect %[[IDS5]] arg_id 0 indirect_dim 0 max_index 4
// CHECK-NOT:     bir.alu
// CHECK-NOT:     bir.reg_ap
// CHECK:         return
func.func @densify(%t: memref<512x32xf32, #bir.mem<dram>>, %ids3: memref<8xi32, #bir.mem<dram>>, %ids5: memref<4xi32, #bir.mem<dram>>, %o: memref<8x32xf32, #bir.mem<dram>>) {
  %o4 = bir.ap %o offset 0 pattern [[32, 4], [1, 32]] : memref<8x32xf32, #bir.mem<dram>>
  %o8 = bir.ap %o offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<dram>>
  %g = bir.ap %t offset 0 pattern [[32, 4], [1, 32]] indirect %ids5 arg_id 5 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
  bir.dma %g -> %o4 on sp
  %g2 = bir.ap %t offset 0 pattern [[32, 8], [1, 32]] indirect %ids3 arg_id 3 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
  bir.dma %g2 -> %o8 on sp
  %g3 = bir.ap %t offset 0 pattern [[32, 4], [1, 32]] indirect %ids5 arg_id 5 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
  bir.dma %o4 -> %g3 on sp
  return
}

// -----

// On chip the scalar form is a byte offset in the location's row-major
// layout; it becomes an address-map address: base + (off / row bytes) *
// part_stride + off % row bytes. SBUF rows are 32 x 4 = 128 bytes, PSUM rows
// 32 x 2 = 64 bytes, PSUM base 0x2000000 + 64. Equal expressions on two
// locations are different addresses (computed for each); on the same
// location they are computed once.
// CHECK-LABEL: func.func @on_chip
// CHECK:         %[[T:.*]] = bir.alloc {address = 512 : i64} : memref<64x32xf32, #bir.mem<sbuf>>
// CHECK:         %[[U:.*]] = bir.alloc {address = 1024 : i64} : memref<64x32xf32, #bir.mem<sbuf>>
// CHECK:         %[[P:.*]] = bir.alloc {address = 64 : i64} : memref<16x32xf16, #bir.mem<psum>>
// CHECK:         %[[V:.*]] = bir.read_var
// CHECK:         %[[M:.*]] = bir.alu_imm mult %[[V]], 128 on pool
// CHECK-NEXT:    %[[OFF:.*]] = bir.alu_imm add %[[M]], 8 on pool
// CHECK-NEXT:    %[[PART:.*]] = bir.alu_imm divide %[[OFF]], 128 on pool
// CHECK-NEXT:    %[[PB:.*]] = bir.alu_imm mult %[[PART]], 262144 on pool
// CHECK-NEXT:    %[[REST:.*]] = bir.alu_imm mod %[[OFF]], 128 on pool
// CHECK-NEXT:    %[[SUM:.*]] = bir.alu add %[[PB]], %[[REST]] on pool
// CHECK-NEXT:    %[[ADDR_T:.*]] = bir.alu_imm add %[[SUM]], 512 on pool
// CHECK-NEXT:    bir.reg_ap %[[T]] addr %[[ADDR_T]] pattern
// CHECK-NEXT:    bir.dma
// CHECK:         %[[ADDR_U:.*]] = bir.alu_imm add %{{.*}}, 1024 on pool
// CHECK-NEXT:    bir.reg_ap %[[U]] addr %[[ADDR_U]] pattern
// CHECK-NEXT:    bir.dma
// CHECK-NEXT:    bir.reg_ap %[[T]] addr %[[ADDR_T]] pattern
// CHECK-NEXT:    bir.dma
// Whole PSUM rows (64 bytes each), but %v is not clamped: 64 * %v may wrap,
// so (64 * v) / 64 = v is not proven and the general form stays.
// CHECK-NEXT:    %[[MP:.*]] = bir.alu_imm mult %[[V]], 64 on pool
// CHECK-NEXT:    %[[PARTP:.*]] = bir.alu_imm divide %[[MP]], 64 on pool
// CHECK-NEXT:    %[[PBP:.*]] = bir.alu_imm mult %[[PARTP]], 32768 on pool
// CHECK-NEXT:    %[[RESTP:.*]] = bir.alu_imm mod %[[MP]], 64 on pool
// CHECK-NEXT:    %[[SUMP:.*]] = bir.alu add %[[PBP]], %[[RESTP]] on pool
// CHECK-NEXT:    %[[ADDR_P:.*]] = bir.alu_imm add %[[SUMP]], 33554496 on pool
// CHECK-NEXT:    bir.reg_ap %[[P]] addr %[[ADDR_P]] pattern
func.func @on_chip(%row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %t = bir.alloc {address = 512 : i64} : memref<64x32xf32, #bir.mem<sbuf>>
  %u = bir.alloc {address = 1024 : i64} : memref<64x32xf32, #bir.mem<sbuf>>
  %p = bir.alloc {address = 64 : i64} : memref<16x32xf16, #bir.mem<psum>>
  %v = bir.read_var %pos on pool
  %d = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %s = bir.ap %t offset 0 pattern [[32, 1], [1, 32]] scalar 8 + [128] * (%v) : memref<64x32xf32, #bir.mem<sbuf>>
  bir.dma %s -> %d on pool
  %s2 = bir.ap %u offset 0 pattern [[32, 1], [1, 32]] scalar 8 + [128] * (%v) : memref<64x32xf32, #bir.mem<sbuf>>
  bir.dma %s2 -> %d on pool
  %s3 = bir.ap %t offset 0 pattern [[32, 1], [1, 32]] scalar 8 + [128] * (%v) : memref<64x32xf32, #bir.mem<sbuf>>
  bir.dma %d -> %s3 on pool
  %q = bir.ap %p offset 0 pattern [[32, 2], [1, 32]] scalar 0 + [64] * (%v) : memref<16x32xf16, #bir.mem<psum>>
  bir.dma %q -> %d on pool
  return
}

// -----

// The same whole PSUM rows with %v clamped into [0, 15]: 64 * %v cannot
// wrap, so the partition is %v itself and the address is linear in it,
// 0x2000000 + 64 + v * 0x8000: 2 instructions after the clamp instead of 7.
// CHECK-LABEL: func.func @whole_rows_clamped
// CHECK:         %[[HI:.*]] = bir.alu_imm min %{{.*}}, 15 on pool
// CHECK:         %[[M:.*]] = bir.alu_imm mult %[[HI]], 32768 on pool
// CHECK-NEXT:    %[[A:.*]] = bir.alu_imm add %[[M]], 33554496 on pool
// CHECK-NEXT:    bir.reg_ap %{{.*}} addr %[[A]] pattern
func.func @whole_rows_clamped(%row: memref<1x32xf16, #bir.mem<dram>>, %pos: i32) {
  %p = bir.alloc {address = 64 : i64} : memref<16x32xf16, #bir.mem<psum>>
  %v = bir.read_var %pos on pool
  %lo = bir.alu_imm max %v, 0 on pool
  %hi = bir.alu_imm min %lo, 15 on pool
  %d = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf16, #bir.mem<dram>>
  %s = bir.ap %p offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [64] * (%hi) : memref<16x32xf16, #bir.mem<psum>>
  bir.dma %d -> %s on pool
  return
}
