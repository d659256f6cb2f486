// RUN: dyn-opt %s -dynshape-pad-to-bound -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Everything dynshape-pad-to-bound cannot pad is reported, located at the
// op, before the IR is touched; the pass then fails (exit status 1).

//===----------------------------------------------------------------------===//
// A `?` dimension without a #dynshape.bounds bound
//===----------------------------------------------------------------------===//

// As an op result and as an operand: both are reported.
func.func @unbounded_result_and_operand(%n: index) -> index {
  // expected-error @+1 {{'tensor.empty' op result #0 has type 'tensor<?x8xf32>' with a dynamic dimension but no #dynshape.bounds bound; dynshape-pad-to-bound can only pad bounded dimensions}}
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tensor.dim' op operand #0 has type 'tensor<?x8xf32>' with a dynamic dimension but no #dynshape.bounds bound}}
  %d = tensor.dim %e, %c0 : tensor<?x8xf32>
  return %d : index
}

// -----

// As a function argument (an entry-block argument), reported at the function.
// expected-error @+1 {{'func.func' op argument #1 has type 'tensor<4x?xf32>' with a dynamic dimension but no #dynshape.bounds bound}}
func.func @unbounded_argument(%a: tensor<?xf32, #dynshape.bounds<8>>,
                              %b: tensor<4x?xf32>) {
  return
}

// -----

// An unranked tensor has no bound either.
// expected-error @+1 {{'func.func' op argument #0 has type 'tensor<*xf32>' with a dynamic dimension but no #dynshape.bounds bound}}
func.func @unranked_argument(%a: tensor<*xf32>) {
  return
}

//===----------------------------------------------------------------------===//
// Ops with bounded types and no padding rule
//===----------------------------------------------------------------------===//

// -----

func.func @strided_slice(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'tensor.extract_slice' op has a stride other than 1 on a bounded tensor; padded slices take unit strides}}
  %s = tensor.extract_slice %a[0, 0] [2, 8] [2, 1]
      : tensor<?x8xf32, #dynshape.bounds<16, ?>> to tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}

// -----

func.func @rank_reducing_insert(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %r: tensor<8xf32>, %i: index) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  // expected-error @+1 {{'tensor.insert_slice' op is rank-reducing on a bounded tensor; padded slices keep the rank}}
  %s = tensor.insert_slice %r into %a[%i, 0] [1, 8] [1, 1]
      : tensor<8xf32> into tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %s : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// -----

func.func @extract(%a: tensor<?xf32, #dynshape.bounds<16>>, %i: index) -> f32 {
  // expected-error @+1 {{'tensor.extract' op has a bounded dynamic operand or result, and dynshape-pad-to-bound has no rule to pad it}}
  %x = tensor.extract %a[%i] : tensor<?xf32, #dynshape.bounds<16>>
  return %x : f32
}

// -----

func.func @cast_to_static(%a: tensor<?xf32, #dynshape.bounds<16>>) -> tensor<16xf32> {
  // expected-error @+1 {{'tensor.cast' op has a bounded dynamic operand or result, and dynshape-pad-to-bound has no rule to pad it}}
  %x = tensor.cast %a : tensor<?xf32, #dynshape.bounds<16>> to tensor<16xf32>
  return %x : tensor<16xf32>
}

// -----

func.func @collapse(%a: tensor<?x4xf32, #dynshape.bounds<16, ?>>)
    -> tensor<?xf32, #dynshape.bounds<64>> {
  // expected-error @+1 {{'tensor.collapse_shape' op has a bounded dynamic operand or result, and dynshape-pad-to-bound has no rule to pad it}}
  %x = tensor.collapse_shape %a [[0, 1]]
      : tensor<?x4xf32, #dynshape.bounds<16, ?>> into tensor<?xf32, #dynshape.bounds<64>>
  return %x : tensor<?xf32, #dynshape.bounds<64>>
}

// -----

