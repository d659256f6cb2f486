// RUN: dyn-opt %s -canonicalize -split-input-file | FileCheck %s

// get_dimension_size of a static dim folds to its extent.
// CHECK-LABEL: func.func @get_dim_static(
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NOT: dynshape.get_dimension_size
// CHECK: return %[[C128]], %[[C4]] : i32, i32
func.func @get_dim_static(%x: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
                          %y: tensor<4x?x32xf16, #dynshape.bounds<?, 16, ?>>) -> (i32, i32) {
  %a = dynshape.get_dimension_size %x, 1 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  %b = dynshape.get_dimension_size %y, 0 : tensor<4x?x32xf16, #dynshape.bounds<?, 16, ?>>
  return %a, %b : i32, i32
}

// -----

// CHECK-LABEL: func.func @get_dim_fully_static(
// CHECK-NEXT: %[[C:.*]] = arith.constant 1024 : i32
// CHECK-NEXT: return %[[C]] : i32
func.func @get_dim_fully_static(%x: tensor<1024x128xf32>) -> i32 {
  %n = dynshape.get_dimension_size %x, 0 : tensor<1024x128xf32>
  return %n : i32
}

// -----

// A bounded dim is a runtime value: no fold, not even to the bound.
// CHECK-LABEL: func.func @get_dim_bounded(
// CHECK-SAME: %[[X:[a-z0-9_]+]]: tensor<?x128xf32, #dynshape.bounds<1024, ?>>
// CHECK-NOT: arith.constant
// CHECK: %[[N:.*]] = dynshape.get_dimension_size %[[X]], 0 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
// CHECK-NEXT: return %[[N]] : i32
func.func @get_dim_bounded(%x: tensor<?x128xf32, #dynshape.bounds<1024, ?>>) -> i32 {
  %n = dynshape.get_dimension_size %x, 0 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  return %n : i32
}

// -----

// A full-extent dynamic_slice is its operand: the clamp forces every start
// index to 0.
// CHECK-LABEL: func.func @slice_full_extent(
// CHECK-SAME: %[[S:[a-z0-9_]+]]: tensor<16x8xf32>
// CHECK-NOT: dynshape.dynamic_slice
// CHECK: return %[[S]], %[[S]], %[[S]] : tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>
func.func @slice_full_extent(%s: tensor<16x8xf32>, %i: i32, %v: tensor<2xi32>)
    -> (tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) {
  %c7 = arith.constant 7 : i32
  %0 = dynshape.dynamic_slice %s[%i, %i] sizes [16, 8] : tensor<16x8xf32> -> tensor<16x8xf32>
  %1 = dynshape.dynamic_slice %s[%c7, %c7] sizes [16, 8] : tensor<16x8xf32> -> tensor<16x8xf32>
  %2 = dynshape.dynamic_slice %s[%v : tensor<2xi32>] sizes [16, 8] : tensor<16x8xf32> -> tensor<16x8xf32>
  return %0, %1, %2 : tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func @slice_partial(
// CHECK-SAME: %[[S:[a-z0-9_]+]]: tensor<16x8xf32>, %[[I:[a-z0-9_]+]]: i32
// CHECK: %[[R:.*]] = dynshape.dynamic_slice %[[S]][%[[I]], %[[I]]] sizes [15, 8] : tensor<16x8xf32> -> tensor<15x8xf32>
// CHECK: return %[[R]]
func.func @slice_partial(%s: tensor<16x8xf32>, %i: i32) -> tensor<15x8xf32> {
  %0 = dynshape.dynamic_slice %s[%i, %i] sizes [15, 8] : tensor<16x8xf32> -> tensor<15x8xf32>
  return %0 : tensor<15x8xf32>
}

// -----

// A bound-sized slice of a bounded operand reads padding past the runtime
// extent; it is not the operand.
// CHECK-LABEL: func.func @slice_bounded_full(
// CHECK: %[[R:.*]] = dynshape.dynamic_slice %{{.*}}[%{{.*}}, %{{.*}}] sizes [16, 8] : tensor<?x8xf32, #dynshape.bounds<16, ?>> -> tensor<16x8xf32>
// CHECK: return %[[R]]
func.func @slice_bounded_full(%s: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %i: i32) -> tensor<16x8xf32> {
  %0 = dynshape.dynamic_slice %s[%i, %i] sizes [16, 8] : tensor<?x8xf32, #dynshape.bounds<16, ?>> -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// A full-extent dynamic_update_slice is its update.
// CHECK-LABEL: func.func @update_full_extent(
// CHECK-SAME: %[[S:[a-z0-9_]+]]: tensor<16x8xf32>, %[[U:[a-z0-9_]+]]: tensor<16x8xf32>
// CHECK-NOT: dynshape.dynamic_update_slice
// CHECK: return %[[U]], %[[U]] : tensor<16x8xf32>, tensor<16x8xf32>
func.func @update_full_extent(%s: tensor<16x8xf32>, %u: tensor<16x8xf32>, %i: i32, %v: tensor<2xi32>)
    -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<16x8xf32> into tensor<16x8xf32>
  %1 = dynshape.dynamic_update_slice %u into %s[%v : tensor<2xi32>] : tensor<16x8xf32> into tensor<16x8xf32>
  return %0, %1 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func @update_partial(
// CHECK: %[[W:.*]] = dynshape.dynamic_update_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : tensor<1x8xf32> into tensor<16x8xf32>
// CHECK: return %[[W]]
func.func @update_partial(%s: tensor<16x8xf32>, %u: tensor<1x8xf32>, %i: i32) -> tensor<16x8xf32> {
  %0 = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<1x8xf32> into tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// With a bounded update of the operand's type, only the first `size` rows of
// the update are meaningful: the result is not the update.
// CHECK-LABEL: func.func @update_bounded(
// CHECK: %[[W:.*]] = dynshape.dynamic_update_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : tensor<?x8xf32, #dynshape.bounds<16, ?>> into tensor<?x8xf32, #dynshape.bounds<16, ?>>
// CHECK: return %[[W]]
func.func @update_bounded(%s: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %u: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                          %i: i32) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %0 = dynshape.dynamic_update_slice %u into %s[%i, %i]
         : tensor<?x8xf32, #dynshape.bounds<16, ?>> into tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %0 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// -----

// A bounded update into a static operand of its bound's shape does not fold.
// CHECK-LABEL: func.func @update_bounded_into_static(
// CHECK: %[[W:.*]] = dynshape.dynamic_update_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : tensor<?x8xf32, #dynshape.bounds<16, ?>> into tensor<16x8xf32>
// CHECK: return %[[W]]
func.func @update_bounded_into_static(%s: tensor<16x8xf32>, %u: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                                      %i: i32) -> tensor<16x8xf32> {
  %0 = dynshape.dynamic_update_slice %u into %s[%i, %i]
         : tensor<?x8xf32, #dynshape.bounds<16, ?>> into tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
