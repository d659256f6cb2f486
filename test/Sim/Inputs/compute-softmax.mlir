// Attention scores and their softmax on the engines (compute-softmax.test):
// s = q^T k on the PE into PSUM, m = rowmax(s) on DVE, e = exp(s - m) with
// its row sum on Activation, then e * (1 / sum) back in SBUF.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @softmax(%q: memref<8x4xf32, #bir.mem<dram>>, %k: memref<8x16xf32, #bir.mem<dram>>, %out: memref<4x16xf32, #bir.mem<dram>>, %acc: memref<4x16xf32, #bir.mem<dram>>) -> (memref<4x16xf32, #bir.mem<dram>>, memref<4x16xf32, #bir.mem<dram>>) {
    %qs = bir.alloc {address = 0 : i64} : memref<8x4xf32, #bir.mem<sbuf>>
    %ks = bir.alloc {address = 64 : i64} : memref<8x16xf32, #bir.mem<sbuf>>
    %s = bir.alloc {address = 0 : i64} : memref<4x16xf32, #bir.mem<psum>>
    %m = bir.alloc {address = 128 : i64} : memref<4x1xf32, #bir.mem<sbuf>>
    %sum = bir.alloc {address = 192 : i64} : memref<4x1xf32, #bir.mem<sbuf>>
    %e = bir.alloc {address = 256 : i64} : memref<4x16xf32, #bir.mem<sbuf>>
    %b0 = dge.block {
      dge.descriptor src %q [imm + 0] dst %qs [imm + 0] bytes 128 pattern [[4, 8], [1, 4]] -> [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<dram>>, memref<8x4xf32, #bir.mem<sbuf>>
      dge.descriptor src %k [imm + 0] dst %ks [imm + 0] bytes 512 pattern [[16, 8], [1, 16]] -> [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<dram>>, memref<8x16xf32, #bir.mem<sbuf>>
    }
    dge.trigger %b0 type none on sp
    %aq = bir.ap %qs offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
    %ak = bir.ap %ks offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
    %as = bir.ap %s offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
    %am = bir.ap %m offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
    %asum = bir.ap %sum offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
    %asumb = bir.ap %sum offset 0 pattern [[1, 4], [0, 16]] : memref<4x1xf32, #bir.mem<sbuf>>
    %ae = bir.ap %e offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
    // Half the contraction, then the other half accumulated.
    %aq0 = bir.ap %qs offset 0 pattern [[4, 4], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
    %ak0 = bir.ap %ks offset 0 pattern [[16, 4], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
    %aq1 = bir.ap %qs offset 16 pattern [[4, 4], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
    %ak1 = bir.ap %ks offset 64 pattern [[16, 4], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
    bir.matmul %aq0, %ak0 -> %as on pe
    bir.matmul %aq1, %ak1 -> %as accumulate on pe
    bir.tensor_reduce max %as -> %am on dve
    bir.tensor_scalar multiply %am, imm -1.000000e+00 -> %am on dve
    bir.activation exp %as -> %ae scale 1.000000e+00 bias %am sum %asum on act
    bir.activation reciprocal %asum -> %asum scale 1.000000e+00 bias_imm 0.000000e+00 on act
    bir.tensor_tensor multiply %ae, %asumb -> %ae on dve
    %b1 = dge.block {
      dge.descriptor src %e [imm + 0] dst %out [imm + 0] bytes 256 pattern [[16, 4], [1, 16]] -> [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>, memref<4x16xf32, #bir.mem<dram>>
    }
    dge.trigger %b1 type none on sp
    %ab = bir.ap %s offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
    %ae2 = bir.ap %e offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
    bir.tensor_copy %ab -> %ae2 on dve
    %b2 = dge.block {
      dge.descriptor src %e [imm + 0] dst %acc [imm + 0] bytes 256 pattern [[16, 4], [1, 16]] -> [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>, memref<4x16xf32, #bir.mem<dram>>
    }
    dge.trigger %b2 type none on sp
    return %out, %acc : memref<4x16xf32, #bir.mem<dram>>, memref<4x16xf32, #bir.mem<dram>>
  }
}
