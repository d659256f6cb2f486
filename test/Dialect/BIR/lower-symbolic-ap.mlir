// RUN: dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-lower-symbolic-ap))' | FileCheck %s

// The decode step's SBUF tile indexed by the loop: 128 partitions of 512 f32 at
// address 1024, element offset off = 512 * j + 8. RegAPAddr =
// 1024 + (off / 512) * 0x40000 + (off % 512) * 4, on the DMA's engine.
// CHECK-LABEL: func.func @sbuf_tile
// CHECK:         %[[T:.*]] = bir.alloc {address = 1024 : i64} : memref<128x512xf32, #bir.mem<sbuf>>
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool {
// CHECK:           %[[X:.*]] = bir.ap
// CHECK-NEXT:      %[[M:.*]] = bir.alu_imm mult %[[J]], 512 on pool
// CHECK-NEXT:      %[[OFF:.*]] = bir.alu_imm add %[[M]], 8 on pool
// CHECK-NEXT:      %[[P:.*]] = bir.alu_imm divide %[[OFF]], 512 on pool
// CHECK-NEXT:      %[[PB:.*]] = bir.alu_imm mult %[[P]], 262144 on pool
// CHECK-NEXT:      %[[R:.*]] = bir.alu_imm mod %[[OFF]], 512 on pool
// CHECK-NEXT:      %[[RB:.*]] = bir.alu_imm mult %[[R]], 4 on pool
// CHECK-NEXT:      %[[S:.*]] = bir.alu add %[[PB]], %[[RB]] on pool
// CHECK-NEXT:      %[[ADDR:.*]] = bir.alu_imm add %[[S]], 1024 on pool
// CHECK-NEXT:      %[[A:.*]] = bir.reg_ap %[[T]] addr %[[ADDR]] pattern {{\[\[}}512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
// CHECK-NEXT:      bir.dma %[[X]] -> %[[A]] on pool
// CHECK-NEXT:    }
// CHECK-NOT:     bir.sym_ap
func.func @sbuf_tile(%n: i32, %d: memref<64x32xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc {address = 1024 : i64} : memref<128x512xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 512 + 8)>(%j) pattern [[512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
    %x = bir.ap %d offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}

// -----

// PSUM, nested loops, f16 (2 bytes), 64 elements per partition at address
// 128: off = 128 * j + 32 * i, RegAPAddr = 0x2000000 + 128 +
// (off / 64) * 0x8000 + (off % 64) * 2, on the loops' engine (act).
// CHECK-LABEL: func.func @psum_nested
// CHECK:         %[[T:.*]] = bir.alloc {address = 128 : i64} : memref<16x64xf16, #bir.mem<psum>>
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to
// CHECK:           bir.for %[[I:.*]] = 0 to 2 step 1 on act {
// CHECK:             %[[MJ:.*]] = bir.alu_imm mult %[[J]], 128 on act
// CHECK-NEXT:        %[[MI:.*]] = bir.alu_imm mult %[[I]], 32 on act
// CHECK-NEXT:        %[[OFF:.*]] = bir.alu add %[[MJ]], %[[MI]] on act
// CHECK-NEXT:        %[[P:.*]] = bir.alu_imm divide %[[OFF]], 64 on act
// CHECK-NEXT:        %[[PB:.*]] = bir.alu_imm mult %[[P]], 32768 on act
// CHECK-NEXT:        %[[R:.*]] = bir.alu_imm mod %[[OFF]], 64 on act
// CHECK-NEXT:        %[[RB:.*]] = bir.alu_imm mult %[[R]], 2 on act
// CHECK-NEXT:        %[[S:.*]] = bir.alu add %[[PB]], %[[RB]] on act
// CHECK-NEXT:        %[[ADDR:.*]] = bir.alu_imm add %[[S]], 33554560 on act
// CHECK-NEXT:        %[[A:.*]] = bir.reg_ap %[[T]] addr %[[ADDR]] pattern {{\[\[}}1, 32]] : memref<16x64xf16, #bir.mem<psum>>
// CHECK-NEXT:        bir.dma %{{.*}} -> %[[A]] on act
// CHECK-NOT:     bir.sym_ap
func.func @psum_nested(%n: i32, %d: memref<64x32xf16, #bir.mem<dram>>) {
  %l = bir.read_var %n on act
  %t = bir.alloc {address = 128 : i64} : memref<16x64xf16, #bir.mem<psum>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 4 on act {
    bir.for %i = 0 to 2 step 1 on act {
      %s = bir.ap %d offset 0 pattern [[1, 32]] : memref<64x32xf16, #bir.mem<dram>>
      %a = bir.sym_ap %t offset affine_map<(d0, d1) -> (d0 * 128 + d1 * 32)>(%j, %i) pattern [[1, 32]] : memref<16x64xf16, #bir.mem<psum>>
      bir.dma %s -> %a on act
    }
  }
  return
}

// -----

// A 3-D PSUM tile at address 0 (the base is exactly 0x2000000): the free
// size of a partition is 4 * 8 = 32 elements. A pattern read by two DMAs is
// lowered at each of them.
// CHECK-LABEL: func.func @psum_3d_two_uses
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to
// CHECK:           %[[M:.*]] = bir.alu_imm mult %[[J]], 40 on sp
// CHECK-NEXT:      %[[P:.*]] = bir.alu_imm divide %[[M]], 32 on sp
// CHECK-NEXT:      %[[PB:.*]] = bir.alu_imm mult %[[P]], 32768 on sp
// CHECK-NEXT:      %[[R:.*]] = bir.alu_imm mod %[[M]], 32 on sp
// CHECK-NEXT:      %[[RB:.*]] = bir.alu_imm mult %[[R]], 2 on sp
// CHECK-NEXT:      %[[S:.*]] = bir.alu add %[[PB]], %[[RB]] on sp
// CHECK-NEXT:      %[[ADDR:.*]] = bir.alu_imm add %[[S]], 33554432 on sp
// CHECK-NEXT:      %[[A:.*]] = bir.reg_ap %{{.*}} addr %[[ADDR]] pattern {{\[\[}}1, 8]] : memref<128x4x8xf16, #bir.mem<psum>>
// CHECK-NEXT:      bir.dma %[[X:.*]] -> %[[A]] on sp
// CHECK:           %[[ADDR2:.*]] = bir.alu_imm add %{{.*}}, 33554432 on sp
// CHECK-NEXT:      %[[A2:.*]] = bir.reg_ap %{{.*}} addr %[[ADDR2]] pattern {{\[\[}}1, 8]] : memref<128x4x8xf16, #bir.mem<psum>>
// CHECK-NEXT:      bir.dma %[[A2]] -> %[[X]] on sp
func.func @psum_3d_two_uses(%n: i32, %d: memref<64x32xf16, #bir.mem<dram>>) {
  %l = bir.read_var %n on sp
  %t = bir.alloc {address = 0 : i64} : memref<128x4x8xf16, #bir.mem<psum>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on sp {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 40)>(%j) pattern [[1, 8]] : memref<128x4x8xf16, #bir.mem<psum>>
    %x = bir.ap %d offset 0 pattern [[1, 8]] : memref<64x32xf16, #bir.mem<dram>>
    bir.dma %x -> %a on sp
    bir.dma %a -> %x on sp
  }
  return
}

