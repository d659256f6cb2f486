func.func @ss(%a: tensor<16x8xf32>, %i: i32, %j: i32, %ids: tensor<6xi32>, %t: tensor<3x8xf32>) -> (tensor<1x8xf32>, tensor<6x8xf32>, i32) {
  %c0 = arith.constant 0 : i32
  %s = dynshape.dynamic_slice %a[%i, %c0] sizes [4, 8] : tensor<16x8xf32> -> tensor<4x8xf32>
  %r = dynshape.dynamic_slice %s[%j, %c0] sizes [1, 8] : tensor<4x8xf32> -> tensor<1x8xf32>
  %g = dynshape.gather %t[%ids] : (tensor<3x8xf32>, tensor<6xi32>) -> tensor<6x8xf32>
  return %r, %g, %i : tensor<1x8xf32>, tensor<6x8xf32>, i32
}
