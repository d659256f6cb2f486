// StableHLO scalar semantics through the import: shifts by 32 or more give
// 0 (or the sign), an UNSIGNED compare is unsigned. Each result picks a row
// of the cache to mark, so NumPy can tell the semantics apart.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>, sym_name = "shifts", sym_visibility = "public"}> ({
  ^bb0(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>, %a: tensor<i32>, %s: tensor<i32>):
    %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c10 = "stablehlo.constant"() <{value = dense<10> : tensor<i32>}> : () -> tensor<i32>
    %c20 = "stablehlo.constant"() <{value = dense<20> : tensor<i32>}> : () -> tensor<i32>
    %c30 = "stablehlo.constant"() <{value = dense<30> : tensor<i32>}> : () -> tensor<i32>
    %c63 = "stablehlo.constant"() <{value = dense<63> : tensor<i32>}> : () -> tensor<i32>
    %shl = "stablehlo.shift_left"(%a, %s) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %r0 = "stablehlo.clamp"(%c0, %shl, %c63) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %w0 = "stablehlo.dynamic_update_slice"(%cache, %k, %r0, %c0) : (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
    %shrl = "stablehlo.shift_right_logical"(%a, %s) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %r1 = "stablehlo.clamp"(%c0, %shrl, %c63) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %w1 = "stablehlo.dynamic_update_slice"(%w0, %k, %r1, %c0) : (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
    %shra = "stablehlo.shift_right_arithmetic"(%a, %s) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %t2 = "stablehlo.subtract"(%c10, %shra) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %r2 = "stablehlo.clamp"(%c0, %t2, %c63) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %w2 = "stablehlo.dynamic_update_slice"(%w1, %k, %r2, %c0) : (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
    %lt = "stablehlo.compare"(%a, %s) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %r3 = "stablehlo.select"(%lt, %c20, %c30) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %w3 = "stablehlo.dynamic_update_slice"(%w2, %k, %r3, %c0) : (tensor<64x32xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
    "func.return"(%w3) : (tensor<64x32xf32>) -> ()
  }) : () -> ()
}) : () -> ()
