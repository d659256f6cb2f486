// RUN: dyn-opt %s --dyn-canonicalize | FileCheck %s
// RUN: dyn-opt %s --canonicalize | FileCheck %s
// RUN: dyn-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(dyn-canonicalize{top-down=false region-simplify=disabled}))' \
// RUN:   | FileCheck %s
// RUN: not dyn-opt %s --pass-pipeline='builtin.module(dyn-canonicalize{region-simplify=always})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPTION

// dyn-canonicalize applies upstream's canonicalization patterns and folders
// with upstream's driver: the same output as `canonicalize` (RUN 2), for
// arith and bir alike; its options are upstream's `top-down` and
// `region-simplify`.

// CHECK-LABEL: func.func @folds
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[R:.*]] = bir.read_var %{{.*}} on pool
// CHECK: %[[A:.*]] = bir.alu_imm add %[[R]], 3 on pool
// CHECK-NOT: bir.alu_imm
// CHECK: return %[[C6]], %[[A]]
func.func @folds(%v: i32) -> (i32, !bir.reg) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c2_again = arith.constant 2 : i32
  %sum = arith.addi %c2, %c2_again : i32
  %six = arith.addi %sum, %c2 : i32
  %r = bir.read_var %v on pool
  %zero = bir.alu_imm add %r, 0 on pool
  %x = bir.alu_imm add %zero, 3 on pool
  return %six, %x : i32, !bir.reg
}

// BADOPTION: for the --region-simplify option: Cannot find option named 'always'!
