// dynshape-bufferize copies what runtime control carries into one buffer
// (bufferize-conditionals.mlir, bufferize-loops.mlir) only where it can
// build the copy: a conditional's new tensor needs a static shape. Tensors
// of dynamic shape (which dynshape-pad-to-bound leaves in no program it
// accepts) bufferize as One-Shot does them. This used to crash: the
// conditional's tensor.empty had no sizes for its dynamic dimension.
// RUN: dyn-opt %s --dynshape-bufferize | FileCheck %s
// RUN: dyn-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// CHECK-LABEL: func.func @conditional(
// CHECK-SAME:    %{{.*}}: i1, %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>) -> memref<?xf32>
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (memref<?xf32>) {
// CHECK-NEXT:      scf.yield %[[A]] : memref<?xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[B]] : memref<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : memref<?xf32>
func.func @conditional(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = scf.if %c -> tensor<?xf32> {
    scf.yield %a : tensor<?xf32>
  } else {
    scf.yield %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
