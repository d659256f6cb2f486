// RUN: not dyn-opt %s --convert-dynshape-to-bir 2>&1 | FileCheck %s
// At most 20 refusals are reported in one compile, then the conversion says
// it stopped.
// CHECK-COUNT-20: error: 'memref.store' op cannot be lowered by convert-dynshape-to-bir
// CHECK: error: convert-dynshape-to-bir stops after 20 refusals; there may be more
// CHECK-NOT: memref.store
func.func @many(%t: memref<32xf32>) {
  %c = arith.constant 1.0 : f32
  %i0 = arith.constant 0 : index
  memref.store %c, %t[%i0] : memref<32xf32>
  %i1 = arith.constant 1 : index
  memref.store %c, %t[%i1] : memref<32xf32>
  %i2 = arith.constant 2 : index
  memref.store %c, %t[%i2] : memref<32xf32>
  %i3 = arith.constant 3 : index
  memref.store %c, %t[%i3] : memref<32xf32>
  %i4 = arith.constant 4 : index
  memref.store %c, %t[%i4] : memref<32xf32>
  %i5 = arith.constant 5 : index
  memref.store %c, %t[%i5] : memref<32xf32>
  %i6 = arith.constant 6 : index
  memref.store %c, %t[%i6] : memref<32xf32>
  %i7 = arith.constant 7 : index
  memref.store %c, %t[%i7] : memref<32xf32>
  %i8 = arith.constant 8 : index
  memref.store %c, %t[%i8] : memref<32xf32>
  %i9 = arith.constant 9 : index
  memref.store %c, %t[%i9] : memref<32xf32>
  %i10 = arith.constant 10 : index
  memref.store %c, %t[%i10] : memref<32xf32>
  %i11 = arith.constant 11 : index
  memref.store %c, %t[%i11] : memref<32xf32>
  %i12 = arith.constant 12 : index
  memref.store %c, %t[%i12] : memref<32xf32>
  %i13 = arith.constant 13 : index
  memref.store %c, %t[%i13] : memref<32xf32>
  %i14 = arith.constant 14 : index
  memref.store %c, %t[%i14] : memref<32xf32>
  %i15 = arith.constant 15 : index
  memref.store %c, %t[%i15] : memref<32xf32>
  %i16 = arith.constant 16 : index
  memref.store %c, %t[%i16] : memref<32xf32>
  %i17 = arith.constant 17 : index
  memref.store %c, %t[%i17] : memref<32xf32>
  %i18 = arith.constant 18 : index
  memref.store %c, %t[%i18] : memref<32xf32>
  %i19 = arith.constant 19 : index
  memref.store %c, %t[%i19] : memref<32xf32>
  %i20 = arith.constant 20 : index
  memref.store %c, %t[%i20] : memref<32xf32>
  %i21 = arith.constant 21 : index
  memref.store %c, %t[%i21] : memref<32xf32>
  %i22 = arith.constant 22 : index
  memref.store %c, %t[%i22] : memref<32xf32>
  %i23 = arith.constant 23 : index
  memref.store %c, %t[%i23] : memref<32xf32>
  %i24 = arith.constant 24 : index
  memref.store %c, %t[%i24] : memref<32xf32>
  return
}
