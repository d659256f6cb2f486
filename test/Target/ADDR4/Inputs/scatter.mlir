// MoE-style routing: 8 rows written into a 4096-row table through an index
// tensor (an indirect write, in place).
func.func @route(%table: tensor<4096x128xf32>, %rows: tensor<8x128xf32>, %ids: tensor<8xi32>) -> tensor<4096x128xf32> {
  %s = dynshape.scatter %rows into %table[%ids] : (tensor<8x128xf32>, tensor<8xi32>) -> tensor<4096x128xf32>
  return %s : tensor<4096x128xf32>
}
