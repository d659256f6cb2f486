// Every StableHLO op or form the import does not take gets one located
// diagnostic naming the op and the form.
// RUN: dyn-opt %s -split-input-file --convert-stablehlo-to-dynshape -verify-diagnostics

"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "cosine"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error @+2 {{'stablehlo.cosine' op has no import to dynshape}}
  // expected-note @+1 {{the import takes stablehlo.constant, add, subtract, multiply, divide, remainder, maximum, minimum, and, or, xor, shift_left, shift_right_arithmetic, shift_right_logical, compare, select, clamp, convert, dynamic_slice, dynamic_update_slice, get_dimension_size, set_dimension_size, slice, reshape, gather, scatter, while, exponential, negate, rsqrt, sqrt, tanh, log, logistic, iota, broadcast_in_dim, reduce, dot_general, transpose, concatenate}}
  %0 = "stablehlo.cosine"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) : () -> ()

// -----

// A gather of columns is not a row gather.
"func.func"() <{function_type = (tensor<8x16xf32>, tensor<4x1xi32>) -> tensor<8x4xf32>, sym_name = "columns"}> ({
^bb0(%t: tensor<8x16xf32>, %i: tensor<4x1xi32>):
  // expected-error @+1 {{'stablehlo.gather' op is not in the row form that dynshape takes (rows of dimension 0 picked by i32 indices of shape [N], or [N, 1] reshaped from [N]; dimension_numbers offset_dims = [1, ..., rank - 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1)}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 8, 1>}> : (tensor<8x16xf32>, tensor<4x1xi32>) -> tensor<8x4xf32>
  "func.return"(%0) : (tensor<8x4xf32>) -> ()
}) : () -> ()

// -----

// [N, 1] indices that are not a reshape of [N].
"func.func"() <{function_type = (tensor<8x16xf32>, tensor<4x1xi32>) -> tensor<4x16xf32>, sym_name = "indices_argument"}> ({
^bb0(%t: tensor<8x16xf32>, %i: tensor<4x1xi32>):
  // expected-error @+1 {{'stablehlo.gather' op is not in the row form that dynshape takes}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<8x16xf32>, tensor<4x1xi32>) -> tensor<4x16xf32>
  "func.return"(%0) : (tensor<4x16xf32>) -> ()
}) : () -> ()

// -----

// A gather of part of each row.
"func.func"() <{function_type = (tensor<8x16xf32>, tensor<4xi32>) -> tensor<4x2xf32>, sym_name = "partial_rows"}> ({
^bb0(%t: tensor<8x16xf32>, %i: tensor<4xi32>):
  // expected-error @+1 {{'stablehlo.gather' op does not gather whole rows (slice_sizes must be [1, the other dimensions of the operand])}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<8x16xf32>, tensor<4xi32>) -> tensor<4x2xf32>
  "func.return"(%0) : (tensor<4x2xf32>) -> ()
}) : () -> ()

// -----

