// dynshape-bufferize keeps each loop-carried tensor in one buffer. A yield
// that One-Shot would give a buffer of its own (plain one-shot-bufferize
// fails with "Yield operand #0 is not equivalent to the corresponding iter
// bbArg") is copied back into the iter_arg's buffer first, by a full-window
// update, which is in place.
// RUN: dyn-opt %s -split-input-file --dynshape-bufferize -canonicalize | FileCheck %s
// RUN: not dyn-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: error: Yield operand #0 is not equivalent to the corresponding iter bbArg

// The body overwrites the whole accumulator with a window of %src: the
// window is copied straight into the accumulator's buffer, once per trip.
// CHECK-LABEL: func.func @whole_window(
// CHECK-SAME:    %[[SRC:.*]]: memref<64x8xf32>, %[[ACC:.*]]: memref<4x8xf32>, %{{.*}}: i32)
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for
// CHECK:           %[[WIN:.*]] = memref.subview %[[SRC]][%{{.*}}, 0] [4, 8] [1, 1]
// CHECK-NEXT:      memref.copy %[[WIN]], %[[ACC]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[ACC]]
func.func @whole_window(%src: tensor<64x8xf32>, %t: tensor<4x8xf32>, %n: i32) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  %r = scf.for %j = %c0i to %ni step %c1i iter_args(%acc = %t) -> (tensor<4x8xf32>) {
    %jj = arith.index_cast %j : index to i32
    %win = dynshape.dynamic_slice %src[%jj, %c0] sizes [4, 8] : tensor<64x8xf32> -> tensor<4x8xf32>
    scf.yield %win : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// -----

// The body updates the accumulator, then reads its old value: the update
// goes to a copy (One-Shot's decision), and the copy is written back into
// the accumulator's buffer at the end of the trip.
// CHECK-LABEL: func.func @read_old_after_update(
// CHECK-SAME:    %[[ACC:.*]]: memref<16x8xf32>, %[[ROW:.*]]: memref<1x8xf32>, %{{.*}}: i32)
// CHECK:         scf.for
// CHECK:           %[[NEW:.*]] = memref.alloc() {{.*}}: memref<16x8xf32>
// CHECK-NEXT:      memref.copy %[[ACC]], %[[NEW]]
// CHECK:           memref.copy %[[ROW]], %{{.*}}
// CHECK:           memref.copy %{{.*}}, %{{.*}}
// CHECK-NEXT:      memref.copy %[[NEW]], %[[ACC]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[ACC]]
func.func @read_old_after_update(%t: tensor<16x8xf32>, %row: tensor<1x8xf32>, %n: i32) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  %r = scf.for %j = %c0i to %ni step %c1i iter_args(%acc = %t) -> (tensor<16x8xf32>) {
    %jj = arith.index_cast %j : index to i32
    %i = arith.remsi %jj, %c15 : i32
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%i, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    %i1 = arith.addi %i, %c1 : i32
    %old = dynshape.dynamic_slice %acc[%i, %c0] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
    %acc2 = dynshape.dynamic_update_slice %old into %acc1[%i1, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %acc2 : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}

// -----

// A carried tensor updated in place needs no copy back.
// CHECK-LABEL: func.func @in_place(
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for
// CHECK:           memref.copy
// CHECK-NEXT:    }
func.func @in_place(%t: tensor<16x8xf32>, %row: tensor<1x8xf32>, %n: i32) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  %r = scf.for %j = %c0i to %ni step %c1i iter_args(%acc = %t) -> (tensor<16x8xf32>) {
    %jj = arith.index_cast %j : index to i32
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%jj, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %acc1 : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}
