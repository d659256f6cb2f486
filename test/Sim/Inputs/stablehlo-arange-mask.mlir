// jnp.where(jnp.arange(32) < n, s, -inf) on s : [2, 32], as jnp lowers it:
// a 1-D iota compared with n, the i1 mask broadcast to s's shape, then a
// select; dynshape-raise-masks makes it the mask of dim 1.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x32xf32>, tensor<i32>) -> tensor<2x32xf32>, sym_name = "mask", sym_visibility = "public"}> ({
  ^bb0(%s: tensor<2x32xf32>, %n: tensor<i32>):
    %iota = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<32xi32>
    %nb = "stablehlo.broadcast_in_dim"(%n) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<32xi32>
    %v1 = "stablehlo.compare"(%iota, %nb) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
    %v = "stablehlo.broadcast_in_dim"(%v1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<32xi1>) -> tensor<2x32xi1>
    %ninf0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %ninf = "stablehlo.broadcast_in_dim"(%ninf0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x32xf32>
    %r = "stablehlo.select"(%v, %s, %ninf) : (tensor<2x32xi1>, tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
    "func.return"(%r) : (tensor<2x32xf32>) -> ()
  }) : () -> ()
}) : () -> ()
