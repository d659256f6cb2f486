// A program convert-dynshape-to-bir refuses (a body op the engines do not
// run): a user's error, reported as such.
func.func @f(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %z = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x16xf32>) outs(%z : tensor<4x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.sin %a : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
