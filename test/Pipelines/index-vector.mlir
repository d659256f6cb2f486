// The index-vector form of the front end (the XLA S32[2] start index) runs
// end to end: dynshape-split-indices extracts the elements, bufferization
// loads them, and each becomes a register through bir.read_elem; the
// simulated binary matches the reference on random indices.
// RUN: dyn-opt %s --lower-to-bir | FileCheck %s
// RUN: dyn-sim %s --entry iv --compare --trials 20 | FileCheck %s --check-prefix=SIM

// CHECK-LABEL: func.func @iv(
// CHECK-SAME:    %[[IDX:[^:]*]]: memref<2xi32, #bir.mem<dram>>)
// CHECK-DAG:     bir.read_elem %[[IDX]][0] on pool {reg = {{[0-9]+}} : i32} : memref<2xi32, #bir.mem<dram>>
// CHECK-DAG:     bir.read_elem %[[IDX]][1] on pool {reg = {{[0-9]+}} : i32} : memref<2xi32, #bir.mem<dram>>
// CHECK:         bir.alu_imm min %{{.*}}, 15 on pool
// SIM: 20 trials from seed 1: the simulated binary matches the reference
func.func @iv(%cache: tensor<16x8xf32>, %row: tensor<1x8xf32>, %idx: tensor<2xi32>)
    -> (tensor<16x8xf32>, tensor<1x8xf32>) {
  %w = dynshape.dynamic_update_slice %row into %cache[%idx : tensor<2xi32>]
      : tensor<1x8xf32> into tensor<16x8xf32>
  %r = dynshape.dynamic_slice %cache[%idx : tensor<2xi32>] sizes [1, 8]
      : tensor<16x8xf32> -> tensor<1x8xf32>
  return %w, %r : tensor<16x8xf32>, tensor<1x8xf32>
}
