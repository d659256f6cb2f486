// RUN: dyn-opt %s --dyn-fold-splat-inputs | FileCheck %s

// A splat input becomes a scalar constant in the body; other inputs stay.
// CHECK-LABEL: func.func @splat(
// CHECK-SAME:    %[[X:.*]]: tensor<4xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>) outs(
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[ONE]] : f32
// CHECK-NEXT:      linalg.yield %[[S]]
func.func @splat(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %one : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A dense constant that is not a splat stays an input.
// CHECK-LABEL: func.func @dense(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xf32>)
func.func @dense(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %c : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}
