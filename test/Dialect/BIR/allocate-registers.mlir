// RUN: dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-allocate-registers))' | FileCheck %s

// The decode step's KV write: each value dies at its only use, so ids are reused
// and two registers suffice.
// CHECK-LABEL: func.func @kv_write
// CHECK:         %[[V0:.*]] = bir.read_var %{{.*}} on pool {reg = 0 : i32}
// CHECK-NEXT:    %[[V1:.*]] = bir.alu_imm max %[[V0]], 0 on pool {reg = 1 : i32}
// CHECK-NEXT:    %[[V2:.*]] = bir.alu_imm min %[[V1]], 255 on pool {reg = 0 : i32}
// CHECK:         %[[A:.*]] = bir.alu_imm mult %[[V2]], 256 on pool {reg = 1 : i32}
// CHECK-NEXT:    %[[D:.*]] = bir.reg_ap %{{.*}} addr %[[A]]
// CHECK-NEXT:    bir.dma %{{.*}} -> %[[D]] on pool
// CHECK-NOT:     reg =
// CHECK:         return
func.func @kv_write(%cache: memref<256x64xf32, #bir.mem<dram>>, %row: memref<1x64xf32, #bir.mem<dram>>, %pos: i32) {
  %v0 = bir.read_var %pos on pool
  %v1 = bir.alu_imm max %v0, 0 on pool
  %v2 = bir.alu_imm min %v1, 255 on pool
  %s = bir.ap %row offset 0 pattern [[64, 1], [1, 64]] : memref<1x64xf32, #bir.mem<dram>>
  %a = bir.alu_imm mult %v2, 256 on pool
  %d = bir.reg_ap %cache addr %a pattern [[64, 1], [1, 64]] : memref<256x64xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return
}

// -----

