// A sum over a bounded dim: the reference reads only the valid columns.
func.func @rowsum(%x: tensor<4x?xf32, #dynshape.bounds<?, 16>>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%x : tensor<4x?xf32, #dynshape.bounds<?, 16>>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}
