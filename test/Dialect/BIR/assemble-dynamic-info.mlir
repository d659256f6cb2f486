// RUN: dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-assemble-dynamic-info))' | FileCheck %s

// The KV write: the destination gets the scalar form. The static element
// offset 70 of the generic side moves into dyn_const as bytes (70 * 4 = 280),
// the coefficients are offset_scale and the pattern's offset becomes 0.
// CHECK-LABEL: func.func @scalar_dst
// CHECK-SAME:    (%[[CACHE:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[ROW:[^:]*]]: memref<1x32xf32, #bir.mem<dram>>, %[[POS:[^:]*]]: i32)
// CHECK:         %[[V:.*]] = bir.read_var %[[POS]] on pool
// CHECK:         %[[S:.*]] = bir.ap %[[ROW]] offset 0 pattern {{\[\[}}32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
// CHECK:         %[[D:.*]] = bir.ap %[[CACHE]] offset 0 pattern {{\[\[}}32, 1], [1, 32]] scalar 280 + [128] * (%[[V]]) : memref<64x32xf32, #bir.mem<dram>>
// CHECK:         bir.dma %[[S]] -> %[[D]] on pool
// CHECK-NOT:     bir.tensor_copy_dynamic
// CHECK:         return
func.func @scalar_dst(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 70 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  bir.tensor_copy_dynamic_dst %s -> %d generic_addrs(%v : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  return
}

// -----

// A gather read over two registers of f16 (2 bytes): the source is the
// generic side, 3 * 2 = 6 + [64, 2] * (r, r2); the `other` terms make the
// destination scalar too, 5 * 2 = 10 + [6] * (r2). The source stays the
// DMA's source.
// CHECK-LABEL: func.func @two_registers_and_other
// CHECK-SAME:    (%[[T:[^:]*]]: memref<16x32xf16, #bir.mem<dram>>, %[[O:[^:]*]]: memref<8x32xf16, #bir.mem<dram>>, %[[P:[^:]*]]: i32, %[[Q:[^:]*]]: i32)
// CHECK:         %[[R:.*]] = bir.read_var %[[P]] on sp
// CHECK:         %[[R2:.*]] = bir.read_var %[[Q]] on sp
// CHECK:         %[[SRC:.*]] = bir.ap %[[T]] offset 0 pattern {{\[\[}}32, 1], [1, 32]] scalar 6 + [64, 2] * (%[[R]], %[[R2]]) : memref<16x32xf16, #bir.mem<dram>>
// CHECK:         %[[DST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}32, 1], [1, 32]] scalar 10 + [6] * (%[[R2]]) : memref<8x32xf16, #bir.mem<dram>>
// CHECK:         bir.dma %[[SRC]] -> %[[DST]] on sp
// CHECK-NOT:     bir.tensor_copy_dynamic
func.func @two_registers_and_other(%t: memref<16x32xf16, #bir.mem<dram>>, %o: memref<8x32xf16, #bir.mem<dram>>, %p: i32, %q: i32) {
  %r = bir.read_var %p on sp
  %r2 = bir.read_var %q on sp
  %src = bir.ap %t offset 3 pattern [[32, 1], [1, 32]] : memref<16x32xf16, #bir.mem<dram>>
  %dst = bir.ap %o offset 5 pattern [[32, 1], [1, 32]] : memref<8x32xf16, #bir.mem<dram>>
  bir.tensor_copy_dynamic_src %src -> %dst generic_addrs(%r, %r2 : !bir.reg, !bir.reg) generic_dim 1 offset_scale [64, 2] addr_free_indices [0, 1] other(%r2) scale [6] on sp
  return
}

// -----

// Gather and scatter through an index tensor: the indirect form, arg_id =
// the index tensor's argument number (2), indirect_dim 0, max_index = its
// element count (8); the static offset stays on the pattern.
// CHECK-LABEL: func.func @indirect
// CHECK-SAME:    (%{{[^:]*}}: i32, %[[TABLE:[^:]*]]: memref<512x32xf32, #bir.mem<dram>>, %[[IDS:[^:]*]]: memref<8xi32, #bir.mem<dram>>, %[[OUT:[^:]*]]: memref<8x32xf32, #bir.mem<dram>>)
// CHECK:         %[[O:.*]] = bir.ap %[[OUT]] offset 0 pattern {{\[\[}}32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<dram>>
// CHECK:         %[[G:.*]] = bir.ap %[[TABLE]] offset 32 pattern {{\[\[}}32, 8], [1, 32]] indirect %[[IDS]] arg_id 2 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
// CHECK-NOT:     scalar
// CHECK:         bir.dma %[[G]] -> %[[O]] on pool
// CHECK:         %[[G2:.*]] = bir.ap %[[TABLE]] offset 0 pattern {{\[\[}}32, 8], [1, 32]] indirect %[[IDS]] arg_id 2 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
// CHECK:         bir.dma %[[O]] -> %[[G2]] on pool
// CHECK-NOT:     bir.tensor_copy_dynamic
func.func @indirect(%a: i32, %table: memref<512x32xf32, #bir.mem<dram>>, %ids: memref<8xi32, #bir.mem<dram>>, %out: memref<8x32xf32, #bir.mem<dram>>) {
  %g = bir.ap %table offset 32 pattern [[32, 8], [1, 32]] : memref<512x32xf32, #bir.mem<dram>>
  %o = bir.ap %out offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<dram>>
  bir.tensor_copy_dynamic_src %g -> %o generic_addrs(%ids : memref<8xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  %g2 = bir.ap %table offset 0 pattern [[32, 8], [1, 32]] : memref<512x32xf32, #bir.mem<dram>>
  bir.tensor_copy_dynamic_dst %o -> %g2 generic_addrs(%ids : memref<8xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  return
}

// -----

// In a loop, an SBUF side steered only by the loop's induction register
// stays kind 2: element offset 8 + j * (2048 / 4). The DRAM side of the same
// copy, steered by the same register, stays scalar (DRAM is never symbolic).
// CHECK: #[[MAP:.*]] = affine_map<(d0) -> (d0 * 512 + 8)>
// CHECK-LABEL: func.func @induction_register
// CHECK-SAME:    (%{{[^:]*}}: i32, %[[D:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>)
// CHECK:         %[[T:.*]] = bir.alloc : memref<128x512xf32, #bir.mem<sbuf>>
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool {
// CHECK:           %[[A:.*]] = bir.sym_ap %[[T]] offset #[[MAP]](%[[J]]) pattern {{\[\[}}512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
// CHECK:           %[[S:.*]] = bir.ap %[[D]] offset 0 pattern {{\[\[}}32, 1], [1, 32]] scalar 0 + [128] * (%[[J]]) : memref<64x32xf32, #bir.mem<dram>>
// CHECK:           bir.dma %[[S]] -> %[[A]] on pool
// CHECK:         }
func.func @induction_register(%n: i32, %d: memref<64x32xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc : memref<128x512xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    %s = bir.ap %d offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    %a = bir.ap %t offset 8 pattern [[512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
    bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%j : !bir.reg) generic_dim 0 offset_scale [2048] addr_free_indices [1] other(%j) scale [128] on pool
  }
  return
}

// -----

// Nested loops over a PSUM f16 tile: one map dimension per induction
// register, in generic_addrs order (256 / 2 = 128, 64 / 2 = 32). A term that
// is not an induction register, or a scale that is not a whole number of
// elements (6 bytes of f32), keeps an on-chip side in the scalar form.
// CHECK: #[[MAP2:.*]] = affine_map<(d0, d1) -> (d0 * 128 + d1 * 32)>
// CHECK-LABEL: func.func @nested_and_mixed
// CHECK-SAME:    (%{{[^:]*}}: i32, %[[PV:[^:]*]]: i32,
// CHECK:         %[[V:.*]] = bir.read_var %[[PV]] on act
// CHECK:         %[[P:.*]] = bir.alloc : memref<16x64xf16, #bir.mem<psum>>
// CHECK:         %[[U:.*]] = bir.alloc : memref<16x64xf32, #bir.mem<sbuf>>
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to
// CHECK:           bir.for %[[I:.*]] = 0 to 2 step 1 on act {
// CHECK:             %[[A:.*]] = bir.sym_ap %[[P]] offset #[[MAP2]](%[[J]], %[[I]]) pattern {{\[\[}}1, 32]] : memref<16x64xf16, #bir.mem<psum>>
// CHECK:             bir.dma %{{.*}} -> %[[A]] on act
// CHECK:             %[[B:.*]] = bir.ap %[[U]] offset 0 pattern {{\[\[}}1, 8]] scalar 0 + [256, 4] * (%[[J]], %[[V]]) : memref<16x64xf32, #bir.mem<sbuf>>
// CHECK:             bir.dma %{{.*}} -> %[[B]] on act
// CHECK:             %[[C:.*]] = bir.ap %[[U]] offset 0 pattern {{\[\[}}1, 8]] scalar 0 + [6] * (%[[I]]) : memref<16x64xf32, #bir.mem<sbuf>>
// CHECK:             bir.dma %{{.*}} -> %[[C]] on act
// CHECK-NOT:     bir.sym_ap
// CHECK:         return
func.func @nested_and_mixed(%n: i32, %p: i32, %d: memref<64x32xf16, #bir.mem<dram>>) {
  %l = bir.read_var %n on act
  %v = bir.read_var %p on act
  %t = bir.alloc : memref<16x64xf16, #bir.mem<psum>>
  %u = bir.alloc : memref<16x64xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 4 on act {
    bir.for %i = 0 to 2 step 1 on act {
      %s = bir.ap %d offset 0 pattern [[1, 32]] : memref<64x32xf16, #bir.mem<dram>>
      %a = bir.ap %t offset 0 pattern [[1, 32]] : memref<16x64xf16, #bir.mem<psum>>
      bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%j, %i : !bir.reg, !bir.reg) generic_dim 1 offset_scale [256, 64] addr_free_indices [0] other() scale [] on act
      %s2 = bir.ap %d offset 0 pattern [[1, 16]] : memref<64x32xf16, #bir.mem<dram>>
      %b = bir.ap %u offset 0 pattern [[1, 8]] : memref<16x64xf32, #bir.mem<sbuf>>
      bir.tensor_copy_dynamic_dst %s2 -> %b generic_addrs(%j, %v : !bir.reg, !bir.reg) generic_dim 1 offset_scale [256, 4] addr_free_indices [0] other() scale [] on act
      %s3 = bir.ap %d offset 0 pattern [[1, 16]] : memref<64x32xf16, #bir.mem<dram>>
      %c = bir.ap %u offset 0 pattern [[1, 8]] : memref<16x64xf32, #bir.mem<sbuf>>
      bir.tensor_copy_dynamic_dst %s3 -> %c generic_addrs(%i : !bir.reg) generic_dim 1 offset_scale [6] addr_free_indices [0] other() scale [] on act
    }
  }
  return
}
