// RUN: dyn-opt %s --convert-elementwise-to-linalg --dyn-fold-splat-inputs --dyn-fuse-elementwise | FileCheck %s

// A chain of elementwise ops is one body; x, read twice, is one input.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[X:.*]]: tensor<4xf32>
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>)
// CHECK:           arith.negf
// CHECK:           math.exp
// CHECK:           arith.addf
// CHECK:           arith.divf
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %n = arith.negf %x : tensor<4xf32>
  %e = math.exp %n : tensor<4xf32>
  %d = arith.addf %e, %one : tensor<4xf32>
  %r = arith.divf %x, %d : tensor<4xf32>
  return %r : tensor<4xf32>
}

// A result with two readers stays a tensor of its own.
// CHECK-LABEL: func.func @two_readers(
// CHECK-COUNT-3: linalg.generic
func.func @two_readers(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = math.exp %x : tensor<4xf32>
  %a = arith.addf %e, %x : tensor<4xf32>
  %m = arith.mulf %e, %x : tensor<4xf32>
  return %a, %m : tensor<4xf32>, tensor<4xf32>
}

// Nothing fuses into a reduction (the padder masks its input).
// CHECK-LABEL: func.func @into_reduction(
// CHECK:         linalg.generic
// CHECK:           math.exp
// CHECK:         linalg.reduce
func.func @into_reduction(%x: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %e = math.exp %x : tensor<4x8xf32>
  %r = linalg.reduce ins(%e : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) { %s = arith.addf %a, %b : f32
      linalg.yield %s : f32 }
  return %r : tensor<4xf32>
}
