// RUN: dyn-opt %s --convert-dynshape-to-bir | FileCheck %s

// Run alone on IR that was not canonicalized, the pass still folds a cast
// of a view into the copy that reads it (memref.copy's folder) and drops
// the cast it leaves dead, which it does not lower.
// CHECK-LABEL: func.func @cast_into_copy(
// CHECK-NOT:     memref.cast
// CHECK:         %[[S:.*]] = bir.ap %{{.*}} offset 64 pattern {{\[\[}}32, 2], [1, 32]]
// CHECK:         %[[D:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}32, 2], [1, 32]]
// CHECK:         bir.dma %[[S]] -> %[[D]] on pool
func.func @cast_into_copy(%a: memref<8x32xf32>, %b: memref<2x32xf32>) {
  %s = memref.subview %a[2, 0] [2, 32] [1, 1] : memref<8x32xf32> to memref<2x32xf32, strided<[32, 1], offset: 64>>
  %c = memref.cast %s : memref<2x32xf32, strided<[32, 1], offset: 64>> to memref<2x32xf32, strided<[32, 1], offset: ?>>
  memref.copy %c, %b : memref<2x32xf32, strided<[32, 1], offset: ?>> to memref<2x32xf32>
  return
}
