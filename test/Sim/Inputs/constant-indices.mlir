// Indexing maps with constant indices: a row broadcast over heads at a
// runtime table row (RoPE), and row 2 of a table read by every row.
func.func @rope(%x: tensor<4x16xf32>, %tab: tensor<32x16xf32>, %pos: i32) -> tensor<4x16xf32> {
  %c0 = arith.constant 0 : i32
  %row = dynshape.dynamic_slice %tab[%pos, %c0] sizes [1, 16] : tensor<32x16xf32> -> tensor<1x16xf32>
  %z = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(h, d) -> (h, d)>, affine_map<(h, d) -> (0, d)>, affine_map<(h, d) -> (h, d)>], iterator_types = ["parallel", "parallel"]} ins(%x, %row : tensor<4x16xf32>, tensor<1x16xf32>) outs(%z : tensor<4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
func.func @third(%x: tensor<4x16xf32>, %c: tensor<3x16xf32>) -> tensor<4x16xf32> {
  %z = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(h, d) -> (h, d)>, affine_map<(h, d) -> (2, d)>, affine_map<(h, d) -> (h, d)>], iterator_types = ["parallel", "parallel"]} ins(%x, %c : tensor<4x16xf32>, tensor<3x16xf32>) outs(%z : tensor<4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.addf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
