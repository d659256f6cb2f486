// RUN: dyn-opt %s --convert-dynshape-to-bir | FileCheck %s

// Run alone on IR that was not canonicalized, the pass still folds a cast
// into the op that reads it (the folders of memref.copy, memref.load and
// the dynshape buffer ops drop casts) and a cast of a cast into one, and
// drops the casts it leaves dead, which it does not lower.
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

// CHECK-LABEL: func.func @cast_into_load(
// CHECK-NOT:     memref.cast
// CHECK:         %[[POS:.*]] = bir.read_elem %{{.*}}[3] on pool : memref<8xi32, #bir.mem<dram>>
// CHECK:         bir.tensor_copy_dynamic_src %{{.*}} -> %{{.*}} generic_addrs(%[[POS]] : !bir.reg)
func.func @cast_into_load(%ids: memref<8xi32>, %out: memref<2x32xf32>,
                          %table: memref<8x32xf32>) {
  %k = memref.cast %ids : memref<8xi32> to memref<?xi32>
  %c3 = arith.constant 3 : index
  %v = memref.load %k[%c3] : memref<?xi32>
  %i = arith.index_cast %v : i32 to index
  %s = memref.subview %table[%i, 0] [2, 32] [1, 1] : memref<8x32xf32> to memref<2x32xf32, strided<[32, 1], offset: ?>>
  memref.copy %s, %out : memref<2x32xf32, strided<[32, 1], offset: ?>> to memref<2x32xf32>
  return
}

// CHECK-LABEL: func.func @cast_of_cast(
// CHECK-NOT:     memref.cast
// CHECK:         %[[S:.*]] = bir.ap %{{.*}} offset 64 pattern {{\[\[}}32, 2], [1, 32]]
// CHECK:         bir.dma %[[S]] -> %{{.*}} on pool
func.func @cast_of_cast(%a: memref<8x32xf32>, %b: memref<2x32xf32>) {
  %s = memref.subview %a[2, 0] [2, 32] [1, 1] : memref<8x32xf32> to memref<2x32xf32, strided<[32, 1], offset: 64>>
  %c = memref.cast %s : memref<2x32xf32, strided<[32, 1], offset: 64>> to memref<2x32xf32, strided<[32, 1], offset: ?>>
  %d = memref.cast %c : memref<2x32xf32, strided<[32, 1], offset: ?>> to memref<2x32xf32, strided<[?, 1], offset: ?>>
  memref.copy %d, %b : memref<2x32xf32, strided<[?, 1], offset: ?>> to memref<2x32xf32>
  return
}
