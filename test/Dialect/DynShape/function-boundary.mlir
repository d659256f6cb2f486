// The function-boundary convention, one home (dynshape::FunctionBoundary,
// docs/FrontEnd.md "Function boundary"): every bounded tensor crosses the
// boundary padded to its bound, in place, and one i32 size per dynamic
// dimension is appended after all the original values, in value order and
// within a value in dimension order. Arguments, results, declarations and
// calls follow it; the simulator harness reads arguments the same way.
// RUN: dyn-opt %s --dynshape-pad-to-bound --canonicalize | FileCheck %s

// The declaration: sizes after the originals, for arguments and results.
// CHECK: func.func private @callee(tensor<8x4xf32>, i32, i32) -> (i32, tensor<4x6xf32>, i32, i32)
func.func private @callee(tensor<?x4xf32, #dynshape.bounds<8, ?>>, i32) -> (i32, tensor<?x?xf32, #dynshape.bounds<4, 6>>)

// Arguments: %a (1 size), %s, %b (2 sizes) -> a, s, b, size(a, 0),
// size(b, 0), size(b, 1). Results: b', r0, a, then b's two sizes and a's.
// The call splits the callee's results back into (value, sizes) groups.
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<8x4xf32>, %[[S:[^:]*]]: i32, %[[B:[^:]*]]: tensor<4x6xf32>, %[[A0:[^:]*]]: i32, %[[B0:[^:]*]]: i32, %[[B1:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<4x6xf32>, i32, tensor<8x4xf32>, i32, i32, i32)
// CHECK:         %[[LO:.*]] = arith.maxsi %[[A0]], %{{.*}} : i32
// CHECK:         %[[N:.*]] = arith.minsi %[[LO]], %{{.*}} : i32
// CHECK:         %[[R:.*]]:4 = call @callee(%[[A]], %[[S]], %[[N]]) : (tensor<8x4xf32>, i32, i32) -> (i32, tensor<4x6xf32>, i32, i32)
// CHECK:         return %[[R]]#1, %[[R]]#0, %[[A]], %[[R]]#2, %[[R]]#3, %[[N]] : tensor<4x6xf32>, i32, tensor<8x4xf32>, i32, i32, i32
func.func @caller(%a: tensor<?x4xf32, #dynshape.bounds<8, ?>>, %s: i32, %b: tensor<?x?xf32, #dynshape.bounds<4, 6>>) -> (tensor<?x?xf32, #dynshape.bounds<4, 6>>, i32, tensor<?x4xf32, #dynshape.bounds<8, ?>>) {
  %r:2 = func.call @callee(%a, %s) : (tensor<?x4xf32, #dynshape.bounds<8, ?>>, i32) -> (i32, tensor<?x?xf32, #dynshape.bounds<4, 6>>)
  return %r#1, %r#0, %a : tensor<?x?xf32, #dynshape.bounds<4, 6>>, i32, tensor<?x4xf32, #dynshape.bounds<8, ?>>
}
