// StableHLO tensor compute imports to the linalg, arith and math ops the
// compute lowering takes: an attention decode step over a runtime length
// n (scores q · Kᵀ, a mask from iota < n, softmax, then · V).
// RUN: dyn-opt %s --convert-stablehlo-to-dynshape | FileCheck %s

// CHECK-DAG:   #[[Q:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[KT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[S:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @attention(
// CHECK-SAME:    %[[QV:[^:]*]]: tensor<1x64xf32>, %[[K:[^:]*]]: tensor<128x64xf32>, %[[V:[^:]*]]: tensor<128x64xf32>, %[[N:[^:]*]]: i32)
// q · Kᵀ: a matmul with the right operand transposed, into zeros.
// CHECK:         %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x128xf32>)
// CHECK:         %[[SCORES:.*]] = linalg.generic {indexing_maps = [#[[Q]], #[[KT]], #[[S]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[QV]], %[[K]] : {{.*}}) outs(%[[ZEROS]]
// CHECK:           arith.mulf
// CHECK:           arith.addf
// iota along dim 1, and n broadcast from a scalar (a fill).
// CHECK:         %[[IOTA:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x128xi32>)
// CHECK:           linalg.index 1 : index
// CHECK:         %[[NB:.*]] = linalg.fill ins(%[[N]] : i32) outs(%{{.*}} : tensor<1x128xi32>)
// CHECK:         %[[VALID:.*]] = arith.cmpi slt, %[[IOTA]], %[[NB]] : tensor<1x128xi32>
// CHECK:         %[[MASKED:.*]] = arith.select %[[VALID]], %[[SCORES]], %{{.*}} : tensor<1x128xi1>, tensor<1x128xf32>
// A max-reduce into a tensor filled with the init (-inf).
// CHECK:         %[[INIT:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK:         %[[FILLED:.*]] = linalg.fill ins(%[[INIT]] : f32) outs(%{{.*}} : tensor<1xf32>)
// CHECK:         %[[MAX:.*]] = linalg.reduce ins(%[[MASKED]] : tensor<1x128xf32>) outs(%[[FILLED]] : tensor<1xf32>) dimensions = [1]
// CHECK:           arith.maximumf
// CHECK:         %[[MAXB:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #{{.*}}], {{.*}} ins(%[[MAX]] : tensor<1xf32>)
// CHECK:         %[[SUB:.*]] = arith.subf %[[MASKED]], %[[MAXB]] : tensor<1x128xf32>
// CHECK:         %[[E:.*]] = math.exp %[[SUB]] : tensor<1x128xf32>
// CHECK:         linalg.reduce ins(%[[E]] : tensor<1x128xf32>)
// CHECK:           arith.addf
// CHECK:         %[[P:.*]] = arith.divf %[[E]], %{{.*}} : tensor<1x128xf32>
// · V: a plain matmul.
// CHECK:         %[[O:.*]] = linalg.matmul ins(%[[P]], %[[V]] : tensor<1x128xf32>, tensor<128x64xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:         return %[[O]]
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

// A batched matmul (heads first) with bf16 inputs accumulates in f32.
// CHECK-LABEL: func.func @heads(
// CHECK:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<4x1x64xbf16>, tensor<4x64x128xbf16>) outs(%{{.*}} : tensor<4x1x128xf32>)
"func.func"() <{function_type = (tensor<4x1x64xbf16>, tensor<4x64x128xbf16>) -> tensor<4x1x128xf32>, sym_name = "heads"}> ({
^bb0(%q: tensor<4x1x64xbf16>, %k: tensor<4x64x128xbf16>):
  %s = "stablehlo.dot_general"(%q, %k) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<4x1x64xbf16>, tensor<4x64x128xbf16>) -> tensor<4x1x128xf32>
  "func.return"(%s) : (tensor<4x1x128xf32>) -> ()
}) : () -> ()

// A constant scalar broadcast (JAX's `x + 2.0`) is a fill of the scalar:
// the engines take constants as scalars.
// CHECK-LABEL: func.func @add_constant(
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[TWO]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         arith.addf %{{.*}}, %[[FILL]] : tensor<4xf32>
"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "add_constant"}> ({
^bb0(%x: tensor<4xf32>):
  %c = "stablehlo.constant"() <{value = dense<2.0> : tensor<f32>}> : () -> tensor<f32>
  %b = "stablehlo.broadcast_in_dim"(%c) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
  %r = "stablehlo.add"(%x, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%r) : (tensor<4xf32>) -> ()
}) : () -> ()
