// A hand-written dge-level program (ADDR4 words given). Its second
// descriptor writes 2 rows of 32 bytes from byte 52 (0x34) of a 128-byte
// tensor; Sim/errors.test patches that offset to 84 (0x54) in the
// container, past the end, which the verifier would have rejected in the
// .mlir. The container loader rejects the static side before anything runs.
func.func @oob(%src: memref<4x8xf32, #bir.mem<dram>>,
               %dst: memref<4x8xf32, #bir.mem<dram>>)
    -> memref<4x8xf32, #bir.mem<dram>> {
  %b0 = dge.block {
    dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 64 pattern [[8, 2], [1, 8]] -> [[8, 2], [1, 8]] addr4 [0x00000000, 0x00000000] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>
  }
  dge.trigger %b0 type none on sp
  %b1 = dge.block {
    dge.descriptor src %src [imm + 0] dst %dst [imm + 52] bytes 64 pattern [[8, 2], [1, 8]] -> [[8, 2], [1, 8]] addr4 [0x00000000, 0x00000034] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>
  }
  dge.trigger %b1 type none on sp
  return %dst : memref<4x8xf32, #bir.mem<dram>>
}