// -----

// The SBUF address map is partition * 0x40000 + byte: with a coefficient
// that is a whole partition (2 f32 per partition), the stride lands in
// the partition term, and the offset is whole rows, so no divide or mod.
// CHECK-LABEL: func.func @partition_step
// CHECK:         bir.for %[[I:.*]] = 0 to 4 step 1 on dve {
// CHECK:           %[[M:.*]] = bir.alu_imm mult %[[I]], 262144 on dve
// CHECK-NEXT:      %[[ADDR:.*]] = bir.alu_imm add %[[M]], 196544 on dve
// CHECK-NEXT:      bir.reg_ap %{{.*}} addr %[[ADDR]] pattern {{\[\[}}1, 2]] : memref<4x2xf32, #bir.mem<sbuf>>
func.func @partition_step(%d: memref<8xf32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 196544 : i64} : memref<4x2xf32, #bir.mem<sbuf>>
  bir.for %i = 0 to 4 step 1 on dve {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 2)>(%i) pattern [[1, 2]] : memref<4x2xf32, #bir.mem<sbuf>>
    %x = bir.ap %d offset 0 pattern [[1, 2]] : memref<8xf32, #bir.mem<dram>>
    bir.dma %x -> %a on dve
  }
  return
}

// -----

// i8 at address 0: no `x * 1` for the byte size and no `x + 0` for the base.
// CHECK-LABEL: func.func @bytes_at_zero
// CHECK:         bir.for %[[I:.*]] = 0 to 8 step 1 on pool {
// CHECK:           %[[M:.*]] = bir.alu_imm mult %[[I]], 72 on pool
// CHECK-NEXT:      %[[P:.*]] = bir.alu_imm divide %[[M]], 64 on pool
// CHECK-NEXT:      %[[PB:.*]] = bir.alu_imm mult %[[P]], 262144 on pool
// CHECK-NEXT:      %[[R:.*]] = bir.alu_imm mod %[[M]], 64 on pool
// CHECK-NEXT:      %[[ADDR:.*]] = bir.alu add %[[PB]], %[[R]] on pool
// CHECK-NEXT:      %[[A:.*]] = bir.reg_ap %{{.*}} addr %[[ADDR]] pattern {{\[\[}}1, 8]] : memref<8x64xi8, #bir.mem<sbuf>>
// CHECK-NEXT:      bir.dma %{{.*}} -> %[[A]] on pool
func.func @bytes_at_zero(%d: memref<64xi8, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<8x64xi8, #bir.mem<sbuf>>
  bir.for %i = 0 to 8 step 1 on pool {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 72)>(%i) pattern [[1, 8]] : memref<8x64xi8, #bir.mem<sbuf>>
    %x = bir.ap %d offset 0 pattern [[1, 8]] : memref<64xi8, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}
