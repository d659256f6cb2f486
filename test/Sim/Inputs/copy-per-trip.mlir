// A fuzzer find: each trip updates the loop-invariant %cache, not the
// loop-carried %acc, so each trip copies the whole cache first (the binary
// and the reference alike). At 65536 rows of 32 f32 that was 512 GiB and
// minutes; --max-moved-bytes bounds it.
func.func @copy_per_trip(%cache: tensor<4096x32xf32>, %k: tensor<1x32xf32>,
                         %hist: tensor<?x32xf32, #dynshape.bounds<4096, ?>>)
    -> tensor<4096x32xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %len = dynshape.get_dimension_size %hist, 0
      : tensor<?x32xf32, #dynshape.bounds<4096, ?>>
  %n = arith.index_cast %len : i32 to index
  %copied = scf.for %j = %c0i to %n step %c1i iter_args(%acc = %cache)
      -> (tensor<4096x32xf32>) {
    %ji = arith.index_cast %j : index to i32
    %acc1 = dynshape.dynamic_update_slice %k into %cache[%ji, %c0]
        : tensor<1x32xf32> into tensor<4096x32xf32>
    scf.yield %acc1 : tensor<4096x32xf32>
  }
  return %copied : tensor<4096x32xf32>
}
