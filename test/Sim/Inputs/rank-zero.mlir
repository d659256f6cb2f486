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

// A rank-0 operand that an op broadcasts (x * s, as RMSNorm scales by its
// rank-0 inverse root): read as a broadcast, the op is not rewritten.
#vec = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @scale(%a: tensor<64xf32>, %s: tensor<f32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#vec, #scalar, #vec], iterator_types = ["parallel"]} ins(%a, %s : tensor<64xf32>, tensor<f32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
