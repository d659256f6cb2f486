// A hand-written dge-level program (registers and ADDR4 words given) whose
// second descriptor runs past its DRAM tensor: 4 rows of 32 bytes written
// from byte 64 of a 128-byte tensor. The first trigger is in bounds. The
// container loader rejects the static side before anything runs.
func.func @oob(%src: memref<4x8xf32, #bir.mem<dram>>,
               %dst: memref<4x8xf32, #bir.mem<dram>>)
    -> memref<4x8xf32, #bir.mem<dram>> {
  %b0 = dge.block {
    dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 64 pattern [[8, 2], [1, 8]] -> [[8, 2], [1, 8]] addr4 [0x00000000, 0x00000000] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>
  }
  dge.trigger %b0 type none on sp
  %b1 = dge.block {
    dge.descriptor src %src [imm + 0] dst %dst [imm + 64] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] addr4 [0x00000000, 0x00000040] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>
  }
  dge.trigger %b1 type none on sp
  return %dst : memref<4x8xf32, #bir.mem<dram>>
}
