// RUN: dyn-opt %s | dyn-opt | FileCheck %s
// RUN: dyn-opt %s --mlir-print-op-generic | dyn-opt | FileCheck %s

// The printed forms below are the public contract of docs/FrontEnd.md.

//===----------------------------------------------------------------------===//
// #dynshape.bounds on arguments and results
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @bounds_decl(
// CHECK-SAME: tensor<?xf32, #dynshape.bounds<64>>,
// CHECK-SAME: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
// CHECK-SAME: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>,
// CHECK-SAME: tensor<?x?x?x?xi8, #dynshape.bounds<2, 3, 4, 5>>)
// CHECK-SAME: -> (tensor<8x?xi32, #dynshape.bounds<?, 1>>, tensor<?x2x?xf16, #dynshape.bounds<7, ?, 9>>)
func.func private @bounds_decl(tensor<?xf32, #dynshape.bounds<64>>,
                               tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
                               tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>,
                               tensor<?x?x?x?xi8, #dynshape.bounds<2, 3, 4, 5>>)
    -> (tensor<8x?xi32, #dynshape.bounds<?, 1>>, tensor<?x2x?xf16, #dynshape.bounds<7, ?, 9>>)

// CHECK-LABEL: func.func @bounds_passthrough(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
// CHECK-SAME: %[[B:[a-z0-9_]+]]: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>)
// CHECK-SAME: -> (tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>, tensor<?x128xf32, #dynshape.bounds<1024, ?>>)
// CHECK: return %[[B]], %[[A]] : tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>, tensor<?x128xf32, #dynshape.bounds<1024, ?>>
func.func @bounds_passthrough(%a: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
                              %b: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>)
    -> (tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>, tensor<?x128xf32, #dynshape.bounds<1024, ?>>) {
  return %b, %a : tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>, tensor<?x128xf32, #dynshape.bounds<1024, ?>>
}

//===----------------------------------------------------------------------===//
// get_dimension_size / set_dimension_size
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @get_dimension_size(
// CHECK-SAME: %[[X:[a-z0-9_]+]]: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
// CHECK-SAME: %[[Y:[a-z0-9_]+]]: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>)
// CHECK: %[[N0:.*]] = dynshape.get_dimension_size %[[X]], 0 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
// CHECK: %[[N1:.*]] = dynshape.get_dimension_size %[[X]], 1 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
// CHECK: %[[N2:.*]] = dynshape.get_dimension_size %[[Y]], 2 : tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>
// CHECK: return %[[N0]], %[[N1]], %[[N2]] : i32, i32, i32
func.func @get_dimension_size(%x: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
                              %y: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>) -> (i32, i32, i32) {
  %n0 = dynshape.get_dimension_size %x, 0 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  %n1 = dynshape.get_dimension_size %x, 1 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  %n2 = dynshape.get_dimension_size %y, 2 : tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>
  return %n0, %n1, %n2 : i32, i32, i32
}

// CHECK-LABEL: func.func @set_dimension_size(
// CHECK-SAME: %[[S:[a-z0-9_]+]]: tensor<1024x128xf32>, %[[N:[a-z0-9_]+]]: i32)
// CHECK-SAME: -> tensor<?x?xf32, #dynshape.bounds<1024, 128>>
// CHECK: %[[Y:.*]] = dynshape.set_dimension_size %[[S]], %[[N]], 0 : (tensor<1024x128xf32>) -> tensor<?x128xf32, #dynshape.bounds<1024, ?>>
// CHECK: %[[Z:.*]] = dynshape.set_dimension_size %[[Y]], %[[N]], 1 : (tensor<?x128xf32, #dynshape.bounds<1024, ?>>) -> tensor<?x?xf32, #dynshape.bounds<1024, 128>>
// CHECK: %[[W:.*]] = dynshape.set_dimension_size %[[Z]], %[[N]], 0 : (tensor<?x?xf32, #dynshape.bounds<1024, 128>>) -> tensor<?x?xf32, #dynshape.bounds<1024, 128>>
// CHECK: return %[[W]]
func.func @set_dimension_size(%s: tensor<1024x128xf32>, %n: i32) -> tensor<?x?xf32, #dynshape.bounds<1024, 128>> {
  %y = dynshape.set_dimension_size %s, %n, 0
         : (tensor<1024x128xf32>) -> tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  %z = dynshape.set_dimension_size %y, %n, 1
         : (tensor<?x128xf32, #dynshape.bounds<1024, ?>>) -> tensor<?x?xf32, #dynshape.bounds<1024, 128>>
  // An already-bounded dimension keeps its bound.
  %w = dynshape.set_dimension_size %z, %n, 0
         : (tensor<?x?xf32, #dynshape.bounds<1024, 128>>) -> tensor<?x?xf32, #dynshape.bounds<1024, 128>>
  return %w : tensor<?x?xf32, #dynshape.bounds<1024, 128>>
}

// CHECK-LABEL: func.func @set_dimension_size_rank3(
// CHECK: dynshape.set_dimension_size %{{.*}}, %{{.*}}, 2 : (tensor<4x?x32xf16, #dynshape.bounds<?, 16, ?>>) -> tensor<4x?x?xf16, #dynshape.bounds<?, 16, 32>>
func.func @set_dimension_size_rank3(%s: tensor<4x?x32xf16, #dynshape.bounds<?, 16, ?>>, %n: i32)
    -> tensor<4x?x?xf16, #dynshape.bounds<?, 16, 32>> {
  %y = dynshape.set_dimension_size %s, %n, 2
         : (tensor<4x?x32xf16, #dynshape.bounds<?, 16, ?>>) -> tensor<4x?x?xf16, #dynshape.bounds<?, 16, 32>>
  return %y : tensor<4x?x?xf16, #dynshape.bounds<?, 16, 32>>
}

//===----------------------------------------------------------------------===//
// dynamic_slice
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dynamic_slice(
// CHECK-SAME: %[[CACHE:[a-z0-9_]+]]: tensor<1024x128xf32>, %[[I:[a-z0-9_]+]]: i32, %[[IDX:[a-z0-9_]+]]: tensor<2xi32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[R:.*]] = dynshape.dynamic_slice %[[CACHE]][%[[I]], %[[C0]]] sizes [1, 128] : tensor<1024x128xf32> -> tensor<1x128xf32>
// CHECK: %[[V:.*]] = dynshape.dynamic_slice %[[CACHE]][%[[IDX]] : tensor<2xi32>] sizes [1, 128] : tensor<1024x128xf32> -> tensor<1x128xf32>
// CHECK: return %[[R]], %[[V]]
func.func @dynamic_slice(%cache: tensor<1024x128xf32>, %i: i32, %idx: tensor<2xi32>)
    -> (tensor<1x128xf32>, tensor<1x128xf32>) {
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_slice %cache[%i, %c0] sizes [1, 128]
         : tensor<1024x128xf32> -> tensor<1x128xf32>
  %v = dynshape.dynamic_slice %cache[%idx : tensor<2xi32>] sizes [1, 128]
         : tensor<1024x128xf32> -> tensor<1x128xf32>
  return %r, %v : tensor<1x128xf32>, tensor<1x128xf32>
}

// CHECK-LABEL: func.func @dynamic_slice_ranks(
// CHECK: dynshape.dynamic_slice %{{.*}}[%{{.*}}] sizes [16] : tensor<4096xi8> -> tensor<16xi8>
// CHECK: dynshape.dynamic_slice %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] sizes [2, 1, 64] : tensor<8x32x64xbf16> -> tensor<2x1x64xbf16>
// CHECK: dynshape.dynamic_slice %{{.*}}[%{{.*}} : tensor<3xi32>] sizes [0, 32, 1] : tensor<8x32x64xbf16> -> tensor<0x32x1xbf16>
// CHECK: dynshape.dynamic_slice %{{.*}}[] sizes [] : tensor<f32> -> tensor<f32>
func.func @dynamic_slice_ranks(%a: tensor<4096xi8>, %b: tensor<8x32x64xbf16>, %c: tensor<f32>,
                               %i: i32, %v: tensor<3xi32>)
    -> (tensor<16xi8>, tensor<2x1x64xbf16>, tensor<0x32x1xbf16>, tensor<f32>) {
  %0 = dynshape.dynamic_slice %a[%i] sizes [16] : tensor<4096xi8> -> tensor<16xi8>
  %1 = dynshape.dynamic_slice %b[%i, %i, %i] sizes [2, 1, 64] : tensor<8x32x64xbf16> -> tensor<2x1x64xbf16>
  %2 = dynshape.dynamic_slice %b[%v : tensor<3xi32>] sizes [0, 32, 1] : tensor<8x32x64xbf16> -> tensor<0x32x1xbf16>
  %3 = dynshape.dynamic_slice %c[] sizes [] : tensor<f32> -> tensor<f32>
  return %0, %1, %2, %3 : tensor<16xi8>, tensor<2x1x64xbf16>, tensor<0x32x1xbf16>, tensor<f32>
}

// The clamp of a bounded dimension uses its bound.
// CHECK-LABEL: func.func @dynamic_slice_bounded(
// CHECK-SAME: %[[X:[a-z0-9_]+]]: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
// CHECK-SAME: %[[Y:[a-z0-9_]+]]: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>,
// CHECK-SAME: %[[I:[a-z0-9_]+]]: i32, %[[IDX:[a-z0-9_]+]]: tensor<2xi32>)
// CHECK: dynshape.dynamic_slice %[[X]][%[[I]], %[[I]]] sizes [1, 128] : tensor<?x128xf32, #dynshape.bounds<1024, ?>> -> tensor<1x128xf32>
// CHECK: dynshape.dynamic_slice %[[X]][%[[IDX]] : tensor<2xi32>] sizes [1024, 64] : tensor<?x128xf32, #dynshape.bounds<1024, ?>> -> tensor<1024x64xf32>
// CHECK: dynshape.dynamic_slice %[[Y]][%[[I]], %[[I]], %[[I]]] sizes [4, 16, 8] : tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>> -> tensor<4x16x8xbf16>
func.func @dynamic_slice_bounded(%x: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
                                 %y: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>,
                                 %i: i32, %idx: tensor<2xi32>)
    -> (tensor<1x128xf32>, tensor<1024x64xf32>, tensor<4x16x8xbf16>) {
  %0 = dynshape.dynamic_slice %x[%i, %i] sizes [1, 128]
         : tensor<?x128xf32, #dynshape.bounds<1024, ?>> -> tensor<1x128xf32>
  %1 = dynshape.dynamic_slice %x[%idx : tensor<2xi32>] sizes [1024, 64]
         : tensor<?x128xf32, #dynshape.bounds<1024, ?>> -> tensor<1024x64xf32>
  %2 = dynshape.dynamic_slice %y[%i, %i, %i] sizes [4, 16, 8]
         : tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>> -> tensor<4x16x8xbf16>
  return %0, %1, %2 : tensor<1x128xf32>, tensor<1024x64xf32>, tensor<4x16x8xbf16>
}

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dynamic_update_slice(
// CHECK-SAME: %[[CACHE:[a-z0-9_]+]]: tensor<1024x128xf32>, %[[ROW:[a-z0-9_]+]]: tensor<1x128xf32>,
// CHECK-SAME: %[[POS:[a-z0-9_]+]]: i32, %[[IDX:[a-z0-9_]+]]: tensor<2xi32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[W:.*]] = dynshape.dynamic_update_slice %[[ROW]] into %[[CACHE]][%[[POS]], %[[C0]]] : tensor<1x128xf32> into tensor<1024x128xf32>
// CHECK: %[[V:.*]] = dynshape.dynamic_update_slice %[[ROW]] into %[[W]][%[[IDX]] : tensor<2xi32>] : tensor<1x128xf32> into tensor<1024x128xf32>
// CHECK: return %[[V]]
func.func @dynamic_update_slice(%cache: tensor<1024x128xf32>, %row: tensor<1x128xf32>,
                                %pos: i32, %idx: tensor<2xi32>) -> tensor<1024x128xf32> {
  %c0 = arith.constant 0 : i32
  %w = dynshape.dynamic_update_slice %row into %cache[%pos, %c0]
         : tensor<1x128xf32> into tensor<1024x128xf32>
  %v = dynshape.dynamic_update_slice %row into %w[%idx : tensor<2xi32>]
         : tensor<1x128xf32> into tensor<1024x128xf32>
  return %v : tensor<1024x128xf32>
}

// CHECK-LABEL: func.func @dynamic_update_slice_bounded(
// CHECK-SAME: %[[CACHE:[a-z0-9_]+]]: tensor<1024x128xf32>,
// CHECK-SAME: %[[BCACHE:[a-z0-9_]+]]: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
// CHECK-SAME: %[[ROWS:[a-z0-9_]+]]: tensor<?x128xf32, #dynshape.bounds<16, ?>>,
// CHECK-SAME: %[[ROW:[a-z0-9_]+]]: tensor<1x128xf32>,
// CHECK-SAME: %[[I:[a-z0-9_]+]]: i32, %[[IDX:[a-z0-9_]+]]: tensor<2xi32>)
// CHECK: dynshape.dynamic_update_slice %[[ROWS]] into %[[CACHE]][%[[I]], %[[I]]] : tensor<?x128xf32, #dynshape.bounds<16, ?>> into tensor<1024x128xf32>
// CHECK: dynshape.dynamic_update_slice %[[ROW]] into %[[BCACHE]][%[[I]], %[[I]]] : tensor<1x128xf32> into tensor<?x128xf32, #dynshape.bounds<1024, ?>>
// CHECK: dynshape.dynamic_update_slice %[[ROWS]] into %{{.*}}[%[[IDX]] : tensor<2xi32>] : tensor<?x128xf32, #dynshape.bounds<16, ?>> into tensor<?x128xf32, #dynshape.bounds<1024, ?>>
func.func @dynamic_update_slice_bounded(%cache: tensor<1024x128xf32>,
                                        %bcache: tensor<?x128xf32, #dynshape.bounds<1024, ?>>,
                                        %rows: tensor<?x128xf32, #dynshape.bounds<16, ?>>,
                                        %row: tensor<1x128xf32>, %i: i32, %idx: tensor<2xi32>)
    -> (tensor<1024x128xf32>, tensor<?x128xf32, #dynshape.bounds<1024, ?>>) {
  // Bounded update into a static operand.
  %0 = dynshape.dynamic_update_slice %rows into %cache[%i, %i]
         : tensor<?x128xf32, #dynshape.bounds<16, ?>> into tensor<1024x128xf32>
  // Static update into a bounded operand.
  %1 = dynshape.dynamic_update_slice %row into %bcache[%i, %i]
         : tensor<1x128xf32> into tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  // Bounded into bounded, index-vector form.
  %2 = dynshape.dynamic_update_slice %rows into %1[%idx : tensor<2xi32>]
         : tensor<?x128xf32, #dynshape.bounds<16, ?>> into tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  return %0, %2 : tensor<1024x128xf32>, tensor<?x128xf32, #dynshape.bounds<1024, ?>>
}

// CHECK-LABEL: func.func @dynamic_update_slice_rank3(
// CHECK: dynshape.dynamic_update_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : tensor<1x?x8xbf16, #dynshape.bounds<?, 16, ?>> into tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>
// CHECK: dynshape.dynamic_update_slice %{{.*}} into %{{.*}}[%{{.*}} : tensor<3xi32>] : tensor<1x?x8xbf16, #dynshape.bounds<?, 16, ?>> into tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>
func.func @dynamic_update_slice_rank3(%t: tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>,
                                      %u: tensor<1x?x8xbf16, #dynshape.bounds<?, 16, ?>>,
                                      %i: i32, %v: tensor<3xi32>) -> tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>> {
  %0 = dynshape.dynamic_update_slice %u into %t[%i, %i, %i]
         : tensor<1x?x8xbf16, #dynshape.bounds<?, 16, ?>> into tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>
  %1 = dynshape.dynamic_update_slice %u into %0[%v : tensor<3xi32>]
         : tensor<1x?x8xbf16, #dynshape.bounds<?, 16, ?>> into tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>
  return %1 : tensor<4x?x?xbf16, #dynshape.bounds<?, 16, 32>>
}

//===----------------------------------------------------------------------===//
// gather / scatter
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @gather_scatter(
// CHECK-SAME: %[[TABLE:[a-z0-9_]+]]: tensor<4096x128xf32>, %[[IDS:[a-z0-9_]+]]: tensor<8xi32>, %[[ROWS:[a-z0-9_]+]]: tensor<8x128xf32>)
// CHECK: %[[G:.*]] = dynshape.gather %[[TABLE]][%[[IDS]]] : (tensor<4096x128xf32>, tensor<8xi32>) -> tensor<8x128xf32>
// CHECK: %[[S:.*]] = dynshape.scatter %[[ROWS]] into %[[TABLE]][%[[IDS]]] : (tensor<8x128xf32>, tensor<8xi32>) -> tensor<4096x128xf32>
// CHECK: return %[[G]], %[[S]]
func.func @gather_scatter(%table: tensor<4096x128xf32>, %ids: tensor<8xi32>, %rows: tensor<8x128xf32>)
    -> (tensor<8x128xf32>, tensor<4096x128xf32>) {
  %g = dynshape.gather %table[%ids]
         : (tensor<4096x128xf32>, tensor<8xi32>) -> tensor<8x128xf32>
  %s = dynshape.scatter %rows into %table[%ids]
         : (tensor<8x128xf32>, tensor<8xi32>) -> tensor<4096x128xf32>
  return %g, %s : tensor<8x128xf32>, tensor<4096x128xf32>
}

// CHECK-LABEL: func.func @gather_scatter_bounded(
// CHECK-SAME: %[[BT:[a-z0-9_]+]]: tensor<?x?xf32, #dynshape.bounds<4096, 128>>,
// CHECK-SAME: %[[BIDS:[a-z0-9_]+]]: tensor<?xi32, #dynshape.bounds<8>>,
// CHECK-SAME: %[[IDS:[a-z0-9_]+]]: tensor<8xi32>,
// CHECK-SAME: %[[BROWS:[a-z0-9_]+]]: tensor<?x?xf32, #dynshape.bounds<8, 128>>)
// CHECK: dynshape.gather %[[BT]][%[[IDS]]] : (tensor<?x?xf32, #dynshape.bounds<4096, 128>>, tensor<8xi32>) -> tensor<8x?xf32, #dynshape.bounds<?, 128>>
// CHECK: dynshape.gather %[[BT]][%[[BIDS]]] : (tensor<?x?xf32, #dynshape.bounds<4096, 128>>, tensor<?xi32, #dynshape.bounds<8>>) -> tensor<?x?xf32, #dynshape.bounds<8, 128>>
// CHECK: dynshape.scatter %[[BROWS]] into %[[BT]][%[[BIDS]]] : (tensor<?x?xf32, #dynshape.bounds<8, 128>>, tensor<?xi32, #dynshape.bounds<8>>) -> tensor<?x?xf32, #dynshape.bounds<4096, 128>>
func.func @gather_scatter_bounded(%bt: tensor<?x?xf32, #dynshape.bounds<4096, 128>>,
                                  %bids: tensor<?xi32, #dynshape.bounds<8>>,
                                  %ids: tensor<8xi32>,
                                  %brows: tensor<?x?xf32, #dynshape.bounds<8, 128>>)
    -> (tensor<8x?xf32, #dynshape.bounds<?, 128>>, tensor<?x?xf32, #dynshape.bounds<8, 128>>,
        tensor<?x?xf32, #dynshape.bounds<4096, 128>>) {
  %0 = dynshape.gather %bt[%ids]
         : (tensor<?x?xf32, #dynshape.bounds<4096, 128>>, tensor<8xi32>) -> tensor<8x?xf32, #dynshape.bounds<?, 128>>
  %1 = dynshape.gather %bt[%bids]
         : (tensor<?x?xf32, #dynshape.bounds<4096, 128>>, tensor<?xi32, #dynshape.bounds<8>>) -> tensor<?x?xf32, #dynshape.bounds<8, 128>>
  %2 = dynshape.scatter %brows into %bt[%bids]
         : (tensor<?x?xf32, #dynshape.bounds<8, 128>>, tensor<?xi32, #dynshape.bounds<8>>) -> tensor<?x?xf32, #dynshape.bounds<4096, 128>>
  return %0, %1, %2 : tensor<8x?xf32, #dynshape.bounds<?, 128>>, tensor<?x?xf32, #dynshape.bounds<8, 128>>,
                      tensor<?x?xf32, #dynshape.bounds<4096, 128>>
}

// CHECK-LABEL: func.func @gather_scatter_ranks(
// CHECK: dynshape.gather %{{.*}}[%{{.*}}] : (tensor<100xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: dynshape.scatter %{{.*}} into %{{.*}}[%{{.*}}] : (tensor<4xi32>, tensor<4xi32>) -> tensor<100xi32>
// CHECK: dynshape.gather %{{.*}}[%{{.*}}] : (tensor<64x8x?xf16, #dynshape.bounds<?, ?, 16>>, tensor<2xi32>) -> tensor<2x8x?xf16, #dynshape.bounds<?, ?, 16>>
// CHECK: dynshape.scatter %{{.*}} into %{{.*}}[%{{.*}}] : (tensor<2x8x?xf16, #dynshape.bounds<?, ?, 16>>, tensor<2xi32>) -> tensor<64x8x?xf16, #dynshape.bounds<?, ?, 16>>
func.func @gather_scatter_ranks(%v: tensor<100xi32>, %i4: tensor<4xi32>,
                                %t: tensor<64x8x?xf16, #dynshape.bounds<?, ?, 16>>, %i2: tensor<2xi32>)
    -> (tensor<100xi32>, tensor<64x8x?xf16, #dynshape.bounds<?, ?, 16>>) {
  %0 = dynshape.gather %v[%i4] : (tensor<100xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = dynshape.scatter %0 into %v[%i4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<100xi32>
  %2 = dynshape.gather %t[%i2]
         : (tensor<64x8x?xf16, #dynshape.bounds<?, ?, 16>>, tensor<2xi32>) -> tensor<2x8x?xf16, #dynshape.bounds<?, ?, 16>>
  %3 = dynshape.scatter %2 into %t[%i2]
         : (tensor<2x8x?xf16, #dynshape.bounds<?, ?, 16>>, tensor<2xi32>) -> tensor<64x8x?xf16, #dynshape.bounds<?, ?, 16>>
  return %1, %3 : tensor<100xi32>, tensor<64x8x?xf16, #dynshape.bounds<?, ?, 16>>
}

//===----------------------------------------------------------------------===//
// mask / buffer_mask
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @mask(
// CHECK-SAME: %[[U:[a-z0-9_]+]]: tensor<64x32xf32>, %[[WIN:[a-z0-9_]+]]: tensor<64x32xf32>,
// CHECK-SAME: %[[IDS:[a-z0-9_]+]]: tensor<16xi32>, %[[X:[a-z0-9_]+]]: tensor<16x8xf32>,
// CHECK-SAME: %[[P:[a-z0-9_]+]]: tensor<16xi1>, %[[N:[a-z0-9_]+]]: i32, %[[M:[a-z0-9_]+]]: i32)
// CHECK: %[[R0:.*]] = dynshape.mask %[[U]] : tensor<64x32xf32> dims [0] sizes(%[[N]]) with %[[WIN]] : tensor<64x32xf32>{{$}}
// CHECK: %[[R1:.*]] = dynshape.mask %[[IDS]] : tensor<16xi32> dims [0] sizes(%[[N]]) fill -1 : i32{{$}}
// CHECK: %[[R2:.*]] = dynshape.mask %[[X]] : tensor<16x8xf32> dims [0, 1] sizes(%[[N]], %[[M]]) fill 0.000000e+00 : f32{{$}}
// CHECK: %[[R3:.*]] = dynshape.mask %[[X]] : tensor<16x8xf32> dims [1, 0] sizes(%[[M]], %[[N]]) with %[[R2]] : tensor<16x8xf32>{{$}}
// CHECK: %[[R4:.*]] = dynshape.mask %[[P]] : tensor<16xi1> dims [0] sizes(%[[M]]) fill true{{$}}
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @mask(%u: tensor<64x32xf32>, %win: tensor<64x32xf32>, %ids: tensor<16xi32>,
                %x: tensor<16x8xf32>, %p: tensor<16xi1>, %n: i32, %m: i32)
    -> (tensor<64x32xf32>, tensor<16xi32>, tensor<16x8xf32>, tensor<16x8xf32>, tensor<16xi1>) {
  // One dim, `with` a replacement tensor.
  %0 = dynshape.mask %u : tensor<64x32xf32> dims [0] sizes(%n)
         with %win : tensor<64x32xf32>
  // One dim, `fill` constant.
  %1 = dynshape.mask %ids : tensor<16xi32> dims [0] sizes(%n) fill -1 : i32
  // Two dims, `fill` constant.
  %2 = dynshape.mask %x : tensor<16x8xf32> dims [0, 1] sizes(%n, %m) fill 0.0 : f32
  // Two dims in any order, `with` a replacement tensor.
  %3 = dynshape.mask %x : tensor<16x8xf32> dims [1, 0] sizes(%m, %n)
         with %2 : tensor<16x8xf32>
  %4 = dynshape.mask %p : tensor<16xi1> dims [0] sizes(%m) fill true
  return %0, %1, %2, %3, %4
      : tensor<64x32xf32>, tensor<16xi32>, tensor<16x8xf32>, tensor<16x8xf32>, tensor<16xi1>
}

// CHECK-LABEL: func.func @buffer_mask(
// CHECK-SAME: %[[U:[a-z0-9_]+]]: memref<64x32xf32>, %[[W:[a-z0-9_]+]]: memref<64x32xf32, strided<[32, 1], offset: ?>>,
// CHECK-SAME: %[[OUT:[a-z0-9_]+]]: memref<64x32xf32>, %[[X:[a-z0-9_]+]]: memref<4x4xbf16>, %[[O:[a-z0-9_]+]]: memref<4x4xbf16>,
// CHECK-SAME: %[[N:[a-z0-9_]+]]: i32, %[[M:[a-z0-9_]+]]: i32)
// CHECK: dynshape.buffer_mask %[[U]] : memref<64x32xf32> dims [0] sizes(%[[N]]) with %[[W]] : memref<64x32xf32, strided<[32, 1], offset: ?>> into %[[OUT]] : memref<64x32xf32>{{$}}
// CHECK: dynshape.buffer_mask %[[X]] : memref<4x4xbf16> dims [0] sizes(%[[N]]) fill 0xFF80 : bf16 into %[[O]] : memref<4x4xbf16>{{$}}
// CHECK: dynshape.buffer_mask %[[X]] : memref<4x4xbf16> dims [1, 0] sizes(%[[M]], %[[N]]) fill 0.000000e+00 : bf16 into %[[O]] : memref<4x4xbf16>{{$}}
// CHECK: return
func.func @buffer_mask(%u: memref<64x32xf32>, %w: memref<64x32xf32, strided<[32, 1], offset: ?>>,
                       %out: memref<64x32xf32>, %x: memref<4x4xbf16>, %o: memref<4x4xbf16>,
                       %n: i32, %m: i32) {
  dynshape.buffer_mask %u : memref<64x32xf32> dims [0] sizes(%n)
    with %w : memref<64x32xf32, strided<[32, 1], offset: ?>> into %out : memref<64x32xf32>
  dynshape.buffer_mask %x : memref<4x4xbf16> dims [0] sizes(%n) fill 0xFF80 : bf16
    into %o : memref<4x4xbf16>
  dynshape.buffer_mask %x : memref<4x4xbf16> dims [1, 0] sizes(%m, %n) fill 0.0 : bf16
    into %o : memref<4x4xbf16>
  return
}
