// gather_scatter.mlir at sizes whose indirect DMAs exceed the default
// max-descriptor-bytes (65536): a 1024x1024 f32 table (4 KiB rows), a
// gather of 64 rows (256 KiB) and a scatter of 300 rows (1200 KiB).
func.func @split_gather_scatter(%table: tensor<1024x1024xf32>,
                                %ids: tensor<64xi32>,
                                %rows: tensor<300x1024xf32>,
                                %sids: tensor<300xi32>)
    -> (tensor<64x1024xf32>, tensor<1024x1024xf32>, tensor<64x1024xf32>) {
  %s = dynshape.scatter %rows into %table[%sids]
      : (tensor<300x1024xf32>, tensor<300xi32>) -> tensor<1024x1024xf32>
  %old = dynshape.gather %table[%ids]
      : (tensor<1024x1024xf32>, tensor<64xi32>) -> tensor<64x1024xf32>
  %new = dynshape.gather %s[%ids]
      : (tensor<1024x1024xf32>, tensor<64xi32>) -> tensor<64x1024xf32>
  return %old, %s, %new
      : tensor<64x1024xf32>, tensor<1024x1024xf32>, tensor<64x1024xf32>
}
