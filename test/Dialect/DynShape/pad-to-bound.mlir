// RUN: dyn-opt %s -dynshape-pad-to-bound -split-input-file | FileCheck %s --implicit-check-not='{{\?|#dynshape.bounds|dynshape.get_dimension_size|dynshape.set_dimension_size}}'

// After the pass no `?` dimension, no #dynshape.bounds and no
// get/set_dimension_size remains anywhere in the output: the
// --implicit-check-not above is a CHECK-NOT between every pair of matches.

//===----------------------------------------------------------------------===//
// Function boundaries (docs/FrontEnd.md)
//===----------------------------------------------------------------------===//

// Every bounded argument becomes its bound-sized tensor; the i32 sizes are
// appended after ALL original arguments, in argument order, and clamped into
// [0, bound] before use (the caller is not trusted).

// CHECK-LABEL: func.func @two_bounded_args(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[X:[^:]*]]: i32, %[[B:[^:]*]]: tensor<4x32xf32>,
// CHECK-SAME:    %[[NA:[^:]*]]: i32, %[[NB:[^:]*]]: i32) -> (i32, i32, i32)
// CHECK:         %[[Z0:.*]] = arith.constant 0 : i32
// CHECK:         %[[LA:.*]] = arith.maxsi %[[NA]], %[[Z0]] : i32
// CHECK:         %[[C16:.*]] = arith.constant 16 : i32
// CHECK:         %[[SA:.*]] = arith.minsi %[[LA]], %[[C16]] : i32
// CHECK:         %[[Z1:.*]] = arith.constant 0 : i32
// CHECK:         %[[LB:.*]] = arith.maxsi %[[NB]], %[[Z1]] : i32
// CHECK:         %[[C32:.*]] = arith.constant 32 : i32
// CHECK:         %[[SB:.*]] = arith.minsi %[[LB]], %[[C32]] : i32
// CHECK:         return %[[SA]], %[[X]], %[[SB]] : i32, i32, i32
func.func @two_bounded_args(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %x: i32,
                            %b: tensor<4x?xf32, #dynshape.bounds<?, 32>>) -> (i32, i32, i32) {
  %na = dynshape.get_dimension_size %a, 0 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %nb = dynshape.get_dimension_size %b, 1 : tensor<4x?xf32, #dynshape.bounds<?, 32>>
  return %na, %x, %nb : i32, i32, i32
}

// -----

// Both dims bounded: two size arguments, dim 0 first.

// CHECK-LABEL: func.func @both_dims_bounded(
// CHECK-SAME:    %{{[^:]*}}: tensor<16x8xf32>, %{{[^:]*}}: f32, %[[N0:[^:]*]]: i32, %[[N1:[^:]*]]: i32) -> (i32, i32)
// CHECK:         %[[L0:.*]] = arith.maxsi %[[N0]], %{{.*}} : i32
// CHECK:         %[[S0:.*]] = arith.minsi %[[L0]], %{{.*}} : i32
// CHECK:         %[[L1:.*]] = arith.maxsi %[[N1]], %{{.*}} : i32
// CHECK:         %[[S1:.*]] = arith.minsi %[[L1]], %{{.*}} : i32
// CHECK:         return %[[S1]], %[[S0]] : i32, i32
func.func @both_dims_bounded(%a: tensor<?x?xf32, #dynshape.bounds<16, 8>>, %f: f32) -> (i32, i32) {
  %n = dynshape.get_dimension_size %a, 0 : tensor<?x?xf32, #dynshape.bounds<16, 8>>
  %m = dynshape.get_dimension_size %a, 1 : tensor<?x?xf32, #dynshape.bounds<16, 8>>
  return %m, %n : i32, i32
}

// -----

// Bounded results: padded tensors in place, one i32 per dynamic dim appended
// after all original results, in result order. set_dimension_size is gone,
// leaving its clamped size.

