// RUN: dyn-opt %s --dynshape-bufferize=merge-constants | FileCheck %s
// RUN: dyn-opt %s --dynshape-bufferize | FileCheck %s --check-prefix=ONESHOT
// RUN: dyn-opt %s --pass-pipeline='builtin.module(dynshape-bufferize{merge-constants},func.func(dyn-canonicalize))' \
// RUN:   -mlir-print-ir-after=dyn-canonicalize -mlir-print-ir-after-change \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=SETTLED --allow-empty
// RUN: dyn-opt %s --pass-pipeline='builtin.module(dynshape-bufferize,func.func(dyn-canonicalize))' \
// RUN:   -mlir-print-ir-after=dyn-canonicalize -mlir-print-ir-after-change \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGED

// Each window's clamp brings its own 0 and upper bound. With
// merge-constants they are merged into the function's constants, at its
// front, as the canonicalizer would; without it the output is One-Shot's.

// CHECK-LABEL: func.func @three_windows(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[MAX:.*]] = arith.constant 63 : i32
// CHECK-NOT:     arith.constant
// CHECK:         arith.maxsi %{{.*}}, %[[C0]]
// CHECK-NEXT:    arith.minsi %{{.*}}, %[[MAX]]
// CHECK:         arith.addi %{{.*}}, %[[C1]]
// CHECK-NEXT:    arith.maxsi %{{.*}}, %[[C0]]
// CHECK-NEXT:    arith.minsi %{{.*}}, %[[MAX]]
// CHECK:         arith.maxsi %{{.*}}, %[[C0]]
// CHECK-NEXT:    arith.minsi %{{.*}}, %[[MAX]]
// CHECK:         return

// ONESHOT-LABEL: func.func @three_windows(
// ONESHOT-COUNT-3: arith.constant 63 : i32

// The canonicalization after it then changes nothing (so the pass manager
// does not verify again); after One-Shot's output it merges the constants.
// SETTLED-NOT: IR Dump After
// CHANGED: IR Dump After DynCanonicalize
func.func @three_windows(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                         %p: i32, %q: i32) -> tensor<64x8xf32> {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %q1 = arith.addi %q, %c1 : i32
  %1 = dynshape.dynamic_update_slice %k into %0[%q1, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %2 = dynshape.dynamic_update_slice %k into %1[%q, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %2 : tensor<64x8xf32>
}
