// dynshape-pad-to-bound on upstream tensor slices of bounded tensors. A
// runtime size n (bound B) is the clamped size of the bounded result; a
// window of B at a constant offset that fits is one dynshape access, and
// otherwise a loop of n trips (max_trip B) moves one row at a time, so the
// n valid rows land where upstream puts them.
// RUN: dyn-opt %s -split-input-file --dynshape-pad-to-bound -canonicalize | FileCheck %s

// Rows [o, o + n) of a bounded history: a window of 16 rows does not fit
// at a runtime offset, so rows move one by one into a new tensor.
// CHECK-LABEL: func.func @window(
// CHECK-SAME:    %[[T:[^:]*]]: tensor<16x8xf32>, %[[O:[^:]*]]: i32, %[[N:[^:]*]]: i32, %{{.*}}: i32) -> (tensor<16x8xf32>, i32)
// CHECK-DAG:     %[[OI:.*]] = arith.index_cast %[[O]] : i32 to index
// CHECK-DAG:     %[[NI:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK:         %[[LO:.*]] = arith.maxsi %[[NI]], %{{.*}} : index
// CHECK:         %[[SIZE:.*]] = arith.minsi %[[LO]], %{{.*}} : index
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<16x8xf32>
// CHECK:         %[[ROWS:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[SIZE]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[EMPTY]])
// CHECK:           %[[AT:.*]] = arith.addi %[[OI]], %[[I]] : index
// CHECK:           %[[ROW:.*]] = dynshape.dynamic_slice %[[T]][%[[AT]], %{{.*}} : index, index] sizes [1, 8]
// CHECK:           dynshape.dynamic_update_slice %[[ROW]] into %[[ACC]][%[[I]], %{{.*}} : index, index]
// CHECK:         %[[SIZE32:.*]] = arith.index_cast %[[SIZE]] : index to i32
// CHECK:         return %[[ROWS]], %[[SIZE32]]
func.func @window(%t: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %o: i32, %n: i32) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %oi = arith.index_cast %o : i32 to index
  %ni = arith.index_cast %n : i32 to index
  %s = tensor.extract_slice %t[%oi, 0] [%ni, 8] [1, 1] : tensor<?x8xf32, #dynshape.bounds<16, ?>> to tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %s : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// -----

// The first n rows: the window of the bound (4) fits at offset 0.
// CHECK-LABEL: func.func @prefix(
// CHECK-NOT:     scf.for
// CHECK:         %[[W:.*]] = dynshape.dynamic_slice %{{.*}}[%{{.*}}, %{{.*}} : index, index] sizes [4, 8] : tensor<16x8xf32> -> tensor<4x8xf32>
// CHECK:         return %[[W]], %{{.*}} : tensor<4x8xf32>, i32
func.func @prefix(%t: tensor<16x8xf32>, %n: i32) -> tensor<?x8xf32, #dynshape.bounds<4, ?>> {
  %ni = arith.index_cast %n : i32 to index
  %s = tensor.extract_slice %t[0, 0] [%ni, 8] [1, 1] : tensor<16x8xf32> to tensor<?x8xf32, #dynshape.bounds<4, ?>>
  return %s : tensor<?x8xf32, #dynshape.bounds<4, ?>>
}

// -----

// n new rows appended at a runtime position: one row per trip.
// CHECK-LABEL: func.func @append(
// CHECK-SAME:    %[[CACHE:[^:]*]]: tensor<16x8xf32>, %[[NEW:[^:]*]]: tensor<4x8xf32>, %[[POS:[^:]*]]: index, %{{.*}}: i32)
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[CACHE]])
// CHECK:           %[[ROW:.*]] = dynshape.dynamic_slice %[[NEW]][%[[I]], %{{.*}} : index, index] sizes [1, 8]
// CHECK:           %[[AT:.*]] = arith.addi %[[POS]], %[[I]] : index
// CHECK:           dynshape.dynamic_update_slice %[[ROW]] into %[[ACC]][%[[AT]], %{{.*}} : index, index]
func.func @append(%cache: tensor<16x8xf32>, %new: tensor<?x8xf32, #dynshape.bounds<4, ?>>, %pos: index) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %new, %c0 : tensor<?x8xf32, #dynshape.bounds<4, ?>>
  %w = tensor.insert_slice %new into %cache[%pos, 0] [%n, 8] [1, 1] : tensor<?x8xf32, #dynshape.bounds<4, ?>> into tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}

// -----

// At offset 0 the update's window fits: its padding takes the cache's old
// values (a mask), and one update writes it.
// CHECK-LABEL: func.func @head(
// CHECK-SAME:    %[[CACHE:[^:]*]]: tensor<16x8xf32>, %[[NEW:[^:]*]]: tensor<4x8xf32>
// CHECK-NOT:     scf.for
// CHECK:         %[[OLD:.*]] = dynshape.dynamic_slice %[[CACHE]][{{.*}}] sizes [4, 8]
// CHECK:         %[[MASKED:.*]] = dynshape.mask %[[NEW]] : tensor<4x8xf32> dims [0] sizes(%{{.*}}) with %[[OLD]]
// CHECK:         %[[W:.*]] = dynshape.dynamic_update_slice %[[MASKED]] into %[[CACHE]]
// CHECK:         return %[[W]], %{{.*}} : tensor<16x8xf32>, i32
func.func @head(%cache: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %new: tensor<?x8xf32, #dynshape.bounds<4, ?>>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %new, %c0 : tensor<?x8xf32, #dynshape.bounds<4, ?>>
  %w = tensor.insert_slice %new into %cache[0, 0] [%n, 8] [1, 1] : tensor<?x8xf32, #dynshape.bounds<4, ?>> into tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %w : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}
