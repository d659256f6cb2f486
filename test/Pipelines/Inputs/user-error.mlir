// A program convert-dynshape-to-bir refuses (a reshape it does not lower):
// a user's error, reported as such.
func.func @f(%x: tensor<4x16xf32>) -> tensor<1x16xf32> {
  %s = tensor.extract_slice %x[2, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<16xf32>
  %e = tensor.expand_shape %s [[0, 1]] output_shape [1, 16] : tensor<16xf32> into tensor<1x16xf32>
  %z = tensor.empty() : tensor<1x16xf32>
  %r = linalg.add ins(%e, %e : tensor<1x16xf32>, tensor<1x16xf32>) outs(%z : tensor<1x16xf32>) -> tensor<1x16xf32>
  return %r : tensor<1x16xf32>
}
