// RUN: dyn-opt %s -split-input-file | dyn-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @kv
// CHECK: bir.read_var %{{.*}} on pool
// CHECK: bir.tensor_copy_dynamic_dst %{{.*}} -> %{{.*}} generic_addrs(%{{.*}} : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
// CHECK: bir.ap %{{.*}} offset 0 pattern {{\[\[}}32, 1], [1, 32]] scalar 0 + [128] * (%{{.*}}) : memref<64x32xf32, #bir.mem<dram>>
// CHECK: bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool {
// CHECK:   bir.sym_ap %{{.*}} offset #{{.*}}(%[[J]]) pattern {{\[\[}}512, 1], [1, 32]]
// CHECK: bir.for %{{.*}} = 0 to 8 step 1 on sp
// CHECK: indirect %{{.*}} arg_id 0 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>>

func.func @kv(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32, %len: i32, %ids: memref<8xi32, #bir.mem<dram>>, %table: memref<512x32xf32, #bir.mem<dram>>) {
  %v0 = bir.read_var %pos on pool
  %v1 = bir.alu_imm max %v0, 0 on pool
  %v2 = bir.alu_imm min %v1, 63 on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  bir.tensor_copy_dynamic_dst %s -> %d generic_addrs(%v2 : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  %dd = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v2) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %dd on pool
  %l = bir.read_var %len on pool
  %t = bir.alloc : memref<128x512xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 512)>(%j) pattern [[512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
    %x = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  bir.for %i = 0 to 8 step 1 on sp {
  }
  %g = bir.ap %table offset 0 pattern [[32, 8], [1, 32]] indirect %ids arg_id 0 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
  %o = bir.alloc : memref<8x32xf32, #bir.mem<sbuf>>
  %oa = bir.ap %o offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<sbuf>>
  bir.dma %g -> %oa on sp
  return
}

// -----

// Every ALU kind, with a register and with an immediate second operand;
// immediates are signed 32-bit, the extremes included.
// CHECK-LABEL: func.func @alu_kinds
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[X:.*]] = bir.read_var %[[A]] on dve
// CHECK: %[[Y:.*]] = bir.read_var %[[B]] on dve
// CHECK: bir.alu add %[[X]], %[[Y]] on dve
// CHECK: bir.alu sub %[[X]], %[[Y]] on dve
// CHECK: bir.alu mult %[[X]], %[[Y]] on dve
// CHECK: bir.alu divide %[[X]], %[[Y]] on dve
// CHECK: bir.alu max %[[X]], %[[Y]] on dve
// CHECK: bir.alu min %[[X]], %[[Y]] on dve
// CHECK: bir.alu mod %[[X]], %[[Y]] on dve
// CHECK: bir.alu_imm add %[[X]], -1 on dve
// CHECK: bir.alu_imm sub %[[X]], -128 on dve
// CHECK: bir.alu_imm mult %[[X]], -3 on dve
// CHECK: bir.alu_imm divide %[[X]], -7 on dve
// CHECK: bir.alu_imm max %[[X]], -2147483648 on dve
// CHECK: bir.alu_imm min %[[X]], 2147483647 on dve
// CHECK: bir.alu_imm mod %[[X]], -5 on dve
// CHECK: %[[N:.*]] = bir.mov_imm -42 on dve
// CHECK: bir.mov_imm -2147483648 on dve
// CHECK: bir.mov_imm 2147483647 on dve
// CHECK: bir.alu mult %[[X]], %[[N]] on dve
func.func @alu_kinds(%a: i32, %b: i32) -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on dve
  %y = bir.read_var %b on dve
  %0 = bir.alu add %x, %y on dve
  %1 = bir.alu sub %x, %y on dve
  %2 = bir.alu mult %x, %y on dve
  %3 = bir.alu divide %x, %y on dve
  %4 = bir.alu max %x, %y on dve
  %5 = bir.alu min %x, %y on dve
  %6 = bir.alu mod %x, %y on dve
  %7 = bir.alu_imm add %x, -1 on dve
  %8 = bir.alu_imm sub %x, -128 on dve
  %9 = bir.alu_imm mult %x, -3 on dve
  %10 = bir.alu_imm divide %x, -7 on dve
  %11 = bir.alu_imm max %x, -2147483648 on dve
  %12 = bir.alu_imm min %x, 2147483647 on dve
  %13 = bir.alu_imm mod %x, -5 on dve
  %14 = bir.mov_imm -42 on dve
  %15 = bir.mov_imm -2147483648 on dve
  %16 = bir.mov_imm 2147483647 on dve
  %17 = bir.alu mult %x, %14 on dve
  return %0, %1, %2, %3, %4, %5, %6 : !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// read_var on every engine; the optional physical register id.
// CHECK-LABEL: func.func @engines_and_physical_regs
// CHECK-SAME: (%[[V:.*]]: i32)
// CHECK: bir.read_var %[[V]] on pe
// CHECK-NOT: reg =
// CHECK: bir.read_var %[[V]] on act {reg = 0 : i32}
// CHECK: bir.read_var %[[V]] on pool {reg = 63 : i32}
// CHECK: bir.read_var %[[V]] on dve {reg = 17 : i32}
// CHECK: %[[SP:.*]] = bir.read_var %[[V]] on sp
// CHECK: %[[M:.*]] = bir.mov_imm 5 on sp {reg = 1 : i32}
// CHECK: bir.alu add %[[SP]], %[[M]] on sp {reg = 2 : i32}
// CHECK: bir.alu_imm mult %[[SP]], 4 on sp {reg = 3 : i32}
func.func @engines_and_physical_regs(%v: i32) {
  %0 = bir.read_var %v on pe
  %1 = bir.read_var %v on act {reg = 0 : i32}
  %2 = bir.read_var %v on pool {reg = 63 : i32}
  %3 = bir.read_var %v on dve {reg = 17 : i32}
  %4 = bir.read_var %v on sp
  %5 = bir.mov_imm 5 on sp {reg = 1 : i32}
  %6 = bir.alu add %4, %5 on sp {reg = 2 : i32}
  %7 = bir.alu_imm mult %4, 4 on sp {reg = 3 : i32}
  return
}

