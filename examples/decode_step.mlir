// A transformer decode step, the worked example of the report (Section 1):
//   (i)  write this step's K row into the cache at the runtime position %pos
//        (a dynamic_update_slice: a runtime OFFSET);
//   (ii) loop over the runtime sequence length of %hist, a bounded-dynamic
//        input (a runtime TRIP COUNT), copying the valid rows into %out;
//   (iii) reduce %hist over its bounded dimension (the padding is masked).
//
// Lower it with:  dyn-opt --dynshape-split-indices --dynshape-pad-to-bound
func.func @decode_step(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,
                       %pos: i32,
                       %hist: tensor<?x32xf32, #dynshape.bounds<64, ?>>,
                       %out: tensor<64x32xf32>)
    -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<32xf32>) {
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
    %row = dynshape.dynamic_slice %cache1[%ji, %c0] sizes [1, 32]
        : tensor<64x32xf32> -> tensor<1x32xf32>
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%ji, %c0]
        : tensor<1x32xf32> into tensor<64x32xf32>
    scf.yield %acc1 : tensor<64x32xf32>
  }

  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<32xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%init : tensor<32xf32>) -> tensor<32xf32>
  %sum = linalg.reduce ins(%hist : tensor<?x32xf32, #dynshape.bounds<64, ?>>)
                       outs(%acc0 : tensor<32xf32>) dimensions = [0]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %cache1, %copied, %sum : tensor<64x32xf32>, tensor<64x32xf32>, tensor<32xf32>
}