// CHECK-LABEL: func.func @bounded_results(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[N:[^:]*]]: i32, %[[M:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<16x8xf32>, i32, tensor<16x8xf32>, i32, i32, i32)
// CHECK:         %[[Z0:.*]] = arith.constant 0 : i32
// CHECK:         %[[LN:.*]] = arith.maxsi %[[N]], %[[Z0]] : i32
// CHECK:         %[[C16:.*]] = arith.constant 16 : i32
// CHECK:         %[[SN:.*]] = arith.minsi %[[LN]], %[[C16]] : i32
// CHECK:         %[[Z1:.*]] = arith.constant 0 : i32
// CHECK:         %[[LM:.*]] = arith.maxsi %[[M]], %[[Z1]] : i32
// CHECK:         %[[C8:.*]] = arith.constant 8 : i32
// CHECK:         %[[SM:.*]] = arith.minsi %[[LM]], %[[C8]] : i32
// CHECK:         return %[[A]], %[[N]], %[[A]], %[[SN]], %[[SN]], %[[SM]]
// CHECK-SAME:      : tensor<16x8xf32>, i32, tensor<16x8xf32>, i32, i32, i32
func.func @bounded_results(%a: tensor<16x8xf32>, %n: i32, %m: i32)
    -> (tensor<?x8xf32, #dynshape.bounds<16, ?>>, i32,
        tensor<?x?xf32, #dynshape.bounds<16, 8>>) {
  %x = dynshape.set_dimension_size %a, %n, 0
      : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %y = dynshape.set_dimension_size %x, %m, 1
      : (tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> tensor<?x?xf32, #dynshape.bounds<16, 8>>
  return %x, %n, %y : tensor<?x8xf32, #dynshape.bounds<16, ?>>, i32,
                      tensor<?x?xf32, #dynshape.bounds<16, 8>>
}

// -----

// A bounded argument returned as is: its (clamped) size comes back as the
// appended result.

// CHECK-LABEL: func.func @passthrough(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<8x16xf32>, %[[N:[^:]*]]: i32) -> (tensor<8x16xf32>, i32)
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:         %[[S:.*]] = arith.minsi %[[L]], %{{.*}} : i32
// CHECK:         return %[[A]], %[[S]] : tensor<8x16xf32>, i32
func.func @passthrough(%a: tensor<8x?xf32, #dynshape.bounds<?, 16>>)
    -> tensor<8x?xf32, #dynshape.bounds<?, 16>> {
  return %a : tensor<8x?xf32, #dynshape.bounds<?, 16>>
}

// -----

// A declaration with bounded types gets the padded signature too.

// CHECK-LABEL: func.func private @decl(
// CHECK-SAME:    tensor<16x8xf32>, i32, tensor<4x8xf32>, i32, i32, i32)
// CHECK-SAME:    -> (tensor<4x8xf32>, f32, i32, i32)
func.func private @decl(tensor<?x8xf32, #dynshape.bounds<16, ?>>, i32,
                        tensor<?x?xf32, #dynshape.bounds<4, 8>>)
    -> (tensor<?x?xf32, #dynshape.bounds<4, 8>>, f32)

// -----

// func.call follows the callee's padded signature: sizes appended to the
// operands after the originals, and taken from the appended results.

// CHECK-LABEL: func.func private @ext(
// CHECK-SAME:    tensor<16x8xf32>, i32, i32) -> (tensor<4x8xf32>, f32, i32, i32)
func.func private @ext(tensor<?x8xf32, #dynshape.bounds<16, ?>>, i32)
    -> (tensor<?x?xf32, #dynshape.bounds<4, 8>>, f32)

// CHECK-LABEL: func.func @callee(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[N:[^:]*]]: i32) -> (tensor<16x8xf32>, i32)
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:         %[[S:.*]] = arith.minsi %[[L]], %{{.*}} : i32
// CHECK:         return %[[A]], %[[S]] : tensor<16x8xf32>, i32
func.func @callee(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>)
    -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  return %a : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[X:[^:]*]]: i32, %[[N:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<16x8xf32>, tensor<4x8xf32>, f32, i32, i32, i32)
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:         %[[S:.*]] = arith.minsi %[[L]], %{{.*}} : i32
// CHECK:         %[[R:.*]]:2 = call @callee(%[[A]], %[[S]]) : (tensor<16x8xf32>, i32) -> (tensor<16x8xf32>, i32)
// CHECK:         %[[E:.*]]:4 = call @ext(%[[R]]#0, %[[X]], %[[R]]#1) : (tensor<16x8xf32>, i32, i32) -> (tensor<4x8xf32>, f32, i32, i32)
// CHECK:         return %[[R]]#0, %[[E]]#0, %[[E]]#1, %[[R]]#1, %[[E]]#2, %[[E]]#3
// CHECK-SAME:      : tensor<16x8xf32>, tensor<4x8xf32>, f32, i32, i32, i32
func.func @caller(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %x: i32)
    -> (tensor<?x8xf32, #dynshape.bounds<16, ?>>,
        tensor<?x?xf32, #dynshape.bounds<4, 8>>, f32) {
  %r = func.call @callee(%a)
      : (tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %e:2 = func.call @ext(%r, %x)
      : (tensor<?x8xf32, #dynshape.bounds<16, ?>>, i32)
        -> (tensor<?x?xf32, #dynshape.bounds<4, 8>>, f32)
  return %r, %e#0, %e#1 : tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                          tensor<?x?xf32, #dynshape.bounds<4, 8>>, f32
}

//===----------------------------------------------------------------------===//
// get_dimension_size / set_dimension_size
//===----------------------------------------------------------------------===//

// -----

// get_dimension_size of a static dim of a bounded tensor is a constant.

// CHECK-LABEL: func.func @get_static_dim(
// CHECK-SAME:    %{{[^:]*}}: tensor<16x8xf32>, %{{[^:]*}}: i32) -> i32
// CHECK:         %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    return %[[C8]] : i32
func.func @get_static_dim(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> i32 {
  %m = dynshape.get_dimension_size %a, 1 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %m : i32
}

// -----

// get_dimension_size of a set_dimension_size result is the clamped size.

// CHECK-LABEL: func.func @set_then_get(
// CHECK-SAME:    %{{[^:]*}}: tensor<32xf32>, %[[N:[^:]*]]: i32) -> i32
// CHECK:         %[[Z:.*]] = arith.constant 0 : i32
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %[[Z]] : i32
// CHECK:         %[[C32:.*]] = arith.constant 32 : i32
// CHECK:         %[[S:.*]] = arith.minsi %[[L]], %[[C32]] : i32
// CHECK:         return %[[S]] : i32
func.func @set_then_get(%a: tensor<32xf32>, %n: i32) -> i32 {
  %x = dynshape.set_dimension_size %a, %n, 0
      : (tensor<32xf32>) -> tensor<?xf32, #dynshape.bounds<32>>
  %s = dynshape.get_dimension_size %x, 0 : tensor<?xf32, #dynshape.bounds<32>>
  return %s : i32
}

// -----

// A constant size in [0, bound] needs no clamp; 20 > 16 needs only the
// upper half.

// CHECK-LABEL: func.func @clamp_constant(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>, i32, i32)
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG:     %[[C20:.*]] = arith.constant 20 : i32
// CHECK-NOT:     arith.maxsi
// CHECK:         %[[S:.*]] = arith.minsi %[[C20]], %{{.*}} : i32
// CHECK-NOT:     arith.maxsi
// CHECK-NOT:     arith.minsi
// CHECK:         return %[[A]], %[[A]], %[[C5]], %[[S]]
func.func @clamp_constant(%a: tensor<16x8xf32>)
    -> (tensor<?x8xf32, #dynshape.bounds<16, ?>>, tensor<?x8xf32, #dynshape.bounds<16, ?>>) {
  %c5 = arith.constant 5 : i32
  %x = dynshape.set_dimension_size %a, %c5, 0
      : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %c20 = arith.constant 20 : i32
  %y = dynshape.set_dimension_size %a, %c20, 0
      : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %x, %y : tensor<?x8xf32, #dynshape.bounds<16, ?>>, tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// -----

// A size the user already clamped into [0, 12] is within the bound 16
// (integer range analysis): no second clamp.

// CHECK-LABEL: func.func @clamp_already_clamped(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[N:[^:]*]]: i32) -> (tensor<16x8xf32>, i32)
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:         %[[H:.*]] = arith.minsi %[[L]], %{{.*}} : i32
// CHECK-NOT:     arith.maxsi
// CHECK-NOT:     arith.minsi
// CHECK:         return %[[A]], %[[H]] : tensor<16x8xf32>, i32
func.func @clamp_already_clamped(%a: tensor<16x8xf32>, %n: i32)
    -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %c0 = arith.constant 0 : i32
  %c12 = arith.constant 12 : i32
  %lo = arith.maxsi %n, %c0 : i32
  %hi = arith.minsi %lo, %c12 : i32
  %x = dynshape.set_dimension_size %a, %hi, 0
      : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %x : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// -----

// An index size clamped into [0, 16] before index_cast is in range too.

// CHECK-LABEL: func.func @clamp_through_index_cast(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16xf32>, %[[N:[^:]*]]: index) -> (tensor<16xf32>, i32)
// CHECK:         arith.minsi %[[N]], %{{.*}} : index
// CHECK:         %[[K:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK:         %[[S:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-NOT:     arith.maxsi
// CHECK-NOT:     arith.minsi
// CHECK:         return %[[A]], %[[S]] : tensor<16xf32>, i32
func.func @clamp_through_index_cast(%a: tensor<16xf32>, %n: index)
    -> tensor<?xf32, #dynshape.bounds<16>> {
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %m = arith.minsi %n, %c16 : index
  %k = arith.maxsi %m, %c0 : index
  %s = arith.index_cast %k : index to i32
  %r = dynshape.set_dimension_size %a, %s, 0
      : (tensor<16xf32>) -> tensor<?xf32, #dynshape.bounds<16>>
  return %r : tensor<?xf32, #dynshape.bounds<16>>
}

//===----------------------------------------------------------------------===//
// Reductions: the padding is masked to the combiner's identity
//===----------------------------------------------------------------------===//

// The mask is a dynshape.mask with a `fill` constant: each element whose
// index along a masked dim is >= that dim's size (iota >= size) becomes the
// fill, every other element is the input's.

// -----

// CHECK-LABEL: func.func @reduce_addf(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[INIT:[^:]*]]: tensor<8xf32>, %[[N:[^:]*]]: i32) -> tensor<8xf32>
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:         %[[S:.*]] = arith.minsi %[[L]], %{{.*}} : i32
// CHECK:         %[[M:.*]] = dynshape.mask %[[A]] : tensor<16x8xf32> dims [0] sizes(%[[S]]) fill 0.000000e+00 : f32
// CHECK:         %[[R:.*]] = linalg.reduce ins(%[[M]] : tensor<16x8xf32>) outs(%[[INIT]] : tensor<8xf32>) dimensions = [0]
// CHECK:           arith.addf
// CHECK:         return %[[R]] : tensor<8xf32>
func.func @reduce_addf(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                       %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce ins(%a : tensor<?x8xf32, #dynshape.bounds<16, ?>>)
                     outs(%init : tensor<8xf32>) dimensions = [0]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}

// -----

// max masks with -inf.

// CHECK-LABEL: func.func @reduce_maximumf(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[INIT:[^:]*]]: tensor<8xf32>, %[[N:[^:]*]]: i32)
// CHECK:         %[[S:.*]] = arith.minsi
// CHECK:         %[[M:.*]] = dynshape.mask %[[A]] : tensor<16x8xf32> dims [0] sizes(%[[S]]) fill 0xFF800000 : f32
// CHECK:         linalg.reduce ins(%[[M]] : tensor<16x8xf32>) outs(%[[INIT]] : tensor<8xf32>) dimensions = [0]
// CHECK:           arith.maximumf
func.func @reduce_maximumf(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                           %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce ins(%a : tensor<?x8xf32, #dynshape.bounds<16, ?>>)
                     outs(%init : tensor<8xf32>) dimensions = [0]
    (%x: f32, %y: f32) {
      %s = arith.maximumf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}

// -----

// mul masks with 1, min with +inf (here on bf16), and on i1 with true,
// maxsi on i8 with the smallest i8.

// CHECK-LABEL: func.func @reduce_mulf(
// CHECK:         %[[M:.*]] = dynshape.mask %{{.*}} : tensor<16xf32> dims [0] sizes(%{{.*}}) fill 1.000000e+00 : f32
// CHECK:         linalg.reduce ins(%[[M]] : tensor<16xf32>)
// CHECK:           arith.mulf
func.func @reduce_mulf(%a: tensor<?xf32, #dynshape.bounds<16>>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce ins(%a : tensor<?xf32, #dynshape.bounds<16>>)
                     outs(%init : tensor<f32>) dimensions = [0]
    (%x: f32, %y: f32) {
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// CHECK-LABEL: func.func @reduce_minimumf_bf16(
// CHECK-SAME:    tensor<16x4xbf16>
// CHECK:         %[[M:.*]] = dynshape.mask %{{.*}} : tensor<16x4xbf16> dims [0] sizes(%{{.*}}) fill 0x7F80 : bf16
// CHECK:         linalg.reduce ins(%[[M]] : tensor<16x4xbf16>)
// CHECK:           arith.minimumf
func.func @reduce_minimumf_bf16(%a: tensor<?x4xbf16, #dynshape.bounds<16, ?>>,
                                %init: tensor<4xbf16>) -> tensor<4xbf16> {
  %r = linalg.reduce ins(%a : tensor<?x4xbf16, #dynshape.bounds<16, ?>>)
                     outs(%init : tensor<4xbf16>) dimensions = [0]
    (%x: bf16, %y: bf16) {
      %s = arith.minimumf %x, %y : bf16
      linalg.yield %s : bf16
    }
  return %r : tensor<4xbf16>
}

// CHECK-LABEL: func.func @reduce_andi_i1(
// CHECK-SAME:    tensor<16xi1>
// CHECK:         %[[M:.*]] = dynshape.mask %{{.*}} : tensor<16xi1> dims [0] sizes(%{{.*}}) fill true{{$}}
// CHECK:         linalg.reduce ins(%[[M]] : tensor<16xi1>)
// CHECK:           arith.andi
func.func @reduce_andi_i1(%a: tensor<?xi1, #dynshape.bounds<16>>, %init: tensor<i1>) -> tensor<i1> {
  %r = linalg.reduce ins(%a : tensor<?xi1, #dynshape.bounds<16>>)
                     outs(%init : tensor<i1>) dimensions = [0]
    (%x: i1, %y: i1) {
      %s = arith.andi %x, %y : i1
      linalg.yield %s : i1
    }
  return %r : tensor<i1>
}

// CHECK-LABEL: func.func @reduce_maxsi_i8(
// CHECK-SAME:    tensor<16xi8>
// CHECK:         %[[M:.*]] = dynshape.mask %{{.*}} : tensor<16xi8> dims [0] sizes(%{{.*}}) fill -128 : i8
// CHECK:         linalg.reduce ins(%[[M]] : tensor<16xi8>)
// CHECK:           arith.maxsi
func.func @reduce_maxsi_i8(%a: tensor<?xi8, #dynshape.bounds<16>>, %init: tensor<i8>) -> tensor<i8> {
  %r = linalg.reduce ins(%a : tensor<?xi8, #dynshape.bounds<16>>)
                     outs(%init : tensor<i8>) dimensions = [0]
    (%x: i8, %y: i8) {
      %s = arith.maxsi %x, %y : i8
      linalg.yield %s : i8
    }
  return %r : tensor<i8>
}

// -----

// Reducing over both bounded dims masks both in one dynshape.mask: an
// element is padding if it is out of range along either dim.

// CHECK-LABEL: func.func @reduce_both_dims(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %{{[^:]*}}: tensor<f32>, %[[N0:[^:]*]]: i32, %[[N1:[^:]*]]: i32)
// CHECK:         %[[S0:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK:         %[[S1:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK:         %[[M:.*]] = dynshape.mask %[[A]] : tensor<16x8xf32> dims [0, 1] sizes(%[[S0]], %[[S1]]) fill 0.000000e+00 : f32
// CHECK:         linalg.reduce ins(%[[M]] : tensor<16x8xf32>)
// CHECK-SAME:      dimensions = [0, 1]
func.func @reduce_both_dims(%a: tensor<?x?xf32, #dynshape.bounds<16, 8>>,
                            %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce ins(%a : tensor<?x?xf32, #dynshape.bounds<16, 8>>)
                     outs(%init : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// -----

// Reducing over the STATIC dim of a bounded tensor needs no mask; the
// bounded dim survives into the result, whose size is the init's.

// CHECK-LABEL: func.func @reduce_static_dim(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[INIT:[^:]*]]: tensor<16xf32>, %{{[^:]*}}: i32, %[[NI:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<16xf32>, i32)
// CHECK:         %[[LI:.*]] = arith.maxsi %[[NI]], %{{.*}} : i32
// CHECK:         %[[SI:.*]] = arith.minsi %[[LI]], %{{.*}} : i32
// CHECK-NOT:     dynshape.mask
// CHECK:         %[[R:.*]] = linalg.reduce ins(%[[A]] : tensor<16x8xf32>) outs(%[[INIT]] : tensor<16xf32>) dimensions = [1]
// CHECK:         return %[[R]], %[[SI]] : tensor<16xf32>, i32
func.func @reduce_static_dim(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                             %init: tensor<?xf32, #dynshape.bounds<16>>)
    -> tensor<?xf32, #dynshape.bounds<16>> {
  %r = linalg.reduce ins(%a : tensor<?x8xf32, #dynshape.bounds<16, ?>>)
                     outs(%init : tensor<?xf32, #dynshape.bounds<16>>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32, #dynshape.bounds<16>>
}

// -----

// matmul over a bounded K masks both operands along K with 0 (the add
// combiner's identity); a bounded M is a parallel dim and is not masked.

// CHECK-LABEL: func.func @matmul_bounded_k(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4x16xf32>, %[[B:[^:]*]]: tensor<16x8xf32>, %[[C:[^:]*]]: tensor<4x8xf32>, %{{[^:]*}}: i32, %{{[^:]*}}: i32)
// CHECK:         %[[SA:.*]] = arith.minsi
// CHECK:         %[[SB:.*]] = arith.minsi
// CHECK:         %[[MA:.*]] = dynshape.mask %[[A]] : tensor<4x16xf32> dims [1] sizes(%[[SA]]) fill 0.000000e+00 : f32
// CHECK:         %[[MB:.*]] = dynshape.mask %[[B]] : tensor<16x8xf32> dims [0] sizes(%[[SB]]) fill 0.000000e+00 : f32
// CHECK:         linalg.matmul ins(%[[MA]], %[[MB]] : tensor<4x16xf32>, tensor<16x8xf32>) outs(%[[C]] : tensor<4x8xf32>)
func.func @matmul_bounded_k(%a: tensor<4x?xf32, #dynshape.bounds<?, 16>>,
                            %b: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                            %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x?xf32, #dynshape.bounds<?, 16>>,
                                  tensor<?x8xf32, #dynshape.bounds<16, ?>>)
                     outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @matmul_bounded_m(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4x16xf32>, %[[B:[^:]*]]: tensor<16x8xf32>, %[[C:[^:]*]]: tensor<4x8xf32>, %{{[^:]*}}: i32, %[[NC:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<4x8xf32>, i32)
// CHECK-NOT:     dynshape.mask
// CHECK:         %[[LC:.*]] = arith.maxsi %[[NC]], %{{.*}} : i32
// CHECK:         %[[SC:.*]] = arith.minsi %[[LC]], %{{.*}} : i32
// CHECK-NOT:     dynshape.mask
// CHECK:         %[[R:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x16xf32>, tensor<16x8xf32>) outs(%[[C]] : tensor<4x8xf32>)
// CHECK:         return %[[R]], %[[SC]] : tensor<4x8xf32>, i32
func.func @matmul_bounded_m(%a: tensor<?x16xf32, #dynshape.bounds<4, ?>>,
                            %b: tensor<16x8xf32>,
                            %c: tensor<?x8xf32, #dynshape.bounds<4, ?>>)
    -> tensor<?x8xf32, #dynshape.bounds<4, ?>> {
  %r = linalg.matmul ins(%a, %b : tensor<?x16xf32, #dynshape.bounds<4, ?>>, tensor<16x8xf32>)
                     outs(%c : tensor<?x8xf32, #dynshape.bounds<4, ?>>)
      -> tensor<?x8xf32, #dynshape.bounds<4, ?>>
  return %r : tensor<?x8xf32, #dynshape.bounds<4, ?>>
}

//===----------------------------------------------------------------------===//
// Elementwise ops just get padded types
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[B:[^:]*]]: tensor<16x8xf32>, %[[NA:[^:]*]]: i32, %{{[^:]*}}: i32)
// CHECK-SAME:    -> (tensor<16x8xf32>, tensor<16x8xi1>, i32, i32)
// CHECK:         %[[LA:.*]] = arith.maxsi %[[NA]], %{{.*}} : i32
// CHECK:         %[[SA:.*]] = arith.minsi %[[LA]], %{{.*}} : i32
// CHECK-NOT:     dynshape.mask
// CHECK:         %[[S:.*]] = arith.addf %[[A]], %[[B]] : tensor<16x8xf32>
// CHECK-NEXT:    %[[R:.*]] = linalg.add ins(%[[S]], %[[B]] : tensor<16x8xf32>, tensor<16x8xf32>) outs(%[[A]] : tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpf olt, %[[R]], %[[A]] : tensor<16x8xf32>
// CHECK-NEXT:    return %[[R]], %[[CMP]], %[[SA]], %[[SA]] : tensor<16x8xf32>, tensor<16x8xi1>, i32, i32
func.func @elementwise(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                       %b: tensor<?x8xf32, #dynshape.bounds<16, ?>>)
    -> (tensor<?x8xf32, #dynshape.bounds<16, ?>>, tensor<?x8xi1, #dynshape.bounds<16, ?>>) {
  %s = arith.addf %a, %b : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %r = linalg.add ins(%s, %b : tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                               tensor<?x8xf32, #dynshape.bounds<16, ?>>)
                  outs(%a : tensor<?x8xf32, #dynshape.bounds<16, ?>>)
      -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %c = arith.cmpf olt, %r, %a : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %r, %c : tensor<?x8xf32, #dynshape.bounds<16, ?>>, tensor<?x8xi1, #dynshape.bounds<16, ?>>
}

// -----

//===----------------------------------------------------------------------===//
// Runtime-offset accesses
//===----------------------------------------------------------------------===//

// -----

// A bounded update: slice the base at the same indices, keep the base's
// values over the update's padding (a dynshape.mask `with` that window),
// then write (XLA's rewrite).

// CHECK-LABEL: func.func @dus_bounded_update(
// CHECK-SAME:    %[[BASE:[^:]*]]: tensor<64x32xf32>, %[[U:[^:]*]]: tensor<8x32xf32>, %[[POS:[^:]*]]: i32, %[[N:[^:]*]]: i32) -> tensor<64x32xf32>
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:         %[[S:.*]] = arith.minsi %[[L]], %{{.*}} : i32
// CHECK:         %[[C0:.*]] = arith.constant 0 : i32
// CHECK:         %[[WIN:.*]] = dynshape.dynamic_slice %[[BASE]][%[[POS]], %[[C0]]] sizes [8, 32] : tensor<64x32xf32> -> tensor<8x32xf32>
// CHECK:         %[[MASKED:.*]] = dynshape.mask %[[U]] : tensor<8x32xf32> dims [0] sizes(%[[S]]) with %[[WIN]] : tensor<8x32xf32>
// CHECK:         %[[W:.*]] = dynshape.dynamic_update_slice %[[MASKED]] into %[[BASE]][%[[POS]], %[[C0]]] : tensor<8x32xf32> into tensor<64x32xf32>
// CHECK:         return %[[W]] : tensor<64x32xf32>
func.func @dus_bounded_update(%base: tensor<64x32xf32>,
                              %u: tensor<?x32xf32, #dynshape.bounds<8, ?>>,
                              %pos: i32) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_update_slice %u into %base[%pos, %c0]
      : tensor<?x32xf32, #dynshape.bounds<8, ?>> into tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// A static update into a bounded base: no mask; the base's size flows
// through to the result.

// CHECK-LABEL: func.func @dus_bounded_base(
// CHECK-SAME:    %[[BASE:[^:]*]]: tensor<64x32xf32>, %[[U:[^:]*]]: tensor<1x32xf32>, %[[POS:[^:]*]]: i32, %[[N:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<64x32xf32>, i32)
// CHECK:         %[[S:.*]] = arith.minsi
// CHECK-NOT:     dynshape.mask
// CHECK-NOT:     dynshape.dynamic_slice
// CHECK:         %[[W:.*]] = dynshape.dynamic_update_slice %[[U]] into %[[BASE]][%[[POS]], %{{.*}}] : tensor<1x32xf32> into tensor<64x32xf32>
// CHECK:         return %[[W]], %[[S]] : tensor<64x32xf32>, i32
func.func @dus_bounded_base(%base: tensor<?x32xf32, #dynshape.bounds<64, ?>>,
                            %u: tensor<1x32xf32>, %pos: i32)
    -> tensor<?x32xf32, #dynshape.bounds<64, ?>> {
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_update_slice %u into %base[%pos, %c0]
      : tensor<1x32xf32> into tensor<?x32xf32, #dynshape.bounds<64, ?>>
  return %r : tensor<?x32xf32, #dynshape.bounds<64, ?>>
}

// -----

// dynamic_slice of a bounded operand reads the padded tensor.

// CHECK-LABEL: func.func @dynamic_slice_bounded(
// CHECK-SAME:    %[[T:[^:]*]]: tensor<64x32xf32>, %[[I:[^:]*]]: i32, %{{[^:]*}}: i32) -> tensor<1x32xf32>
// CHECK:         dynshape.dynamic_slice %[[T]][%[[I]], %{{.*}}] sizes [1, 32] : tensor<64x32xf32> -> tensor<1x32xf32>
func.func @dynamic_slice_bounded(%t: tensor<?x32xf32, #dynshape.bounds<64, ?>>,
                                 %i: i32) -> tensor<1x32xf32> {
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_slice %t[%i, %c0] sizes [1, 32]
      : tensor<?x32xf32, #dynshape.bounds<64, ?>> -> tensor<1x32xf32>
  return %r : tensor<1x32xf32>
}

// -----

// Scatter: padded ids are replaced by -1 (a dynshape.mask `fill -1`), which
// scatter skips.

// CHECK-LABEL: func.func @scatter_bounded_ids(
// CHECK-SAME:    %[[ROWS:[^:]*]]: tensor<8x128xf32>, %[[TABLE:[^:]*]]: tensor<4096x128xf32>, %[[IDS:[^:]*]]: tensor<8xi32>, %{{[^:]*}}: i32, %[[NI:[^:]*]]: i32)
// CHECK-SAME:    -> tensor<4096x128xf32>
// CHECK:         %[[LI:.*]] = arith.maxsi %[[NI]], %{{.*}} : i32
// CHECK:         %[[SI:.*]] = arith.minsi %[[LI]], %{{.*}} : i32
// CHECK:         %[[MASKED:.*]] = dynshape.mask %[[IDS]] : tensor<8xi32> dims [0] sizes(%[[SI]]) fill -1 : i32
// CHECK:         %[[R:.*]] = dynshape.scatter %[[ROWS]] into %[[TABLE]][%[[MASKED]]] : (tensor<8x128xf32>, tensor<8xi32>) -> tensor<4096x128xf32>
// CHECK:         return %[[R]] : tensor<4096x128xf32>
func.func @scatter_bounded_ids(%rows: tensor<?x128xf32, #dynshape.bounds<8, ?>>,
                               %table: tensor<4096x128xf32>,
                               %ids: tensor<?xi32, #dynshape.bounds<8>>)
    -> tensor<4096x128xf32> {
  %r = dynshape.scatter %rows into %table[%ids]
      : (tensor<?x128xf32, #dynshape.bounds<8, ?>>, tensor<?xi32, #dynshape.bounds<8>>)
        -> tensor<4096x128xf32>
  return %r : tensor<4096x128xf32>
}

// -----

// Gather with bounded ids: a padded result whose row count is the ids' size.

// CHECK-LABEL: func.func @gather_bounded_ids(
// CHECK-SAME:    %[[TABLE:[^:]*]]: tensor<4096x128xf32>, %[[IDS:[^:]*]]: tensor<8xi32>, %[[NI:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<8x128xf32>, i32)
// CHECK:         %[[LI:.*]] = arith.maxsi %[[NI]], %{{.*}} : i32
// CHECK:         %[[SI:.*]] = arith.minsi %[[LI]], %{{.*}} : i32
// CHECK:         %[[G:.*]] = dynshape.gather %[[TABLE]][%[[IDS]]] : (tensor<4096x128xf32>, tensor<8xi32>) -> tensor<8x128xf32>
// CHECK:         return %[[G]], %[[SI]] : tensor<8x128xf32>, i32
func.func @gather_bounded_ids(%table: tensor<4096x128xf32>,
                              %ids: tensor<?xi32, #dynshape.bounds<8>>)
    -> tensor<?x128xf32, #dynshape.bounds<8, ?>> {
  %g = dynshape.gather %table[%ids]
      : (tensor<4096x128xf32>, tensor<?xi32, #dynshape.bounds<8>>)
        -> tensor<?x128xf32, #dynshape.bounds<8, ?>>
  return %g : tensor<?x128xf32, #dynshape.bounds<8, ?>>
}

// -----

// Gather from a table bounded in a non-indexed dim: that size comes from
// the table.

// CHECK-LABEL: func.func @gather_bounded_table(
// CHECK-SAME:    %[[TABLE:[^:]*]]: tensor<64x32xf32>, %[[IDS:[^:]*]]: tensor<8xi32>, %[[NT:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<8x32xf32>, i32)
// CHECK:         %[[LT:.*]] = arith.maxsi %[[NT]], %{{.*}} : i32
// CHECK:         %[[ST:.*]] = arith.minsi %[[LT]], %{{.*}} : i32
// CHECK:         %[[G:.*]] = dynshape.gather %[[TABLE]][%[[IDS]]] : (tensor<64x32xf32>, tensor<8xi32>) -> tensor<8x32xf32>
// CHECK:         return %[[G]], %[[ST]] : tensor<8x32xf32>, i32
func.func @gather_bounded_table(%table: tensor<64x?xf32, #dynshape.bounds<?, 32>>,
                                %ids: tensor<8xi32>)
    -> tensor<8x?xf32, #dynshape.bounds<?, 32>> {
  %g = dynshape.gather %table[%ids]
      : (tensor<64x?xf32, #dynshape.bounds<?, 32>>, tensor<8xi32>)
        -> tensor<8x?xf32, #dynshape.bounds<?, 32>>
  return %g : tensor<8x?xf32, #dynshape.bounds<?, 32>>
}

//===----------------------------------------------------------------------===//
// tensor.empty, tensor.dim
//===----------------------------------------------------------------------===//

// -----

// tensor.empty with a dynamic size: the bound-sized tensor plus the size as
// i32, clamped; tensor.dim of the bounded dim is that size as an index, of
// the static dim a constant.

// CHECK-LABEL: func.func @empty_and_dim(
// CHECK-SAME:    %[[N:[^:]*]]: index) -> (tensor<16x8xf32>, index, index, i32)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x8xf32>
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK:         %[[C:.*]] = arith.minsi %[[L]], %{{.*}} : index
// CHECK:         %[[S:.*]] = arith.index_cast %[[C]] : index to i32
// CHECK:         %[[D0:.*]] = arith.index_cast %[[S]] : i32 to index
// CHECK:         %[[D1:.*]] = arith.constant 8 : index
// CHECK:         return %[[E]], %[[D0]], %[[D1]], %[[S]] : tensor<16x8xf32>, index, index, i32
func.func @empty_and_dim(%n: index)
    -> (tensor<?x8xf32, #dynshape.bounds<16, ?>>, index, index) {
  %e = tensor.empty(%n) : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %e, %c0 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %d1 = tensor.dim %e, %c1 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %e, %d0, %d1 : tensor<?x8xf32, #dynshape.bounds<16, ?>>, index, index
}

// -----

// linalg.fill into a bounded tensor.empty: the result's size is the init's.

// CHECK-LABEL: func.func @fill_bounded(
// CHECK-SAME:    %[[N:[^:]*]]: index, %[[V:[^:]*]]: f32) -> (tensor<32xf32>, i32)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<32xf32>
// CHECK:         %[[C:.*]] = arith.minsi
// CHECK:         %[[S:.*]] = arith.index_cast %[[C]] : index to i32
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<32xf32>) -> tensor<32xf32>
// CHECK:         return %[[F]], %[[S]] : tensor<32xf32>, i32
func.func @fill_bounded(%n: index, %v: f32) -> tensor<?xf32, #dynshape.bounds<32>> {
  %e = tensor.empty(%n) : tensor<?xf32, #dynshape.bounds<32>>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32, #dynshape.bounds<32>>)
      -> tensor<?xf32, #dynshape.bounds<32>>
  return %f : tensor<?xf32, #dynshape.bounds<32>>
}

//===----------------------------------------------------------------------===//
// scf
//===----------------------------------------------------------------------===//

// -----

// A bounded iter_arg becomes (padded tensor, size); the loop runs to the
// size of the bounded argument.

// CHECK-LABEL: func.func @for_bounded_iter_arg(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[N:[^:]*]]: i32) -> (tensor<16x8xf32>, i32)
// CHECK:         %[[L:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:         %[[S:.*]] = arith.minsi %[[L]], %{{.*}} : i32
// CHECK:         %[[UB:.*]] = arith.index_cast %[[S]] : i32 to index
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[UB]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[A]], %[[ACCN:.*]] = %[[S]]) -> (tensor<16x8xf32>, i32) {
// CHECK:           %[[D:.*]] = arith.addf %[[ACC]], %[[ACC]] : tensor<16x8xf32>
// CHECK:           scf.yield %[[D]], %[[ACCN]] : tensor<16x8xf32>, i32
// CHECK:         }
// CHECK:         return %[[R]]#0, %[[R]]#1 : tensor<16x8xf32>, i32
func.func @for_bounded_iter_arg(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>)
    -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = dynshape.get_dimension_size %a, 0 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %ub = arith.index_cast %n : i32 to index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %a)
      -> (tensor<?x8xf32, #dynshape.bounds<16, ?>>) {
    %d = arith.addf %acc, %acc : tensor<?x8xf32, #dynshape.bounds<16, ?>>
    scf.yield %d : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  }
  return %r : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// -----

// A bounded scf.if result carries the size of whichever branch ran.

// CHECK-LABEL: func.func @if_bounded_result(
// CHECK-SAME:    %[[C:[^:]*]]: i1, %[[A:[^:]*]]: tensor<16x8xf32>, %[[B:[^:]*]]: tensor<16x8xf32>, %[[N:[^:]*]]: i32, %[[NA:[^:]*]]: i32)
// CHECK-SAME:    -> (tensor<16x8xf32>, i32)
// CHECK:         %[[SA:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK:         %[[R:.*]]:2 = scf.if %[[C]] -> (tensor<16x8xf32>, i32) {
// CHECK:           scf.yield %[[A]], %[[SA]] : tensor<16x8xf32>, i32
// CHECK:         } else {
// CHECK:           %[[LN:.*]] = arith.maxsi %[[N]], %{{.*}} : i32
// CHECK:           %[[SN:.*]] = arith.minsi %[[LN]], %{{.*}} : i32
// CHECK:           scf.yield %[[B]], %[[SN]] : tensor<16x8xf32>, i32
// CHECK:         }
// CHECK:         return %[[R]]#0, %[[R]]#1 : tensor<16x8xf32>, i32
func.func @if_bounded_result(%c: i1, %a: tensor<?x8xf32, #dynshape.bounds<16, ?>>,
                             %b: tensor<16x8xf32>, %n: i32)
    -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %r = scf.if %c -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
    scf.yield %a : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  } else {
    %s = dynshape.set_dimension_size %b, %n, 0
        : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
    scf.yield %s : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  }
  return %r : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// -----

// Bounded values through scf.while nested in scf.if nested in scf.for.

// CHECK-LABEL: func.func @nested_regions(
// CHECK-SAME:    %[[C:[^:]*]]: i1, %[[A:[^:]*]]: tensor<16xf32>, %[[UB:[^:]*]]: index, %[[N:[^:]*]]: i32) -> (tensor<16xf32>, i32)
// CHECK:         %[[S:.*]] = arith.minsi
// CHECK:         %[[F:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[UB]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[A]], %[[ACCN:.*]] = %[[S]]) -> (tensor<16xf32>, i32) {
// CHECK:           %[[I:.*]]:2 = scf.if %[[C]] -> (tensor<16xf32>, i32) {
// CHECK:             %[[W:.*]]:2 = scf.while (%[[V:.*]] = %[[ACC]], %[[VN:.*]] = %[[ACCN]]) : (tensor<16xf32>, i32) -> (tensor<16xf32>, i32) {
// CHECK:               scf.condition(%[[C]]) %[[V]], %[[VN]] : tensor<16xf32>, i32
// CHECK:             } do {
// CHECK:             ^bb0(%[[U:.*]]: tensor<16xf32>, %[[UN:.*]]: i32):
// CHECK:               %[[D:.*]] = arith.mulf %[[U]], %[[U]] : tensor<16xf32>
// CHECK:               scf.yield %[[D]], %[[UN]] : tensor<16xf32>, i32
// CHECK:             }
// CHECK:             scf.yield %[[W]]#0, %[[W]]#1 : tensor<16xf32>, i32
// CHECK:           } else {
// CHECK:             scf.yield %[[ACC]], %[[ACCN]] : tensor<16xf32>, i32
// CHECK:           }
// CHECK:           scf.yield %[[I]]#0, %[[I]]#1 : tensor<16xf32>, i32
// CHECK:         }
// CHECK:         return %[[F]]#0, %[[F]]#1 : tensor<16xf32>, i32
func.func @nested_regions(%c: i1, %a: tensor<?xf32, #dynshape.bounds<16>>, %n: index)
    -> tensor<?xf32, #dynshape.bounds<16>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a)
      -> tensor<?xf32, #dynshape.bounds<16>> {
    %x = scf.if %c -> tensor<?xf32, #dynshape.bounds<16>> {
      %w = scf.while (%v = %acc) : (tensor<?xf32, #dynshape.bounds<16>>)
          -> tensor<?xf32, #dynshape.bounds<16>> {
        scf.condition(%c) %v : tensor<?xf32, #dynshape.bounds<16>>
      } do {
      ^bb0(%u: tensor<?xf32, #dynshape.bounds<16>>):
        %d = arith.mulf %u, %u : tensor<?xf32, #dynshape.bounds<16>>
        scf.yield %d : tensor<?xf32, #dynshape.bounds<16>>
      }
      scf.yield %w : tensor<?xf32, #dynshape.bounds<16>>
    } else {
      scf.yield %acc : tensor<?xf32, #dynshape.bounds<16>>
    }
    scf.yield %x : tensor<?xf32, #dynshape.bounds<16>>
  }
  return %r : tensor<?xf32, #dynshape.bounds<16>>
}

// -----

// Nothing bounded: the function is left exactly as it was.

// CHECK-LABEL: func.func @untouched(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xf32>, %[[I:[^:]*]]: i32) -> tensor<1xf32>
// CHECK-NEXT:    %[[R:.*]] = dynshape.dynamic_slice %[[A]][%[[I]]] sizes [1] : tensor<4xf32> -> tensor<1xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1xf32>
func.func @untouched(%a: tensor<4xf32>, %i: i32) -> tensor<1xf32> {
  %r = dynshape.dynamic_slice %a[%i] sizes [1] : tensor<4xf32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// One size shared by two bounds: proven within [0, 12], so its clamp is
// dropped for bound 16, and for bound 8 only the upper half remains.
// CHECK-LABEL: func.func @shared_size(
// CHECK:         %[[H:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK-NOT:     arith.maxsi %[[H]]
// CHECK:         %[[S8:.*]] = arith.minsi %[[H]], %{{.*}} : i32
// CHECK:         return %{{.*}}, %{{.*}}, %[[H]], %[[S8]] : tensor<16x8xf32>, tensor<8x8xf32>, i32, i32
func.func @shared_size(%a: tensor<16x8xf32>, %b: tensor<8x8xf32>, %n: i32)
    -> (tensor<?x8xf32, #dynshape.bounds<16, ?>>, tensor<?x8xf32, #dynshape.bounds<8, ?>>) {
  %c0 = arith.constant 0 : i32
  %c12 = arith.constant 12 : i32
  %l = arith.maxsi %n, %c0 : i32
  %h = arith.minsi %l, %c12 : i32
  %x = dynshape.set_dimension_size %a, %h, 0 : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %y = dynshape.set_dimension_size %b, %h, 0 : (tensor<8x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<8, ?>>
  return %x, %y : tensor<?x8xf32, #dynshape.bounds<16, ?>>, tensor<?x8xf32, #dynshape.bounds<8, ?>>
}

// -----

// An affine.min size is bounded above by ValueBoundsOpInterface: only the
// lower half of the clamp remains (a min has no provable lower bound).
// CHECK-LABEL: func.func @affine_min_size(
// CHECK:         %[[M:.*]] = affine.min
// CHECK-NOT:     arith.minsi
// CHECK:         %[[L:.*]] = arith.maxsi %[[M]], %{{.*}} : index
// CHECK-NOT:     arith.minsi
// CHECK:         %[[S:.*]] = arith.index_cast %[[L]] : index to i32
// CHECK:         return %{{.*}}, %[[S]]
func.func @affine_min_size(%i: index) -> tensor<?xf32, #dynshape.bounds<32>> {
  %c0 = arith.constant 0 : index
  %lo = affine.max affine_map<(d0) -> (d0, 0)>(%i)
  %n = affine.min affine_map<(d0) -> (d0, 32)>(%lo)
  %e = tensor.empty(%n) : tensor<?xf32, #dynshape.bounds<32>>
  return %e : tensor<?xf32, #dynshape.bounds<32>>
}

// -----

// A bf16 x bf16 -> f32 dot product over a bounded dim (the attention
// pattern): both inputs reach the add through extf, so their padding is
// masked with 0 in bf16, and 0 * 0 adds nothing.
// CHECK-LABEL: func.func @bf16_dot(
// CHECK-SAME:    %[[Q:[^:]*]]: tensor<1x16xbf16>, %[[K:[^:]*]]: tensor<16xbf16>
// CHECK-DAG:     %[[MQ:.*]] = dynshape.mask %[[Q]] : tensor<1x16xbf16> dims [1] sizes(%{{.*}}) fill 0.000000e+00 : bf16
// CHECK-DAG:     %[[MK:.*]] = dynshape.mask %[[K]] : tensor<16xbf16> dims [0] sizes(%{{.*}}) fill 0.000000e+00 : bf16
// CHECK:         linalg.generic {{.*}} ins(%[[MQ]], %[[MK]] : tensor<1x16xbf16>, tensor<16xbf16>)
func.func @bf16_dot(%q: tensor<1x?xbf16, #dynshape.bounds<?, 16>>, %k: tensor<?xbf16, #dynshape.bounds<16>>,
                    %init: tensor<1xf32>) -> tensor<1xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%q, %k : tensor<1x?xbf16, #dynshape.bounds<?, 16>>, tensor<?xbf16, #dynshape.bounds<16>>)
      outs(%init : tensor<1xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %af = arith.extf %a : bf16 to f32
    %bf = arith.extf %b : bf16 to f32
    %p = arith.mulf %af, %bf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// A bf16 row max in f32: the padding is -inf in bf16, which extf keeps.
// CHECK-LABEL: func.func @bf16_max_in_f32(
// CHECK:         dynshape.mask %{{.*}} : tensor<4x16xbf16> dims [1] sizes(%{{.*}}) fill 0xFF80 : bf16
func.func @bf16_max_in_f32(%x: tensor<4x?xbf16, #dynshape.bounds<?, 16>>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x?xbf16, #dynshape.bounds<?, 16>>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: bf16, %acc: f32):
    %af = arith.extf %a : bf16 to f32
    %m = arith.maximumf %af, %acc : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A profile's expected size moves from the bounded argument to its size.
// CHECK-LABEL: func.func @size_estimate(
// CHECK-SAME: %{{.*}}: tensor<512x4xf32>, %{{.*}}: i32 {dynshape.size_estimate = 300 : i64})
func.func @size_estimate(%x: tensor<?x4xf32, #dynshape.bounds<512, ?>> {dynshape.size_estimate = 300 : i64}) -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%x : tensor<?x4xf32, #dynshape.bounds<512, ?>>) outs(%i : tensor<4xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}
