// A slice whose window reaches past the runtime size of a computed bounded
// tensor reads unspecified padding: the reference counts such a trial as
// undefined instead of comparing zeros (found by the compute fuzzer).

func.func @fuzz(%a: tensor<?xf32, #dynshape.bounds<2>>) -> tensor<4x2xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %n = tensor.dim %a, %c0 : tensor<?xf32, #dynshape.bounds<2>>
  %e = tensor.empty(%n) : tensor<4x?xf32, #dynshape.bounds<?, 2>>
  %b = linalg.broadcast ins(%a : tensor<?xf32, #dynshape.bounds<2>>) outs(%e : tensor<4x?xf32, #dynshape.bounds<?, 2>>) dimensions = [0]
  %s = dynshape.dynamic_slice %b[%z, %z] sizes [4, 2] : tensor<4x?xf32, #dynshape.bounds<?, 2>> -> tensor<4x2xf32>
  return %s : tensor<4x2xf32>
}
