// A runtime loop whose body overwrites its whole accumulator with a
// window of %src (row j, clamped into [0, 60]): after the loop the
// accumulator holds the window of the last trip, or %t after no trip.
func.func @whole(%src: tensor<64x8xf32>, %t: tensor<4x8xf32>, %n: i32) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %c64 = arith.constant 64 : i32
  %nb = arith.minsi %n, %c64 : i32
  %ni = arith.index_cast %nb : i32 to index
  %r = scf.for %j = %c0i to %ni step %c1i iter_args(%acc = %t) -> (tensor<4x8xf32>) {
    %jj = arith.index_cast %j : index to i32
    %win = dynshape.dynamic_slice %src[%jj, %c0] sizes [4, 8] : tensor<64x8xf32> -> tensor<4x8xf32>
    scf.yield %win : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}
