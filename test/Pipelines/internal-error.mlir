// A pass that leaves IR its verifiers reject is dyn's bug, and says so: the
// verifier's error, then one naming the pass (test-dyn-invalid-ir breaks the
// IR on purpose). A pass that fails on its own, on valid IR, gets no such
// error.

// RUN: not dyn-opt %s --test-dyn-invalid-ir -o /dev/null 2>&1 | FileCheck %s
// CHECK: internal-error.mlir:[[#@LINE+4]]:8: error: 'arith.constant' op
// CHECK: internal-error.mlir:[[#@LINE+2]]:1: error: internal error: pass 'test-dyn-invalid-ir' left IR that does not verify (the error above); this is a bug in dyn, not in the input
// CHECK-NOT: error
func.func @f() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
}

// RUN: not dyn-opt %S/Inputs/user-error.mlir --lower-to-addr4 -o /dev/null 2>&1 | FileCheck %s --check-prefix=USER
// USER: error: 'linalg.generic' op cannot be lowered by convert-dynshape-to-bir
// USER-NOT: internal error
