// StableHLO in generic form, converted by op name and properties.
// RUN: dyn-opt %s -split-input-file --convert-stablehlo-to-dynshape | FileCheck %s

// Bounds encodings become #dynshape.bounds, StableHLO scalars i32, in the
// signature too; the accesses become dynshape's (same clamping).
// CHECK-LABEL: func.func @kv(
// CHECK-SAME:    %[[CACHE:[^:]*]]: tensor<16x8xf32>, %[[ROW:[^:]*]]: tensor<?x8xf32, #dynshape.bounds<1, ?>>, %[[POS:[^:]*]]: i32) -> (tensor<16x8xf32>, i32)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[W:.*]] = dynshape.dynamic_update_slice %[[ROW]] into %[[CACHE]][%[[POS]], %[[ZERO]]]
// CHECK:         %[[N:.*]] = dynshape.get_dimension_size %[[ROW]], 0
// CHECK:         return %[[W]], %[[N]]
"func.func"() <{function_type = (tensor<16x8xf32>, tensor<?x8xf32, #stablehlo.bounds<1, ?>>, tensor<i32>) -> (tensor<16x8xf32>, tensor<i32>), sym_name = "kv"}> ({
^bb0(%cache: tensor<16x8xf32>, %row: tensor<?x8xf32, #stablehlo.bounds<1, ?>>, %pos: tensor<i32>):
  %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %w = "stablehlo.dynamic_update_slice"(%cache, %row, %pos, %c0) : (tensor<16x8xf32>, tensor<?x8xf32, #stablehlo.bounds<1, ?>>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
  %n = "stablehlo.get_dimension_size"(%row) <{dimension = 0 : i64}> : (tensor<?x8xf32, #stablehlo.bounds<1, ?>>) -> tensor<i32>
  "func.return"(%w, %n) : (tensor<16x8xf32>, tensor<i32>) -> ()
}) : () -> ()

// -----

// Scalar arithmetic: a shift keeps StableHLO's meaning for amounts of 32
// or more (0, or the sign); UNSIGNED compares are unsigned; convert to i1
// is `!= 0`, from i1 a zero extension; clamp(lo, x, hi) is min(max).
// CHECK-LABEL: func.func @scalars(
// CHECK-SAME:    %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32) -> (i32, i32, i1, i32, i32)
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : i32
// CHECK:         %[[INRANGE:.*]] = arith.cmpi ult, %[[B]], %[[C32]] : i32
// CHECK:         %[[SAFE:.*]] = arith.select %[[INRANGE]], %[[B]], %{{.*}} : i32
// CHECK:         %[[SHL:.*]] = arith.shli %[[A]], %[[SAFE]] : i32
// CHECK:         %[[LEFT:.*]] = arith.select %[[INRANGE]], %[[SHL]], %{{.*}} : i32
// CHECK:         %[[INRANGE2:.*]] = arith.cmpi ult, %[[B]], %{{.*}} : i32
// CHECK:         %[[AMOUNT:.*]] = arith.select %[[INRANGE2]], %[[B]], %{{.*}} : i32
// CHECK:         %[[SHRS:.*]] = arith.shrsi %[[A]], %[[AMOUNT]] : i32
// CHECK:         %[[ULT:.*]] = arith.cmpi ult, %[[A]], %[[B]] : i32
// CHECK:         %[[NZ:.*]] = arith.cmpi ne, %[[A]], %{{.*}} : i32
// CHECK:         %[[WIDE:.*]] = arith.extui %[[NZ]] : i1 to i32
// CHECK:         %[[LO:.*]] = arith.maxsi %[[A]], %{{.*}} : i32
// CHECK:         %[[CLAMPED:.*]] = arith.minsi %[[LO]], %{{.*}} : i32
// CHECK:         return %[[LEFT]], %[[SHRS]], %[[ULT]], %[[WIDE]], %[[CLAMPED]]
"func.func"() <{function_type = (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i1>, tensor<i32>, tensor<i32>), sym_name = "scalars"}> ({
^bb0(%a: tensor<i32>, %b: tensor<i32>):
  %0 = "stablehlo.shift_left"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %1 = "stablehlo.shift_right_arithmetic"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %2 = "stablehlo.compare"(%a, %b) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %3 = "stablehlo.convert"(%a) : (tensor<i32>) -> tensor<i1>
  %4 = "stablehlo.convert"(%3) : (tensor<i1>) -> tensor<i32>
  %lo = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %hi = "stablehlo.constant"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  %5 = "stablehlo.clamp"(%lo, %a, %hi) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
  "func.return"(%0, %1, %2, %4, %5) : (tensor<i32>, tensor<i32>, tensor<i1>, tensor<i32>, tensor<i32>) -> ()
}) : () -> ()

// -----

// A static slice is a tensor.extract_slice; a reshape that adds a unit
// dimension a tensor.expand_shape.
// CHECK-LABEL: func.func @slices(
// CHECK:         %[[S:.*]] = tensor.extract_slice %{{.*}}[2, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[S]] {{\[\[}}0, 1], [2]] output_shape [1, 4, 8] : tensor<4x8xf32> into tensor<1x4x8xf32>
// CHECK:         return %[[R]]
"func.func"() <{function_type = (tensor<16x8xf32>) -> tensor<1x4x8xf32>, sym_name = "slices"}> ({
^bb0(%t: tensor<16x8xf32>):
  %0 = "stablehlo.slice"(%t) <{limit_indices = array<i64: 6, 8>, start_indices = array<i64: 2, 0>, strides = array<i64: 1, 1>}> : (tensor<16x8xf32>) -> tensor<4x8xf32>
  %1 = "stablehlo.reshape"(%0) : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
  "func.return"(%1) : (tensor<1x4x8xf32>) -> ()
}) : () -> ()

// -----

// A fori_loop (a while counting an i32 up by 1 to a bound) is an scf.for;
// the counter's final value is max(start, bound).
// CHECK-LABEL: func.func @fori(
// CHECK-SAME:    %[[N:[^:]*]]: i32, %[[INIT:[^:]*]]: tensor<4x8xf32>)
// CHECK:         %[[LB:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:         %[[UB:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK:         %[[R:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<4x8xf32>)
// CHECK:           %[[I:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK:           dynshape.dynamic_update_slice %{{.*}} into %[[ACC]][%[[I]], %{{.*}}]
// CHECK:         %[[END:.*]] = arith.maxsi %{{.*}}, %[[N]] : i32
// CHECK:         return %[[R]], %[[END]]
"func.func"() <{function_type = (tensor<i32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<i32>), sym_name = "fori"}> ({
^bb0(%n: tensor<i32>, %out: tensor<4x8xf32>):
  %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r:3 = "stablehlo.while"(%c0, %n, %out) ({
  ^bb0(%i: tensor<i32>, %ub: tensor<i32>, %acc: tensor<4x8xf32>):
    %p = "stablehlo.compare"(%i, %ub) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %ub: tensor<i32>, %acc: tensor<4x8xf32>):
    %z = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %one = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %row = "stablehlo.constant"() <{value = dense<1.0> : tensor<1x8xf32>}> : () -> tensor<1x8xf32>
    %acc2 = "stablehlo.dynamic_update_slice"(%acc, %row, %i, %z) : (tensor<4x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
    %i2 = "stablehlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%i2, %ub, %acc2) : (tensor<i32>, tensor<i32>, tensor<4x8xf32>) -> ()
  }) : (tensor<i32>, tensor<i32>, tensor<4x8xf32>) -> (tensor<i32>, tensor<i32>, tensor<4x8xf32>)
  "func.return"(%r#2, %r#0) : (tensor<4x8xf32>, tensor<i32>) -> ()
}) : () -> ()

// -----

// StableHLO's booleans: add and maximum are OR, multiply and minimum AND
// (as 1-bit integers, addi would be XOR and maxsi AND).
// CHECK-LABEL: func.func @booleans(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi1>, %[[B:[^:]*]]: tensor<4xi1>)
// CHECK:         arith.ori %[[A]], %[[B]] : tensor<4xi1>
// CHECK:         arith.ori %[[A]], %[[B]] : tensor<4xi1>
// CHECK:         arith.andi %[[A]], %[[B]] : tensor<4xi1>
// CHECK:         arith.andi %[[A]], %[[B]] : tensor<4xi1>
"func.func"() <{function_type = (tensor<4xi1>, tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>), sym_name = "booleans"}> ({
^bb0(%a: tensor<4xi1>, %b: tensor<4xi1>):
  %0 = "stablehlo.add"(%a, %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = "stablehlo.maximum"(%a, %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = "stablehlo.multiply"(%a, %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = "stablehlo.minimum"(%a, %b) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  "func.return"(%0, %1, %2, %3) : (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) -> ()
}) : () -> ()

// -----

// A FLOAT compare is arith.cmpf (ordered, as StableHLO's); f16 to bf16
// goes through f32, rounded once.
// CHECK-LABEL: func.func @float_compare_and_convert(
// CHECK:         arith.cmpf ogt, %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : tensor<4xf16> to tensor<4xf32>
// CHECK:         arith.truncf %[[W]] : tensor<4xf32> to tensor<4xbf16>
"func.func"() <{function_type = (tensor<4xf32>, tensor<4xf16>) -> (tensor<4xi1>, tensor<4xbf16>), sym_name = "float_compare_and_convert"}> ({
^bb0(%x: tensor<4xf32>, %h: tensor<4xf16>):
  %z = "stablehlo.constant"() <{value = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %p = "stablehlo.compare"(%x, %z) <{comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %c = "stablehlo.convert"(%h) : (tensor<4xf16>) -> tensor<4xbf16>
  "func.return"(%p, %c) : (tensor<4xi1>, tensor<4xbf16>) -> ()
}) : () -> ()

// -----

// An i32 reduce to a scalar (jnp.sum of ints) reduces a unit-led view of
// its input into a tensor<1xi32> and reads it (an i32 is no rank-0 tensor
// after the import); a scalar broadcast to itself is the scalar.
// CHECK-LABEL: func.func @scalar_results(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[S:[^:]*]]: i32) -> (i32, i32)
// CHECK:         %[[V:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xi32> into tensor<1x4xi32>
// CHECK:         %[[R:.*]] = linalg.reduce ins(%[[V]] : tensor<1x4xi32>) outs(%{{.*}} : tensor<1xi32>) dimensions = [1]
// CHECK:         %[[E:.*]] = tensor.extract %[[R]][%{{.*}}] : tensor<1xi32>
// CHECK:         return %[[E]], %[[S]] : i32, i32
"func.func"() <{function_type = (tensor<4xi32>, tensor<i32>) -> (tensor<i32>, tensor<i32>), sym_name = "scalar_results"}> ({
^bb0(%x: tensor<4xi32>, %s: tensor<i32>):
  %z = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r = "stablehlo.reduce"(%x, %z) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%sum) : (tensor<i32>) -> ()
  }) : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  %b = "stablehlo.broadcast_in_dim"(%s) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
  "func.return"(%r, %b) : (tensor<i32>, tensor<i32>) -> ()
}) : () -> ()

// -----

// A broadcast whose operand and result types agree may still permute
// dimensions: it is a linalg.generic reading (d1, d0), not its operand.
// CHECK-LABEL: func.func @permuting_broadcast(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}]
// CHECK-NOT:     return %arg0
"func.func"() <{function_type = (tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "permuting_broadcast"}> ({
^bb0(%x: tensor<4x4xf32>):
  %b = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 1, 0>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  "func.return"(%b) : (tensor<4x4xf32>) -> ()
}) : () -> ()
