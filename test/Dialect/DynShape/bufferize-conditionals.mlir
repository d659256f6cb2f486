// dynshape-bufferize keeps each tensor a conditional yields in one buffer.
// When the old cache is read after the conditional, One-Shot writes the
// then-branch's update to a copy, and the branches yield different buffers
// (an scf.if with a result, which has no 0/1-trip loop form). Each branch
// then copies its value into one buffer made before the conditional, and
// the conditional keeps no result.
// RUN: dyn-opt %s --dynshape-bufferize -canonicalize | FileCheck %s
// RUN: dyn-opt %s --dynshape-bufferize=emit-remarks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: dyn-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -canonicalize | FileCheck %s --check-prefix=UPSTREAM

// REMARK: remark: result #0: the branches copy into one buffer
// CHECK-LABEL: func.func @read_after(
// CHECK-SAME:    %[[CACHE:[^:]*]]: memref<16x8xf32>, %[[K:[^:]*]]: memref<1x8xf32>
// CHECK:         %[[ONE:.*]] = memref.alloc() {{.*}} : memref<16x8xf32>
// CHECK:         scf.if %{{.*}} {
// CHECK:           %[[COPY:.*]] = memref.alloc()
// CHECK:           memref.copy %[[CACHE]], %[[COPY]]
// CHECK:           memref.copy %[[K]], %{{.*}}
// CHECK:           memref.copy %[[COPY]], %[[ONE]]
// CHECK:         } else {
// CHECK:           memref.copy %[[CACHE]], %[[ONE]]
// CHECK:         }
// CHECK:         return %[[ONE]], %{{.*}} : memref<16x8xf32>, memref<1x8xf32>

// UPSTREAM-LABEL: func.func @read_after(
// UPSTREAM:         %{{.*}} = scf.if %{{.*}} -> (memref<16x8xf32>) {
func.func @read_after(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %pos: i32, %flag: i32) -> (tensor<16x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : i32
  %set = arith.cmpi ne, %flag, %c0 : i32
  %r = scf.if %set -> tensor<16x8xf32> {
    %w = dynshape.dynamic_update_slice %k into %cache[%pos, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %w : tensor<16x8xf32>
  } else {
    scf.yield %cache : tensor<16x8xf32>
  }
  %old = dynshape.dynamic_slice %cache[%pos, %c0] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return %r, %old : tensor<16x8xf32>, tensor<1x8xf32>
}
