// Canonicalize merges equal constants and leaves the merged one without a
// location; the diagnostic still points at the user's code (the first op
// the constant reaches).
// RUN: dyn-opt %s --lower-to-addr4 -verify-diagnostics -o /dev/null

"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "twice"}> ({
^bb0(%x: tensor<4xf32>):
  %c = "stablehlo.constant"() <{value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %d = "stablehlo.constant"() <{value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %r = "stablehlo.add"(%x, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{a tensor constant cannot be lowered by convert-dynshape-to-bir: the engines take constants as scalars (a scalar in a linalg body, or a linalg.fill); write a splat as one}}
  %s = "stablehlo.multiply"(%r, %d) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%s) : (tensor<4xf32>) -> ()
}) : () -> ()
