// i32 tensors: a 2x3x4 window read at (%i, %j, %k) and %u written at
// (%k, %i, %j) of a 6x10x12 tensor, each start index clamped to
// [0, dim - size].
func.func @slice3d(%t: tensor<6x10x12xi32>, %i: i32, %j: i32, %k: i32,
                   %u: tensor<2x3x4xi32>)
    -> (tensor<2x3x4xi32>, tensor<6x10x12xi32>) {
  %s = dynshape.dynamic_slice %t[%i, %j, %k] sizes [2, 3, 4]
      : tensor<6x10x12xi32> -> tensor<2x3x4xi32>
  %w = dynshape.dynamic_update_slice %u into %t[%k, %i, %j]
      : tensor<2x3x4xi32> into tensor<6x10x12xi32>
  return %s, %w : tensor<2x3x4xi32>, tensor<6x10x12xi32>
}
