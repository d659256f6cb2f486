// RUN: dyn-opt %s -split-input-file --dynshape-bufferize=max-tensor-nesting=2 -verify-diagnostics
// RUN: dyn-opt %s -split-input-file --dynshape-bufferize=max-tensor-nesting=3 | FileCheck %s

// One-Shot's analysis time doubles with each level of ops with tensor
// results, so the pass takes a nest up to max-tensor-nesting (16 by
// default) and rejects the op past it. Three loops carrying the cache:
// rejected at the third under a limit of 2, bufferized under 3.

// CHECK-LABEL: func.func @three_loops
// CHECK-COUNT-3: scf.for
// CHECK: memref.copy
// CHECK-NOT: memref.alloc
func.func @three_loops(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>, %pos: i32) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %c2i = arith.constant 2 : index
  %r0 = scf.for %i = %c0i to %c2i step %c1i iter_args(%a0 = %cache) -> (tensor<64x32xf32>) {
    %r1 = scf.for %j = %c0i to %c2i step %c1i iter_args(%a1 = %a0) -> (tensor<64x32xf32>) {
      // expected-error @+1 {{'scf.for' op is nested 3 deep in ops with tensor results; dynshape-bufferize takes at most 2 (max-tensor-nesting), since One-Shot's analysis time doubles with each level}}
      %r2 = scf.for %l = %c0i to %c2i step %c1i iter_args(%a2 = %a1) -> (tensor<64x32xf32>) {
        %u = dynshape.dynamic_update_slice %k into %a2[%pos, %c0] : tensor<1x32xf32> into tensor<64x32xf32>
        scf.yield %u : tensor<64x32xf32>
      }
      scf.yield %r2 : tensor<64x32xf32>
    }
    scf.yield %r1 : tensor<64x32xf32>
  }
  return %r0 : tensor<64x32xf32>
}

// -----

// Loops that carry no tensor do not count.
// CHECK-LABEL: func.func @outer_loops_without_tensors
func.func @outer_loops_without_tensors(%t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %l = %c0 to %c2 step %c1 {
      }
    }
  }
  return %t : tensor<8xf32>
}
