// RUN: dyn-opt %s -split-input-file --convert-dynshape-to-bir | FileCheck %s

// i32 arithmetic becomes register-ALU code on the DMA engine, one
// instruction per op (the pass converts, it does not fold: the pipeline
// canonicalizes before it); a constant operand becomes an immediate; the
// runtime offset feeds the generator.
// CHECK-LABEL: func.func @arith(
// CHECK-SAME:    %[[A:.*]]: i32, %[[B:.*]]: i32, %[[T:.*]]: memref<64x32xf32, #bir.mem<dram>>, %[[R:.*]]: memref<1x32xf32, #bir.mem<dram>>)
// CHECK-DAG:     %[[VB:.*]] = bir.read_var %[[B]] on pool
// CHECK-DAG:     %[[VA:.*]] = bir.read_var %[[A]] on pool
// CHECK:         %[[SUM:.*]] = bir.alu add %[[VA]], %[[VB]] on pool
// CHECK:         %[[DIF:.*]] = bir.alu sub %[[SUM]], %[[VB]] on pool
// CHECK:         %[[M:.*]] = bir.alu mult %[[DIF]], %[[VA]] on pool
// CHECK:         %[[Q:.*]] = bir.alu divide %[[M]], %[[VB]] on pool
// CHECK:         %[[K:.*]] = bir.alu mod %[[Q]], %[[VB]] on pool
// CHECK:         %[[X:.*]] = bir.alu_imm mult %[[K]], 3 on pool
// CHECK:         %[[S:.*]] = bir.ap %[[T]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:         %[[D:.*]] = bir.ap %[[R]] offset 0
// CHECK:         bir.tensor_copy_dynamic_src %[[S]] -> %[[D]] generic_addrs(%[[X]] : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
func.func @arith(%a: i32, %b: i32, %t: memref<64x32xf32>, %r: memref<1x32xf32>) {
  %s = arith.addi %a, %b : i32
  %d = arith.subi %s, %b : i32
  %m = arith.muli %d, %a : i32
  %q = arith.divsi %m, %b : i32
  %k = arith.remsi %q, %b : i32
  %c3 = arith.constant 3 : i32
  %x = arith.muli %c3, %k : i32
  %i = arith.index_cast %x : i32 to index
  %sv = memref.subview %t[%i, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  memref.copy %sv, %r : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32>
  return
}

// -----

// A constant needed in a register (the left operand of a subtraction and a
// division, and a result) is one bir.mov_imm right after it, whatever the
// number of uses that need it; a constant that every user takes as an
// immediate gives none.
// CHECK-LABEL: func.func @constant_registers(
// CHECK:         %[[VA:.*]] = bir.read_var
// CHECK-NEXT:    %[[C7:.*]] = bir.mov_imm 7 on pool
// CHECK-NOT:     bir.mov_imm
// CHECK:         %[[SUB:.*]] = bir.alu sub %[[C7]], %[[VA]] on pool
// CHECK:         %[[DIV:.*]] = bir.alu divide %[[C7]], %[[VA]] on pool
// CHECK:         %[[ADD:.*]] = bir.alu_imm add %[[VA]], 5 on pool
// CHECK:         return %[[SUB]], %[[DIV]], %[[C7]], %[[ADD]]
func.func @constant_registers(%a: i32) -> (i32, i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %sub = arith.subi %c7, %a : i32
  %div = arith.divsi %c7, %a : i32
  %add = arith.addi %a, %c5 : i32
  return %sub, %div, %c7, %add : i32, i32, i32, i32
}

// -----

// Bitwise operations and shifts on runtime scalars become register-ALU
// code too; a constant on the left of a commutative one moves right.
// CHECK-LABEL: func.func @bitwise(
// CHECK-SAME:    %[[A:.*]]: i32, %[[B:.*]]: i32,
// CHECK-DAG:     %[[VA:.*]] = bir.read_var %[[A]] on pool
// CHECK-DAG:     %[[VB:.*]] = bir.read_var %[[B]] on pool
// CHECK:         %[[AND:.*]] = bir.alu_imm and %[[VA]], 63 on pool
// CHECK:         %[[OR:.*]] = bir.alu or %[[AND]], %[[VB]] on pool
// CHECK:         %[[XOR:.*]] = bir.alu_imm xor %[[OR]], 5 on pool
// CHECK:         %[[SHL:.*]] = bir.alu shl %[[XOR]], %[[VB]] on pool
// CHECK:         %[[SHRS:.*]] = bir.alu_imm shrs %[[SHL]], 1 on pool
// CHECK:         %[[SHRU:.*]] = bir.alu_imm shru %[[SHRS]], 2 on pool
// CHECK:         generic_addrs(%[[SHRU]] : !bir.reg)
func.func @bitwise(%a: i32, %b: i32, %t: memref<64x32xf32>, %r: memref<1x32xf32>) {
  %c63 = arith.constant 63 : i32
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %and = arith.andi %c63, %a : i32
  %or = arith.ori %and, %b : i32
  %xor = arith.xori %or, %c5 : i32
  %shl = arith.shli %xor, %b : i32
  %shrs = arith.shrsi %shl, %c1 : i32
  %shru = arith.shrui %shrs, %c2 : i32
  %i = arith.index_cast %shru : i32 to index
  %sv = memref.subview %t[%i, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  memref.copy %sv, %r : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32>
  return
}

// -----

// Compares become register-ALU compares (1 where they hold); a constant on
// the left mirrors the predicate. Flags combine with and/or/xor, widen with
// extui (the same register) or extsi (times -1), narrow with trunci (and
// 1), and select as f + c * (t - f).
// CHECK-LABEL: func.func @flags(
// CHECK-SAME:    %[[A:.*]]: i32, %[[B:.*]]: i32,
// CHECK-DAG:     %[[VA:.*]] = bir.read_var %[[A]] on pool
// CHECK-DAG:     %[[VB:.*]] = bir.read_var %[[B]] on pool
// CHECK:         %[[LT:.*]] = bir.alu slt %[[VA]], %[[VB]] on pool
// CHECK:         %[[GT:.*]] = bir.alu_imm ugt %[[VB]], 4 on pool
// CHECK:         %[[BOTH:.*]] = bir.alu and %[[LT]], %[[GT]] on pool
// CHECK:         %[[NOT:.*]] = bir.alu_imm xor %[[BOTH]], 1 on pool
// CHECK:         %[[NEG:.*]] = bir.alu_imm mult %[[NOT]], -1 on pool
// CHECK:         %[[LOW:.*]] = bir.alu_imm and %[[VA]], 1 on pool
// CHECK:         %[[DIFF:.*]] = bir.alu sub %[[VA]], %[[VB]] on pool
// CHECK:         %[[TERM:.*]] = bir.alu mult %[[LOW]], %[[DIFF]] on pool
// CHECK:         %[[SEL:.*]] = bir.alu add %[[TERM]], %[[VB]] on pool
// CHECK:         %[[SUM:.*]] = bir.alu add %[[SEL]], %[[NOT]] on pool
// CHECK:         %[[ROW:.*]] = bir.alu add %[[SUM]], %[[NEG]] on pool
// CHECK:         generic_addrs(%[[ROW]] : !bir.reg)
func.func @flags(%a: i32, %b: i32, %t: memref<64x32xf32>, %r: memref<1x32xf32>) {
  %c4 = arith.constant 4 : i32
  %true = arith.constant true
  %lt = arith.cmpi slt, %a, %b : i32
  %gt = arith.cmpi ult, %c4, %b : i32
  %both = arith.andi %lt, %gt : i1
  %not = arith.xori %both, %true : i1
  %wide = arith.extui %not : i1 to i32
  %neg = arith.extsi %not : i1 to i32
  %low = arith.trunci %a : i32 to i1
  %sel = arith.select %low, %a, %b : i32
  %sum = arith.addi %sel, %wide : i32
  %row = arith.addi %sum, %neg : i32
  %i = arith.index_cast %row : i32 to index
  %sv = memref.subview %t[%i, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  memref.copy %sv, %r : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32>
  return
}

// -----

// scf.if on a runtime flag becomes two 0/1-trip dynamic loops over the
// flag's register: the then-region runs 1 * c + 0 times, the else-region
// -1 * c + 1 times. A missing else-region gives no loop.
// CHECK-LABEL: func.func @conditional(
// CHECK:         %[[N:.*]] = bir.read_var %{{.*}} on pool
// CHECK:         %[[C:.*]] = bir.alu_imm slt %[[N]], 3 on pool
// CHECK:         bir.dynamic_for %{{.*}} = 0 to 1 * %[[C]] + 0 step 1 max_trip 1 on pool {
// CHECK:           bir.dma
// CHECK:         }
// CHECK:         bir.dynamic_for %{{.*}} = 0 to -1 * %[[C]] + 1 step 1 max_trip 1 on pool {
// CHECK:           bir.dma
// CHECK:         }
// CHECK:         %[[D:.*]] = bir.alu_imm eq %[[N]], 7 on pool
// CHECK:         bir.dynamic_for %{{.*}} = 0 to 1 * %[[D]] + 0 step 1 max_trip 1 on pool {
// CHECK:           bir.dma
// CHECK:         }
// CHECK-NOT:     bir.dynamic_for
// CHECK:         return
func.func @conditional(%u: memref<1x32xf32>, %v: memref<1x32xf32>, %o: memref<1x32xf32>, %n: i32) {
  %c3 = arith.constant 3 : i32
  %cond = arith.cmpi slt, %n, %c3 : i32
  scf.if %cond {
    memref.copy %u, %o : memref<1x32xf32> to memref<1x32xf32>
  } else {
    memref.copy %v, %o : memref<1x32xf32> to memref<1x32xf32>
  }
  %c7 = arith.constant 7 : i32
  %seven = arith.cmpi eq, %n, %c7 : i32
  scf.if %seven {
    memref.copy %v, %o : memref<1x32xf32> to memref<1x32xf32>
  }
  return
}

// -----

// A scalar a conditional yields (the size of a bounded tensor its branches
// update, after padding) is computed in front of it by both branches' code
// and selected: no loop is left for a conditional with nothing else.
// CHECK-LABEL: func.func @conditional_scalar(
// CHECK:         %[[N:.*]] = bir.read_var %{{.*}} on pool
// CHECK-DAG:     %[[C:.*]] = bir.alu_imm slt %[[N]], 3 on pool
// CHECK-DAG:     %[[A:.*]] = bir.alu_imm add %[[N]], 3 on pool
// CHECK-DAG:     %[[B:.*]] = bir.alu_imm mult %[[N]], 3 on pool
// CHECK:         %[[DIFF:.*]] = bir.alu sub %[[A]], %[[B]] on pool
// CHECK:         %[[TERM:.*]] = bir.alu mult %[[C]], %[[DIFF]] on pool
// CHECK:         %[[ROW:.*]] = bir.alu add %[[TERM]], %[[B]] on pool
// CHECK-NOT:     bir.dynamic_for
// CHECK:         generic_addrs(%[[ROW]] : !bir.reg)
func.func @conditional_scalar(%u: memref<8x32xf32>, %o: memref<1x32xf32>, %n: i32) {
  %c3 = arith.constant 3 : i32
  %cond = arith.cmpi slt, %n, %c3 : i32
  %r = scf.if %cond -> i32 {
    %a = arith.addi %n, %c3 : i32
    scf.yield %a : i32
  } else {
    %b = arith.muli %n, %c3 : i32
    scf.yield %b : i32
  }
  %i = arith.index_cast %r : i32 to index
  %sv = memref.subview %u[%i, 0] [1, 32] [1, 1] : memref<8x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  memref.copy %sv, %o : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32>
  return
}

// -----

// An index argument (what upstream tensor ops take as an offset) crosses
// the function boundary as the i32 it is in a register.
// CHECK-LABEL: func.func @index_argument(
// CHECK-SAME:    %{{.*}}: memref<8x4xf32, #bir.mem<dram>>, %{{.*}}: memref<1x4xf32, #bir.mem<dram>>, %[[I:.*]]: i32)
// CHECK:         %[[R:.*]] = bir.read_var %[[I]] on pool
// CHECK:         generic_addrs(%[[R]] : !bir.reg)
func.func @index_argument(%t: memref<8x4xf32>, %o: memref<1x4xf32>, %i: index) {
  %v = memref.subview %t[%i, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  memref.copy %v, %o : memref<1x4xf32, strided<[4, 1], offset: ?>> to memref<1x4xf32>
  return
}

// -----

// A profile trip estimate on the source loop, dynshape.trip_estimate (of
// any integer type the dialect accepts), becomes the loop's own
// trip_estimate.
// CHECK-LABEL: func.func @trip_estimate(
// CHECK:         bir.dynamic_for %{{.*}} = 0 to 1 * %{{.*}} + 0 step 1 max_trip 48 trip_estimate 200 on pool {
func.func @trip_estimate(%t: memref<64x32xf32>, %u: memref<64x32xf32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : i32
  %b = arith.minsi %n, %c48 : i32
  %ub = arith.index_cast %b : i32 to index
  scf.for %j = %c0 to %ub step %c1 {
    %sv = memref.subview %t[%j, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
    %dv = memref.subview %u[%j, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
    memref.copy %sv, %dv : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  } {dynshape.trip_estimate = 200 : ui8}
  return
}

// -----

// A runtime bound clamped by minsi gets max_trip ceil(48 / 2) = 24; the
// induction register steers both sides of the row copy. A constant bound
// gives bir.for.
// CHECK-LABEL: func.func @loops(
// CHECK:         %[[N:.*]] = bir.read_var %{{.*}} on pool
// CHECK:         %[[UB:.*]] = bir.alu_imm min %[[N]], 48 on pool
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[UB]] + 0 step 2 max_trip 24 on pool {
// CHECK:           bir.tensor_copy_dynamic_dst %{{.*}} -> %{{.*}} generic_addrs(%[[J]] : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other(%[[J]]) scale [128] on pool
// CHECK:         bir.for %[[I:.*]] = 0 to 8 step 1 on pool {
// CHECK:           %[[DST:.*]] = bir.ap %{{.*}} offset 224 pattern
// CHECK:           bir.tensor_copy_dynamic_src %{{.*}} -> %[[DST]] generic_addrs(%[[I]] : !bir.reg)
func.func @loops(%t: memref<64x32xf32>, %u: memref<64x32xf32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c48 = arith.constant 48 : i32
  %b = arith.minsi %n, %c48 : i32
  %ub = arith.index_cast %b : i32 to index
  scf.for %j = %c0 to %ub step %c2 {
    %sv = memref.subview %t[%j, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
    %dv = memref.subview %u[%j, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
    memref.copy %sv, %dv : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32, strided<[32, 1], offset: ?>>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %sv = memref.subview %t[%i, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
    %dv = memref.subview %u[7, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: 224>>
    memref.copy %sv, %dv : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32, strided<[32, 1], offset: 224>>
  }
  return
}

// -----

// gather and scatter become generators whose generic address is the index
// tensor; a returned buffer is a DRAM output, an internal one SBUF; a
// static copy is a plain bir.dma.
// CHECK-LABEL: func.func @gather_scatter(
// CHECK-SAME:    %[[TABLE:.*]]: memref<512x64xf32, #bir.mem<dram>>, %[[IDS:.*]]: memref<16xi32, #bir.mem<dram>>, %[[ROWS:.*]]: memref<16x64xf32, #bir.mem<dram>>) -> memref<16x64xf32, #bir.mem<dram>>
// CHECK:         %[[OUT:.*]] = bir.alloc : memref<16x64xf32, #bir.mem<dram>>
// CHECK:         bir.tensor_copy_dynamic_src %{{.*}} -> %{{.*}} generic_addrs(%[[IDS]] : memref<16xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [256]
// CHECK:         bir.tensor_copy_dynamic_dst %{{.*}} -> %{{.*}} generic_addrs(%[[IDS]] : memref<16xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [256]
// CHECK:         %[[TILE:.*]] = bir.alloc : memref<16x64xf32, #bir.mem<sbuf>>
// CHECK:         bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK:         return %[[OUT]]
func.func @gather_scatter(%table: memref<512x64xf32>, %ids: memref<16xi32>, %rows: memref<16x64xf32>) -> memref<16x64xf32> {
  %out = memref.alloc() : memref<16x64xf32>
  dynshape.buffer_gather %table[%ids] into %out : memref<512x64xf32>, memref<16xi32>, memref<16x64xf32>
  dynshape.buffer_scatter %rows into %table[%ids] : memref<16x64xf32>, memref<512x64xf32>, memref<16xi32>
  %tile = memref.alloc() : memref<16x64xf32>
  memref.copy %rows, %tile : memref<16x64xf32> to memref<16x64xf32>
  return %out : memref<16x64xf32>
}

// -----

// affine.min's bound comes from ValueBoundsOpInterface (integer range
// analysis does not model affine.min).
// CHECK-LABEL: func.func @affine_bound(
// CHECK:         %[[UB:.*]] = bir.alu_imm min %{{.*}}, 40 on pool
// CHECK:         bir.dynamic_for %{{.*}} = 0 to 1 * %[[UB]] + 0 step 1 max_trip 40 on pool
func.func @affine_bound(%t: memref<64x32xf32>, %u: memref<1x32xf32>, %len: i32) {
  %n = arith.index_cast %len : i32 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = affine.min affine_map<(d0) -> (d0, 40)>(%n)
  scf.for %j = %c0 to %ub step %c1 {
    %sv = memref.subview %t[%j, 0] [1, 32] [1, 1] : memref<64x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
    memref.copy %sv, %u : memref<1x32xf32, strided<[32, 1], offset: ?>> to memref<1x32xf32>
  }
  return
}

// -----

// A buffer that cannot be an SBUF location (more than 128 rows, or more
// bytes per partition than the SBUF holds) is DRAM scratch; a buffer that
// fits stays on chip.
// CHECK-LABEL: func.func @dram_scratch
// CHECK: bir.alloc : memref<256x4xf32, #bir.mem<dram>>
// CHECK: bir.alloc : memref<2x65536xf32, #bir.mem<dram>>
// CHECK: bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
func.func @dram_scratch(%t: memref<256x4xf32>, %u: memref<2x65536xf32>) {
  %a = memref.alloc() : memref<256x4xf32>
  memref.copy %t, %a : memref<256x4xf32> to memref<256x4xf32>
  %b = memref.alloc() : memref<2x65536xf32>
  memref.copy %u, %b : memref<2x65536xf32> to memref<2x65536xf32>
  %c = memref.alloc() : memref<128x4xf32>
  %v = memref.subview %t[0, 0] [128, 4] [1, 1] : memref<256x4xf32> to memref<128x4xf32, strided<[4, 1]>>
  memref.copy %v, %c : memref<128x4xf32, strided<[4, 1]>> to memref<128x4xf32>
  return
}

// -----

// A view at an offset that an SSA constant gives (the pass run alone, on IR
// no canonicalization made static): the constant is a register by the time
// the copy and the mask convert, and both still see a constant offset, so
// the copy is a static DMA and the fill a memset of the view.
// CHECK-LABEL: func.func @constant_offset_operand
// CHECK-NOT:     bir.tensor_copy_dynamic_dst
// CHECK:         %[[SRC:.*]] = bir.ap %arg0 offset 0 pattern {{\[\[}}1, 8]]
// CHECK:         %[[DST:.*]] = bir.ap %arg1 offset 2 pattern {{\[\[}}1, 8]]
// CHECK:         bir.dma %[[SRC]] -> %[[DST]] on pool
// CHECK:         %[[VIEW:.*]] = bir.ap %arg1 offset 2 pattern {{\[\[}}1, 8]]
// CHECK:         bir.memset %[[VIEW]] value 0 on pool
// CHECK:         bir.dynamic_for
func.func @constant_offset_operand(%x: memref<8xi32>, %o: memref<16xi32>, %n: i32) {
  %c2 = arith.constant 2 : index
  %v = memref.subview %o[%c2] [8] [1] : memref<16xi32> to memref<8xi32, strided<[1], offset: ?>>
  memref.copy %x, %v : memref<8xi32> to memref<8xi32, strided<[1], offset: ?>>
  dynshape.buffer_mask %x : memref<8xi32> dims [0] sizes(%n) fill 0 : i32 into %v : memref<8xi32, strided<[1], offset: ?>>
  return
}
