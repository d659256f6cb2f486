// The decode step end to end through --lower-to-bir. The KV write is one
// 128-byte DMA generator at the clamped runtime row (no allocation, no copy
// of the 8 KiB cache: the cache is written in place); the history loop is a
// bir.dynamic_for bounded by the clamped size with max_trip 64, whose row
// copy is steered by the induction register on both sides.
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --lower-to-bir | FileCheck %s

// CHECK-LABEL: func.func @decode_step(
// CHECK-SAME:    %[[CACHE:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[K:[^:]*]]: memref<1x32xf32, #bir.mem<dram>>, %[[POS:[^:]*]]: i32,
// CHECK-SAME:    %[[HIST:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[OUT:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[LEN:[^:]*]]: i32)
// CHECK-NOT:     bir.alloc
// CHECK-NOT:     bir.dma
// CHECK-DAG:     %[[VP:.*]] = bir.read_var %[[POS]] on pool
// CHECK-DAG:     %[[VL:.*]] = bir.read_var %[[LEN]] on pool
// CHECK-DAG:     %[[L0:.*]] = bir.alu_imm max %[[VL]], 0 on pool
// CHECK-DAG:     %[[L1:.*]] = bir.alu_imm min %[[L0]], 64 on pool
// CHECK-DAG:     %[[P0:.*]] = bir.alu_imm max %[[VP]], 0 on pool
// CHECK-DAG:     %[[P1:.*]] = bir.alu_imm min %[[P0]], 63 on pool
// CHECK:         %[[ROW:.*]] = bir.ap %[[K]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:         %[[DST:.*]] = bir.ap %[[CACHE]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:         bir.tensor_copy_dynamic_dst %[[ROW]] -> %[[DST]] generic_addrs(%[[P1]] : !bir.reg) generic_dim 0 offset_scale [128]
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[L1]] + 0 step 1 max_trip 64 on pool {
// CHECK-NOT:       bir.alu
// CHECK:           bir.tensor_copy_dynamic_dst %{{.*}} -> %{{.*}} generic_addrs(%[[J]] : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other(%[[J]]) scale [128] on pool
// CHECK:         }
// CHECK-NOT:     bir.dma
// CHECK:         return %[[CACHE]], %[[OUT]]
