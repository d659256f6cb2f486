// Index-typed runtime offsets, as upstream tensor code computes them: an
// index_cast of an i32 argument, index arithmetic, and an index argument.
func.func @kv(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %pos: i32) -> (tensor<16x8xf32>, tensor<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = arith.index_cast %pos : i32 to index
  %q = arith.addi %p, %c1 : index
  %w = dynshape.dynamic_update_slice %k into %cache[%p, %c0 : index, index] : tensor<1x8xf32> into tensor<16x8xf32>
  %r = dynshape.dynamic_slice %w[%q, %c0 : index, index] sizes [2, 8] : tensor<16x8xf32> -> tensor<2x8xf32>
  return %w, %r : tensor<16x8xf32>, tensor<2x8xf32>
}

func.func @index_argument(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %p: index) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : i32
  %w = dynshape.dynamic_update_slice %k into %cache[%p, %c0 : index, i32] : tensor<1x8xf32> into tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}
