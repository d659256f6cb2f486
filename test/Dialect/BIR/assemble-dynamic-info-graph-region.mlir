// bir-assemble-dynamic-info erases each generator and the access patterns
// only it read. In a graph region (here an unregistered op's) those can
// follow the generator; the pass collects the generators before it
// assembles any (its walk used to visit an erased op).
// RUN: dyn-opt %s -allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(bir-assemble-dynamic-info))' | FileCheck %s

// CHECK-LABEL: func.func @kv_write_in_graph_region
// CHECK:         "test.graph"() ({
// CHECK-NEXT:      %[[D:.*]] = bir.ap %arg0 offset 0 pattern {{\[}}[32, 1], [1, 32]] scalar 280 + [128] * (%[[V:.*]]) : memref<64x32xf32, #bir.mem<dram>>
// CHECK-NEXT:      bir.dma %[[S:.*]] -> %[[D]] on pool
// CHECK-NEXT:      %[[S]] = bir.ap %arg1 offset 0 pattern {{\[}}[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
// CHECK-NEXT:      %[[V]] = bir.read_var %arg2 on pool
// CHECK-NEXT:    })
func.func @kv_write_in_graph_region(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  "test.graph"() ({
    bir.tensor_copy_dynamic_dst %s -> %d generic_addrs(%v : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
    %d = bir.ap %cache offset 70 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
    %v = bir.read_var %pos on pool
  }) : () -> ()
  return
}
