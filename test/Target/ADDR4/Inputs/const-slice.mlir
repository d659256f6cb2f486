// A dynamic_slice whose index is a constant is a static DMA: row 5 of a
// 64x32xf32 tensor starts at byte 5 * 128 = 640.
func.func @const_slice(%t: tensor<64x32xf32>) -> tensor<1x32xf32> {
  %c5 = arith.constant 5 : i32
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_slice %t[%c5, %c0] sizes [1, 32] : tensor<64x32xf32> -> tensor<1x32xf32>
  return %r : tensor<1x32xf32>
}
