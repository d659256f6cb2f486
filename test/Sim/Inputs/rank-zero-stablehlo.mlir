// A JAX-style vector dot product into a scalar (stablehlo.dot_general of
// two vectors, generic form): imported as linalg.dot into tensor<f32>.
"func.func"() <{function_type = (tensor<64xf32>, tensor<64xf32>) -> tensor<f32>, sym_name = "vdot"}> ({
^bb0(%a: tensor<64xf32>, %b: tensor<64xf32>):
  %s = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<64xf32>, tensor<64xf32>) -> tensor<f32>
  "func.return"(%s) : (tensor<f32>) -> ()
}) : () -> ()
