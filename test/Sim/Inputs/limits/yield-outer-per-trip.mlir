// A fuzzer find (mutate_mlir input 602672, shrunk): the loop yields a
// tensor defined outside it, so the reference interpreter copies the whole
// 128 KiB cache on every one of its 1000 trips, with no other op in the
// body to check the moved bytes against their limit.
func.func @yield_outer(%cache: tensor<1024x32xf32>, %k: tensor<1x32xf32>,
                       %pos: i32) -> tensor<1024x32xf32> {
  %c0 = arith.constant 0 : i32
  %lo = arith.constant 0 : index
  %one = arith.constant 1 : index
  %trips = arith.constant 1000 : index
  %cache1 = dynshape.dynamic_update_slice %k into %cache[%pos, %c0]
      : tensor<1x32xf32> into tensor<1024x32xf32>
  %r = scf.for %j = %lo to %trips step %one iter_args(%acc = %cache1)
      -> (tensor<1024x32xf32>) {
    scf.yield %cache1 : tensor<1024x32xf32>
  }
  return %r : tensor<1024x32xf32>
}
