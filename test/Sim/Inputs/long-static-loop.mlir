// A fuzzer find: 2^31 - 1 constant trips. The reference interpreter counts
// them against --max-trips like the simulator (it once ran for hours).
func.func @static_loop(%t: tensor<64x32xf32>, %out: tensor<8x32xf32>, %base: i32, %k: i32)
    -> (tensor<8x32xf32>, i32) {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %c8i = arith.constant 2147483647 : index
  %r = scf.for %j = %c0i to %c8i step %c1i iter_args(%acc = %out) -> (tensor<8x32xf32>) {
    %ji = arith.index_cast %j : index to i32
    %i = arith.addi %ji, %base : i32
    %row = dynshape.dynamic_slice %t[%i, %c0] sizes [1, 32] : tensor<64x32xf32> -> tensor<1x32xf32>
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%ji, %c0] : tensor<1x32xf32> into tensor<8x32xf32>
    scf.yield %acc1 : tensor<8x32xf32>
  }
  %s = arith.muli %base, %k : i32
  return %r, %s : tensor<8x32xf32>, i32
}
