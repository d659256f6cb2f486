// RUN: dyn-opt %s -dynshape-split-indices -split-input-file | FileCheck %s

// The index-vector form of dynamic_slice / dynamic_update_slice becomes one
// tensor.extract per element, in element order, feeding the scalar form.
// The scalar form is left alone.

// CHECK-LABEL: func.func @slice_rank1(
// CHECK-SAME:    %[[T:.*]]: tensor<16xf32>, %[[IDX:.*]]: tensor<1xi32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[I0:.*]] = tensor.extract %[[IDX]][%[[C0]]] : tensor<1xi32>
// CHECK-NOT:     tensor.extract
// CHECK:         %[[R:.*]] = dynshape.dynamic_slice %[[T]][%[[I0]]] sizes [4] : tensor<16xf32> -> tensor<4xf32>
// CHECK:         return %[[R]]
func.func @slice_rank1(%t: tensor<16xf32>, %idx: tensor<1xi32>) -> tensor<4xf32> {
  %r = dynshape.dynamic_slice %t[%idx : tensor<1xi32>] sizes [4]
      : tensor<16xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @slice_rank2(
// CHECK-SAME:    %[[T:.*]]: tensor<16x8xf32>, %[[IDX:.*]]: tensor<2xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[I0:.*]] = tensor.extract %[[IDX]][%[[C0]]] : tensor<2xi32>
// CHECK-DAG:     %[[I1:.*]] = tensor.extract %[[IDX]][%[[C1]]] : tensor<2xi32>
// CHECK:         %[[R:.*]] = dynshape.dynamic_slice %[[T]][%[[I0]], %[[I1]]] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
// CHECK-NOT:     : tensor<2xi32>]
// CHECK:         return %[[R]]
func.func @slice_rank2(%t: tensor<16x8xf32>, %idx: tensor<2xi32>) -> tensor<1x8xf32> {
  %r = dynshape.dynamic_slice %t[%idx : tensor<2xi32>] sizes [1, 8]
      : tensor<16x8xf32> -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @slice_rank3(
// CHECK-SAME:    %[[T:.*]]: tensor<4x16x8xf32>, %[[IDX:.*]]: tensor<3xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[I0:.*]] = tensor.extract %[[IDX]][%[[C0]]] : tensor<3xi32>
// CHECK-DAG:     %[[I1:.*]] = tensor.extract %[[IDX]][%[[C1]]] : tensor<3xi32>
// CHECK-DAG:     %[[I2:.*]] = tensor.extract %[[IDX]][%[[C2]]] : tensor<3xi32>
// CHECK:         dynshape.dynamic_slice %[[T]][%[[I0]], %[[I1]], %[[I2]]] sizes [2, 4, 8] : tensor<4x16x8xf32> -> tensor<2x4x8xf32>
func.func @slice_rank3(%t: tensor<4x16x8xf32>, %idx: tensor<3xi32>) -> tensor<2x4x8xf32> {
  %r = dynshape.dynamic_slice %t[%idx : tensor<3xi32>] sizes [2, 4, 8]
      : tensor<4x16x8xf32> -> tensor<2x4x8xf32>
  return %r : tensor<2x4x8xf32>
}

// -----

// CHECK-LABEL: func.func @update_rank1(
// CHECK-SAME:    %[[T:.*]]: tensor<16xf32>, %[[U:.*]]: tensor<4xf32>, %[[IDX:.*]]: tensor<1xi32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[I0:.*]] = tensor.extract %[[IDX]][%[[C0]]] : tensor<1xi32>
// CHECK:         %[[R:.*]] = dynshape.dynamic_update_slice %[[U]] into %[[T]][%[[I0]]] : tensor<4xf32> into tensor<16xf32>
// CHECK:         return %[[R]]
func.func @update_rank1(%t: tensor<16xf32>, %u: tensor<4xf32>, %idx: tensor<1xi32>) -> tensor<16xf32> {
  %r = dynshape.dynamic_update_slice %u into %t[%idx : tensor<1xi32>]
      : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func @update_rank2(
// CHECK-SAME:    %[[T:.*]]: tensor<1024x128xf32>, %[[U:.*]]: tensor<1x128xf32>, %[[IDX:.*]]: tensor<2xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[I0:.*]] = tensor.extract %[[IDX]][%[[C0]]] : tensor<2xi32>
// CHECK-DAG:     %[[I1:.*]] = tensor.extract %[[IDX]][%[[C1]]] : tensor<2xi32>
// CHECK:         dynshape.dynamic_update_slice %[[U]] into %[[T]][%[[I0]], %[[I1]]] : tensor<1x128xf32> into tensor<1024x128xf32>
func.func @update_rank2(%t: tensor<1024x128xf32>, %u: tensor<1x128xf32>,
                        %idx: tensor<2xi32>) -> tensor<1024x128xf32> {
  %r = dynshape.dynamic_update_slice %u into %t[%idx : tensor<2xi32>]
      : tensor<1x128xf32> into tensor<1024x128xf32>
  return %r : tensor<1024x128xf32>
}

// -----

// CHECK-LABEL: func.func @update_rank3(
// CHECK-SAME:    %[[T:.*]]: tensor<4x16x8xf32>, %[[U:.*]]: tensor<1x2x8xf32>, %[[IDX:.*]]: tensor<3xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[I0:.*]] = tensor.extract %[[IDX]][%[[C0]]] : tensor<3xi32>
// CHECK-DAG:     %[[I1:.*]] = tensor.extract %[[IDX]][%[[C1]]] : tensor<3xi32>
// CHECK-DAG:     %[[I2:.*]] = tensor.extract %[[IDX]][%[[C2]]] : tensor<3xi32>
// CHECK:         dynshape.dynamic_update_slice %[[U]] into %[[T]][%[[I0]], %[[I1]], %[[I2]]] : tensor<1x2x8xf32> into tensor<4x16x8xf32>
func.func @update_rank3(%t: tensor<4x16x8xf32>, %u: tensor<1x2x8xf32>,
                        %idx: tensor<3xi32>) -> tensor<4x16x8xf32> {
  %r = dynshape.dynamic_update_slice %u into %t[%idx : tensor<3xi32>]
      : tensor<1x2x8xf32> into tensor<4x16x8xf32>
  return %r : tensor<4x16x8xf32>
}

// -----

// The scalar form is already split: nothing is extracted or added.

// CHECK-LABEL: func.func @scalar_untouched(
// CHECK-SAME:    %[[T:.*]]: tensor<16x8xf32>, %[[U:.*]]: tensor<1x8xf32>, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK-NOT:     tensor.extract
// CHECK-NOT:     arith.constant
// CHECK:         %[[S:.*]] = dynshape.dynamic_slice %[[T]][%[[I]], %[[J]]] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
// CHECK-NEXT:    %[[W:.*]] = dynshape.dynamic_update_slice %[[S]] into %[[T]][%[[J]], %[[I]]] : tensor<1x8xf32> into tensor<16x8xf32>
// CHECK-NEXT:    return %[[W]]
func.func @scalar_untouched(%t: tensor<16x8xf32>, %u: tensor<1x8xf32>,
                            %i: i32, %j: i32) -> tensor<16x8xf32> {
  %s = dynshape.dynamic_slice %t[%i, %j] sizes [1, 8]
      : tensor<16x8xf32> -> tensor<1x8xf32>
  %w = dynshape.dynamic_update_slice %s into %t[%j, %i]
      : tensor<1x8xf32> into tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}

// -----

// Ops inside regions are split too; the extracts sit right before the op.

// CHECK-LABEL: func.func @inside_loop(
// CHECK-SAME:    %[[T:.*]]: tensor<16x8xf32>, %[[IDX:.*]]: tensor<2xi32>
// CHECK:         scf.for
// CHECK-DAG:       %[[I0:.*]] = tensor.extract %[[IDX]][%{{.*}}] : tensor<2xi32>
// CHECK-DAG:       %[[I1:.*]] = tensor.extract %[[IDX]][%{{.*}}] : tensor<2xi32>
// CHECK:           dynshape.dynamic_update_slice %{{.*}} into %{{.*}}[%[[I0]], %[[I1]]] : tensor<1x8xf32> into tensor<16x8xf32>
// CHECK:           scf.yield
func.func @inside_loop(%t: tensor<16x8xf32>, %idx: tensor<2xi32>,
                       %u: tensor<1x8xf32>, %n: index) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<16x8xf32>) {
    %w = dynshape.dynamic_update_slice %u into %acc[%idx : tensor<2xi32>]
        : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %w : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}

// -----

// A bounded operand keeps its type; only the indices change.

// CHECK-LABEL: func.func @bounded_operand(
// CHECK-SAME:    %[[T:.*]]: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %[[IDX:.*]]: tensor<2xi32>)
// CHECK-DAG:     %[[I0:.*]] = tensor.extract %[[IDX]][%{{.*}}] : tensor<2xi32>
// CHECK-DAG:     %[[I1:.*]] = tensor.extract %[[IDX]][%{{.*}}] : tensor<2xi32>
// CHECK:         dynshape.dynamic_slice %[[T]][%[[I0]], %[[I1]]] sizes [2, 8] : tensor<?x8xf32, #dynshape.bounds<16, ?>> -> tensor<2x8xf32>
func.func @bounded_operand(%t: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                           %idx: tensor<2xi32>) -> tensor<2x8xf32> {
  %r = dynshape.dynamic_slice %t[%idx : tensor<2xi32>] sizes [2, 8]
      : tensor<?x8xf32, #dynshape.bounds<16, ?>> -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Rank 0: the empty index vector becomes no index at all.

// CHECK-LABEL: func.func @rank0(
// CHECK-SAME:    %[[T:.*]]: tensor<f32>, %{{.*}}: tensor<0xi32>)
// CHECK-NOT:     tensor.extract
// CHECK:         dynshape.dynamic_update_slice %[[T]] into %[[T]][] : tensor<f32> into tensor<f32>
func.func @rank0(%t: tensor<f32>, %idx: tensor<0xi32>) -> tensor<f32> {
  %r = dynshape.dynamic_update_slice %t into %t[%idx : tensor<0xi32>]
      : tensor<f32> into tensor<f32>
  return %r : tensor<f32>
}
