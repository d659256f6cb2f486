// RUN: dyn-opt %s --lower-to-bir | FileCheck %s
// RUN: dyn-sim %s --entry broadcast_row --compare --trials 10 | FileCheck %s --check-prefix=SIM

// A row read at a runtime position inside a runtime loop: the clamp and the
// scaling of %pos run once, before the loop (bir-hoist-loop-invariants);
// each trip computes only its own row's address. The binary still matches
// the reference.
// CHECK:      %[[POS:.*]] = bir.read_var %arg1 on pool
// CHECK:      %[[LO:.*]] = bir.alu_imm max %[[POS]], 0 on pool
// CHECK-NEXT: %[[HI:.*]] = bir.alu_imm min %[[LO]], 63 on pool
// CHECK-NEXT: %[[ROW:.*]] = bir.alu_imm mult %[[HI]], 128 on pool
// CHECK-NEXT: bir.dynamic_for %[[J:[^ ]*]] = 0 to
// CHECK-NEXT:   bir.reg_ap %arg0 addr %[[ROW]]
// CHECK-NEXT:   bir.alu_imm mult %[[J]], 128 on pool
// CHECK-NEXT:   bir.reg_ap
// CHECK-NEXT:   bir.dma
// CHECK-NEXT: }
// SIM: 10 trials from seed 1: the simulated binary matches the reference
func.func @broadcast_row(%src: tensor<64x32xf32>, %pos: i32, %n: i32, %out: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %nb = arith.minsi %n, %c64 : i32
  %ni = arith.index_cast %nb : i32 to index
  %r = scf.for %j = %c0i to %ni step %c1i iter_args(%acc = %out) -> (tensor<64x32xf32>) {
    %ji = arith.index_cast %j : index to i32
    %row = dynshape.dynamic_slice %src[%pos, %c0] sizes [1, 32] : tensor<64x32xf32> -> tensor<1x32xf32>
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%ji, %c0] : tensor<1x32xf32> into tensor<64x32xf32>
    scf.yield %acc1 : tensor<64x32xf32>
  }
  return %r : tensor<64x32xf32>
}
