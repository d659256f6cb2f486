// A runtime loop over the rows of an SBUF tile (compute-loop.test): row j
// gets + 1.0 for j < n; the row is a symbolic pattern until Stage 3a.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @rows(%x: memref<4x8xf32, #bir.mem<dram>>, %n: i32, %out: memref<4x8xf32, #bir.mem<dram>>) -> memref<4x8xf32, #bir.mem<dram>> {
    %t = bir.alloc {address = 256 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
    %sx = bir.ap %x offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>
    %st = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    bir.dma %sx -> %st on sp
    %l = bir.read_var %n on dve
    bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 4 on dve {
      %row = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 8)>(%j) pattern [[8, 1], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
      bir.tensor_scalar add %row, imm 1.000000e+00 -> %row on dve
    }
    %lt = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    %lo = bir.ap %out offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>
    bir.dma %lt -> %lo on sp
    return %out : memref<4x8xf32, #bir.mem<dram>>
  }
}
