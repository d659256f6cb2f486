// The Vector and Pool engines on a 4x8 tile (compute.test): x + y, its row
// max, (x + y - max) * 0.5 as f32 and bf16, then columns >= n masked to -inf.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @dve(%x: memref<4x8xf32, #bir.mem<dram>>, %y: memref<4x8xf32, #bir.mem<dram>>, %n: i32, %out: memref<4x8xf32, #bir.mem<dram>>, %red: memref<4x1xf32, #bir.mem<dram>>, %bf: memref<4x8xbf16, #bir.mem<dram>>) -> (memref<4x8xf32, #bir.mem<dram>>, memref<4x1xf32, #bir.mem<dram>>, memref<4x8xbf16, #bir.mem<dram>>) {
    %a = bir.alloc {address = 0 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
    %b = bir.alloc {address = 64 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
    %r = bir.alloc {address = 128 : i64} : memref<4x1xf32, #bir.mem<sbuf>>
    %h = bir.alloc {address = 192 : i64} : memref<4x8xbf16, #bir.mem<sbuf>>
    %b0 = dge.block {
      dge.descriptor src %x [imm + 0] dst %a [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<sbuf>>
      dge.descriptor src %y [imm + 0] dst %b [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<sbuf>>
    }
    dge.trigger %b0 type none on sp
    %ta = bir.ap %a offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    %tb = bir.ap %b offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    %tr = bir.ap %r offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
    %trb = bir.ap %r offset 0 pattern [[1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
    %th = bir.ap %h offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
    bir.tensor_tensor add %ta, %tb -> %ta on dve
    bir.tensor_reduce max %ta -> %tr on dve
    bir.tensor_tensor subtract %ta, %trb -> %tb on dve
    bir.tensor_scalar multiply %tb, imm 5.000000e-01 -> %tb on dve
    bir.tensor_copy %tb -> %th on dve
    %m = bir.read_var %n on pool {reg = 0 : i32}
    bir.affine_select %tb -> %tb where base 0 partition 0 free [1] lt reg %m else 0xFF800000 on pool
    %b1 = dge.block {
      dge.descriptor src %b [imm + 0] dst %out [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>, memref<4x8xf32, #bir.mem<dram>>
      dge.descriptor src %r [imm + 0] dst %red [imm + 0] bytes 16 pattern [[1, 4], [1, 1]] -> [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>, memref<4x1xf32, #bir.mem<dram>>
      dge.descriptor src %h [imm + 0] dst %bf [imm + 0] bytes 64 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>, memref<4x8xbf16, #bir.mem<dram>>
    }
    dge.trigger %b1 type none on sp
    return %out, %red, %bf : memref<4x8xf32, #bir.mem<dram>>, memref<4x1xf32, #bir.mem<dram>>, memref<4x8xbf16, #bir.mem<dram>>
  }
}
