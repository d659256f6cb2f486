// A gather and a scatter over one 512x64 table (dyn-sim tests):
//   %s     = the table with %rows scattered to %sids: out-of-range ids are
//            skipped, rows apply in order (a repeated id keeps the last row);
//   %old   = rows %ids of the table as passed in (read before the scatter
//            although written after it: bufferization must not scatter in
//            place under it);
//   %new   = rows %ids of the scattered table.
// Gathers clamp each id into [0, 511].
func.func @gather_scatter(%table: tensor<512x64xf32>, %ids: tensor<16xi32>,
                          %rows: tensor<12x64xf32>, %sids: tensor<12xi32>)
    -> (tensor<16x64xf32>, tensor<512x64xf32>, tensor<16x64xf32>) {
  %s = dynshape.scatter %rows into %table[%sids]
      : (tensor<12x64xf32>, tensor<12xi32>) -> tensor<512x64xf32>
  %old = dynshape.gather %table[%ids]
      : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %new = dynshape.gather %s[%ids]
      : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  return %old, %s, %new
      : tensor<16x64xf32>, tensor<512x64xf32>, tensor<16x64xf32>
}