// %c is defined before the loop and used at the top of its body: it is live
// across the back edge, so no value defined in the body takes its id 0,
// although the body needs two more. %e dies before the loop: its id 1 goes
// to the induction register, recorded on the loop.
// CHECK-LABEL: func.func @live_across_loop
// CHECK:         %[[C:.*]] = bir.read_var %{{.*}} on pool {reg = 0 : i32}
// CHECK-NEXT:    %[[E:.*]] = bir.read_var %{{.*}} on pool {reg = 1 : i32}
// CHECK-NEXT:    %[[F:.*]] = bir.alu_imm add %[[E]], 1 on pool {reg = 2 : i32}
// CHECK-NEXT:    %[[L:.*]] = bir.alu add %[[F]], %[[E]] on pool {reg = 3 : i32}
// CHECK-NEXT:    bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[L]] + 0 step 1 max_trip 64 on pool attributes {reg = 1 : i32} {
// CHECK-NEXT:      %[[X:.*]] = bir.alu_imm mult %[[J]], 128 on pool {reg = 2 : i32}
// CHECK-NEXT:      %[[Y:.*]] = bir.alu add %[[X]], %[[C]] on pool {reg = 3 : i32}
// CHECK-NEXT:      %[[Z:.*]] = bir.alu_imm add %[[Y]], 4 on pool {reg = 2 : i32}
// CHECK-NEXT:      %[[W:.*]] = bir.alu_imm add %[[Z]], 4 on pool {reg = 3 : i32}
// CHECK-NEXT:      bir.reg_ap %{{.*}} addr %[[W]]
// CHECK-NEXT:      bir.dma
// CHECK-NEXT:    }
func.func @live_across_loop(%n: i32, %p: i32, %q: i32, %t: memref<64x32xf32, #bir.mem<dram>>) {
  %c = bir.read_var %p on pool
  %e = bir.read_var %q on pool
  %f = bir.alu_imm add %e, 1 on pool
  %l = bir.alu add %f, %e on pool
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    %x = bir.alu_imm mult %j, 128 on pool
    %y = bir.alu add %x, %c on pool
    %z = bir.alu_imm add %y, 4 on pool
    %w = bir.alu_imm add %z, 4 on pool
    %d = bir.reg_ap %t addr %w pattern [[1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %d -> %d on pool
  }
  return
}

// -----

// Nested loops: both induction registers live for their whole loop, the
// outer one across the inner loop; %b, defined in the outer body and used at
// the top of the inner one, stays live to the inner loop's end (the last op
// of the inner body does not get its id 0), then its id is free again.
// CHECK-LABEL: func.func @nested_loops
// CHECK:         %[[L:.*]] = bir.read_var %{{.*}} on act {reg = 0 : i32}
// CHECK-NEXT:    bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[L]] + 0 step 1 max_trip 8 on act attributes {reg = 1 : i32} {
// CHECK-NEXT:      %[[B:.*]] = bir.alu_imm mult %[[J]], 2 on act {reg = 0 : i32}
// CHECK-NEXT:      bir.for %[[I:.*]] = 0 to 4 step 1 on act attributes {reg = 2 : i32} {
// CHECK-NEXT:        %[[S:.*]] = bir.alu add %[[I]], %[[J]] on act {reg = 3 : i32}
// CHECK-NEXT:        %[[T:.*]] = bir.alu add %[[S]], %[[B]] on act {reg = 4 : i32}
// CHECK-NEXT:        bir.alu_imm add %[[T]], 1 on act {reg = 3 : i32}
// CHECK-NEXT:      }
// CHECK-NEXT:      bir.alu_imm add %[[J]], 1 on act {reg = 0 : i32}
// CHECK-NEXT:    }
func.func @nested_loops(%n: i32) {
  %l = bir.read_var %n on act
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 8 on act {
    %b = bir.alu_imm mult %j, 2 on act
    bir.for %i = 0 to 4 step 1 on act {
      %s = bir.alu add %i, %j on act
      %t = bir.alu add %s, %b on act
      %u = bir.alu_imm add %t, 1 on act
    }
    %v = bir.alu_imm add %j, 1 on act
  }
  return
}

// -----

// A register referenced through an access pattern (scalar dynamic info) is
// live until the DMA that consumes the pattern, not just the pattern op.
// CHECK-LABEL: func.func @through_pattern
// CHECK:         %[[V:.*]] = bir.read_var %{{.*}} on sp {reg = 0 : i32}
// CHECK-NEXT:    bir.ap %{{.*}} scalar 0 + [128] * (%[[V]])
// CHECK-NEXT:    bir.read_var %{{.*}} on sp {reg = 1 : i32}
// CHECK-NEXT:    bir.alu_imm add %{{.*}}, 1 on sp {reg = 2 : i32}
// CHECK-NEXT:    bir.alu_imm add %{{.*}}, 1 on sp {reg = 1 : i32}
// CHECK-NEXT:    bir.ap
// CHECK-NEXT:    bir.dma
// CHECK-NEXT:    bir.alu_imm add %{{.*}}, 1 on sp {reg = 0 : i32}
func.func @through_pattern(%n: i32, %p: i32, %t: memref<64x32xf32, #bir.mem<dram>>, %r: memref<1x32xf32, #bir.mem<dram>>) {
  %v = bir.read_var %p on sp
  %d = bir.ap %t offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  %a = bir.read_var %n on sp
  %b = bir.alu_imm add %a, 1 on sp
  %c = bir.alu_imm add %b, 1 on sp
  %s = bir.ap %r offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on sp
  %e = bir.alu_imm add %c, 1 on sp
  return
}

// -----

// Engines have separate register files: each starts from id 0.
// CHECK-LABEL: func.func @engines
// CHECK:         bir.read_var %{{.*}} on pool {reg = 0 : i32}
// CHECK-NEXT:    bir.read_var %{{.*}} on act {reg = 0 : i32}
// CHECK-NEXT:    bir.read_var %{{.*}} on pool {reg = 1 : i32}
// CHECK-NEXT:    bir.read_var %{{.*}} on sp {reg = 0 : i32}
// CHECK-NEXT:    bir.alu_imm add %{{.*}}, 1 on act {reg = 1 : i32}
// CHECK-NEXT:    bir.alu add %{{.*}}, %{{.*}} on pool {reg = 2 : i32}
func.func @engines(%p: i32) {
  %a = bir.read_var %p on pool
  %b = bir.read_var %p on act
  %c = bir.read_var %p on pool
  %d = bir.read_var %p on sp
  %e = bir.alu_imm add %b, 1 on act
  %f = bir.alu add %a, %c on pool
  return
}

// -----

// 65 constants, each used twice and all live at once with %x, need 66
// registers. Values are rematerialized one at a time where the coloring
// fails, cheapest first: %x, read before the constants but used only after
// them all, is read again right before its first use (the original goes);
// constants 162 to 164 are emitted again before their first use, and 159
// to 161 before their second, until every id is below 64.
// CHECK-LABEL: func.func @rematerialize
// CHECK:         bir.mov_imm 100 on pool {reg = 0 : i32}
// CHECK-NOT:     reg = {{(6[4-9]|[7-9][0-9])}} :
// CHECK:         bir.mov_imm 161 on pool {reg = 61 : i32}
// CHECK-NEXT:    %[[X:.*]] = bir.read_var %{{.*}} on pool {reg = 62 : i32}
// CHECK-NEXT:    bir.alu add %[[X]], %{{.*}} on pool {reg = 63 : i32}
// CHECK-NOT:     reg = {{(6[4-9]|[7-9][0-9])}} :
// CHECK:         %[[C164:.*]] = bir.mov_imm 164 on pool {reg = 61 : i32}
// CHECK-NEXT:    bir.alu add %[[X]], %[[C164]] on pool {reg = 63 : i32}
// CHECK-NOT:     reg = {{(6[4-9]|[7-9][0-9])}} :
// CHECK:         %[[C161:.*]] = bir.mov_imm 161 on pool {reg = 0 : i32}
// CHECK-NEXT:    bir.alu mult %[[X]], %[[C161]] on pool {reg = 1 : i32}
// CHECK-NEXT:    bir.alu mult %[[X]], %{{.*}} on pool {reg = 0 : i32}
// CHECK-NEXT:    bir.alu mult %[[X]], %{{.*}} on pool {reg = 0 : i32}
// CHECK-NEXT:    bir.alu mult %[[X]], %[[C164]] on pool {reg = 0 : i32}
// CHECK-NEXT:    return
func.func @rematerialize(%a: i32) {
  %x = bir.read_var %a on pool
  %c0 = bir.mov_imm 100 on pool
  %c1 = bir.mov_imm 101 on pool
  %c2 = bir.mov_imm 102 on pool
  %c3 = bir.mov_imm 103 on pool
  %c4 = bir.mov_imm 104 on pool
  %c5 = bir.mov_imm 105 on pool
  %c6 = bir.mov_imm 106 on pool
  %c7 = bir.mov_imm 107 on pool
  %c8 = bir.mov_imm 108 on pool
  %c9 = bir.mov_imm 109 on pool
  %c10 = bir.mov_imm 110 on pool
  %c11 = bir.mov_imm 111 on pool
  %c12 = bir.mov_imm 112 on pool
  %c13 = bir.mov_imm 113 on pool
  %c14 = bir.mov_imm 114 on pool
  %c15 = bir.mov_imm 115 on pool
  %c16 = bir.mov_imm 116 on pool
  %c17 = bir.mov_imm 117 on pool
  %c18 = bir.mov_imm 118 on pool
  %c19 = bir.mov_imm 119 on pool
  %c20 = bir.mov_imm 120 on pool
  %c21 = bir.mov_imm 121 on pool
  %c22 = bir.mov_imm 122 on pool
  %c23 = bir.mov_imm 123 on pool
  %c24 = bir.mov_imm 124 on pool
  %c25 = bir.mov_imm 125 on pool
  %c26 = bir.mov_imm 126 on pool
  %c27 = bir.mov_imm 127 on pool
  %c28 = bir.mov_imm 128 on pool
  %c29 = bir.mov_imm 129 on pool
  %c30 = bir.mov_imm 130 on pool
  %c31 = bir.mov_imm 131 on pool
  %c32 = bir.mov_imm 132 on pool
  %c33 = bir.mov_imm 133 on pool
  %c34 = bir.mov_imm 134 on pool
  %c35 = bir.mov_imm 135 on pool
  %c36 = bir.mov_imm 136 on pool
  %c37 = bir.mov_imm 137 on pool
  %c38 = bir.mov_imm 138 on pool
  %c39 = bir.mov_imm 139 on pool
  %c40 = bir.mov_imm 140 on pool
  %c41 = bir.mov_imm 141 on pool
  %c42 = bir.mov_imm 142 on pool
  %c43 = bir.mov_imm 143 on pool
  %c44 = bir.mov_imm 144 on pool
  %c45 = bir.mov_imm 145 on pool
  %c46 = bir.mov_imm 146 on pool
  %c47 = bir.mov_imm 147 on pool
  %c48 = bir.mov_imm 148 on pool
  %c49 = bir.mov_imm 149 on pool
  %c50 = bir.mov_imm 150 on pool
  %c51 = bir.mov_imm 151 on pool
  %c52 = bir.mov_imm 152 on pool
  %c53 = bir.mov_imm 153 on pool
  %c54 = bir.mov_imm 154 on pool
  %c55 = bir.mov_imm 155 on pool
  %c56 = bir.mov_imm 156 on pool
  %c57 = bir.mov_imm 157 on pool
  %c58 = bir.mov_imm 158 on pool
  %c59 = bir.mov_imm 159 on pool
  %c60 = bir.mov_imm 160 on pool
  %c61 = bir.mov_imm 161 on pool
  %c62 = bir.mov_imm 162 on pool
  %c63 = bir.mov_imm 163 on pool
  %c64 = bir.mov_imm 164 on pool
  %u0 = bir.alu add %x, %c0 on pool
  %u1 = bir.alu add %x, %c1 on pool
  %u2 = bir.alu add %x, %c2 on pool
  %u3 = bir.alu add %x, %c3 on pool
  %u4 = bir.alu add %x, %c4 on pool
  %u5 = bir.alu add %x, %c5 on pool
  %u6 = bir.alu add %x, %c6 on pool
  %u7 = bir.alu add %x, %c7 on pool
  %u8 = bir.alu add %x, %c8 on pool
  %u9 = bir.alu add %x, %c9 on pool
  %u10 = bir.alu add %x, %c10 on pool
  %u11 = bir.alu add %x, %c11 on pool
  %u12 = bir.alu add %x, %c12 on pool
  %u13 = bir.alu add %x, %c13 on pool
  %u14 = bir.alu add %x, %c14 on pool
  %u15 = bir.alu add %x, %c15 on pool
  %u16 = bir.alu add %x, %c16 on pool
  %u17 = bir.alu add %x, %c17 on pool
  %u18 = bir.alu add %x, %c18 on pool
  %u19 = bir.alu add %x, %c19 on pool
  %u20 = bir.alu add %x, %c20 on pool
  %u21 = bir.alu add %x, %c21 on pool
  %u22 = bir.alu add %x, %c22 on pool
  %u23 = bir.alu add %x, %c23 on pool
  %u24 = bir.alu add %x, %c24 on pool
  %u25 = bir.alu add %x, %c25 on pool
  %u26 = bir.alu add %x, %c26 on pool
  %u27 = bir.alu add %x, %c27 on pool
  %u28 = bir.alu add %x, %c28 on pool
  %u29 = bir.alu add %x, %c29 on pool
  %u30 = bir.alu add %x, %c30 on pool
  %u31 = bir.alu add %x, %c31 on pool
  %u32 = bir.alu add %x, %c32 on pool
  %u33 = bir.alu add %x, %c33 on pool
  %u34 = bir.alu add %x, %c34 on pool
  %u35 = bir.alu add %x, %c35 on pool
  %u36 = bir.alu add %x, %c36 on pool
  %u37 = bir.alu add %x, %c37 on pool
  %u38 = bir.alu add %x, %c38 on pool
  %u39 = bir.alu add %x, %c39 on pool
  %u40 = bir.alu add %x, %c40 on pool
  %u41 = bir.alu add %x, %c41 on pool
  %u42 = bir.alu add %x, %c42 on pool
  %u43 = bir.alu add %x, %c43 on pool
  %u44 = bir.alu add %x, %c44 on pool
  %u45 = bir.alu add %x, %c45 on pool
  %u46 = bir.alu add %x, %c46 on pool
  %u47 = bir.alu add %x, %c47 on pool
  %u48 = bir.alu add %x, %c48 on pool
  %u49 = bir.alu add %x, %c49 on pool
  %u50 = bir.alu add %x, %c50 on pool
  %u51 = bir.alu add %x, %c51 on pool
  %u52 = bir.alu add %x, %c52 on pool
  %u53 = bir.alu add %x, %c53 on pool
  %u54 = bir.alu add %x, %c54 on pool
  %u55 = bir.alu add %x, %c55 on pool
  %u56 = bir.alu add %x, %c56 on pool
  %u57 = bir.alu add %x, %c57 on pool
  %u58 = bir.alu add %x, %c58 on pool
  %u59 = bir.alu add %x, %c59 on pool
  %u60 = bir.alu add %x, %c60 on pool
  %u61 = bir.alu add %x, %c61 on pool
  %u62 = bir.alu add %x, %c62 on pool
  %u63 = bir.alu add %x, %c63 on pool
  %u64 = bir.alu add %x, %c64 on pool
  %w0 = bir.alu mult %x, %c0 on pool
  %w1 = bir.alu mult %x, %c1 on pool
  %w2 = bir.alu mult %x, %c2 on pool
  %w3 = bir.alu mult %x, %c3 on pool
  %w4 = bir.alu mult %x, %c4 on pool
  %w5 = bir.alu mult %x, %c5 on pool
  %w6 = bir.alu mult %x, %c6 on pool
  %w7 = bir.alu mult %x, %c7 on pool
  %w8 = bir.alu mult %x, %c8 on pool
  %w9 = bir.alu mult %x, %c9 on pool
  %w10 = bir.alu mult %x, %c10 on pool
  %w11 = bir.alu mult %x, %c11 on pool
  %w12 = bir.alu mult %x, %c12 on pool
  %w13 = bir.alu mult %x, %c13 on pool
  %w14 = bir.alu mult %x, %c14 on pool
  %w15 = bir.alu mult %x, %c15 on pool
  %w16 = bir.alu mult %x, %c16 on pool
  %w17 = bir.alu mult %x, %c17 on pool
  %w18 = bir.alu mult %x, %c18 on pool
  %w19 = bir.alu mult %x, %c19 on pool
  %w20 = bir.alu mult %x, %c20 on pool
  %w21 = bir.alu mult %x, %c21 on pool
  %w22 = bir.alu mult %x, %c22 on pool
  %w23 = bir.alu mult %x, %c23 on pool
  %w24 = bir.alu mult %x, %c24 on pool
  %w25 = bir.alu mult %x, %c25 on pool
  %w26 = bir.alu mult %x, %c26 on pool
  %w27 = bir.alu mult %x, %c27 on pool
  %w28 = bir.alu mult %x, %c28 on pool
  %w29 = bir.alu mult %x, %c29 on pool
  %w30 = bir.alu mult %x, %c30 on pool
  %w31 = bir.alu mult %x, %c31 on pool
  %w32 = bir.alu mult %x, %c32 on pool
  %w33 = bir.alu mult %x, %c33 on pool
  %w34 = bir.alu mult %x, %c34 on pool
  %w35 = bir.alu mult %x, %c35 on pool
  %w36 = bir.alu mult %x, %c36 on pool
  %w37 = bir.alu mult %x, %c37 on pool
  %w38 = bir.alu mult %x, %c38 on pool
  %w39 = bir.alu mult %x, %c39 on pool
  %w40 = bir.alu mult %x, %c40 on pool
  %w41 = bir.alu mult %x, %c41 on pool
  %w42 = bir.alu mult %x, %c42 on pool
  %w43 = bir.alu mult %x, %c43 on pool
  %w44 = bir.alu mult %x, %c44 on pool
  %w45 = bir.alu mult %x, %c45 on pool
  %w46 = bir.alu mult %x, %c46 on pool
  %w47 = bir.alu mult %x, %c47 on pool
  %w48 = bir.alu mult %x, %c48 on pool
  %w49 = bir.alu mult %x, %c49 on pool
  %w50 = bir.alu mult %x, %c50 on pool
  %w51 = bir.alu mult %x, %c51 on pool
  %w52 = bir.alu mult %x, %c52 on pool
  %w53 = bir.alu mult %x, %c53 on pool
  %w54 = bir.alu mult %x, %c54 on pool
  %w55 = bir.alu mult %x, %c55 on pool
  %w56 = bir.alu mult %x, %c56 on pool
  %w57 = bir.alu mult %x, %c57 on pool
  %w58 = bir.alu mult %x, %c58 on pool
  %w59 = bir.alu mult %x, %c59 on pool
  %w60 = bir.alu mult %x, %c60 on pool
  %w61 = bir.alu mult %x, %c61 on pool
  %w62 = bir.alu mult %x, %c62 on pool
  %w63 = bir.alu mult %x, %c63 on pool
  %w64 = bir.alu mult %x, %c64 on pool
  return
}