// -----

// A dynamic loop with coef != 1, a non-zero lb, a step > 1 and a physical
// induction register, holding a static loop on the same engine whose body
// uses both induction registers, directly and through a kind-2 AP.
// CHECK: #[[MAP:.*]] = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// CHECK-LABEL: func.func @nested_loops
// CHECK: %[[N:.*]] = bir.read_var %{{.*}} on act
// CHECK: %[[T:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: bir.dynamic_for %[[J:.*]] = 1 to 4 * %[[N]] + 3 step 2 max_trip 7 on act attributes {reg = 9 : i32} {
// CHECK:   bir.for %[[I:.*]] = 0 to 8 step 4 on act attributes {reg = 10 : i32} {
// CHECK:     bir.alu add %[[J]], %[[I]] on act
// CHECK:     %[[S:.*]] = bir.sym_ap %[[T]] offset #[[MAP]](%[[J]], %[[I]]) pattern {{\[\[}}8, 1], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:     bir.dma %{{.*}} -> %[[S]] on act
// CHECK:   }
// CHECK: }
// CHECK: bir.dynamic_for %{{.*}} = 0 to 3 * %[[N]] + 100 step 1 max_trip 0 on act {
func.func @nested_loops(%n: i32, %src: memref<4xf32, #bir.mem<dram>>) {
  %r = bir.read_var %n on act
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 1 to 4 * %r + 3 step 2 max_trip 7 on act attributes {reg = 9 : i32} {
    bir.for %i = 0 to 8 step 4 on act attributes {reg = 10 : i32} {
      %s = bir.alu add %j, %i on act
      %d = bir.sym_ap %t offset affine_map<(d0, d1) -> (d0 * 8 + d1)>(%j, %i) pattern [[8, 1], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
      %a = bir.ap %src offset 0 pattern [[1, 4]] : memref<4xf32, #bir.mem<dram>>
      bir.dma %a -> %d on act
    }
  }
  bir.dynamic_for %k = 0 to 3 * %r + 100 step 1 max_trip 0 on act {
  }
  return
}

// -----

// SBUF and PSUM locations, with and without an address; each at exactly its
// per-partition capacity (192 KiB, 16 KiB) and the partition limit of 128.
// CHECK-LABEL: func.func @allocs
// CHECK: bir.alloc : memref<128x49152xf32, #bir.mem<sbuf>>
// CHECK: bir.alloc {address = 196592 : i64} : memref<1x16xi8, #bir.mem<sbuf>>
// CHECK: bir.alloc : memref<128x4096xf32, #bir.mem<psum>>
// CHECK: bir.alloc {address = 16368 : i64} : memref<2x4x2xf16, #bir.mem<psum>>
func.func @allocs() {
  %0 = bir.alloc : memref<128x49152xf32, #bir.mem<sbuf>>
  %1 = bir.alloc {address = 196592 : i64} : memref<1x16xi8, #bir.mem<sbuf>>
  %2 = bir.alloc : memref<128x4096xf32, #bir.mem<psum>>
  %3 = bir.alloc {address = 16368 : i64} : memref<2x4x2xf16, #bir.mem<psum>>
  return
}

// -----

// Every access-pattern form and a DMA between each kind.
// CHECK-LABEL: func.func @access_patterns
// CHECK-SAME: (%[[D:[a-z0-9_]+]]: memref<64x32xf32, #bir.mem<dram>>, %[[IDS:[a-z0-9_]+]]: memref<4xi32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32, %[[Q:[a-z0-9_]+]]: i32)
// CHECK: %[[VP:.*]] = bir.read_var %[[P]] on sp
// CHECK: %[[VQ:.*]] = bir.read_var %[[Q]] on sp
// CHECK: %[[T:.*]] = bir.alloc : memref<4x32xf32, #bir.mem<sbuf>>
// CHECK: %[[S0:.*]] = bir.ap %[[T]] offset 32 pattern {{\[\[}}32, 3], [1, 32]] : memref<4x32xf32, #bir.mem<sbuf>>
// CHECK: %[[S1:.*]] = bir.ap %[[D]] offset 2016 pattern {{\[\[}}0, 3], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
// CHECK: %[[S2:.*]] = bir.ap %[[D]] offset 0 pattern {{\[\[}}32, 3], [1, 32]] scalar 64 + [128, -4] * (%[[VP]], %[[VQ]]) : memref<64x32xf32, #bir.mem<dram>>
// CHECK: bir.dma %[[S0]] -> %[[S2]] on sp
// CHECK: %[[S3:.*]] = bir.ap %[[D]] offset 0 pattern {{\[\[}}32, 4], [1, 32]] indirect %[[IDS]] arg_id 3 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x32xf32, #bir.mem<dram>>
// CHECK: %[[S4:.*]] = bir.ap %[[T]] offset 0 pattern {{\[\[}}32, 4], [1, 32]] : memref<4x32xf32, #bir.mem<sbuf>>
// CHECK: bir.dma %[[S3]] -> %[[S4]] on sp
// CHECK: %[[ADDR:.*]] = bir.alu_imm mult %[[VP]], 128 on sp
// CHECK: %[[S5:.*]] = bir.reg_ap %[[T]] addr %[[ADDR]] pattern {{\[\[}}32, 1], [1, 32]] : memref<4x32xf32, #bir.mem<sbuf>>
// CHECK: %[[S6:.*]] = bir.reg_ap %[[D]] addr %[[VQ]] pattern {{\[\[}}1, 32]] : memref<64x32xf32, #bir.mem<dram>>
// CHECK: bir.dma %[[S5]] -> %[[S6]] on sp
// CHECK: bir.dma %[[S1]] -> %[[S0]] on sp
func.func @access_patterns(%dram: memref<64x32xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %p: i32, %q: i32) {
  %vp = bir.read_var %p on sp
  %vq = bir.read_var %q on sp
  %t = bir.alloc : memref<4x32xf32, #bir.mem<sbuf>>
  // The last element of each location is in bounds.
  %s0 = bir.ap %t offset 32 pattern [[32, 3], [1, 32]] : memref<4x32xf32, #bir.mem<sbuf>>
  // A zero step (broadcast) is allowed.
  %s1 = bir.ap %dram offset 2016 pattern [[0, 3], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  %s2 = bir.ap %dram offset 0 pattern [[32, 3], [1, 32]] scalar 64 + [128, -4] * (%vp, %vq) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s0 -> %s2 on sp
  %s3 = bir.ap %dram offset 0 pattern [[32, 4], [1, 32]] indirect %ids arg_id 3 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x32xf32, #bir.mem<dram>>
  %s4 = bir.ap %t offset 0 pattern [[32, 4], [1, 32]] : memref<4x32xf32, #bir.mem<sbuf>>
  bir.dma %s3 -> %s4 on sp
  %addr = bir.alu_imm mult %vp, 128 on sp
  %s5 = bir.reg_ap %t addr %addr pattern [[32, 1], [1, 32]] : memref<4x32xf32, #bir.mem<sbuf>>
  %s6 = bir.reg_ap %dram addr %vq pattern [[1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s5 -> %s6 on sp
  bir.dma %s1 -> %s0 on sp
  return
}

// -----

// The generators: registers on the generic side and runtime terms on the
// other (a copy dynamic on both sides), an index tensor as the generic
// address, and a DRAM to DRAM copy.
// CHECK-LABEL: func.func @generators
// CHECK-SAME: (%[[TAB:[a-z0-9_]+]]: memref<16x32xf32, #bir.mem<dram>>, %[[IDS:[a-z0-9_]+]]: memref<8xi32, #bir.mem<dram>>, %[[OUT:[a-z0-9_]+]]: memref<8x32xf32, #bir.mem<dram>>, %[[P:[a-z0-9_]+]]: i32, %[[Q:[a-z0-9_]+]]: i32)
// CHECK: %[[R:.*]] = bir.read_var %[[P]] on pool
// CHECK: %[[R2:.*]] = bir.read_var %[[Q]] on pool
// CHECK: %[[SRC:.*]] = bir.ap %[[TAB]]
// CHECK: %[[DST:.*]] = bir.ap %[[OUT]]
// CHECK: bir.tensor_copy_dynamic_src %[[SRC]] -> %[[DST]] generic_addrs(%[[R]], %[[R2]] : !bir.reg, !bir.reg) generic_dim 1 offset_scale [128, 4] addr_free_indices [0, 1] other(%[[R2]]) scale [4] on pool
// CHECK: %[[G:.*]] = bir.ap %[[TAB]] offset 0 pattern {{\[\[}}32, 8], [1, 32]]
// CHECK: %[[O:.*]] = bir.ap %[[OUT]] offset 0 pattern {{\[\[}}32, 8], [1, 32]]
// CHECK: bir.tensor_copy_dynamic_src %[[G]] -> %[[O]] generic_addrs(%[[IDS]] : memref<8xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
// CHECK: bir.tensor_copy_dynamic_dst %[[O]] -> %[[G]] generic_addrs(%[[IDS]] : memref<8xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
// CHECK: bir.tensor_copy_dynamic_dst %[[DST]] -> %[[SRC]] generic_addrs(%[[R]] : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [] other(%[[R]], %[[R2]]) scale [4, 8] on pool
func.func @generators(%table: memref<16x32xf32, #bir.mem<dram>>, %ids: memref<8xi32, #bir.mem<dram>>, %out: memref<8x32xf32, #bir.mem<dram>>, %p: i32, %q: i32) {
  %r = bir.read_var %p on pool
  %r2 = bir.read_var %q on pool
  %src = bir.ap %table offset 0 pattern [[32, 1], [1, 32]] : memref<16x32xf32, #bir.mem<dram>>
  %dst = bir.ap %out offset 0 pattern [[32, 1], [1, 32]] : memref<8x32xf32, #bir.mem<dram>>
  bir.tensor_copy_dynamic_src %src -> %dst generic_addrs(%r, %r2 : !bir.reg, !bir.reg) generic_dim 1 offset_scale [128, 4] addr_free_indices [0, 1] other(%r2) scale [4] on pool
  %g = bir.ap %table offset 0 pattern [[32, 8], [1, 32]] : memref<16x32xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<dram>>
  bir.tensor_copy_dynamic_src %g -> %o generic_addrs(%ids : memref<8xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  bir.tensor_copy_dynamic_dst %o -> %g generic_addrs(%ids : memref<8xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  bir.tensor_copy_dynamic_dst %dst -> %src generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [] other(%r, %r2) scale [4, 8] on pool
  return
}

// -----

// Negative loop fields print signed and round-trip.
// CHECK-LABEL: func.func @negative_loop_fields
// CHECK: bir.dynamic_for %{{.*}} = -3 to -1 * %{{.*}} + -5 step 2 max_trip 8 on act
// CHECK: bir.for %{{.*}} = -8 to -1 step 3 on act
func.func @negative_loop_fields(%r: !bir.reg) {
  bir.dynamic_for %k = -3 to -1 * %r + -5 step 2 max_trip 8 on act {
  }
  bir.for %i = -8 to -1 step 3 on act {
  }
  return
}

// -----

// CHECK-LABEL: func.func @memset
// CHECK: bir.memset %{{.*}} value 4294967295 on pool
func.func @memset(%t: memref<6xi32, #bir.mem<sbuf>>) {
  %a = bir.ap %t offset 0 pattern [[1, 6]] : memref<6xi32, #bir.mem<sbuf>>
  bir.memset %a value 4294967295 on pool
  return
}

// -----

// copy_predicated: an operand or an immediate source, the predicate
// reversed or not.
// CHECK-LABEL: func.func @copy_predicated
// CHECK: bir.copy_predicated %[[S:.*]] -> %[[O:.*]] where %[[P:.*]] on dve
// CHECK: bir.copy_predicated imm -1.000000e+00 -> %[[O]] where %[[P]] reverse on dve
func.func @copy_predicated() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %q = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %s = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %o = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %p = bir.ap %q offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  bir.copy_predicated %s -> %o where %p on dve
  bir.copy_predicated imm -1.0 -> %o where %p reverse on dve
  return
}

// -----

// int32 on the Pool engine; i32 copies and selects move bits.
// CHECK-LABEL: func.func @integers
// CHECK: bir.tensor_tensor multiply %[[A:.*]], %[[A]] -> %[[B:.*]] on pool
// CHECK: bir.tensor_tensor is_lt %[[A]], %[[B]] -> %[[B]] on pool
// CHECK: bir.tensor_copy %[[B]] -> %[[F:.*]] on dve
// CHECK: bir.tensor_copy %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_copy %[[F]] -> %[[A]] on dve
// CHECK: bir.copy_predicated %[[B]] -> %[[A]] where %[[F]] on dve
func.func @integers() {
  %t = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %q = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  %f = bir.ap %q offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  bir.tensor_tensor multiply %a, %a -> %b on pool
  bir.tensor_tensor is_lt %a, %b -> %b on pool
  bir.tensor_copy %b -> %f on dve
  bir.tensor_copy %b -> %a on dve
  bir.tensor_copy %f -> %a on dve
  bir.copy_predicated %b -> %a where %f on dve
  return
}

// -----

// Every elementwise kind on two tensors; f32, bf16 and f16 operands (the
// element types may differ).
// CHECK-LABEL: func.func @tensor_tensor_kinds
// CHECK: %[[A:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[B:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
// CHECK: %[[H:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>
// CHECK: bir.tensor_tensor add %[[A]], %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor subtract %[[A]], %[[B]] -> %[[H]] on dve
// CHECK: bir.tensor_tensor multiply %[[B]], %[[H]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor divide %[[A]], %[[A]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor max %[[A]], %[[B]] -> %[[B]] on dve
// CHECK: bir.tensor_tensor min %[[A]], %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor is_equal %[[A]], %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor not_equal %[[A]], %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor is_ge %[[A]], %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor is_gt %[[A]], %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor is_le %[[A]], %[[B]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor is_lt %[[A]], %[[B]] -> %[[A]] on dve
func.func @tensor_tensor_kinds() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %h = bir.alloc : memref<4x8xf16, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %f = bir.ap %h offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>
  bir.tensor_tensor add %a, %b -> %a on dve
  bir.tensor_tensor subtract %a, %b -> %f on dve
  bir.tensor_tensor multiply %b, %f -> %a on dve
  bir.tensor_tensor divide %a, %a -> %a on dve
  bir.tensor_tensor max %a, %b -> %b on dve
  bir.tensor_tensor min %a, %b -> %a on dve
  bir.tensor_tensor is_equal %a, %b -> %a on dve
  bir.tensor_tensor not_equal %a, %b -> %a on dve
  bir.tensor_tensor is_ge %a, %b -> %a on dve
  bir.tensor_tensor is_gt %a, %b -> %a on dve
  bir.tensor_tensor is_le %a, %b -> %a on dve
  bir.tensor_tensor is_lt %a, %b -> %a on dve
  return
}

// -----

// Every elementwise kind against a scalar: immediates (negative, zero,
// infinite: printed as a bit pattern) and a register, each with and
// without `reverse`.
// CHECK-LABEL: func.func @tensor_scalar_kinds
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: %[[A:.*]] = bir.ap
// CHECK: %[[B:.*]] = bir.ap
// CHECK: %[[R:.*]] = bir.read_var %[[N]] on dve
// CHECK: bir.tensor_scalar add %[[A]], imm 1.000000e+00 -> %[[B]] on dve
// CHECK: bir.tensor_scalar subtract %[[A]], imm 1.000000e+00 -> %[[A]] reverse on dve
// CHECK: bir.tensor_scalar multiply %[[A]], imm -2.500000e-01 -> %[[A]] on dve
// CHECK: bir.tensor_scalar divide %[[A]], reg %[[R]] -> %[[A]] on dve
// CHECK: bir.tensor_scalar max %[[A]], imm 0.000000e+00 -> %[[A]] on dve
// CHECK: bir.tensor_scalar min %[[A]], imm 0x7F800000 -> %[[A]] on dve
// CHECK: bir.tensor_scalar is_equal %[[A]], reg %[[R]] -> %[[A]] on dve
// CHECK: bir.tensor_scalar not_equal %[[A]], imm 3.000000e+00 -> %[[A]] reverse on dve
// CHECK: bir.tensor_scalar is_ge %[[A]], reg %[[R]] -> %[[A]] reverse on dve
// CHECK: bir.tensor_scalar is_gt %[[A]], imm 0xFF800000 -> %[[A]] on dve
// CHECK: bir.tensor_scalar is_le %[[A]], reg %[[R]] -> %[[B]] on dve
// CHECK: bir.tensor_scalar is_lt %[[B]], imm 6.400000e+01 -> %[[A]] on dve
func.func @tensor_scalar_kinds(%n: i32) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %r = bir.read_var %n on dve
  bir.tensor_scalar add %a, imm 1.0 -> %b on dve
  bir.tensor_scalar subtract %a, imm 1.0 -> %a reverse on dve
  bir.tensor_scalar multiply %a, imm -0.25 -> %a on dve
  bir.tensor_scalar divide %a, reg %r -> %a on dve
  bir.tensor_scalar max %a, imm 0.0 -> %a on dve
  bir.tensor_scalar min %a, imm 0x7F800000 -> %a on dve
  bir.tensor_scalar is_equal %a, reg %r -> %a on dve
  bir.tensor_scalar not_equal %a, imm 3.0 -> %a reverse on dve
  bir.tensor_scalar is_ge %a, reg %r -> %a reverse on dve
  bir.tensor_scalar is_gt %a, imm 0xFF800000 -> %a on dve
  bir.tensor_scalar is_le %a, reg %r -> %b on dve
  bir.tensor_scalar is_lt %b, imm 64.0 -> %a on dve
  return
}

// -----

// A copy converting between every pair of element types, and one in place.
// CHECK-LABEL: func.func @tensor_copy
// CHECK: %[[A:.*]] = bir.ap %{{.*}} : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[B:.*]] = bir.ap %{{.*}} : memref<4x8xbf16, #bir.mem<sbuf>>
// CHECK: %[[H:.*]] = bir.ap %{{.*}} : memref<4x8xf16, #bir.mem<sbuf>>
// CHECK: bir.tensor_copy %[[A]] -> %[[B]] on dve
// CHECK: bir.tensor_copy %[[B]] -> %[[H]] on dve
// CHECK: bir.tensor_copy %[[H]] -> %[[A]] on dve
// CHECK: bir.tensor_copy %[[A]] -> %[[A]] on dve
func.func @tensor_copy() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %h = bir.alloc : memref<4x8xf16, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %f = bir.ap %h offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>
  bir.tensor_copy %a -> %b on dve
  bir.tensor_copy %b -> %f on dve
  bir.tensor_copy %f -> %a on dve
  bir.tensor_copy %a -> %a on dve
  return
}

// -----

// Every reduction kind, over one free pair and over two; the out pattern
// holds one element per partition.
// CHECK-LABEL: func.func @tensor_reduce_kinds
// CHECK: %[[A:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[A2:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [4, 2], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[C:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
// CHECK: %[[D:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4]] : memref<4x1xbf16, #bir.mem<sbuf>>
// CHECK: bir.tensor_reduce add %[[A]] -> %[[C]] on dve
// CHECK: bir.tensor_reduce max %[[A2]] -> %[[C]] on dve
// CHECK: bir.tensor_reduce min %[[A]] -> %[[D]] on dve
func.func @tensor_reduce_kinds() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %s = bir.alloc : memref<4x1xbf16, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %a2 = bir.ap %t offset 0 pattern [[8, 4], [4, 2], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %r offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
  %d = bir.ap %s offset 0 pattern [[1, 4]] : memref<4x1xbf16, #bir.mem<sbuf>>
  bir.tensor_reduce add %a -> %c on dve
  bir.tensor_reduce max %a2 -> %c on dve
  bir.tensor_reduce min %a -> %d on dve
  return
}

// -----

// iota into f32, bf16, f16 and i32 tiles; negative terms, several free
// pairs, and a pattern with no free pair (one element per partition).
// CHECK-LABEL: func.func @iota
// CHECK: %[[A:.*]] = bir.ap %{{.*}} : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[B:.*]] = bir.ap %{{.*}} : memref<4x8xbf16, #bir.mem<sbuf>>
// CHECK: %[[H:.*]] = bir.ap %{{.*}} : memref<4x8xf16, #bir.mem<sbuf>>
// CHECK: %[[I:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [4, 2], [1, 4]] : memref<4x8xi32, #bir.mem<sbuf>>
// CHECK: %[[P:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4]] : memref<4x8xi32, #bir.mem<sbuf>>
// CHECK: bir.iota %[[A]] base 0 partition 8 free [1] on pool
// CHECK: bir.iota %[[B]] base -5 partition -1 free [-2] on pool
// CHECK: bir.iota %[[H]] base 2147483647 partition 0 free [0] on pool
// CHECK: bir.iota %[[I]] base 0 partition 8 free [4, 1] on pool
// CHECK: bir.iota %[[P]] base -2147483648 partition 1 free [] on pool
func.func @iota() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %h = bir.alloc : memref<4x8xf16, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %f = bir.ap %h offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>
  %i = bir.ap %w offset 0 pattern [[8, 4], [4, 2], [1, 4]] : memref<4x8xi32, #bir.mem<sbuf>>
  %p = bir.ap %w offset 0 pattern [[8, 4]] : memref<4x8xi32, #bir.mem<sbuf>>
  bir.iota %a base 0 partition 8 free [1] on pool
  bir.iota %b base -5 partition -1 free [-2] on pool
  bir.iota %f base 2147483647 partition 0 free [0] on pool
  bir.iota %i base 0 partition 8 free [4, 1] on pool
  bir.iota %p base -2147483648 partition 1 free [] on pool
  return
}

// -----

// Every comparison, with an immediate bound (signed 32-bit, the extremes
// included) and with a register bound; fills of -inf, zero and a negative.
// CHECK-LABEL: func.func @affine_select_kinds
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: %[[A:.*]] = bir.ap %{{.*}} : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[B:.*]] = bir.ap %{{.*}} : memref<4x8xbf16, #bir.mem<sbuf>>
// CHECK: %[[M:.*]] = bir.read_var %[[N]] on pool
// CHECK: bir.affine_select %[[A]] -> %[[B]] where base 0 partition 0 free [1] ge imm 0 else 0xFF800000 on pool
// CHECK: bir.affine_select %[[A]] -> %[[A]] where base 3 partition -1 free [1] gt reg %[[M]] else 0.000000e+00 on pool
// CHECK: bir.affine_select %[[B]] -> %[[A]] where base 0 partition 8 free [-1] le imm -2147483648 else -1.000000e+00 on pool
// CHECK: bir.affine_select %[[A]] -> %[[A]] where base 0 partition 0 free [1] lt reg %[[M]] else 0xFF800000 on pool
// CHECK: bir.affine_select %[[A]] -> %[[A]] where base -7 partition 1 free [0] eq imm 2147483647 else 0.000000e+00 on pool
// CHECK: bir.affine_select %[[A]] -> %[[A]] where base 0 partition 1 free [1] ne reg %[[M]] else 5.000000e-01 on pool
func.func @affine_select_kinds(%n: i32) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %m = bir.read_var %n on pool
  bir.affine_select %a -> %b where base 0 partition 0 free [1] ge imm 0 else 0xFF800000 on pool
  bir.affine_select %a -> %a where base 3 partition -1 free [1] gt reg %m else 0.0 on pool
  bir.affine_select %b -> %a where base 0 partition 8 free [-1] le imm -2147483648 else -1.0 on pool
  bir.affine_select %a -> %a where base 0 partition 0 free [1] lt reg %m else 0xFF800000 on pool
  bir.affine_select %a -> %a where base -7 partition 1 free [0] eq imm 2147483647 else 0.0 on pool
  bir.affine_select %a -> %a where base 0 partition 1 free [1] ne reg %m else 0.5 on pool
  return
}

