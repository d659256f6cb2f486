// A rank-0 tensor argument (reduced from a fuzzer find): one row of one
// element in the simulator's storage.
func.func @route(%table: tensor<3x128xf32>, %ids: tensor<i32>) -> (tensor<3x128xf32>, tensor<i32>) {
  return %table, %ids : tensor<3x128xf32>, tensor<i32>
}
