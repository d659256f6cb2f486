// A single-head attention decode step in StableHLO generic form, as JAX
// prints it: scores q . K^T over a runtime length n (an iota < n mask with
// -inf), softmax, then . V. dynshape-raise-masks makes the mask a
// dynshape.mask, so the engines run all of it.
"func.func"() <{function_type = (tensor<1x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<i32>) -> tensor<1x64xf32>, sym_name = "attention"}> ({
^bb0(%q: tensor<1x64xf32>, %k: tensor<128x64xf32>, %v: tensor<128x64xf32>, %n: tensor<i32>):
  %s = "stablehlo.dot_general"(%q, %k) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<1x64xf32>, tensor<128x64xf32>) -> tensor<1x128xf32>
  %iota = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x128xi32>
  %nb = "stablehlo.broadcast_in_dim"(%n) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1x128xi32>
  %valid = "stablehlo.compare"(%iota, %nb) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<1x128xi32>, tensor<1x128xi32>) -> tensor<1x128xi1>
  %ninf = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<1x128xf32>}> : () -> tensor<1x128xf32>
  %masked = "stablehlo.select"(%valid, %s, %ninf) : (tensor<1x128xi1>, tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
  %init = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %max = "stablehlo.reduce"(%masked, %init) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<1x128xf32>, tensor<f32>) -> tensor<1xf32>
  %maxb = "stablehlo.broadcast_in_dim"(%max) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<1x128xf32>
  %sub = "stablehlo.subtract"(%masked, %maxb) : (tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
  %e = "stablehlo.exponential"(%sub) : (tensor<1x128xf32>) -> tensor<1x128xf32>
  %zero = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %sum = "stablehlo.reduce"(%e, %zero) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<1x128xf32>, tensor<f32>) -> tensor<1xf32>
  %sumb = "stablehlo.broadcast_in_dim"(%sum) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<1x128xf32>
  %p = "stablehlo.divide"(%e, %sumb) : (tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
  %o = "stablehlo.dot_general"(%p, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
  "func.return"(%o) : (tensor<1x64xf32>) -> ()
}) : () -> ()

// The same step with -inf written as JAX writes `jnp.where(valid, s, -inf)`:
// a scalar constant broadcast (imported as a fill of the scalar).
"func.func"() <{function_type = (tensor<1x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<i32>) -> tensor<1x64xf32>, sym_name = "attention_broadcast_ninf"}> ({
^bb0(%q: tensor<1x64xf32>, %k: tensor<128x64xf32>, %v: tensor<128x64xf32>, %n: tensor<i32>):
  %s = "stablehlo.dot_general"(%q, %k) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<1x64xf32>, tensor<128x64xf32>) -> tensor<1x128xf32>
  %iota = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x128xi32>
  %nb = "stablehlo.broadcast_in_dim"(%n) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1x128xi32>
  %valid = "stablehlo.compare"(%iota, %nb) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<1x128xi32>, tensor<1x128xi32>) -> tensor<1x128xi1>
  %ninf0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %ninf = "stablehlo.broadcast_in_dim"(%ninf0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x128xf32>
  %masked = "stablehlo.select"(%valid, %s, %ninf) : (tensor<1x128xi1>, tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
  %init = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %max = "stablehlo.reduce"(%masked, %init) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<1x128xf32>, tensor<f32>) -> tensor<1xf32>
  %maxb = "stablehlo.broadcast_in_dim"(%max) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<1x128xf32>
  %sub = "stablehlo.subtract"(%masked, %maxb) : (tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
  %e = "stablehlo.exponential"(%sub) : (tensor<1x128xf32>) -> tensor<1x128xf32>
  %zero = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %sum = "stablehlo.reduce"(%e, %zero) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<1x128xf32>, tensor<f32>) -> tensor<1xf32>
  %sumb = "stablehlo.broadcast_in_dim"(%sum) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<1x128xf32>
  %p = "stablehlo.divide"(%e, %sumb) : (tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
  %o = "stablehlo.dot_general"(%p, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
  "func.return"(%o) : (tensor<1x64xf32>) -> ()
}) : () -> ()
