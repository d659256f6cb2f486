// RUN: dyn-opt %s -split-input-file -mlir-disable-threading -mlir-timing \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,dyn-canonicalize,cse))' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s

// dyn-canonicalize marks every analysis preserved exactly when it changed
// nothing (so that the pass manager does not verify again). The second cse
// then reuses the dominance information the first one computed; after a
// change it computes its own.

// A constant the driver hoists out of the loop, to the front of the entry
// block, is a change, although the driver reports it nowhere.
// CHECK-LABEL: Execution time report
// CHECK:      CSE
// CHECK-NEXT:   (A) DominanceInfo
// CHECK-NEXT: DynCanonicalize
// CHECK-NEXT: CSE
// CHECK-NEXT:   (A) DominanceInfo
func.func @hoisted(%n: index, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %c7 = arith.constant 7 : i32
    memref.store %c7, %m[%i] : memref<4xi32>
  }
  return
}

// -----

// The same function with its constants at the front changes nothing.
// CHECK-LABEL: Execution time report
// CHECK:      CSE
// CHECK-NEXT:   (A) DominanceInfo
// CHECK-NEXT: DynCanonicalize
// CHECK-NEXT: CSE
// CHECK-NEXT: Output
func.func @settled(%n: index, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %c7, %m[%i] : memref<4xi32>
  }
  return
}
