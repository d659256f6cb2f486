// A transformer decode step, the worked example of the report (Section 1):
//   (i)  write this step's K row into the cache at the runtime position %pos
//        (a dynamic_update_slice: a runtime OFFSET);
//   (ii) loop over the runtime length of %hist, a bounded-dynamic input of at
//        most 64 rows (a runtime TRIP COUNT), copying its valid rows into
//        %out, which is returned.
//
// Front end:  dyn-opt --dynshape-split-indices --dynshape-pad-to-bound
func.func @decode_step(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,
                       %pos: i32,
                       %hist: tensor<?x32xf32, #dynshape.bounds<64, ?>>,
                       %out: tensor<64x32xf32>)
    -> (tensor<64x32xf32>, tensor<64x32xf32>) {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %cache1 = dynshape.dynamic_update_slice %k into %cache[%pos, %c0]
      : tensor<1x32xf32> into tensor<64x32xf32>

  %len = dynshape.get_dimension_size %hist, 0
      : tensor<?x32xf32, #dynshape.bounds<64, ?>>
  %n = arith.index_cast %len : i32 to index
  %copied = scf.for %j = %c0i to %n step %c1i iter_args(%acc = %out)
      -> (tensor<64x32xf32>) {
    %ji = arith.index_cast %j : index to i32
    %row = dynshape.dynamic_slice %hist[%ji, %c0] sizes [1, 32]
        : tensor<?x32xf32, #dynshape.bounds<64, ?>> -> tensor<1x32xf32>
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%ji, %c0]
        : tensor<1x32xf32> into tensor<64x32xf32>
    scf.yield %acc1 : tensor<64x32xf32>
  }
  return %cache1, %copied : tensor<64x32xf32>, tensor<64x32xf32>
}
