// A hand-written dge-level program: one row of %src copied to row %row of
// %dst through a register-mode destination address (32 * %row bytes) that
// nothing clamps. Rows 0-3 are in bounds; any other %row is an access
// outside %dst that the simulator must report.
func.func @oob_register(%src: memref<1x8xf32, #bir.mem<dram>>,
                        %dst: memref<4x8xf32, #bir.mem<dram>>, %row: i32)
    -> memref<4x8xf32, #bir.mem<dram>> {
  %r = bir.read_var %row on pool {reg = 0 : i32}
  %a = bir.alu_imm mult %r, 32 on pool {reg = 1 : i32}
  %b = dge.block {
    dge.descriptor src %src [imm + 0] dst %dst [reg %a + 0] bytes 32 pattern [[8, 1], [1, 8]] -> [[8, 1], [1, 8]] addr4 [0x00000000, 0x80000001] : memref<1x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return %dst : memref<4x8xf32, #bir.mem<dram>>
}
