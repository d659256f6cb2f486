// RUN: dyn-opt %s --dyn-canonicalize | FileCheck %s

// Upstream's canonicalizer (LLVM 22), folding an SSA constant offset of a
// rank-reducing slice, rebuilds it with its sizes reordered ([1, 1, 16]:
// another slice, or one out of bounds). dyn-canonicalize folds the
// constants itself first and keeps the slice.

// CHECK-LABEL: func.func @late_constant
// CHECK: tensor.extract_slice %{{.*}}[0, 0, %{{.*}}] [1, 16, 1] [1, 1, 1] : tensor<1x16x8xf32> to tensor<1x16xf32>
func.func @late_constant(%x: tensor<1x16x8xf32>, %j: index) -> tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %x[0, %c0, %j] [1, 16, 1] [1, 1, 1] : tensor<1x16x8xf32> to tensor<1x16xf32>
  return %s : tensor<1x16xf32>
}

// CHECK-LABEL: func.func @unit_source_dim
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0] [1, 16, 1] [1, 1, 1] : tensor<1x16x1xf32> to tensor<1x16xf32>
func.func @unit_source_dim(%x: tensor<1x16x1xf32>) -> tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %x[0, %c0, 0] [1, 16, 1] [1, 1, 1] : tensor<1x16x1xf32> to tensor<1x16xf32>
  return %s : tensor<1x16xf32>
}

// CHECK-LABEL: func.func @insert
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, %{{.*}}] [1, 16, 1] [1, 1, 1] : tensor<1x16xf32> into tensor<1x16x8xf32>
func.func @insert(%u: tensor<1x16xf32>, %x: tensor<1x16x8xf32>, %j: index) -> tensor<1x16x8xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert_slice %u into %x[0, %c0, %j] [1, 16, 1] [1, 1, 1] : tensor<1x16xf32> into tensor<1x16x8xf32>
  return %r : tensor<1x16x8xf32>
}
