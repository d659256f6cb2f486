// StableHLO ops that move elements (generic form): a reshape that moves
// elements between dims, a concatenate, a transpose, and logistic.
"func.func"() <{function_type = (tensor<2x8xf32>, tensor<4x3xf32>, tensor<4x5xf32>) -> (tensor<8x2xf32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<2x8xf32>), sym_name = "layout"}> ({
^bb0(%x: tensor<2x8xf32>, %a: tensor<4x3xf32>, %b: tensor<4x5xf32>):
  %r = "stablehlo.reshape"(%x) : (tensor<2x8xf32>) -> tensor<8x2xf32>
  %c = "stablehlo.concatenate"(%a, %b) <{dimension = 1 : i64}> : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  %t = "stablehlo.transpose"(%a) <{permutation = array<i64: 1, 0>}> : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %l = "stablehlo.logistic"(%x) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  "func.return"(%r, %c, %t, %l) : (tensor<8x2xf32>, tensor<4x8xf32>, tensor<3x4xf32>, tensor<2x8xf32>) -> ()
}) : () -> ()