// -----

// The Vector engine reaches PSUM: every DVE op with a PSUM operand, PSUM to
// SBUF and back.
// CHECK-LABEL: func.func @psum_operands
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: %[[P:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<psum>>
// CHECK: %[[S:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
// CHECK: %[[PR:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<psum>>
// CHECK: bir.tensor_tensor add %[[P]], %[[S]] -> %[[P]] on dve
// CHECK: bir.tensor_scalar multiply %[[P]], imm 5.000000e-01 -> %[[S]] on dve
// CHECK: %[[R:.*]] = bir.read_var %[[N]] on dve
// CHECK: bir.tensor_scalar is_lt %[[S]], reg %[[R]] -> %[[P]] reverse on dve
// CHECK: bir.tensor_copy %[[P]] -> %[[S]] on dve
// CHECK: bir.tensor_copy %[[S]] -> %[[P]] on dve
// CHECK: bir.tensor_reduce add %[[P]] -> %[[PR]] on dve
func.func @psum_operands(%n: i32) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<psum>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<psum>>
  %p = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<psum>>
  %s = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %pr = bir.ap %r offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<psum>>
  bir.tensor_tensor add %p, %s -> %p on dve
  bir.tensor_scalar multiply %p, imm 0.5 -> %s on dve
  %l = bir.read_var %n on dve
  bir.tensor_scalar is_lt %s, reg %l -> %p reverse on dve
  bir.tensor_copy %p -> %s on dve
  bir.tensor_copy %s -> %p on dve
  bir.tensor_reduce add %p -> %pr on dve
  return
}

// -----

// Kind-3 operands inside runtime loops: a row of the tile at the address a
// register computes from the induction register, on both engines.
// CHECK-LABEL: func.func @reg_ap_operands
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: %[[T:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[L:.*]] = bir.read_var %[[N]] on dve
// CHECK: bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[L]] + 0 step 1 max_trip 4 on dve {
// CHECK:   %[[ADDR:.*]] = bir.alu_imm mult %[[J]], 32 on dve
// CHECK:   %[[ROW:.*]] = bir.reg_ap %[[T]] addr %[[ADDR]] pattern {{\[\[}}8, 1], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:   %[[SUM:.*]] = bir.reg_ap %{{.*}} addr %[[J]] pattern {{\[\[}}1, 1], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
// CHECK:   bir.tensor_tensor add %[[ROW]], %[[ROW]] -> %[[ROW]] on dve
// CHECK:   bir.tensor_scalar is_ge %[[ROW]], reg %[[J]] -> %[[ROW]] reverse on dve
// CHECK:   bir.tensor_copy %[[ROW]] -> %[[ROW]] on dve
// CHECK:   bir.tensor_reduce add %[[ROW]] -> %[[SUM]] on dve
// CHECK: }
// CHECK: %[[M:.*]] = bir.read_var %[[N]] on pool
// CHECK: bir.dynamic_for %[[K:.*]] = 0 to 1 * %[[M]] + 0 step 1 max_trip 4 on pool {
// CHECK:   %[[ROW2:.*]] = bir.reg_ap %[[T]] addr %[[K]] pattern {{\[\[}}8, 1], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:   bir.iota %[[ROW2]] base 0 partition 0 free [1] on pool
// CHECK:   bir.affine_select %[[ROW2]] -> %[[ROW2]] where base 0 partition 0 free [1] lt reg %[[M]] else 0xFF800000 on pool
// CHECK: }
func.func @reg_ap_operands(%n: i32) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %l = bir.read_var %n on dve
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 4 on dve {
    %addr = bir.alu_imm mult %j, 32 on dve
    %row = bir.reg_ap %t addr %addr pattern [[8, 1], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    %sum = bir.reg_ap %r addr %j pattern [[1, 1], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
    bir.tensor_tensor add %row, %row -> %row on dve
    bir.tensor_scalar is_ge %row, reg %j -> %row reverse on dve
    bir.tensor_copy %row -> %row on dve
    bir.tensor_reduce add %row -> %sum on dve
  }
  %m = bir.read_var %n on pool
  bir.dynamic_for %k = 0 to 1 * %m + 0 step 1 max_trip 4 on pool {
    %row = bir.reg_ap %t addr %k pattern [[8, 1], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    bir.iota %row base 0 partition 0 free [1] on pool
    bir.affine_select %row -> %row where base 0 partition 0 free [1] lt reg %m else 0xFF800000 on pool
  }
  return
}

// -----

// Step-0 operands: a per-partition value broadcast along the free elements
// and one row broadcast to every partition; a free pair of step 0 in the
// middle of a pattern.
// CHECK-LABEL: func.func @broadcast_operands
// CHECK: %[[A:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[COL:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
// CHECK: %[[ROW:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}0, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[MID:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [0, 2], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: bir.tensor_tensor subtract %[[A]], %[[COL]] -> %[[A]] on dve
// CHECK: bir.tensor_tensor multiply %[[ROW]], %[[A]] -> %[[A]] on dve
// CHECK: bir.tensor_copy %[[COL]] -> %[[A]] on dve
// CHECK: bir.tensor_scalar add %[[MID]], imm 1.000000e+00 -> %[[A]] on dve
// CHECK: bir.tensor_reduce max %[[COL]] -> %{{.*}} on dve
// CHECK: bir.affine_select %[[ROW]] -> %[[A]] where base 0 partition 1 free [1] ge imm 4 else 0.000000e+00 on pool
func.func @broadcast_operands() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %o = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %col = bir.ap %r offset 0 pattern [[1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
  %row = bir.ap %t offset 0 pattern [[0, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %mid = bir.ap %t offset 0 pattern [[8, 4], [0, 2], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %o offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
  bir.tensor_tensor subtract %a, %col -> %a on dve
  bir.tensor_tensor multiply %row, %a -> %a on dve
  bir.tensor_copy %col -> %a on dve
  bir.tensor_scalar add %mid, imm 1.0 -> %a on dve
  bir.tensor_reduce max %col -> %c on dve
  bir.affine_select %row -> %a where base 0 partition 1 free [1] ge imm 4 else 0.0 on pool
  return
}

// -----

// The partition limit exactly: 128 partitions of a full tile, and a
// one-partition tile whose free pairs reach its last element.
// CHECK-LABEL: func.func @partition_limits
// CHECK: bir.tensor_copy %{{.*}} -> %{{.*}} on dve
// CHECK: bir.iota %{{.*}} base 0 partition 512 free [1] on pool
// CHECK: bir.tensor_scalar max %{{.*}}, imm 0.000000e+00 -> %{{.*}} on dve
func.func @partition_limits() {
  %t = bir.alloc : memref<128x512xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<128x512xbf16, #bir.mem<psum>>
  %o = bir.alloc : memref<1x6xf16, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xf32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xbf16, #bir.mem<psum>>
  %c = bir.ap %o offset 0 pattern [[6, 1], [3, 2], [1, 3]] : memref<1x6xf16, #bir.mem<sbuf>>
  bir.tensor_copy %a -> %b on dve
  bir.iota %a base 0 partition 512 free [1] on pool
  bir.tensor_scalar max %c, imm 0.0 -> %c on dve
  return
}

// -----

// Every activation function; an immediate bias (zero, negative, an infinite
// bit pattern) and a per-partition bias operand (broadcast, or one element
// read per partition); with and without a sum; PSUM input; bf16 and f16
// outputs and sums.
// CHECK-LABEL: func.func @activation
// CHECK: %[[A:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK: %[[H:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
// CHECK: %[[F:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>
// CHECK: %[[P:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<psum>>
// CHECK: %[[B:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
// CHECK: %[[B1:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
// CHECK: %[[S:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4], [1, 1]] : memref<4x1xbf16, #bir.mem<sbuf>>
// CHECK: %[[S1:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}1, 4]] : memref<4x1xf32, #bir.mem<psum>>
// CHECK: bir.activation identity %[[A]] -> %[[A]] scale 1.000000e+00 bias_imm 0.000000e+00 on act
// CHECK: bir.activation exp %[[A]] -> %[[H]] scale -5.000000e-01 bias_imm -2.000000e+00 on act
// CHECK: bir.activation reciprocal %[[H]] -> %[[F]] scale 2.000000e+00 bias_imm 0xFF800000 on act
// CHECK: bir.activation exp %[[P]] -> %[[A]] scale 1.000000e+00 bias %[[B]] sum %[[B1]] on act
// CHECK: bir.activation identity %[[P]] -> %[[P]] scale 1.000000e+00 bias %[[B1]] on act
// CHECK: bir.activation reciprocal %[[F]] -> %[[A]] scale 1.000000e+00 bias_imm 0.000000e+00 sum %[[S]] on act
// CHECK: bir.activation exp %[[A]] -> %[[F]] scale 0.000000e+00 bias %[[B]] sum %[[S1]] on act
func.func @activation() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %h = bir.alloc : memref<4x8xf16, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x8xf32, #bir.mem<psum>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %v = bir.alloc : memref<4x1xbf16, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x1xf32, #bir.mem<psum>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %hb = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  %f = bir.ap %h offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>
  %ps = bir.ap %p offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<psum>>
  %b = bir.ap %r offset 0 pattern [[1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
  %b1 = bir.ap %r offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
  %s = bir.ap %v offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xbf16, #bir.mem<sbuf>>
  %s1 = bir.ap %w offset 0 pattern [[1, 4]] : memref<4x1xf32, #bir.mem<psum>>
  bir.activation identity %a -> %a scale 1.0 bias_imm 0.0 on act
  bir.activation exp %a -> %hb scale -0.5 bias_imm -2.0 on act
  bir.activation reciprocal %hb -> %f scale 2.0 bias_imm 0xFF800000 on act
  bir.activation exp %ps -> %a scale 1.0 bias %b sum %b1 on act
  bir.activation identity %ps -> %ps scale 1.0 bias %b1 on act
  bir.activation reciprocal %f -> %a scale 1.0 bias_imm 0.0 sum %s on act
  bir.activation exp %a -> %f scale 0.0 bias %b sum %s1 on act
  return
}

// -----

// matmul with and without accumulate; f32, bf16 and f16 inputs (the two may
// differ); an operand with two free pairs; the limits K = M = 128, N = 512.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[Q:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
// CHECK: %[[K:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}16, 8], [1, 16]] : memref<8x16xbf16, #bir.mem<sbuf>>
// CHECK: %[[V:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}16, 8], [8, 2], [1, 8]] : memref<8x16xf16, #bir.mem<sbuf>>
// CHECK: %[[O:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
// CHECK: %[[Q1:.*]] = bir.ap %{{.*}} offset 16 pattern {{\[\[}}4, 4], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
// CHECK: %[[K1:.*]] = bir.ap %{{.*}} offset 64 pattern {{\[\[}}16, 4], [1, 16]] : memref<8x16xbf16, #bir.mem<sbuf>>
// CHECK: %[[BS:.*]] = bir.ap %{{.*}} : memref<128x128xbf16, #bir.mem<sbuf>>
// CHECK: %[[BM:.*]] = bir.ap %{{.*}} : memref<128x512xf16, #bir.mem<sbuf>>
// CHECK: %[[BO:.*]] = bir.ap %{{.*}} : memref<128x512xf32, #bir.mem<psum>>
// CHECK: bir.matmul %[[Q]], %[[K]] -> %[[O]] on pe
// CHECK: bir.matmul %[[Q]], %[[V]] -> %[[O]] accumulate on pe
// CHECK: bir.matmul %[[Q1]], %[[K1]] -> %[[O]] accumulate on pe
// CHECK: bir.matmul %[[BS]], %[[BM]] -> %[[BO]] on pe
func.func @matmul() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xbf16, #bir.mem<sbuf>>
  %v = bir.alloc : memref<8x16xf16, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %bs = bir.alloc : memref<128x128xbf16, #bir.mem<sbuf>>
  %bm = bir.alloc : memref<128x512xf16, #bir.mem<sbuf>>
  %bo = bir.alloc : memref<128x512xf32, #bir.mem<psum>>
  %aq = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %ak = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xbf16, #bir.mem<sbuf>>
  %av = bir.ap %v offset 0 pattern [[16, 8], [8, 2], [1, 8]] : memref<8x16xf16, #bir.mem<sbuf>>
  %ao = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  %aq1 = bir.ap %q offset 16 pattern [[4, 4], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %ak1 = bir.ap %k offset 64 pattern [[16, 4], [1, 16]] : memref<8x16xbf16, #bir.mem<sbuf>>
  %abs = bir.ap %bs offset 0 pattern [[128, 128], [1, 128]] : memref<128x128xbf16, #bir.mem<sbuf>>
  %abm = bir.ap %bm offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xf16, #bir.mem<sbuf>>
  %abo = bir.ap %bo offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xf32, #bir.mem<psum>>
  bir.matmul %aq, %ak -> %ao on pe
  bir.matmul %aq, %av -> %ao accumulate on pe
  bir.matmul %aq1, %ak1 -> %ao accumulate on pe
  bir.matmul %abs, %abm -> %abo on pe
  return
}

// A PE transpose: 64 partitions of 128 bf16 into 128 PSUM partitions of 64.
// CHECK-LABEL: func.func @transpose(
// CHECK: bir.transpose %{{.*}} -> %{{.*}} on pe
func.func @transpose() {
  %r = bir.alloc : memref<64x128xbf16, #bir.mem<sbuf>>
  %c = bir.alloc : memref<128x64xf32, #bir.mem<psum>>
  %ar = bir.ap %r offset 0 pattern [[128, 64], [1, 128]] : memref<64x128xbf16, #bir.mem<sbuf>>
  %ac = bir.ap %c offset 0 pattern [[64, 128], [1, 64]] : memref<128x64xf32, #bir.mem<psum>>
  bir.transpose %ar -> %ac on pe
  return
}
