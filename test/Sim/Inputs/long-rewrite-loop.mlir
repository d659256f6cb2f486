// A fuzzer find: 65536 trips that each rewrite a 8 MiB tensor. The reference
// interpreter updates it in place (it copied it per trip and took minutes).
func.func @decode_step(%cache: tensor<65536x32xf32>, %k: tensor<1x32xf32>,
                       %pos: i32,
                       %hist: tensor<?x32xf32, #dynshape.bounds<65536, ?>>,
                       %out: tensor<65536x32xf32>)
    -> (tensor<65536x32xf32>, tensor<65536x32xf32>) {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %cache1 = dynshape.dynamic_update_slice %k into %cache[%pos, %c0]
      : tensor<1x32xf32> into tensor<65536x32xf32>

  %len = dynshape.get_dimension_size %hist, 0
      : tensor<?x32xf32, #dynshape.bounds<65536, ?>>
  %n = arith.index_cast %len : i32 to index
  %copied = scf.for %j = %c0i to %n step %c1i iter_args(%acc = %cache1)
      -> (tensor<65536x32xf32>) {
    %ji = arith.index_cast %j : index to i32
    %acc1 = dynshape.dynamic_update_slice %k into %acc[%ji, %c0]
        : tensor<1x32xf32> into tensor<65536x32xf32>
    scf.yield %acc1 : tensor<65536x32xf32>
  }
  return %cache1, %copied : tensor<65536x32xf32>, tensor<65536x32xf32>
}
