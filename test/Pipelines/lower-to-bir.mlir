// The decode step end to end through --lower-to-bir: only kind-1 and kind-3
// access patterns, physical registers and static addresses remain.
//  - The KV write is one DMA whose destination is register mode: RegAPAddr =
//    128 * clamp(pos, 0, 63), one mult (c = 0, one term). No allocation and
//    no copy of the cache: it is written in place.
//  - The history loop is a bir.dynamic_for bounded by the clamped size with
//    max_trip 64; both sides of its row copy use the same address register,
//    computed once per iteration (one mult).
//  - The DGE scratch is the only SBUF location, at address 0.
//  - Pool needs 3 registers.
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --lower-to-bir | FileCheck %s
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --lower-to-bir | FileCheck %s --check-prefix=REGS
// REGS-NOT: reg = {{([3-9]|[1-9][0-9])}} : i32
// REGS: return

// CHECK-LABEL: func.func @decode_step(
// CHECK-SAME:    %[[CACHE:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[K:[^:]*]]: memref<1x32xf32, #bir.mem<dram>>, %[[POS:[^:]*]]: i32,
// CHECK-SAME:    %[[HIST:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[OUT:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[LEN:[^:]*]]: i32)
// CHECK:         bir.alloc {DynamicDMAScratchLoc, address = 0 : i64} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK-NOT:     bir.alloc
// CHECK-NOT:     bir.sym_ap
// CHECK-NOT:     scalar
// CHECK-DAG:     %[[VP:.*]] = bir.read_var %[[POS]] on pool {reg = [[R0:[0-9]+]] : i32}
// CHECK-DAG:     %[[VL:.*]] = bir.read_var %[[LEN]] on pool {reg = {{[0-9]+}} : i32}
// CHECK-DAG:     %[[L1:.*]] = bir.alu_imm min %{{.*}}, 64 on pool {reg = {{[0-9]+}} : i32}
// CHECK-DAG:     %[[P1:.*]] = bir.alu_imm min %{{.*}}, 63 on pool {reg = {{[0-9]+}} : i32}
// CHECK:         %[[ROW:.*]] = bir.ap %[[K]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:         %[[A:.*]] = bir.alu_imm mult %[[P1]], 128 on pool {reg = {{[0-9]+}} : i32}
// CHECK:         %[[DST:.*]] = bir.reg_ap %[[CACHE]] addr %[[A]] pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:         bir.dma %[[ROW]] -> %[[DST]] on pool
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[L1]] + 0 step 1 max_trip 64 on pool attributes {reg = {{[0-9]+}} : i32} {
// CHECK-COUNT-1:   bir.alu_imm mult %[[J]], 128 on pool
// CHECK-NOT:       bir.alu
// CHECK:           bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK:         }
// CHECK:         return %[[CACHE]], %[[OUT]]