// A scatter that adds.
"func.func"() <{function_type = (tensor<8x16xf32>, tensor<4xi32>, tensor<4x16xf32>) -> tensor<8x16xf32>, sym_name = "scatter_add"}> ({
^bb0(%t: tensor<8x16xf32>, %i: tensor<4xi32>, %u: tensor<4x16xf32>):
  // expected-error @+1 {{'stablehlo.scatter' op combines rows with an update computation; the import takes scatters that overwrite (the computation returns its second argument)}}
  %0 = "stablehlo.scatter"(%t, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<8x16xf32>, tensor<4xi32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  "func.return"(%0) : (tensor<8x16xf32>) -> ()
}) : () -> ()

// -----

// A while whose condition is not `counter < bound`.
"func.func"() <{function_type = (tensor<i32>) -> tensor<i32>, sym_name = "not_counted"}> ({
^bb0(%n: tensor<i32>):
  // expected-error @+1 {{'stablehlo.while' op is not a counted loop; a stablehlo.while imports when its condition is `counter < bound` (signed i32 scalars it carries) and its body adds 1 to the counter and returns the bound unchanged (the form of a fori_loop), and runtime loops must have a provable bound}}
  %r = "stablehlo.while"(%n) ({
  ^bb0(%x: tensor<i32>):
    %c = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %p = "stablehlo.compare"(%x, %c) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%x: tensor<i32>):
    %c = "stablehlo.constant"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
    %y = "stablehlo.divide"(%x, %c) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%y) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  "func.return"(%r) : (tensor<i32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<16x8xf32>) -> tensor<8x8xf32>, sym_name = "strided"}> ({
^bb0(%t: tensor<16x8xf32>):
  // expected-error @+1 {{'stablehlo.slice' op has a stride other than 1; the import takes unit strides}}
  %0 = "stablehlo.slice"(%t) <{limit_indices = array<i64: 16, 8>, start_indices = array<i64: 0, 0>, strides = array<i64: 2, 1>}> : (tensor<16x8xf32>) -> tensor<8x8xf32>
  "func.return"(%0) : (tensor<8x8xf32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<16x8xf32>, tensor<i64>, tensor<i64>) -> tensor<1x8xf32>, sym_name = "wide_index"}> ({
^bb0(%t: tensor<16x8xf32>, %i: tensor<i64>, %c0: tensor<i64>):
  // expected-error @+1 {{'stablehlo.dynamic_slice' op has a start index that is not a tensor<i32>}}
  %0 = "stablehlo.dynamic_slice"(%t, %i, %c0) <{slice_sizes = array<i64: 1, 8>}> : (tensor<16x8xf32>, tensor<i64>, tensor<i64>) -> tensor<1x8xf32>
  "func.return"(%0) : (tensor<1x8xf32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xf64>) -> tensor<4xf64>, sym_name = "f64"}> ({
^bb0(%x: tensor<4xf64>):
  // expected-error @+1 {{'stablehlo.add' op takes elements of type f64; the import takes f32, bf16, f16, i32 and i1 elements}}
  %0 = "stablehlo.add"(%x, %x) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  "func.return"(%0) : (tensor<4xf64>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<?x8xf32, #stablehlo.bounds<16>>) -> (), sym_name = "bad_bounds"}> ({
// expected-error @+1 {{argument type 'tensor<?x8xf32, #stablehlo.bounds<16>>' has a #stablehlo encoding other than bounds with one bound or ? per dimension}}
^bb0(%x: tensor<?x8xf32, #stablehlo.bounds<16>>):
  %0 = "stablehlo.get_dimension_size"(%x) <{dimension = 0 : i64}> : (tensor<?x8xf32, #stablehlo.bounds<16>>) -> tensor<i32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> tensor<i32>, sym_name = "float_token"}> ({
  // expected-error @+1 {{unexpected token in a #stablehlo attribute or !stablehlo type (the import reads words, integers, strings and brackets)}}
  %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>, note = #stablehlo.note<1.5>}> : () -> tensor<i32>
  "func.return"(%0) : (tensor<i32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>, sym_name = "reduce_mul"}> ({
^bb0(%x: tensor<4x8xf32>, %one: tensor<f32>):
  // expected-error @+1 {{'stablehlo.reduce' op combines with something other than add, maximum or minimum of its two arguments}}
  %0 = "stablehlo.reduce"(%x, %one) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.multiply"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) : () -> ()

// -----

// Contracting the left operand's first dimension is not a matmul form.
"func.func"() <{function_type = (tensor<64x4xf32>, tensor<64x8xf32>) -> tensor<4x8xf32>, sym_name = "dot_lhs_transposed"}> ({
^bb0(%a: tensor<64x4xf32>, %b: tensor<64x8xf32>):
  // expected-error @+1 {{'stablehlo.dot_general' op is not a matmul or batch matmul (lhs [B,] M x K contracting its last dimension, rhs [B,] K x N or [B,] N x K, batch dimension 0) or a dot product of two vectors}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<64x4xf32>, tensor<64x8xf32>) -> tensor<4x8xf32>
  "func.return"(%0) : (tensor<4x8xf32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xf32>) -> tensor<3x4xf32>, sym_name = "broadcast_mismatch"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op maps operand dimension 0 to a result dimension of another extent}}
  %0 = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<3x4xf32>
  "func.return"(%0) : (tensor<3x4xf32>) -> ()
}) : () -> ()

// -----

// Generic form lets a region be empty: a while with an empty condition block
// (a fuzzer's mutant once read past it) and a reduce with an empty body.
"func.func"() <{function_type = (tensor<i32>) -> tensor<i32>, sym_name = "empty_condition"}> ({
^bb0(%n: tensor<i32>):
  %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'stablehlo.while' op is not a counted loop}}
  %r:2 = "stablehlo.while"(%c0, %n) ({
  ^bb0(%i: tensor<i32>, %ub: tensor<i32>):
  }, {
  ^bb0(%i: tensor<i32>, %ub: tensor<i32>):
    %one = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %next = "stablehlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%next, %ub) : (tensor<i32>, tensor<i32>) -> ()
  }) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  "func.return"(%r#0) : (tensor<i32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4x8xf32>) -> tensor<4xf32>, sym_name = "empty_reduce_body"}> ({
^bb0(%x: tensor<4x8xf32>):
  %z = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  // expected-error @+1 {{'stablehlo.reduce' op}}
  %s = "stablehlo.reduce"(%x, %z) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  "func.return"(%s) : (tensor<4xf32>) -> ()
}) : () -> ()

// -----

// Generic-form ops may have any operand and result counts; StableHLO's are
// checked before anything reads an operand.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "add_without_result"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error @+1 {{'stablehlo.add' op has 2 operands and 0 results; stablehlo.add takes 2 operands and 1 result}}
  "stablehlo.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "update_without_update"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op has 1 operands and 1 results; stablehlo.dynamic_update_slice takes at least 2 operands and 1 result}}
  %0 = "stablehlo.dynamic_update_slice"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> tensor<i1>, sym_name = "compare_nothing"}> ({
  // expected-error @+1 {{'stablehlo.compare' op has 0 operands and 1 results; stablehlo.compare takes 2 operands and 1 result}}
  %0 = "stablehlo.compare"() <{comparison_direction = #stablehlo<comparison_direction LT>}> : () -> tensor<i1>
  "func.return"(%0) : (tensor<i1>) -> ()
}) : () -> ()

// -----

// A constant's value has its result's type.
"func.func"() <{function_type = () -> tensor<4xi32>, sym_name = "constant_of_another_type"}> ({
  // expected-error @+1 {{'stablehlo.constant' op has a value of type tensor<2xf32> for a result of type tensor<4xi32>}}
  %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<4xi32>
  "func.return"(%0) : (tensor<4xi32>) -> ()
}) : () -> ()

// -----

// Bounds are those #dynshape.bounds takes: positive, on dynamic dims only.
"func.func"() <{function_type = (tensor<?x4xf32, #stablehlo.bounds<-1, ?>>) -> tensor<i32>, sym_name = "negative_bound"}> ({
// expected-error @+1 {{argument type 'tensor<?x4xf32, #stablehlo.bounds<-1, ?>>': bound of dynamic dimension 0 must be positive, got -1}}
^bb0(%x: tensor<?x4xf32, #stablehlo.bounds<-1, ?>>):
  %0 = "stablehlo.get_dimension_size"(%x) <{dimension = 0 : i64}> : (tensor<?x4xf32, #stablehlo.bounds<-1, ?>>) -> tensor<i32>
  "func.return"(%0) : (tensor<i32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<8xf32>) -> tensor<?x4xf32, #stablehlo.bounds<8, 4>>, sym_name = "bound_on_static_dim"}> ({
^bb0(%x: tensor<8xf32>):
  %c = "stablehlo.constant"() <{value = dense<0.0> : tensor<8x4xf32>}> : () -> tensor<8x4xf32>
  %n = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'stablehlo.set_dimension_size' op result type 'tensor<?x4xf32, #stablehlo.bounds<8, 4>>': static dimension 1 must have bound '?' in #dynshape.bounds, got 4}}
  %0 = "stablehlo.set_dimension_size"(%c, %n) <{dimension = 0 : i64}> : (tensor<8x4xf32>, tensor<i32>) -> tensor<?x4xf32, #stablehlo.bounds<8, 4>>
  "func.return"(%0) : (tensor<?x4xf32, #stablehlo.bounds<8, 4>>) -> ()
}) : () -> ()

// -----

// StableHLO defines no subtraction, division or shift of booleans.
"func.func"() <{function_type = (tensor<4xi1>) -> tensor<4xi1>, sym_name = "subtract_booleans"}> ({
^bb0(%x: tensor<4xi1>):
  // expected-error @+1 {{'stablehlo.subtract' op takes elements of type i1; the import takes f32, bf16, f16 and i32 elements}}
  %0 = "stablehlo.subtract"(%x, %x) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  "func.return"(%0) : (tensor<4xi1>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xi32>) -> tensor<4xi32>, sym_name = "clamp_scalar_bounds"}> ({
^bb0(%x: tensor<4xi32>):
  %lo = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %hi = "stablehlo.constant"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'stablehlo.clamp' op has a min or max of another type than its operand; the import takes min and max of the operand's type}}
  %0 = "stablehlo.clamp"(%lo, %x, %hi) : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  "func.return"(%0) : (tensor<4xi32>) -> ()
}) : () -> ()

// -----

// iota, broadcast_in_dim and reduce build on a static init.
"func.func"() <{function_type = () -> tensor<i32>, sym_name = "iota_scalar"}> ({
  // expected-error @+1 {{'stablehlo.iota' op has a result of rank below 1; the import takes results of rank 1 or more}}
  %0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<i32>
  "func.return"(%0) : (tensor<i32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> tensor<4xi32>, sym_name = "iota_dimension_out_of_rank"}> ({
  // expected-error @+1 {{'stablehlo.iota' op has an iota_dimension outside its result's rank}}
  %0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<4xi32>
  "func.return"(%0) : (tensor<4xi32>) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<f32>) -> tensor<?x4xf32, #stablehlo.bounds<8, ?>>, sym_name = "broadcast_bounded"}> ({
^bb0(%s: tensor<f32>):
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op has a bounded result; the import takes static results}}
  %0 = "stablehlo.broadcast_in_dim"(%s) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<?x4xf32, #stablehlo.bounds<8, ?>>
  "func.return"(%0) : (tensor<?x4xf32, #stablehlo.bounds<8, ?>>) -> ()
}) : () -> ()

// -----

// q · Kᵀ over a bounded K: the result is bounded, and a linalg init is
// static.
"func.func"() <{function_type = (tensor<1x8xf32>, tensor<?x8xf32, #stablehlo.bounds<16, ?>>) -> tensor<1x?xf32, #stablehlo.bounds<?, 16>>, sym_name = "dot_bounded_result"}> ({
^bb0(%q: tensor<1x8xf32>, %k: tensor<?x8xf32, #stablehlo.bounds<16, ?>>):
  // expected-error @+1 {{'stablehlo.dot_general' op has a bounded result; the import takes static results}}
  %0 = "stablehlo.dot_general"(%q, %k) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<1x8xf32>, tensor<?x8xf32, #stablehlo.bounds<16, ?>>) -> tensor<1x?xf32, #stablehlo.bounds<?, 16>>
  "func.return"(%0) : (tensor<1x?xf32, #stablehlo.bounds<?, 16>>) -> ()
}) : () -> ()

// -----

// A result narrower than the operands (preferred_element_type = bf16 on f32
// inputs).
"func.func"() <{function_type = (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xbf16>, sym_name = "dot_narrow"}> ({
^bb0(%a: tensor<4x8xf32>, %b: tensor<3x8xf32>):
  // expected-error @+1 {{'stablehlo.dot_general' op has an operand of element type f32 for a result of element type bf16; the import takes operands of the result's element type or narrower ones (the product accumulates in the result's type)}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xbf16>
  "func.return"(%0) : (tensor<4x3xbf16>) -> ()
}) : () -> ()

// -----

// Columns of a bounded tensor: the slice's result is bounded.
"func.func"() <{function_type = (tensor<?x4xf32, #stablehlo.bounds<8, ?>>) -> tensor<?x2xf32, #stablehlo.bounds<8, ?>>, sym_name = "slice_bounded"}> ({
^bb0(%x: tensor<?x4xf32, #stablehlo.bounds<8, ?>>):
  // expected-error @+1 {{'stablehlo.slice' op has a bounded result; the import takes static results}}
  %0 = "stablehlo.slice"(%x) <{start_indices = array<i64: 0, 1>, limit_indices = array<i64: 8, 3>, strides = array<i64: 1, 1>}> : (tensor<?x4xf32, #stablehlo.bounds<8, ?>>) -> tensor<?x2xf32, #stablehlo.bounds<8, ?>>
  "func.return"(%0) : (tensor<?x2xf32, #stablehlo.bounds<8, ?>>) -> ()
}) : () -> ()

// -----

// float(n): an i32 scalar (a register) into an f32 scalar (a tensor).
"func.func"() <{function_type = (tensor<i32>) -> tensor<f32>, sym_name = "int_to_float_scalar"}> ({
^bb0(%n: tensor<i32>):
  // expected-error @+1 {{'stablehlo.convert' op mixes a float scalar with an i32 or i1 scalar; the import keeps i32 and i1 scalars in registers and float scalars in tensors, and moves no value between them}}
  %0 = "stablehlo.convert"(%n) : (tensor<i32>) -> tensor<f32>
  "func.return"(%0) : (tensor<f32>) -> ()
}) : () -> ()

// -----

// x.sum() > 0: a compare of float scalars into an i1 scalar.
"func.func"() <{function_type = (tensor<f32>, tensor<f32>) -> tensor<i1>, sym_name = "float_scalar_compare"}> ({
^bb0(%a: tensor<f32>, %b: tensor<f32>):
  // expected-error @+1 {{'stablehlo.compare' op mixes a float scalar with an i32 or i1 scalar}}
  %0 = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
  "func.return"(%0) : (tensor<i1>) -> ()
}) : () -> ()

// -----

// A reshape of a bounded tensor.
"func.func"() <{function_type = (tensor<?xi32, #stablehlo.bounds<8>>) -> tensor<?x1xi32, #stablehlo.bounds<8, ?>>, sym_name = "reshape_bounded"}> ({
^bb0(%x: tensor<?xi32, #stablehlo.bounds<8>>):
  // expected-error @+1 {{'stablehlo.reshape' op has a bounded operand or result; the import takes reshapes of static tensors}}
  %0 = "stablehlo.reshape"(%x) : (tensor<?xi32, #stablehlo.bounds<8>>) -> tensor<?x1xi32, #stablehlo.bounds<8, ?>>
  "func.return"(%0) : (tensor<?x1xi32, #stablehlo.bounds<8, ?>>) -> ()
}) : () -> ()

// -----

// A StableHLO type other than a tensor.
"func.func"() <{function_type = (!stablehlo.token, tensor<4xf32>) -> (!stablehlo.token, tensor<4xf32>), sym_name = "token"}> ({
// expected-error @+1 {{argument type '!stablehlo.token' has no import; the import takes ranked tensors}}
^bb0(%t: !stablehlo.token, %x: tensor<4xf32>):
  "func.return"(%t, %x) : (!stablehlo.token, tensor<4xf32>) -> ()
}) : () -> ()

// -----

// Two operand dimensions onto one result dimension (invalid StableHLO).
"func.func"() <{function_type = (tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "broadcast_repeated"}> ({
^bb0(%x: tensor<4x4xf32>):
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op maps two operand dimensions to one result dimension (broadcast_dimensions must be unique)}}
  %0 = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 0, 0>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  "func.return"(%0) : (tensor<4x4xf32>) -> ()
}) : () -> ()

// -----

// An integer scalar result reduces a unit-led view of the input, which a
// bounded input has no padding rule for: refused at the reduce, not at the
// reshape the import would make.
"func.func"() <{function_type = (tensor<?xi32, #stablehlo.bounds<16>>) -> tensor<i32>, sym_name = "bounded_sum"}> ({
^bb0(%x: tensor<?xi32, #stablehlo.bounds<16>>):
  %zero = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'stablehlo.reduce' op reduces a bounded tensor to an integer scalar; the import takes a static input for an integer scalar result}}
  %s = "stablehlo.reduce"(%x, %zero) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%t) : (tensor<i32>) -> ()
  }) : (tensor<?xi32, #stablehlo.bounds<16>>, tensor<i32>) -> tensor<i32>
  "func.return"(%s) : (tensor<i32>) -> ()
}) : () -> ()
