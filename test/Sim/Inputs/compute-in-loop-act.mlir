// Compute inside a runtime loop, on the loop's engine (engine=act).

// Row j of a bounded input, exp'd, written to row j of the output (with
// engine=act: the loop, its DMAs and exp all on the Activation engine).
func.func @exp_rows(%x: tensor<?x32xf32, #dynshape.bounds<16, ?>>, %out: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %len = dynshape.get_dimension_size %x, 0 : tensor<?x32xf32, #dynshape.bounds<16, ?>>
  %n = arith.index_cast %len : i32 to index
  %r = scf.for %j = %c0i to %n step %c1i iter_args(%acc = %out) -> (tensor<16x32xf32>) {
    %ji = arith.index_cast %j : index to i32
    %row = dynshape.dynamic_slice %x[%ji, %c0] sizes [1, 32] : tensor<?x32xf32, #dynshape.bounds<16, ?>> -> tensor<1x32xf32>
    %e = math.exp %row : tensor<1x32xf32>
    %acc1 = dynshape.dynamic_update_slice %e into %acc[%ji, %c0] : tensor<1x32xf32> into tensor<16x32xf32>
    scf.yield %acc1 : tensor<16x32xf32>
  }
  return %r : tensor<16x32xf32>
}

