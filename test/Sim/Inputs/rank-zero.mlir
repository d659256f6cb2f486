// Scalar results as users write them: a dot product (linalg.dot into a
// rank-0 tensor) and a sum of squares (linalg.reduce into a rank-0 tensor).
func.func @dot(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.dot ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

func.func @sumsq(%a: tensor<64xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sq = arith.mulf %a, %a : tensor<64xf32>
  %r = linalg.reduce ins(%sq : tensor<64xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}
