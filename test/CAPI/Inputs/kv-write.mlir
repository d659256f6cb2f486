// The KV write that the C API test and the installed-package consumers
// lower: one row written into a cache at a runtime position.
func.func @kv_write(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,
                    %pos: i32) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%pos, %c0]
      : tensor<1x32xf32> into tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
