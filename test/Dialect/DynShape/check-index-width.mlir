// RUN: dyn-opt %s -split-input-file --dynshape-check-index-width -verify-diagnostics
// RUN: not dyn-opt %s -split-input-file --dynshape-check-index-width 2>/dev/null | FileCheck %s --check-prefix=KEEP
// RUN: not dyn-opt %s -split-input-file --lower-to-addr4 2>&1 | FileCheck %s --check-prefix=PIPE

// An index value is a 32-bit register in the backend, but upstream folds
// index arithmetic in 64 bits: a constant outside the 32-bit range is
// rejected before anything folds it (here, canonicalization would delete a
// loop that runs four trips once its bound wraps to 0).

// PIPE: error: 'arith.constant' op constant -9223372036854775808 does not fit in a 32-bit register
func.func @lower_bound(%out: tensor<4x8xf32>, %x: tensor<1x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'arith.constant' op constant -9223372036854775808 does not fit in a 32-bit register}}
  %lb = arith.constant -9223372036854775808 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : i32
  %r = scf.for %j = %lb to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
    %ji = arith.index_cast %j : index to i32
    %u = dynshape.dynamic_update_slice %x into %acc[%ji, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %u : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// -----

// Arithmetic on in-range constants that leaves the range.
// PIPE: error: 'arith.muli' op folds to constant 4294967296, which does not fit in a 32-bit register
func.func @product(%n: i32) -> i32 {
  %c = arith.constant 65536 : index
  // expected-error @+1 {{'arith.muli' op folds to constant 4294967296, which does not fit in a 32-bit register (index arithmetic that should wrap is written on i32)}}
  %big = arith.muli %c, %c : index
  %one = arith.constant 1 : index
  %sum = arith.addi %big, %one : index
  %r = arith.index_cast %sum : index to i32
  return %r : i32
}

// -----

// Through a chain: the sum of two in-range values is out of range.
// PIPE: error: 'affine.apply' op folds to constant 2147483648
func.func @affine(%n: i32) -> i32 {
  %c = arith.constant 1073741824 : index
  // expected-error @+1 {{'affine.apply' op folds to constant 2147483648}}
  %s = affine.apply affine_map<(d0) -> (d0 * 2)>(%c)
  %r = arith.index_cast %s : index to i32
  return %r : i32
}

// -----

// A wide integer cast to index.
// PIPE: error: 'arith.index_cast' op folds to constant 1099511627776
func.func @cast() -> i32 {
  %w = arith.constant 1099511627776 : i64
  // expected-error @+1 {{'arith.index_cast' op folds to constant 1099511627776}}
  %i = arith.index_cast %w : i64 to index
  %r = arith.index_cast %i : index to i32
  return %r : i32
}

// -----

// Runtime index arithmetic passes the check, but canonicalization
// reassociates `(u + c) + c` into `u + 2c` in 64 bits; the check's second
// run in the pipeline, after that canonicalization, rejects the constant.
// PIPE: error: 'arith.constant' op constant 4294967294 does not fit in a 32-bit register (if canonicalization folded it from index arithmetic, which it computes in 64 bits, write that arithmetic on i32, which wraps)
func.func @reassociated(%x: i32) -> i32 {
  %u = arith.index_cast %x : i32 to index
  %big = arith.constant 2147483647 : index
  %s = arith.addi %u, %big : index
  %t = arith.addi %s, %big : index
  %r = arith.index_cast %t : index to i32
  return %r : i32
}

// -----

// In range: the extremes of the range, i32 arithmetic (which wraps as the
// registers do), and index arithmetic on runtime values are accepted, and
// the pass changes nothing.
// KEEP-LABEL: func.func @in_range
// KEEP: arith.constant -2147483648 : index
// KEEP: arith.constant 2147483647 : index
// KEEP: arith.muli %{{.*}}, %{{.*}} : i32
// KEEP: arith.muli %{{.*}}, %{{.*}} : index
func.func @in_range(%n: i32) -> (i32, i32, index) {
  %lo = arith.constant -2147483648 : index
  %hi = arith.constant 2147483647 : index
  %c = arith.constant 65536 : i32
  %wrapped = arith.muli %c, %c : i32
  %ni = arith.index_cast %n : i32 to index
  %runtime = arith.muli %ni, %hi : index
  %sum = arith.addi %lo, %hi : index
  %r = arith.index_cast %sum : index to i32
  return %r, %wrapped, %runtime : i32, i32, index
}

// -----

// Constants only folding makes: the induction variable of a one-trip loop
// that canonicalization inlines, and an element of a constant tensor. The
// check's second run sees them before bufferization's clamps would fold
// them away (the slices silently read at offset 6).
// PIPE: error: 'arith.constant' op constant 2147483648 does not fit in a 32-bit register
func.func @one_trip_loop(%x: tensor<8xf32>, %acc0: tensor<2xf32>) -> tensor<2xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %big = arith.constant 2147483647 : index
  %r = scf.for %i = %c1 to %c2 step %c1 iter_args(%acc = %acc0) -> tensor<2xf32> {
    %j = arith.addi %i, %big : index
    %s = dynshape.dynamic_slice %x[%j : index] sizes [2] : tensor<8xf32> -> tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// PIPE: error: 'arith.constant' op constant 2147483648 does not fit in a 32-bit register
func.func @constant_tensor_element(%x: tensor<8xf32>) -> tensor<2xf32> {
  %t = arith.constant dense<[2147483647]> : tensor<1xi32>
  %c0 = arith.constant 0 : index
  %e = tensor.extract %t[%c0] : tensor<1xi32>
  %i = arith.index_cast %e : i32 to index
  %c1 = arith.constant 1 : index
  %j = arith.addi %i, %c1 : index
  %r = dynshape.dynamic_slice %x[%j : index] sizes [2] : tensor<8xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
