// RUN: dyn-opt %s -split-input-file --one-shot-bufferize -verify-diagnostics

func.func @index_vector(%t: tensor<16x8xf32>, %idx: tensor<2xi32>) -> tensor<1x8xf32> {
  // expected-error @+2 {{failed to bufferize op}}
  // expected-error @+1 {{Dynamic indexing instruction with non-scalar index is not supported. Make sure that 'dynshape-split-indices' pass was executed to canonicalize the indices}}
  %r = dynshape.dynamic_slice %t[%idx : tensor<2xi32>] sizes [1, 8]
         : tensor<16x8xf32> -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}

// -----

func.func @index_vector_update(%t: tensor<16x8xf32>, %u: tensor<1x8xf32>, %idx: tensor<2xi32>) -> tensor<16x8xf32> {
  // expected-error @+2 {{failed to bufferize op}}
  // expected-error @+1 {{Dynamic indexing instruction with non-scalar index is not supported}}
  %r = dynshape.dynamic_update_slice %u into %t[%idx : tensor<2xi32>]
         : tensor<1x8xf32> into tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}
