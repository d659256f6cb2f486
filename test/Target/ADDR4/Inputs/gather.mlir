// An embedding lookup: 8 rows of a 4096-row table through an index tensor
// (an indirect read; the gathered rows are returned, so they live in DRAM).
func.func @embed(%table: tensor<4096x128xf32>, %ids: tensor<8xi32>) -> tensor<8x128xf32> {
  %g = dynshape.gather %table[%ids] : (tensor<4096x128xf32>, tensor<8xi32>) -> tensor<8x128xf32>
  return %g : tensor<8x128xf32>
}
