// A reduction whose accumulator starts as a tensor.empty reads undefined
// elements (upstream). Bufferization may give that tensor.empty the buffer a
// fill of the same tensor.empty wrote (here -inf), so the binary's result
// is whatever was there; the reference has none for such a program.
// Reduced from utils/fuzz/mutate_mlir.py --long --seed 11030 --count 1.
func.func @reduce_into_empty(%x: tensor<4x8xf32>)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %re = tensor.empty() : tensor<4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %m0 = linalg.fill ins(%ninf : f32) outs(%re : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%m0 : tensor<4xf32>)
      dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.maximumf %a, %acc : f32
      linalg.yield %r : f32
    }
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%re : tensor<4xf32>)
      dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
  return %m, %s : tensor<4xf32>, tensor<4xf32>
}

// The same tensor.empty written by a fill before it is read: defined.
func.func @fill_then_reduce(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %re = tensor.empty() : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%re : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%z : tensor<4xf32>)
      dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
  return %s : tensor<4xf32>
}
