// Elementwise arith/math on tensors become linalg.generic after padding
// (upstream convert-elementwise-to-linalg), the form of compute that
// bufferizes; the padded bounded operand keeps its padding in the generic.
// RUN: dyn-opt %s --pass-pipeline="builtin.module(dge-set-arch,func.func(dynshape-split-indices),dynshape-pad-to-bound,func.func(convert-elementwise-to-linalg))" | FileCheck %s
// RUN: dyn-opt %s --lower-to-bir | FileCheck %s --check-prefix=BIR

// The padded tensor is 16 x 8: the engines run the whole tile (the
// padding's results are padding too).
// BIR: bir.tensor_tensor multiply
// BIR: bir.activation exp

// CHECK-LABEL: func.func @scale(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<16x8xf32>, %[[N:[^:]*]]: i32) -> (tensor<16x8xf32>, i32)
// CHECK:         %[[E:.*]] = linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<16x8xf32>, tensor<16x8xf32>)
// CHECK:           arith.mulf
// CHECK:         %[[X2:.*]] = linalg.generic {{.*}} ins(%[[E]] : tensor<16x8xf32>)
// CHECK:           math.exp
// CHECK:         return %[[X2]], %{{.*}} : tensor<16x8xf32>, i32
func.func @scale(%x: tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %m = arith.mulf %x, %x : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  %e = math.exp %m : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %e : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}
