// RUN: not dyn-opt %s -split-input-file --bir-hoist-loop-invariants=max-live-in=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: dyn-opt %s -split-input-file --bir-hoist-loop-invariants -verify-diagnostics

// NEGATIVE: error: max-live-in must not be negative, got -1
func.func @f() {
  return
}

// -----

// After bir-allocate-registers, a hoisted definition could overwrite a
// register that is still live where it lands (reduced from a review: the
// mov_imm into reg 0 landed between the read_var in reg 0 and its loop).
func.func @allocated(%n: i32) {
  // expected-error @+1 {{'bir.read_var' op has a physical register: bir-hoist-loop-invariants runs before bir-allocate-registers}}
  %0 = bir.read_var %n on pool {reg = 0 : i32}
  bir.dynamic_for %i = 0 to 1 * %0 + 0 step 1 max_trip 8 on pool attributes {reg = 1 : i32} {
    %1 = bir.mov_imm 96 on pool {reg = 0 : i32}
  }
  return
}
