// A register-addressed operand whose address comes from a runtime scalar
// (compute-errors.test): the simulator checks, when it knows the address,
// what the verifier checks of static operands.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @overrun(%n: i32) {
    %t = bir.alloc {address = 0 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
    %a = bir.read_var %n on dve {reg = 0 : i32}
    %r = bir.reg_ap %t addr %a pattern [[8, 1], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
    bir.tensor_scalar add %r, imm 1.000000e+00 -> %r on dve
    return
  }
}
