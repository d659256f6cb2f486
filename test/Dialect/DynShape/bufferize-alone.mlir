// dynshape-bufferize run alone on a module with no dynshape op: a branch
// whose result needs one buffer is rewritten with dynshape and arith ops
// first, whose dialects the pass loads itself.
// RUN: dyn-opt %s --dynshape-bufferize | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[T:[^:]*]]: memref<8xf32>
// CHECK:         scf.if
// CHECK:           memref.store
// CHECK:         return
func.func @f(%t: tensor<8xf32>, %c: i1, %v: f32, %i: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %r = scf.if %c -> tensor<8xf32> {
    %u = tensor.insert %v into %t[%i] : tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  return %r, %t : tensor<8xf32>, tensor<8xf32>
}
