// Slices of an on-chip tile: the gathered 16x64xf32 rows are an
// intermediate, so they live in SBUF (one row per partition, 256 bytes
// each). Row %i is read at a runtime SBUF address (register mode); rows 3-4
// at a constant one (mode 00, partition 3 of the address map).
func.func @tile(%table: tensor<512x64xf32>, %ids: tensor<16xi32>, %i: i32)
    -> (tensor<1x64xf32>, tensor<2x64xf32>) {
  %g = dynshape.gather %table[%ids] : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %r = dynshape.dynamic_slice %g[%i, %c0] sizes [1, 64] : tensor<16x64xf32> -> tensor<1x64xf32>
  %s = dynshape.dynamic_slice %g[%c3, %c0] sizes [2, 64] : tensor<16x64xf32> -> tensor<2x64xf32>
  return %r, %s : tensor<1x64xf32>, tensor<2x64xf32>
}
