// The decode step of examples/ through the front end: the KV write stays a
// static-shape dynamic_update_slice at %pos, the bounded history becomes a
// 64-row tensor plus an i32 size (appended after the arguments), and the loop
// bound is that size clamped into [0, 64].
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --dynshape-split-indices --dynshape-pad-to-bound | FileCheck %s

// CHECK-LABEL: func.func @decode_step(
// CHECK-SAME:    %[[CACHE:[^:]*]]: tensor<64x32xf32>, %[[K:[^:]*]]: tensor<1x32xf32>, %[[POS:[^:]*]]: i32,
// CHECK-SAME:    %[[HIST:[^:]*]]: tensor<64x32xf32>, %[[OUT:[^:]*]]: tensor<64x32xf32>, %[[LEN:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<64x32xf32>, tensor<64x32xf32>)
// CHECK-NOT:   #dynshape.bounds
// CHECK:       %[[LO:.*]] = arith.maxsi %[[LEN]], %{{.*}} : i32
// CHECK:       %[[SIZE:.*]] = arith.minsi %[[LO]], %{{.*}} : i32
// CHECK:       %[[W:.*]] = dynshape.dynamic_update_slice %[[K]] into %[[CACHE]][%[[POS]], %{{.*}}] : tensor<1x32xf32> into tensor<64x32xf32>
// CHECK:       %[[N:.*]] = arith.index_cast %[[SIZE]] : i32 to index
// CHECK:       %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%{{.*}} = %[[OUT]]) -> (tensor<64x32xf32>)
// CHECK:         dynshape.dynamic_slice %[[HIST]]
// CHECK:       return %[[W]], %[[R]] : tensor<64x32xf32>, tensor<64x32xf32>
