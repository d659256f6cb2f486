// A static slice read by a reduction or a broadcast bufferizes to a
// subview and a memref.cast to a dynamic offset, which folds into the
// linalg op (found by the compute fuzzer).

func.func @reduce(%arg0: tensor<3x4xf32>) -> tensor<2xf32> {
  %c0 = arith.constant 0 : i32
  %z = arith.constant 0.0 : f32
  %v12 = dynshape.dynamic_slice %arg0[%c0, %c0] sizes [3, 2] : tensor<3x4xf32> -> tensor<3x2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%v12 : tensor<3x2xf32>) outs(%i : tensor<2xf32>) dimensions = [0] (%x: f32, %acc: f32) { %y = arith.addf %acc, %x : f32  linalg.yield %y : f32 }
  return %r : tensor<2xf32>
}

func.func @broadcast(%arg0: tensor<3x4xf32>) -> tensor<3x2x4xf32> {
  %c0 = arith.constant 0 : i32
  %v12 = dynshape.dynamic_slice %arg0[%c0, %c0] sizes [3, 2] : tensor<3x4xf32> -> tensor<3x2xf32>
  %e14 = tensor.empty() : tensor<3x2x4xf32>
  %v15 = linalg.broadcast ins(%v12 : tensor<3x2xf32>) outs(%e14 : tensor<3x2x4xf32>) dimensions = [2]
  return %v15 : tensor<3x2x4xf32>
}
