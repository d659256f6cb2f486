// RUN: dyn-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// #dynshape.bounds
//===----------------------------------------------------------------------===//

// expected-error @+1 {{bound of dynamic dimension 0 must be positive, got 0}}
func.func private @bound_zero(tensor<?xf32, #dynshape.bounds<0>>)

// -----

// expected-error @+1 {{expected a positive bound or '?', got -3}}
func.func private @bound_negative(tensor<?x4xf32, #dynshape.bounds<-3, ?>>)

// -----

// expected-error @+1 {{#dynshape.bounds has 1 entries but the tensor has rank 2}}
func.func private @bounds_too_few(tensor<?x128xf32, #dynshape.bounds<1024>>)

// -----

// expected-error @+1 {{#dynshape.bounds has 3 entries but the tensor has rank 2}}
func.func private @bounds_too_many(tensor<?x128xf32, #dynshape.bounds<1024, ?, ?>>)

// -----

// expected-error @+1 {{dynamic dimension 1 needs a bound in #dynshape.bounds}}
func.func private @bounds_missing(tensor<?x?xf32, #dynshape.bounds<1024, ?>>)

// -----

// expected-error @+1 {{static dimension 1 must have bound '?' in #dynshape.bounds, got 64}}
func.func private @bounds_on_static(tensor<?x128xf32, #dynshape.bounds<1024, 64>>)

// -----

// The encoding is verified wherever the type appears, not only on arguments.
func.func @bounds_in_op_result(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{dynamic dimension 0 needs a bound in #dynshape.bounds}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<?, ?>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// get_dimension_size
//===----------------------------------------------------------------------===//

func.func @get_dim_out_of_range(%x: tensor<?x128xf32, #dynshape.bounds<1024, ?>>) -> i32 {
  // expected-error @+1 {{'dynshape.get_dimension_size' op dimension 2 is out of range for a tensor of rank 2}}
  %n = dynshape.get_dimension_size %x, 2 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
  return %n : i32
}

// -----

func.func @get_dim_rank0(%x: tensor<f32>) -> i32 {
  // expected-error @+1 {{dimension 0 is out of range for a tensor of rank 0}}
  %n = dynshape.get_dimension_size %x, 0 : tensor<f32>
  return %n : i32
}

// -----

func.func @get_dim_negative(%x: tensor<16xf32>) -> i32 {
  // expected-error @+1 {{attribute 'dimension' failed to satisfy constraint}}
  %n = dynshape.get_dimension_size %x, -1 : tensor<16xf32>
  return %n : i32
}

// -----

//===----------------------------------------------------------------------===//
// set_dimension_size
//===----------------------------------------------------------------------===//

func.func @set_dim_out_of_range(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.set_dimension_size' op dimension 2 is out of range for a tensor of rank 2}}
  %y = dynshape.set_dimension_size %s, %n, 2 : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return
}

// -----

func.func @set_dim_rank(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{result rank 1 differs from operand rank 2}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<?xf32, #dynshape.bounds<16>>
  return
}

// -----

func.func @set_dim_element_type(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{result element type 'f16' differs from operand's 'f32'}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<?x8xf16, #dynshape.bounds<16, ?>>
  return
}

// -----

func.func @set_dim_unbounded_operand(%s: tensor<?x8xf32>, %n: i32) {
  // expected-error @+1 {{operand dimension 0 is dynamic without a #dynshape.bounds bound}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<?x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return
}

// -----

func.func @set_dim_static_result(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{result dimension 0 must be dynamic ('?'), got 16}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return
}

// -----

func.func @set_dim_no_bounds(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{result type must carry #dynshape.bounds}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<?x8xf32>
  return
}

// -----

func.func @set_dim_wrong_bound(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{result bound of dimension 0 must be the operand's static extent 16, got 32}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<32, ?>>
  return
}

// -----

// An already-bounded dimension keeps its bound.
func.func @set_dim_wrong_kept_bound(%s: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %n: i32) {
  // expected-error @+1 {{result bound of dimension 0 must be the operand's static extent 16, got 8}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> tensor<?x8xf32, #dynshape.bounds<8, ?>>
  return
}

// -----

func.func @set_dim_other_extent(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{result extent of dimension 1 must be the operand's static extent 8, got 4}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<?x4xf32, #dynshape.bounds<16, ?>>
  return
}

// -----

func.func @set_dim_other_bound(%s: tensor<16x?xf32, #dynshape.bounds<?, 8>>, %n: i32) {
  // expected-error @+1 {{result extent of dimension 1 must be the operand's static extent 8, got 4}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x?xf32, #dynshape.bounds<?, 8>>) -> tensor<?x?xf32, #dynshape.bounds<16, 4>>
  return
}

// -----

func.func @set_dim_stay_static(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{dimension 1 must stay static}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x8xf32>) -> tensor<?x?xf32, #dynshape.bounds<16, 8>>
  return
}

// -----

func.func @set_dim_stay_dynamic(%s: tensor<16x?xf32, #dynshape.bounds<?, 8>>, %n: i32) {
  // expected-error @+1 {{dimension 1 must stay dynamic}}
  %y = dynshape.set_dimension_size %s, %n, 0 : (tensor<16x?xf32, #dynshape.bounds<?, 8>>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return
}

// -----

func.func @set_dim_size_not_i32(%s: tensor<16x8xf32>, %n: i64) {
  // expected-error @+1 {{operand #1 must be 32-bit signless integer}}
  %y = "dynshape.set_dimension_size"(%s, %n) <{dimension = 0 : i64}> : (tensor<16x8xf32>, i64) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_slice
//===----------------------------------------------------------------------===//

func.func @slice_vector_two_operands(%s: tensor<16x8xf32>, %a: tensor<2xi32>) {
  // expected-error @+1 {{the index-vector form takes exactly one index tensor, got 2 operands}}
  %y = dynshape.dynamic_slice %s[%a, %a : tensor<2xi32>] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_too_few_indices(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{'dynshape.dynamic_slice' op expects one start index per operand dimension (2), got 1}}
  %y = dynshape.dynamic_slice %s[%i] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_too_many_indices(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{expects one start index per operand dimension (2), got 3}}
  %y = dynshape.dynamic_slice %s[%i, %i, %i] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_mixed_indices(%s: tensor<16x8xf32>, %a: tensor<2xi32>, %i: i32) {
  // expected-error @+1 {{expects either one i32 or index scalar per dimension or a single 1-D i32 index tensor, got 2 operands that are not all scalars}}
  %y = "dynshape.dynamic_slice"(%s, %a, %i) <{slice_sizes = array<i64: 1, 8>}> : (tensor<16x8xf32>, tensor<2xi32>, i32) -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_index_tensor_length(%s: tensor<16x8xf32>, %a: tensor<3xi32>) {
  // expected-error @+1 {{expects an index tensor of 2 elements (the operand's rank), got 'tensor<3xi32>'}}
  %y = dynshape.dynamic_slice %s[%a : tensor<3xi32>] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_index_tensor_dynamic(%s: tensor<16x8xf32>, %a: tensor<?xi32>) {
  // expected-error @+1 {{expects an index tensor of 2 elements (the operand's rank), got 'tensor<?xi32>'}}
  %y = dynshape.dynamic_slice %s[%a : tensor<?xi32>] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_scalar_index_not_i32(%s: tensor<16x8xf32>, %a: i64, %i: i32) {
  // expected-error @+1 {{operand #1 must be variadic of i32 or index scalar, or 1-D i32 index tensor, but got 'i64'}}
  %y = "dynshape.dynamic_slice"(%s, %a, %i) <{slice_sizes = array<i64: 1, 8>}> : (tensor<16x8xf32>, i64, i32) -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_index_tensor_not_i32(%s: tensor<16x8xf32>, %a: tensor<2xi64>) {
  // expected-error @+1 {{operand #1 must be variadic of i32 or index scalar, or 1-D i32 index tensor, but got 'tensor<2xi64>'}}
  %y = dynshape.dynamic_slice %s[%a : tensor<2xi64>] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_unbounded_operand(%s: tensor<?x8xf32>, %i: i32) {
  // expected-error @+1 {{'dynshape.dynamic_slice' op operand dimension 0 is dynamic without a #dynshape.bounds bound}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [1, 8] : tensor<?x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_sizes_count(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{expects one slice size per operand dimension (2), got 1}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [1] : tensor<16x8xf32> -> tensor<1xf32>
  return
}

// -----

func.func @slice_size_too_large(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{slice size 9 of dimension 1 must be within the operand's static extent [0, 8]}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [1, 9] : tensor<16x8xf32> -> tensor<1x9xf32>
  return
}

// -----

// A bounded dimension is limited by its bound.
func.func @slice_size_over_bound(%s: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %i: i32) {
  // expected-error @+1 {{slice size 17 of dimension 0 must be within the operand's static extent [0, 16]}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [17, 8] : tensor<?x8xf32, #dynshape.bounds<16, ?>> -> tensor<17x8xf32>
  return
}

// -----

func.func @slice_size_negative(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{slice size -1 of dimension 0 must be within the operand's static extent [0, 16]}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [-1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

func.func @slice_result_shape(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{result must be the static tensor of the slice sizes, got 'tensor<2x8xf32>'}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [1, 8] : tensor<16x8xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @slice_result_element_type(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{result element type must match the operand's}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf16>
  return
}

// -----

func.func @slice_result_dynamic(%s: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{result #0 must be statically shaped tensor}}
  %y = dynshape.dynamic_slice %s[%i, %i] sizes [1, 8] : tensor<16x8xf32> -> tensor<?x8xf32, #dynshape.bounds<1, ?>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//

func.func @update_vector_two_operands(%s: tensor<16x8xf32>, %u: tensor<1x8xf32>, %a: tensor<2xi32>) {
  // expected-error @+1 {{the index-vector form takes exactly one index tensor, got 2 operands}}
  %y = dynshape.dynamic_update_slice %u into %s[%a, %a : tensor<2xi32>] : tensor<1x8xf32> into tensor<16x8xf32>
  return
}

// -----

func.func @update_too_few_indices(%s: tensor<16x8xf32>, %u: tensor<1x8xf32>, %i: i32) {
  // expected-error @+1 {{'dynshape.dynamic_update_slice' op expects one start index per operand dimension (2), got 1}}
  %y = dynshape.dynamic_update_slice %u into %s[%i] : tensor<1x8xf32> into tensor<16x8xf32>
  return
}

// -----

func.func @update_mixed_indices(%s: tensor<16x8xf32>, %u: tensor<1x8xf32>, %a: tensor<2xi32>, %i: i32) {
  // expected-error @+1 {{'dynshape.dynamic_update_slice' op expects either one i32 or index scalar per dimension or a single 1-D i32 index tensor, got 2 operands that are not all scalars}}
  %y = "dynshape.dynamic_update_slice"(%u, %s, %i, %a) : (tensor<1x8xf32>, tensor<16x8xf32>, i32, tensor<2xi32>) -> tensor<16x8xf32>
  return
}

// -----

func.func @update_index_tensor_length(%s: tensor<16x8xf32>, %u: tensor<1x8xf32>, %a: tensor<1xi32>) {
  // expected-error @+1 {{'dynshape.dynamic_update_slice' op expects an index tensor of 2 elements (the operand's rank), got 'tensor<1xi32>'}}
  %y = dynshape.dynamic_update_slice %u into %s[%a : tensor<1xi32>] : tensor<1x8xf32> into tensor<16x8xf32>
  return
}

// -----

func.func @update_unbounded_operand(%s: tensor<16x?xf32>, %u: tensor<1x8xf32>, %i: i32) {
  // expected-error @+1 {{'dynshape.dynamic_update_slice' op operand dimension 1 is dynamic without a #dynshape.bounds bound}}
  %y = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<1x8xf32> into tensor<16x?xf32>
  return
}

// -----

func.func @update_unbounded_update(%s: tensor<16x8xf32>, %u: tensor<?x8xf32>, %i: i32) {
  // expected-error @+1 {{'dynshape.dynamic_update_slice' op update dimension 0 is dynamic without a #dynshape.bounds bound}}
  %y = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<?x8xf32> into tensor<16x8xf32>
  return
}

// -----

func.func @update_rank(%s: tensor<16x8xf32>, %u: tensor<8xf32>, %i: i32) {
  // expected-error @+1 {{update rank 1 must equal the operand rank 2}}
  %y = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<8xf32> into tensor<16x8xf32>
  return
}

// -----

func.func @update_element_type(%s: tensor<16x8xf32>, %u: tensor<1x8xf16>, %i: i32) {
  // expected-error @+1 {{update element type 'f16' must match the operand element type 'f32'}}
  %y = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<1x8xf16> into tensor<16x8xf32>
  return
}

// -----

func.func @update_extent(%s: tensor<16x8xf32>, %u: tensor<1x9xf32>, %i: i32) {
  // expected-error @+1 {{update extent 9 of dimension 1 exceeds the operand's static extent 8}}
  %y = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<1x9xf32> into tensor<16x8xf32>
  return
}

// -----

// A bounded update is measured by its bound.
func.func @update_bound_exceeds(%s: tensor<16x8xf32>, %u: tensor<?x8xf32, #dynshape.bounds<32, ?>>, %i: i32) {
  // expected-error @+1 {{update extent 32 of dimension 0 exceeds the operand's static extent 16}}
  %y = dynshape.dynamic_update_slice %u into %s[%i, %i] : tensor<?x8xf32, #dynshape.bounds<32, ?>> into tensor<16x8xf32>
  return
}

// -----

func.func @update_result_type(%s: tensor<16x8xf32>, %u: tensor<1x8xf32>, %i: i32) {
  // expected-error @+1 {{failed to verify that all of {operand, result} have same type}}
  %y = "dynshape.dynamic_update_slice"(%u, %s, %i, %i) : (tensor<1x8xf32>, tensor<16x8xf32>, i32, i32) -> tensor<16x8xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

func.func @gather_rank0(%t: tensor<f32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{'dynshape.gather' op operand must have rank >= 1 to be indexed along dimension 0}}
  %g = dynshape.gather %t[%ids] : (tensor<f32>, tensor<8xi32>) -> tensor<8xf32>
  return
}

// -----

func.func @gather_unbounded_operand(%t: tensor<?x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{'dynshape.gather' op operand dimension 0 is dynamic without a #dynshape.bounds bound}}
  %g = dynshape.gather %t[%ids] : (tensor<?x4xf32>, tensor<8xi32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @gather_unbounded_indices(%t: tensor<64x4xf32>, %ids: tensor<?xi32>) {
  // expected-error @+1 {{'dynshape.gather' op index tensor dimension 0 is dynamic without a #dynshape.bounds bound}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<?xi32>) -> tensor<?x4xf32, #dynshape.bounds<8, ?>>
  return
}

// -----

func.func @gather_indices_not_i32(%t: tensor<64x4xf32>, %ids: tensor<8xi64>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 32-bit signless integer values, but got 'tensor<8xi64>'}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<8xi64>) -> tensor<8x4xf32>
  return
}

// -----

func.func @gather_indices_2d(%t: tensor<64x4xf32>, %ids: tensor<2x4xi32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 32-bit signless integer values, but got 'tensor<2x4xi32>'}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<2x4xi32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @gather_element_type(%t: tensor<64x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{result element type 'f16' must match the operand's 'f32'}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<8xi32>) -> tensor<8x4xf16>
  return
}

// -----

func.func @gather_rank(%t: tensor<64x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{result rank 3 must equal the operand rank 2}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<8xi32>) -> tensor<8x4x1xf32>
  return
}

// -----

func.func @gather_row_count(%t: tensor<64x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{result dimension 0 must be 8, as the index count; got 'tensor<4x4xf32>'}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<8xi32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @gather_row_count_bounded(%t: tensor<64x4xf32>, %ids: tensor<?xi32, #dynshape.bounds<8>>) {
  // expected-error @+1 {{result dimension 0 must be dynamic with bound 8, as the index count; got 'tensor<8x4xf32>'}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<?xi32, #dynshape.bounds<8>>) -> tensor<8x4xf32>
  return
}

// -----

func.func @gather_row_shape(%t: tensor<64x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{result dimension 1 must be 4, as the operand's; got 'tensor<8x2xf32>'}}
  %g = dynshape.gather %t[%ids] : (tensor<64x4xf32>, tensor<8xi32>) -> tensor<8x2xf32>
  return
}

// -----

func.func @gather_row_shape_bounded(%t: tensor<64x?xf32, #dynshape.bounds<?, 4>>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{result dimension 1 must be dynamic with bound 4, as the operand's; got 'tensor<8x4xf32>'}}
  %g = dynshape.gather %t[%ids] : (tensor<64x?xf32, #dynshape.bounds<?, 4>>, tensor<8xi32>) -> tensor<8x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

func.func @scatter_rank0(%t: tensor<f32>, %r: tensor<8xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{'dynshape.scatter' op operand must have rank >= 1 to be indexed along dimension 0}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<8xf32>, tensor<8xi32>) -> tensor<f32>
  return
}

// -----

func.func @scatter_unbounded_operand(%t: tensor<?x4xf32>, %r: tensor<8x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{'dynshape.scatter' op operand dimension 0 is dynamic without a #dynshape.bounds bound}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @scatter_unbounded_indices(%t: tensor<64x4xf32>, %r: tensor<8x4xf32>, %ids: tensor<?xi32>) {
  // expected-error @+1 {{'dynshape.scatter' op index tensor dimension 0 is dynamic without a #dynshape.bounds bound}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<8x4xf32>, tensor<?xi32>) -> tensor<64x4xf32>
  return
}

// -----

func.func @scatter_element_type(%t: tensor<64x4xf32>, %r: tensor<8x4xi32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{updates element type 'i32' must match the operand's 'f32'}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<8x4xi32>, tensor<8xi32>) -> tensor<64x4xf32>
  return
}

// -----

func.func @scatter_rank(%t: tensor<64x4xf32>, %r: tensor<8xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{updates rank 1 must equal the operand rank 2}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<8xf32>, tensor<8xi32>) -> tensor<64x4xf32>
  return
}

// -----

func.func @scatter_row_count(%t: tensor<64x4xf32>, %r: tensor<4x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{updates dimension 0 must be 8, as the index count; got 'tensor<4x4xf32>'}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<4x4xf32>, tensor<8xi32>) -> tensor<64x4xf32>
  return
}

// -----

func.func @scatter_row_count_bounded(%t: tensor<64x4xf32>, %r: tensor<?x4xf32, #dynshape.bounds<4, ?>>, %ids: tensor<?xi32, #dynshape.bounds<8>>) {
  // expected-error @+1 {{updates dimension 0 must be dynamic with bound 8, as the index count; got 'tensor<?x4xf32, #dynshape.bounds<4, ?>>'}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<?x4xf32, #dynshape.bounds<4, ?>>, tensor<?xi32, #dynshape.bounds<8>>) -> tensor<64x4xf32>
  return
}

// -----

func.func @scatter_row_shape(%t: tensor<64x4xf32>, %r: tensor<8x?xf32, #dynshape.bounds<?, 4>>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{updates dimension 1 must be 4, as the operand's; got 'tensor<8x?xf32, #dynshape.bounds<?, 4>>'}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<8x?xf32, #dynshape.bounds<?, 4>>, tensor<8xi32>) -> tensor<64x4xf32>
  return
}

// -----

func.func @scatter_indices_not_i32(%t: tensor<64x4xf32>, %r: tensor<8x4xf32>, %ids: tensor<8xi16>) {
  // expected-error @+1 {{operand #2 must be 1D tensor of 32-bit signless integer values, but got 'tensor<8xi16>'}}
  %s = dynshape.scatter %r into %t[%ids] : (tensor<8x4xf32>, tensor<8xi16>) -> tensor<64x4xf32>
  return
}

// -----

func.func @scatter_result_type(%t: tensor<64x4xf32>, %r: tensor<8x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{'dynshape.scatter' op failed to verify that all of {operand, result} have same type}}
  %s = "dynshape.scatter"(%r, %t, %ids) : (tensor<8x4xf32>, tensor<64x4xf32>, tensor<8xi32>) -> tensor<32x4xf32>
  return
}

// -----

// expected-error @+1 {{#dynshape.bounds needs at least one bounded dynamic dimension; drop the encoding from a static tensor}}
func.func private @all_static_bounds(tensor<4xf32, #dynshape.bounds<?>>)

// -----

// expected-error @+1 {{bound 4294967296 of dynamic dimension 0 does not fit in i32, the type of runtime sizes}}
func.func private @bound_too_big(tensor<?xi8, #dynshape.bounds<4294967296>>)

// -----

func.func @extent_too_big(%x: tensor<2147483648xi8>) -> i32 {
  // expected-error @+1 {{extent 2147483648 of dimension 0 does not fit in the i32 result}}
  %n = dynshape.get_dimension_size %x, 0 : tensor<2147483648xi8>
  return %n : i32
}

// -----

func.func @set_dim_truncation(%s: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{dimension 4294967296 is out of range for a tensor of rank 2}}
  %y = dynshape.set_dimension_size %s, %n, 4294967296 : (tensor<16x8xf32>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return
}

// -----

func.func @slice_result_encoding(%t: tensor<16x8xf32>, %i: i32) {
  // expected-error @+1 {{result must be the static tensor of the slice sizes, got 'tensor<1x8xf32, "foo">'}}
  %r = dynshape.dynamic_slice %t[%i, %i] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32, "foo">
  return
}

// -----

func.func @gather_result_encoding(%t: tensor<16x4xf32>, %ids: tensor<8xi32>) {
  // expected-error @+1 {{result type 'tensor<8x4xf32, "junk">' has an encoding other than #dynshape.bounds}}
  %g = dynshape.gather %t[%ids] : (tensor<16x4xf32>, tensor<8xi32>) -> tensor<8x4xf32, "junk">
  return
}

// -----

func.func @update_encoding(%t: tensor<16x8xf32>, %u: tensor<1x8xf32, "junk">, %i: i32) {
  // expected-error @+1 {{update type 'tensor<1x8xf32, "junk">' has an encoding other than #dynshape.bounds}}
  %w = dynshape.dynamic_update_slice %u into %t[%i, %i] : tensor<1x8xf32, "junk"> into tensor<16x8xf32>
  return
}

// -----

func.func @float_typed_index(%t: tensor<16xf32>, %i: i32) {
  // expected-error @+1 {{expects one type per start index (i32 or index), or one 1-D i32 tensor type for the index-vector form}}
  %r = dynshape.dynamic_slice %t[%i : f32] sizes [1] : tensor<16xf32> -> tensor<1xf32>
  return
}

// -----

func.func @too_few_index_types(%t: tensor<16x8xf32>, %i: index) {
  // expected-error @+1 {{expects one type per start index (i32 or index), or one 1-D i32 tensor type for the index-vector form}}
  %r = dynshape.dynamic_slice %t[%i, %i : index] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// mask / buffer_mask
//===----------------------------------------------------------------------===//

func.func @mask_no_dims(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{'dynshape.mask' op masks no dimension}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [] sizes() fill 0.0 : f32
  return
}

// -----

func.func @mask_more_sizes_than_dims(%x: tensor<16x8xf32>, %n: i32, %m: i32) {
  // expected-error @+1 {{'dynshape.mask' op has 1 dims but 2 sizes}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [0] sizes(%n, %m) fill 0.0 : f32
  return
}

// -----

func.func @mask_more_dims_than_sizes(%x: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op has 2 dims but 1 sizes}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [0, 1] sizes(%n) fill 0.0 : f32
  return
}

// -----

func.func @mask_dim_too_big(%x: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op dimension 2 is out of range for rank 2}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [2] sizes(%n) fill 0.0 : f32
  return
}

// -----

func.func @mask_dim_negative(%x: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op dimension -1 is out of range for rank 2}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [-1] sizes(%n) fill 0.0 : f32
  return
}

// -----

func.func @mask_rank0(%x: tensor<f32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op dimension 0 is out of range for rank 0}}
  %r = dynshape.mask %x : tensor<f32> dims [0] sizes(%n) fill 0.0 : f32
  return
}

// -----

func.func @mask_dim_twice(%x: tensor<16x8xf32>, %n: i32, %m: i32) {
  // expected-error @+1 {{'dynshape.mask' op masks dimension 1 twice}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [1, 0, 1] sizes(%n, %m, %n) fill 0.0 : f32
  return
}

// -----

func.func @mask_no_replacement(%x: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op needs exactly one replacement: a `with` operand or a `fill` constant}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [0] sizes(%n)
  return
}

// -----

func.func @mask_both_replacements(%x: tensor<16x8xf32>, %w: tensor<16x8xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op needs exactly one replacement: a `with` operand or a `fill` constant}}
  %r = dynshape.mask %x : tensor<16x8xf32> dims [0] sizes(%n) with %w : tensor<16x8xf32> fill 0.0 : f32
  return
}

// -----

func.func @mask_fill_type(%ids: tensor<16xi32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op fill of type 'i64' does not match the element type 'i32'}}
  %r = dynshape.mask %ids : tensor<16xi32> dims [0] sizes(%n) fill -1 : i64
  return
}

// -----

func.func @mask_fill_float_on_int(%ids: tensor<16xi32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op fill of type 'f32' does not match the element type 'i32'}}
  %r = dynshape.mask %ids : tensor<16xi32> dims [0] sizes(%n) fill 0.0 : f32
  return
}

// -----

func.func @mask_replacement_shape(%x: tensor<64x32xf32>, %w: tensor<8x32xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op replacement of type 'tensor<8x32xf32>' does not match the input's shape and element type}}
  %r = dynshape.mask %x : tensor<64x32xf32> dims [0] sizes(%n) with %w : tensor<8x32xf32>
  return
}

// -----

func.func @mask_replacement_element(%x: tensor<64x32xf32>, %w: tensor<64x32xf16>, %n: i32) {
  // expected-error @+1 {{'dynshape.mask' op replacement of type 'tensor<64x32xf16>' does not match the input's shape and element type}}
  %r = dynshape.mask %x : tensor<64x32xf32> dims [0] sizes(%n) with %w : tensor<64x32xf16>
  return
}

// -----

func.func @buffer_mask_output_shape(%x: memref<4x4xf32>, %o: memref<4x8xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op output of type 'memref<4x8xf32>' does not match the input's shape and element type}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0] sizes(%n) fill 0.0 : f32 into %o : memref<4x8xf32>
  return
}

// -----

func.func @buffer_mask_output_element(%x: memref<4x4xf32>, %o: memref<4x4xi32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op output of type 'memref<4x4xi32>' does not match the input's shape and element type}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0] sizes(%n) fill 0.0 : f32 into %o : memref<4x4xi32>
  return
}

// -----

// buffer_mask shares the mask's checks.

func.func @buffer_mask_no_dims(%x: memref<4x4xf32>, %o: memref<4x4xf32>) {
  // expected-error @+1 {{'dynshape.buffer_mask' op masks no dimension}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [] sizes() fill 0.0 : f32 into %o : memref<4x4xf32>
  return
}

// -----

func.func @buffer_mask_sizes_count(%x: memref<4x4xf32>, %o: memref<4x4xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op has 2 dims but 1 sizes}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0, 1] sizes(%n) fill 0.0 : f32 into %o : memref<4x4xf32>
  return
}

// -----

func.func @buffer_mask_dim_out_of_range(%x: memref<4x4xf32>, %o: memref<4x4xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op dimension 2 is out of range for rank 2}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [2] sizes(%n) fill 0.0 : f32 into %o : memref<4x4xf32>
  return
}

// -----

func.func @buffer_mask_dim_twice(%x: memref<4x4xf32>, %o: memref<4x4xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op masks dimension 0 twice}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0, 0] sizes(%n, %n) fill 0.0 : f32 into %o : memref<4x4xf32>
  return
}

// -----

func.func @buffer_mask_no_replacement(%x: memref<4x4xf32>, %o: memref<4x4xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op needs exactly one replacement: a `with` operand or a `fill` constant}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0] sizes(%n) into %o : memref<4x4xf32>
  return
}

// -----

func.func @buffer_mask_both_replacements(%x: memref<4x4xf32>, %w: memref<4x4xf32>, %o: memref<4x4xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op needs exactly one replacement: a `with` operand or a `fill` constant}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0] sizes(%n) with %w : memref<4x4xf32> fill 0.0 : f32 into %o : memref<4x4xf32>
  return
}

// -----

func.func @buffer_mask_fill_type(%x: memref<4x4xbf16>, %o: memref<4x4xbf16>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op fill of type 'f32' does not match the element type 'bf16'}}
  dynshape.buffer_mask %x : memref<4x4xbf16> dims [0] sizes(%n) fill 0.0 : f32 into %o : memref<4x4xbf16>
  return
}

// -----

func.func @buffer_mask_replacement_shape(%x: memref<64x32xf32>, %w: memref<8x32xf32, strided<[32, 1], offset: ?>>,
                                         %o: memref<64x32xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op replacement of type 'memref<8x32xf32, strided<[32, 1], offset: ?>>' does not match the input's shape and element type}}
  dynshape.buffer_mask %x : memref<64x32xf32> dims [0] sizes(%n) with %w : memref<8x32xf32, strided<[32, 1], offset: ?>> into %o : memref<64x32xf32>
  return
}

// -----

func.func @buffer_mask_replacement_element(%x: memref<4x4xf32>, %w: memref<4x4xi32>, %o: memref<4x4xf32>, %n: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op replacement of type 'memref<4x4xi32>' does not match the input's shape and element type}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0] sizes(%n) with %w : memref<4x4xi32> into %o : memref<4x4xf32>
  return
}


// -----

//===----------------------------------------------------------------------===//
// dynshape.trip_estimate
//===----------------------------------------------------------------------===//

func.func @negative_trip_estimate(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op dynshape.trip_estimate must be a non-negative integer (a profile trip estimate for the cost model), got -2 : i64}}
  scf.for %j = %c0 to %n step %c1 {
  } {dynshape.trip_estimate = -2 : i64}
  return
}

// -----

func.func @wide_trip_estimate(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op dynshape.trip_estimate must be a non-negative integer (a profile trip estimate for the cost model), got 18446744073709551621 : i128}}
  scf.for %j = %c0 to %n step %c1 {
  } {dynshape.trip_estimate = 18446744073709551621 : i128}
  return
}

// -----

func.func @trip_estimate_not_an_integer(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op dynshape.trip_estimate must be a non-negative integer (a profile trip estimate for the cost model), got 2.000000e+00 : f32}}
  scf.for %j = %c0 to %n step %c1 {
  } {dynshape.trip_estimate = 2.0 : f32}
  return
}

// -----

func.func @trip_estimate_off_a_loop() -> index {
  // expected-error @+1 {{'arith.constant' op dynshape.trip_estimate is for loops; this op is not one}}
  %c0 = arith.constant {dynshape.trip_estimate = 3 : i64} 0 : index
  return %c0 : index
}

// -----

func.func @unknown_dialect_attribute() -> index {
  // expected-error @+1 {{'arith.constant' op has unknown dynshape attribute "dynshape.trip"}}
  %c0 = arith.constant {dynshape.trip = 3 : i64} 0 : index
  return %c0 : index
}

// -----

// dynshape.size_estimate
// expected-error @+1 {{'func.func' op dynshape.size_estimate must be a non-negative integer (the runtime size a profile expects), got -1 : i64}}
func.func @negative_size_estimate(%n: i32 {dynshape.size_estimate = -1 : i64}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op dynshape.size_estimate is for a bounded tensor argument or its i32 size; argument #0 is 'tensor<4xf32>'}}
func.func @size_estimate_of_a_static_tensor(%x: tensor<4xf32> {dynshape.size_estimate = 2 : i64}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op has unknown dynshape argument attribute "dynshape.size"}}
func.func @unknown_argument_attribute(%n: i32 {dynshape.size = 2 : i64}) {
  return
}
