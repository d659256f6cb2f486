// A dynamic_update_slice whose update is bounded: pad-to-bound masks the
// update's padding with the base's old values (XLA's rewrite), and
// convert-dynshape-to-bir turns that mask into data movement: copy the
// base's window, then a bir.dynamic_for over the update's runtime rows
// [0, size) (max_trip = the bound) copies the valid rows over it. The
// simulated binary matches the reference, sizes out of range included.
// RUN: dyn-opt %s --lower-to-bir | FileCheck %s
// RUN: dyn-sim %s --entry bu --compare --trials 30 | FileCheck %s --check-prefix=SIM
// RUN: dyn-sim %s --entry bu --compare --trials 10 --pipeline-options="arch=gen2" | FileCheck %s --check-prefix=SIM

// CHECK-LABEL: func.func @bu(
// CHECK-SAME:    %[[CACHE:[^:]*]]: memref<16x8xf32, #bir.mem<dram>>, %[[U:[^:]*]]: memref<4x8xf32, #bir.mem<dram>>, %{{.*}}: i32, %[[SIZE:[^:]*]]: i32)
// CHECK:         %[[N:.*]] = bir.read_var %[[SIZE]] on pool
// CHECK:         %[[CLAMPED:.*]] = bir.alu_imm min %{{.*}}, 4 on pool
// CHECK:         %[[TILE:.*]] = bir.alloc {address = {{[0-9]+}} : i64} : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK:         bir.dynamic_for %[[R:.*]] = 0 to 1 * %[[CLAMPED]] + 0 step 1 max_trip 4 on pool
// CHECK:           bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK:         }
// CHECK:         bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK-NOT:     linalg.generic
// SIM: the simulated binary matches the reference
func.func @bu(%cache: tensor<16x8xf32>, %u: tensor<?x8xf32, #dynshape.bounds<4, ?>>, %pos: i32)
    -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : i32
  %w = dynshape.dynamic_update_slice %u into %cache[%pos, %c0]
      : tensor<?x8xf32, #dynshape.bounds<4, ?>> into tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}
