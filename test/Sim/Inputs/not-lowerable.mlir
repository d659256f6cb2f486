// Elementwise compute in linalg.generic: valid MLIR, but an xori of i32
// is not among the engines' elementwise ops (the reference interpreter runs
// it).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @add(%a: tensor<4x8xi32>, %b: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %e = tensor.empty() : tensor<4x8xi32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xi32>, tensor<4x8xi32>)
      outs(%e : tensor<4x8xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.xori %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<4x8xi32>
  return %r : tensor<4x8xi32>
}

// A body op the reference interpreter's compute does not take either.
func.func @sin(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.sin %x : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// powf by an exponent the engines have no form for: the reference refuses
// it as the lowering does.
func.func @pow5(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 5.0 : f32
    %t = math.powf %x, %c : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
