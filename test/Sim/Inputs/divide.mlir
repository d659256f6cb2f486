// A runtime divisor: arith.divsi by zero is undefined, so the reference
// interpreter refuses a trial whose %b is 0 (the simulated register-ALU
// would give 0). Used to check how dyn-sim --compare reports a trial that
// cannot run.
func.func @divide(%t: tensor<8x4xf32>, %a: i32, %b: i32) -> tensor<1x4xf32> {
  %c0 = arith.constant 0 : i32
  %q = arith.divsi %a, %b : i32
  %r = dynshape.dynamic_slice %t[%q, %c0] sizes [1, 4]
      : tensor<8x4xf32> -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}
