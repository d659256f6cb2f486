// Two dynamic slices of one tensor at (%i, %j) and (%j, %i): with
// scalar-route=hwdge, dge-place-scalar-dmas copies the registers of both
// sides to the queue engine and erases the originals. It erased one op
// twice (a heap-use-after-free found by review, out of memory in a
// release build).
func.func @two(%t: tensor<16x8xf32>, %i: i32, %j: i32, %u: tensor<2x4xf32>)
    -> (tensor<2x4xf32>, tensor<16x8xf32>) {
  %s = dynshape.dynamic_slice %t[%i, %j] sizes [2, 4]
      : tensor<16x8xf32> -> tensor<2x4xf32>
  %w = dynshape.dynamic_update_slice %u into %t[%j, %i]
      : tensor<2x4xf32> into tensor<16x8xf32>
  return %s, %w : tensor<2x4xf32>, tensor<16x8xf32>
}
