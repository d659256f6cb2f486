// RUN: dyn-opt %s --lower-to-bir | FileCheck %s
// RUN: dyn-sim %s --entry affine --compare --trials 10 | FileCheck %s --check-prefix=SIM

// A trip count 2 * n + 3 of a bounded length n: the loop reads n's register
// with ub_coef 2 and ub_const 3 (the dynamic_for canonicalization), with no
// mult or add for the bound, and max_trip 35 = 2 * 16 + 3.
// CHECK:      %[[N:.*]] = bir.alu_imm min %{{.*}}, 16 on pool
// CHECK-NEXT: bir.dynamic_for %{{.*}} = 0 to 2 * %[[N]] + 3 step 1 max_trip 35 on pool
// SIM: 10 trials from seed 1: the simulated binary matches the reference
func.func @affine(%h: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %out: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c15 = arith.constant 15 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %n = dynshape.get_dimension_size %h, 0 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %t = arith.muli %n, %c2 : i32
  %u = arith.addi %t, %c3 : i32
  %ub = arith.index_cast %u : i32 to index
  %r = scf.for %j = %c0i to %ub step %c1i iter_args(%acc = %out) -> (tensor<64x8xf32>) {
    %ji = arith.index_cast %j : index to i32
    %src = arith.minsi %ji, %c15 : i32
    %row = dynshape.dynamic_slice %h[%src, %c0] sizes [1, 8] : tensor<?x8xf32, #dynshape.bounds<16, ?>> -> tensor<1x8xf32>
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%ji, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
    scf.yield %acc1 : tensor<64x8xf32>
  }
  return %r : tensor<64x8xf32>
}
