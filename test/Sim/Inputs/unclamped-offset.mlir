func.func @fuzz(%a: tensor<8x4xf32>, %h: tensor<?x4xf32, #dynshape.bounds<5, ?>>) -> (tensor<1x4xf32>, tensor<?x4xf32, #dynshape.bounds<5, ?>>) {
  %c0 = arith.constant 0 : i32
  %n = dynshape.get_dimension_size %h, 0 : tensor<?x4xf32, #dynshape.bounds<5, ?>>
  %v = dynshape.dynamic_slice %a[%n, %c0] sizes [1, 4] : tensor<8x4xf32> -> tensor<1x4xf32>
  return %v, %h : tensor<1x4xf32>, tensor<?x4xf32, #dynshape.bounds<5, ?>>
}
