// A runtime-trip loop over the rows of an SBUF tile: the in-loop SBUF
// address (Stage 3a) and the DRAM row address are both registers.
func.func @loop_tile(%table: tensor<512x64xf32>, %ids: tensor<16xi32>, %n: i32,
                     %out: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %g = dynshape.gather %table[%ids] : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %c16 = arith.constant 16 : i32
  %m = arith.minsi %n, %c16 : i32
  %ub = arith.index_cast %m : i32 to index
  %r = scf.for %j = %c0i to %ub step %c1i iter_args(%acc = %out) -> (tensor<16x64xf32>) {
    %ji = arith.index_cast %j : index to i32
    %row = dynshape.dynamic_slice %g[%ji, %c0] sizes [1, 64] : tensor<16x64xf32> -> tensor<1x64xf32>
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%ji, %c0] : tensor<1x64xf32> into tensor<16x64xf32>
    scf.yield %acc1 : tensor<16x64xf32>
  }
  return %r : tensor<16x64xf32>
}
