// A bounded result: the tensor made dynamic with a runtime size, returned as
// its padded 8x4 storage plus the size, clamp(n, 0, 8), as an appended i32
// result.
func.func @set_size(%x: tensor<8x4xf32>, %n: i32)
    -> tensor<?x4xf32, #dynshape.bounds<8, ?>> {
  %y = dynshape.set_dimension_size %x, %n, 0
      : (tensor<8x4xf32>) -> tensor<?x4xf32, #dynshape.bounds<8, ?>>
  return %y : tensor<?x4xf32, #dynshape.bounds<8, ?>>
}
