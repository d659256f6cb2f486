// dge-place-scalar-dmas (scalar-route=hwdge): a scalar dynamic-offset DMA
// outside loops moves to a hardware-DGE queue engine (the one with the
// fewest bytes so far: SP, then Activation), and the register code of its
// offset is computed again there, right after the original; originals left
// without a use are erased. A DMA inside a loop stays on the loop's engine.
// RUN: dyn-opt %s -split-input-file -dge-place-scalar-dmas | FileCheck %s

// Two writes at one runtime row: the first goes to SP, the second to
// Activation, each with its own copy of the read and clamp; the pool
// originals are left without a use and erased.
// CHECK-LABEL: func.func @two_writes
// CHECK-NEXT: %[[PA:.*]] = bir.read_var %arg2 on act
// CHECK-NEXT: %[[PS:.*]] = bir.read_var %arg2 on sp
// CHECK-NEXT: %[[MAXA:.*]] = bir.alu_imm max %[[PA]], 0 on act
// CHECK-NEXT: %[[MAXS:.*]] = bir.alu_imm max %[[PS]], 0 on sp
// CHECK-NEXT: %[[MINA:.*]] = bir.alu_imm min %[[MAXA]], 63 on act
// CHECK-NEXT: %[[MINS:.*]] = bir.alu_imm min %[[MAXS]], 63 on sp
// CHECK-NEXT: %[[SRC:.*]] = bir.ap %arg1
// CHECK-NEXT: %[[K:.*]] = bir.ap %arg0 offset 0 pattern {{\[\[}}32, 1], [1, 32]] scalar 0 + [128] * (%[[MINS]])
// CHECK-NEXT: bir.dma %[[SRC]] -> %[[K]] on sp
// CHECK-NEXT: %[[V:.*]] = bir.ap %arg3 offset 0 pattern {{\[\[}}32, 1], [1, 32]] scalar 0 + [128] * (%[[MINA]])
// CHECK-NEXT: bir.dma %[[SRC]] -> %[[V]] on act
// CHECK-NEXT: return
module attributes {dge.arch = #dge<arch gen3>} {
func.func @two_writes(%cache: memref<64x32xf32, #bir.mem<dram>>, %k: memref<1x32xf32, #bir.mem<dram>>, %pos: i32, %vcache: memref<64x32xf32, #bir.mem<dram>>) {
  %p = bir.read_var %pos on pool
  %max = bir.alu_imm max %p, 0 on pool
  %min = bir.alu_imm min %max, 63 on pool
  %src = bir.ap %k offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %dst = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%min) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %src -> %dst on pool
  %vdst = bir.ap %vcache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%min) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %src -> %vdst on pool
  return
}
}

// -----

// Inside a loop the DMA stays on the loop's engine, and so does its code.
// CHECK-LABEL: func.func @in_loop
// CHECK: bir.dynamic_for {{.*}} on pool
// CHECK:   bir.dma {{.*}} on pool
module attributes {dge.arch = #dge<arch gen3>} {
func.func @in_loop(%cache: memref<64x32xf32, #bir.mem<dram>>, %out: memref<64x32xf32, #bir.mem<dram>>, %n: i32) {
  %len = bir.read_var %n on pool
  bir.dynamic_for %i = 0 to 1 * %len + 0 step 1 max_trip 64 on pool {
    %s = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%i) : memref<64x32xf32, #bir.mem<dram>>
    %d = bir.ap %out offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%i) : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %s -> %d on pool
  }
  return
}
}

// -----

// A declaration has no body and nothing to place (this used to crash).
// CHECK-LABEL: func.func private @declaration()
module attributes {dge.arch = #dge<arch gen3>} {
func.func private @declaration()
}
