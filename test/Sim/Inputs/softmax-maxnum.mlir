// linalg.softmax (decomposed by dyn-decompose-aggregates) and maxnumf /
// minnumf reductions, which skip a NaN.
func.func @maxnum(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = tensor.empty() : tensor<4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %i = linalg.fill ins(%ninf : f32) outs(%z : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%x : tensor<4x16xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) { %m = arith.maxnumf %a, %b : f32
      linalg.yield %m : f32 }
  %j = linalg.fill ins(%inf : f32) outs(%z : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<4x16xf32>) outs(%j : tensor<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) { %m = arith.minnumf %a, %b : f32
      linalg.yield %m : f32 }
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

func.func @softmax(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %z = tensor.empty() : tensor<4x16xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// Over a bounded dim: the padder masks the decomposed reductions.
func.func @bounded_softmax(%x: tensor<4x?xf32, #dynshape.bounds<?, 32>>) -> tensor<4x?xf32, #dynshape.bounds<?, 32>> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<4x?xf32, #dynshape.bounds<?, 32>>
  %z = tensor.empty(%n) : tensor<4x?xf32, #dynshape.bounds<?, 32>>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x?xf32, #dynshape.bounds<?, 32>>) outs(%z : tensor<4x?xf32, #dynshape.bounds<?, 32>>) -> tensor<4x?xf32, #dynshape.bounds<?, 32>>
  return %r : tensor<4x?xf32, #dynshape.bounds<?, 32>>
}
