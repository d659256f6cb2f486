// RUN: dyn-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -canonicalize | FileCheck %s
// RUN: dyn-opt %s -split-input-file --dynshape-bufferize -canonicalize | FileCheck %s

// The KV write of a dead cache happens in place: the row is copied into a
// subview of the cache at the clamped position; no allocation, no copy of
// the whole cache.
// CHECK-LABEL: func.func @kv_write(
// CHECK-SAME:    %[[CACHE:.*]]: memref<256x64xf32>, %[[ROW:.*]]: memref<1x64xf32>, %[[POS:.*]]: i32)
// CHECK-NOT:     memref.alloc
// CHECK:         %[[LO:.*]] = arith.maxsi %[[POS]], %{{.*}} : i32
// CHECK:         %[[HI:.*]] = arith.minsi %[[LO]], %{{.*}} : i32
// CHECK:         %[[P:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK:         %[[SV:.*]] = memref.subview %[[CACHE]][%[[P]], 0] [1, 64] [1, 1]
// CHECK:         memref.copy %[[ROW]], %[[SV]]
// CHECK-NOT:     memref.copy
// CHECK:         return %[[CACHE]] : memref<256x64xf32>
func.func @kv_write(%cache: tensor<256x64xf32>, %row: tensor<1x64xf32>, %pos: i32)
    -> tensor<256x64xf32> {
  %c0 = arith.constant 0 : i32
  %w = dynshape.dynamic_update_slice %row into %cache[%pos, %c0]
         : tensor<1x64xf32> into tensor<256x64xf32>
  return %w : tensor<256x64xf32>
}

// -----

// A constant index needs no clamp code: 300 clamps to 255 at compile time.
// CHECK-LABEL: func.func @constant_index(
// CHECK-NOT:     arith.maxsi
// CHECK:         memref.subview %{{.*}}[255, 0] [1, 64] [1, 1]
func.func @constant_index(%cache: tensor<256x64xf32>, %row: tensor<1x64xf32>)
    -> tensor<256x64xf32> {
  %c0 = arith.constant 0 : i32
  %c300 = arith.constant 300 : i32
  %w = dynshape.dynamic_update_slice %row into %cache[%c300, %c0]
         : tensor<1x64xf32> into tensor<256x64xf32>
  return %w : tensor<256x64xf32>
}

// -----

// The old cache is still read after the write, so the write must not
// happen in place: One-Shot Bufferize copies the cache first.
// CHECK-LABEL: func.func @cache_still_live(
// CHECK:         %[[ALLOC:.*]] = memref.alloc() {{.*}} : memref<256x64xf32>
// CHECK:         memref.copy %{{.*}}, %[[ALLOC]] : memref<256x64xf32> to memref<256x64xf32>
// CHECK:         memref.subview %[[ALLOC]]
func.func @cache_still_live(%cache: tensor<256x64xf32>, %row: tensor<1x64xf32>, %pos: i32)
    -> (tensor<256x64xf32>, tensor<256x64xf32>) {
  %c0 = arith.constant 0 : i32
  %w = dynshape.dynamic_update_slice %row into %cache[%pos, %c0]
         : tensor<1x64xf32> into tensor<256x64xf32>
  return %w, %cache : tensor<256x64xf32>, tensor<256x64xf32>
}

// -----

// A slice is a view of its operand at the clamped offsets (0 <= i <= 252).
// CHECK-LABEL: func.func @slice(
// CHECK-SAME:    %[[T:.*]]: memref<256x64xf32>, %[[I:.*]]: i32)
// CHECK:         %[[HI:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK:         %[[P:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK:         memref.subview %[[T]][%[[P]], 0] [4, 64] [1, 1]
func.func @slice(%t: tensor<256x64xf32>, %i: i32) -> tensor<4x64xf32> {
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_slice %t[%i, %c0] sizes [4, 64]
         : tensor<256x64xf32> -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// -----

// gather fills a new buffer with one buffer_gather; scatter writes its dead
// table in place.
// CHECK-LABEL: func.func @gather_scatter(
// CHECK-SAME:    %[[TABLE:.*]]: memref<512x64xf32>, %[[IDS:.*]]: memref<16xi32>, %[[ROWS:.*]]: memref<16x64xf32>, %[[OTHER:.*]]: memref<512x64xf32>)
// CHECK:         %[[OUT:.*]] = memref.alloc() {{.*}} : memref<16x64xf32>
// CHECK:         dynshape.buffer_gather %[[TABLE]][%[[IDS]]] into %[[OUT]] : memref<512x64xf32>, memref<16xi32>, memref<16x64xf32>
// CHECK:         dynshape.buffer_scatter %[[ROWS]] into %[[OTHER]][%[[IDS]]] : memref<16x64xf32>, memref<512x64xf32>, memref<16xi32>
// CHECK:         return %[[OUT]], %[[OTHER]]
func.func @gather_scatter(%table: tensor<512x64xf32>, %ids: tensor<16xi32>,
                          %rows: tensor<16x64xf32>, %other: tensor<512x64xf32>)
    -> (tensor<16x64xf32>, tensor<512x64xf32>) {
  %g = dynshape.gather %table[%ids]
         : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %s = dynshape.scatter %rows into %other[%ids]
         : (tensor<16x64xf32>, tensor<16xi32>) -> tensor<512x64xf32>
  return %g, %s : tensor<16x64xf32>, tensor<512x64xf32>
}

// -----

// A window with a runtime offset keeps its constant offsets static, except
// in a dim of extent 0, where no static offset is in bounds for the subview
// verifier (it rejected `[%i, 0]` here); the empty copy then folds away.
// CHECK-LABEL: func.func @empty_dim(
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloc() {{.*}} : memref<2x0xf32>
// CHECK-NEXT:    return %[[OUT]]
func.func @empty_dim(%t: tensor<4x0xf32>, %i: i32) -> tensor<2x0xf32> {
  %c0 = arith.constant 0 : i32
  %s = dynshape.dynamic_slice %t[%i, %c0] sizes [2, 0]
         : tensor<4x0xf32> -> tensor<2x0xf32>
  return %s : tensor<2x0xf32>
}
