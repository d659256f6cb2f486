// RUN: dyn-opt %s | dyn-opt | FileCheck %s

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
