// A hand-written dynamic loop with max_trip 2 whose bound register is read
// from the argument %n: rows 0..%n-1 of %src are copied to %dst. %n <= 2 is
// within max_trip; %n = 3 runs a third trip the compiler did not size for.
func.func @max_trip(%src: memref<4x8xf32, #bir.mem<dram>>,
                    %dst: memref<4x8xf32, #bir.mem<dram>>, %n: i32)
    -> memref<4x8xf32, #bir.mem<dram>> {
  %v = bir.read_var %n on pool {reg = 0 : i32}
  bir.dynamic_for %i = 0 to 1 * %v + 0 step 1 max_trip 2 on pool attributes {reg = 1 : i32} {
    %off = bir.alu_imm mult %i, 32 on pool {reg = 2 : i32}
    %b = dge.block {
      dge.descriptor src %src [reg %off + 0] dst %dst [reg %off + 0] bytes 32 pattern [[8, 1], [1, 8]] -> [[8, 1], [1, 8]] addr4 [0x80000002, 0x80000002] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<dram>>
    }
    dge.trigger %b type swdge on pool
  }
  return %dst : memref<4x8xf32, #bir.mem<dram>>
}
