// More of the Vector and Pool engines (compute.test): iota (f32 and i32),
// affine_select against an immediate, register scalars (reverse too), a
// compare, divide, sum and min reductions, and an f16 copy.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @pool(%x: memref<4x8xf32, #bir.mem<dram>>, %n: i32, %o1: memref<4x8xf32, #bir.mem<dram>>, %o2: memref<4x8xi32, #bir.mem<dram>>, %o3: memref<4x8xf32, #bir.mem<dram>>, %o4: memref<4x2xf32, #bir.mem<dram>>, %o5: memref<4x8xf16, #bir.mem<dram>>) -> (memref<4x8xf32, #bir.mem<dram>>, memref<4x8xi32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>, memref<4x2xf32, #bir.mem<dram>>, memref<4x8xf16, #bir.mem<dram>>) {
    %a = bir.alloc {address = 0 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
    %i = bir.alloc {address = 64 : i64} : memref<4x8xi32, #bir.mem<sbuf>>
    %c = bir.alloc {address = 128 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
    %r = bir.alloc {address = 192 : i64} : memref<4x2xf32, #bir.mem<sbuf>>
    %h = bir.alloc {address = 256 : i64} : memref<4x8xf16, #bir.mem<sbuf>>
    %x0 = dge.block {
      dge.descriptor src %x [imm + 0] dst %a [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<sbuf>>
    }
    dge.trigger %x0 type none on sp
    %ta = bir.ap %a offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    %ti = bir.ap %i offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
    %tc = bir.ap %c offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    %tr0 = bir.ap %r offset 0 pattern [[2, 4], [1, 1]] : memref<4x2xf32, #bir.mem<sbuf>>
    %tr1 = bir.ap %r offset 1 pattern [[2, 4], [1, 1]] : memref<4x2xf32, #bir.mem<sbuf>>
    %th = bir.ap %h offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>
    // c = iota(10 * p + j) as f32 and as i32.
    bir.iota %tc base 0 partition 10 free [1] on pool
    bir.iota %ti base -3 partition 10 free [1] on pool
    // c = c where 2 * j - p >= 3, else 0.5.
    bir.affine_select %tc -> %tc where base 0 partition -1 free [2] ge imm 3 else 5.000000e-01 on pool
    %nd = bir.read_var %n on dve {reg = 0 : i32}
    // a = n - a; then a = (a >= c); then c = c / (a + 1).
    bir.tensor_scalar subtract %ta, reg %nd -> %ta reverse on dve
    bir.tensor_tensor is_ge %ta, %tc -> %ta on dve
    bir.tensor_scalar add %ta, imm 1.000000e+00 -> %ta on dve
    bir.tensor_tensor divide %tc, %ta -> %tc on dve
    bir.tensor_reduce add %tc -> %tr0 on dve
    bir.tensor_reduce min %tc -> %tr1 on dve
    bir.tensor_copy %tc -> %th on dve
    %x1 = dge.block {
      dge.descriptor src %a [imm + 0] dst %o1 [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>, memref<4x8xf32, #bir.mem<dram>>
      dge.descriptor src %i [imm + 0] dst %o2 [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>, memref<4x8xi32, #bir.mem<dram>>
      dge.descriptor src %c [imm + 0] dst %o3 [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>, memref<4x8xf32, #bir.mem<dram>>
      dge.descriptor src %r [imm + 0] dst %o4 [imm + 0] bytes 32 pattern [[2, 4], [1, 2]] -> [[2, 4], [1, 2]] : memref<4x2xf32, #bir.mem<sbuf>>, memref<4x2xf32, #bir.mem<dram>>
      dge.descriptor src %h [imm + 0] dst %o5 [imm + 0] bytes 64 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf16, #bir.mem<sbuf>>, memref<4x8xf16, #bir.mem<dram>>
    }
    dge.trigger %x1 type none on sp
    return %o1, %o2, %o3, %o4, %o5 : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xi32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>, memref<4x2xf32, #bir.mem<dram>>, memref<4x8xf16, #bir.mem<dram>>
  }
}