// Region-carrying control flow other than scf.for/if/while.
func.func @execute_region(%a: tensor<?xf32, #dynshape.bounds<16>>)
    -> tensor<?xf32, #dynshape.bounds<16>> {
  // expected-error @+1 {{'scf.execute_region' op has a bounded dynamic operand or result, and dynshape-pad-to-bound has no rule to pad it}}
  %x = scf.execute_region -> tensor<?xf32, #dynshape.bounds<16>> {
    scf.yield %a : tensor<?xf32, #dynshape.bounds<16>>
  }
  return %x : tensor<?xf32, #dynshape.bounds<16>>
}

// -----

func.func @generate(%n: index) -> tensor<?xf32, #dynshape.bounds<16>> {
  // expected-error @+1 {{'tensor.generate' op has a bounded dynamic operand or result, and dynshape-pad-to-bound has no rule to pad it}}
  %r = tensor.generate %n {
  ^bb0(%i: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<?xf32, #dynshape.bounds<16>>
  return %r : tensor<?xf32, #dynshape.bounds<16>>
}

//===----------------------------------------------------------------------===//
// Reductions over a bounded dim without a known identity
//===----------------------------------------------------------------------===//

// -----

// subf has no identity to mask the padding with.
func.func @subf_reduction(%a: tensor<?xf32, #dynshape.bounds<16>>,
                          %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'linalg.generic' op reduces over a bounded dimension of input #0, but its combiner has no known identity to mask the padding with}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<?xf32, #dynshape.bounds<16>>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.subf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A body that yields its input combines nothing.
func.func @no_combiner(%a: tensor<4x?xf32, #dynshape.bounds<?, 16>>,
                       %init: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op reduces over a bounded dimension of input #0, but its combiner has no known identity}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x?xf32, #dynshape.bounds<?, 16>>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Several results (a variadic reduce): no single combiner to take the
// identity of.
func.func @variadic_reduce(%a: tensor<?xf32, #dynshape.bounds<16>>,
                           %b: tensor<?xi32, #dynshape.bounds<16>>,
                           %i: tensor<f32>, %j: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  // expected-error @+1 {{'linalg.reduce' op reduces over a bounded dimension of input #0, but its combiner has no known identity}}
  %r:2 = linalg.reduce ins(%a, %b : tensor<?xf32, #dynshape.bounds<16>>,
                                    tensor<?xi32, #dynshape.bounds<16>>)
                       outs(%i, %j : tensor<f32>, tensor<i32>) dimensions = [0]
    (%x: f32, %y: i32, %p: f32, %q: i32) {
      %s = arith.addf %x, %p : f32
      %t = arith.addi %y, %q : i32
      linalg.yield %s, %t : f32, i32
    }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

//===----------------------------------------------------------------------===//
// tensor.dim and linalg shapes the pass cannot follow
//===----------------------------------------------------------------------===//

// -----

func.func @dim_non_constant(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %i: index) -> index {
  // expected-error @+1 {{'tensor.dim' op cannot pad a bounded operand of tensor.dim with a non-constant dimension index}}
  %d = tensor.dim %a, %i : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %d : index
}

// -----

func.func @non_projected_permutation(%a: tensor<?xf32, #dynshape.bounds<16>>,
                                     %init: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'linalg.generic' op cannot pad bounded operands of a linalg op whose indexing maps are not projected permutations}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 * 2)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32, #dynshape.bounds<16>>) outs(%init : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Every error in a module is reported, not just the first.
func.func @several(%a: tensor<?xf32, #dynshape.bounds<16>>, %i: index) -> (f32, index) {
  // expected-error @+1 {{'tensor.extract' op has a bounded dynamic operand or result}}
  %x = tensor.extract %a[%i] : tensor<?xf32, #dynshape.bounds<16>>
  // expected-error @+1 {{'tensor.dim' op cannot pad a bounded operand of tensor.dim with a non-constant dimension index}}
  %d = tensor.dim %a, %i : tensor<?xf32, #dynshape.bounds<16>>
  return %x, %d : f32, index
}

// -----

// The padding would pass through negf before max sees it.
func.func @transformed_before_combiner(%a: tensor<?xf32, #dynshape.bounds<16>>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{reduces over a bounded dimension of input #0, but its body transforms the element before the combiner sees it, so masking with the identity would be inexact}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%a : tensor<?xf32, #dynshape.bounds<16>>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %n = arith.negf %x : f32
    %s = arith.maximumf %n, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// The accumulator type differs from the masked element type.
func.func @widening_sum(%a: tensor<?xi8, #dynshape.bounds<16>>, %init: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{reduces over a bounded dimension of input #0, but its body transforms the element}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%a : tensor<?xi8, #dynshape.bounds<16>>) outs(%init : tensor<i32>) {
  ^bb0(%x: i8, %acc: i32):
    %e = arith.extsi %x : i8 to i32
    %s = arith.addi %e, %acc : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

// -----

func.func @index_max(%a: tensor<?xindex, #dynshape.bounds<16>>, %init: tensor<index>) -> tensor<index> {
  // expected-error @+1 {{but its combiner has no known identity}}
  %r = linalg.reduce ins(%a : tensor<?xindex, #dynshape.bounds<16>>) outs(%init : tensor<index>) dimensions = [0]
    (%x: index, %acc: index) {
      %m = arith.maxsi %x, %acc : index
      linalg.yield %m : index
    }
  return %r : tensor<index>
}

// -----

func.func @dim_negative(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> index {
  %c = arith.constant -1 : index
  // expected-error @+1 {{dimension index -1 is out of range for a tensor of rank 2}}
  %d = tensor.dim %a, %c : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %d : index
}

// -----

func.func @dim_too_large(%a: tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> index {
  %c = arith.constant 5 : index
  // expected-error @+1 {{dimension index 5 is out of range for a tensor of rank 2}}
  %d = tensor.dim %a, %c : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %d : index
}

// -----

func.func @unregistered(%a: tensor<?xf32, #dynshape.bounds<8>>) {
  // expected-error @+1 {{has a bounded dynamic operand or result, and dynshape-pad-to-bound has no rule to pad it}}
  "test.use"(%a) : (tensor<?xf32, #dynshape.bounds<8>>) -> ()
  return
}

// -----

// expected-error @+1 {{argument #0 has type 'tensor<?xf32>' with a dynamic dimension but no #dynshape.bounds bound}}
func.func private @unbounded_declaration(tensor<?xf32>) -> tensor<?xf32>

// -----

func.func @padded(%a: tensor<?xf32, #dynshape.bounds<8>>) {
  return
}
func.func @function_value() {
  // expected-error @+1 {{result #0 is a function value of type '(tensor<?xf32, #dynshape.bounds<8>>) -> ()' with dynamic dimensions; dynshape-pad-to-bound pads direct calls only}}
  %f = func.constant @padded : (tensor<?xf32, #dynshape.bounds<8>>) -> ()
  return
}

// -----

// max over i32 elements converted to f32: -inf has no i32 value that
// sitofp maps to it.
func.func @sitofp_max(%a: tensor<?xi32, #dynshape.bounds<16>>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{reduces over a bounded dimension of input #0, but its body transforms the element before the combiner sees it, so masking with the identity would be inexact}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%a : tensor<?xi32, #dynshape.bounds<16>>) outs(%init : tensor<f32>) {
  ^bb0(%x: i32, %acc: f32):
    %f = arith.sitofp %x : i32 to f32
    %s = arith.maximumf %f, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// q . K over a bounded K whose other factor has a static extent there: the
// padding is masked in one factor only, and 0 * inf is not 0.
func.func @one_bounded_factor(%q: tensor<1x?xf32, #dynshape.bounds<?, 64>>, %k: tensor<64x32xf32>, %init: tensor<1x32xf32>) -> tensor<1x32xf32> {
  // expected-error @+1 {{'linalg.matmul' op contracts bounded input #0 with input #1, which is not bounded along the reduction; the padding is masked with 0 in both factors of a product, so input #1 needs the same bound}}
  %r = linalg.matmul ins(%q, %k : tensor<1x?xf32, #dynshape.bounds<?, 64>>, tensor<64x32xf32>) outs(%init : tensor<1x32xf32>) -> tensor<1x32xf32>
  return %r : tensor<1x32xf32>
}
