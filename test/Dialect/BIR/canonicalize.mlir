// RUN: dyn-opt %s -canonicalize -split-input-file | FileCheck %s

// Registers are kept alive by returning them; the folded ALU ops must be gone.

//===----------------------------------------------------------------------===//
// Right identities of alu_imm
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @add_zero(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.alu_imm
// CHECK-NEXT: return %[[X]]
func.func @add_zero(%a: i32) -> !bir.reg {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm add %x, 0 on pool
  return %0 : !bir.reg
}

// -----

// CHECK-LABEL: func.func @sub_zero(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.alu_imm
// CHECK-NEXT: return %[[X]]
func.func @sub_zero(%a: i32) -> !bir.reg {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm sub %x, 0 on pool
  return %0 : !bir.reg
}

// -----

// CHECK-LABEL: func.func @mult_one(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.alu_imm
// CHECK-NEXT: return %[[X]]
func.func @mult_one(%a: i32) -> !bir.reg {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm mult %x, 1 on pool
  return %0 : !bir.reg
}

// -----

// CHECK-LABEL: func.func @divide_one(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.alu_imm
// CHECK-NEXT: return %[[X]]
func.func @divide_one(%a: i32) -> !bir.reg {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm divide %x, 1 on pool
  return %0 : !bir.reg
}

// -----

// A chain of identities folds away entirely, even with a physical register.
// CHECK-LABEL: func.func @identity_chain(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.alu
// CHECK-NEXT: return %[[X]]
func.func @identity_chain(%a: i32) -> !bir.reg {
  %x = bir.read_var %a on sp
  %0 = bir.alu_imm mult %x, 1 on sp {reg = 4 : i32}
  %1 = bir.alu_imm add %0, 0 on sp
  %2 = bir.alu_imm divide %1, 1 on sp
  %3 = bir.alu_imm sub %2, 0 on sp
  return %3 : !bir.reg
}

// -----

// Near misses are not identities: x-1 and x*-1 are not x, x mod 1 is not x,
// x/-1 negates, x max 0 clamps, and 0 is only a right identity of add and sub.
// CHECK-LABEL: func.func @not_identities(
// CHECK: %[[X:.*]] = bir.read_var
// CHECK-NEXT: %[[R0:.*]] = bir.alu_imm add %[[X]], -1 on pool
// CHECK-NEXT: %[[R1:.*]] = bir.alu_imm mult %[[X]], -1 on pool
// CHECK-NEXT: %[[R2:.*]] = bir.alu_imm divide %[[X]], -1 on pool
// CHECK-NEXT: %[[R3:.*]] = bir.alu_imm mod %[[X]], 1 on pool
// CHECK-NEXT: %[[R4:.*]] = bir.alu_imm max %[[X]], 0 on pool
// CHECK-NEXT: %[[R5:.*]] = bir.alu_imm min %[[X]], 0 on pool
// CHECK-NEXT: %[[R6:.*]] = bir.alu_imm sub %[[X]], 1 on pool
// CHECK-NEXT: %[[R7:.*]] = bir.alu_imm divide %[[X]], 0 on pool
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]]
func.func @not_identities(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm add %x, -1 on pool
  %1 = bir.alu_imm mult %x, -1 on pool
  %2 = bir.alu_imm divide %x, -1 on pool
  %3 = bir.alu_imm mod %x, 1 on pool
  %4 = bir.alu_imm max %x, 0 on pool
  %5 = bir.alu_imm min %x, 0 on pool
  %6 = bir.alu_imm sub %x, 1 on pool
  %7 = bir.alu_imm divide %x, 0 on pool
  return %0, %1, %2, %3, %4, %5, %6, %7 : !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

//===----------------------------------------------------------------------===//
// alu folds
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @max_min_self(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.alu
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @max_min_self(%a: i32) -> (!bir.reg, !bir.reg) {
  %x = bir.read_var %a on dve
  %0 = bir.alu max %x, %x on dve
  %1 = bir.alu min %x, %x on dve
  return %0, %1 : !bir.reg, !bir.reg
}

// -----

// max of two different registers is not folded.
// CHECK-LABEL: func.func @max_distinct(
// CHECK: %[[X:.*]] = bir.read_var %{{.*}} on dve
// CHECK: %[[Y:.*]] = bir.read_var %{{.*}} on dve
// CHECK: %[[M:.*]] = bir.alu max %[[X]], %[[Y]] on dve
// CHECK: return %[[M]]
func.func @max_distinct(%a: i32, %b: i32) -> !bir.reg {
  %x = bir.read_var %a on dve
  %y = bir.read_var %b on dve
  %0 = bir.alu max %x, %y on dve
  return %0 : !bir.reg
}

// -----

//===----------------------------------------------------------------------===//
// alu with a mov_imm operand becomes alu_imm
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @rhs_immediate(
// CHECK: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.mov_imm
// CHECK-NOT: bir.alu {{.*}}
// CHECK: %[[R0:.*]] = bir.alu_imm add %[[X]], 7 on pool
// CHECK-NEXT: %[[R1:.*]] = bir.alu_imm sub %[[X]], 7 on pool
// CHECK-NEXT: %[[R2:.*]] = bir.alu_imm mult %[[X]], 7 on pool
// CHECK-NEXT: %[[R3:.*]] = bir.alu_imm divide %[[X]], 7 on pool
// CHECK-NEXT: %[[R4:.*]] = bir.alu_imm max %[[X]], 7 on pool
// CHECK-NEXT: %[[R5:.*]] = bir.alu_imm min %[[X]], 7 on pool
// CHECK-NEXT: %[[R6:.*]] = bir.alu_imm mod %[[X]], 7 on pool
// CHECK-NEXT: %[[R7:.*]] = bir.alu_imm sub %[[X]], -3 on pool
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]]
func.func @rhs_immediate(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on pool
  %c = bir.mov_imm 7 on pool
  %m = bir.mov_imm -3 on pool
  %0 = bir.alu add %x, %c on pool
  %1 = bir.alu sub %x, %c on pool
  %2 = bir.alu mult %x, %c on pool
  %3 = bir.alu divide %x, %c on pool
  %4 = bir.alu max %x, %c on pool
  %5 = bir.alu min %x, %c on pool
  %6 = bir.alu mod %x, %c on pool
  %7 = bir.alu sub %x, %m on pool
  return %0, %1, %2, %3, %4, %5, %6, %7 : !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// A mov_imm on the left moves to the immediate for commutative kinds only.
// CHECK-LABEL: func.func @lhs_immediate_commutative(
// CHECK: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.mov_imm
// CHECK: %[[R0:.*]] = bir.alu_imm add %[[X]], 9 on act
// CHECK-NEXT: %[[R1:.*]] = bir.alu_imm mult %[[X]], 9 on act
// CHECK-NEXT: %[[R2:.*]] = bir.alu_imm max %[[X]], 9 on act
// CHECK-NEXT: %[[R3:.*]] = bir.alu_imm min %[[X]], 9 on act
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @lhs_immediate_commutative(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on act
  %c = bir.mov_imm 9 on act
  %0 = bir.alu add %c, %x on act
  %1 = bir.alu mult %c, %x on act
  %2 = bir.alu max %c, %x on act
  %3 = bir.alu min %c, %x on act
  return %0, %1, %2, %3 : !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// 9 - x, 9 / x and 9 mod x must keep their operand order.
// CHECK-LABEL: func.func @lhs_immediate_not_commutative(
// CHECK: %[[X:.*]] = bir.read_var
// CHECK: %[[C:.*]] = bir.mov_imm 9 on act
// CHECK-NOT: bir.alu_imm
// CHECK: %[[R0:.*]] = bir.alu sub %[[C]], %[[X]] on act
// CHECK-NEXT: %[[R1:.*]] = bir.alu divide %[[C]], %[[X]] on act
// CHECK-NEXT: %[[R2:.*]] = bir.alu mod %[[C]], %[[X]] on act
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]]
func.func @lhs_immediate_not_commutative(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on act
  %c = bir.mov_imm 9 on act
  %0 = bir.alu sub %c, %x on act
  %1 = bir.alu divide %c, %x on act
  %2 = bir.alu mod %c, %x on act
  return %0, %1, %2 : !bir.reg, !bir.reg, !bir.reg
}

// -----

// A compare with a mov_imm on the left mirrors its predicate: 9 < x is
// x > 9; eq and ne keep theirs. A compare of constants folds to 0 or 1.
// CHECK-LABEL: func.func @compare_immediates(
// CHECK: %[[X:.*]] = bir.read_var
// CHECK-NEXT: %[[R0:.*]] = bir.alu_imm sgt %[[X]], 9 on act
// CHECK-NEXT: %[[R1:.*]] = bir.alu_imm uge %[[X]], 9 on act
// CHECK-NEXT: %[[R2:.*]] = bir.alu_imm ne %[[X]], 9 on act
// CHECK-NEXT: %[[R3:.*]] = bir.alu_imm sle %[[X]], 9 on act
// CHECK-NEXT: %[[ONE:.*]] = bir.mov_imm 1 on act
// CHECK-NEXT: %[[ZERO:.*]] = bir.mov_imm 0 on act
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[ONE]], %[[ZERO]]
func.func @compare_immediates(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on act
  %c = bir.mov_imm 9 on act
  %m = bir.mov_imm -1 on act
  %0 = bir.alu slt %c, %x on act
  %1 = bir.alu ule %c, %x on act
  %2 = bir.alu ne %c, %x on act
  %3 = bir.alu sle %x, %c on act
  // -1 <u 9 is false, -1 <s 9 is true.
  %4 = bir.alu slt %m, %c on act
  %5 = bir.alu ult %m, %c on act
  return %0, %1, %2, %3, %4, %5 : !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// An immediate operand that is an identity folds away after the rewrite.
// CHECK-LABEL: func.func @rhs_immediate_identity(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.
// CHECK: return %[[X]], %[[X]]
func.func @rhs_immediate_identity(%a: i32) -> (!bir.reg, !bir.reg) {
  %x = bir.read_var %a on pool
  %zero = bir.mov_imm 0 on pool
  %one = bir.mov_imm 1 on pool
  %0 = bir.alu add %zero, %x on pool
  %1 = bir.alu mult %x, %one on pool
  return %0, %1 : !bir.reg, !bir.reg
}

// -----

//===----------------------------------------------------------------------===//
// Constant folding: 32-bit wrapping, truncating division, x/0 = x%0 = 0
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fold_constants(
// CHECK-NOT: bir.alu
// CHECK: %[[R0:.*]] = bir.mov_imm -2147483648 on pool
// CHECK-NEXT: %[[R1:.*]] = bir.mov_imm 2147483647 on pool
// CHECK-NEXT: %[[R2:.*]] = bir.mov_imm 0 on pool
// CHECK-NEXT: %[[R3:.*]] = bir.mov_imm -2 on pool
// CHECK-NEXT: %[[R4:.*]] = bir.mov_imm 12 on pool
// CHECK-NEXT: %[[R5:.*]] = bir.mov_imm -4 on pool
// CHECK-NEXT: %[[R6:.*]] = bir.mov_imm -7 on pool
// CHECK-NEXT: %[[R7:.*]] = bir.mov_imm -5 on pool
// CHECK-NOT: bir.alu
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]]
func.func @fold_constants() -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %max = bir.mov_imm 2147483647 on pool
  %min = bir.mov_imm -2147483648 on pool
  %big = bir.mov_imm 65536 on pool
  %five = bir.mov_imm 5 on pool
  %m7 = bir.mov_imm -7 on pool
  // INT_MAX + 1 wraps to INT_MIN.
  %0 = bir.alu_imm add %max, 1 on pool
  // INT_MIN - 1 wraps to INT_MAX.
  %1 = bir.alu_imm sub %min, 1 on pool
  // 65536 * 65536 = 2^32 wraps to 0.
  %2 = bir.alu_imm mult %big, 65536 on pool
  %3 = bir.alu_imm sub %five, 7 on pool
  %4 = bir.alu_imm max %five, 12 on pool
  %5 = bir.alu_imm min %five, -4 on pool
  %6 = bir.alu_imm min %m7, -4 on pool
  %7 = bir.alu_imm max %m7, -5 on pool
  return %0, %1, %2, %3, %4, %5, %6, %7 : !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// CHECK-LABEL: func.func @fold_divide_mod(
// CHECK-NOT: bir.alu
// CHECK: %[[R0:.*]] = bir.mov_imm -3 on sp
// CHECK-NEXT: %[[R1:.*]] = bir.mov_imm -3 on sp
// CHECK-NEXT: %[[R2:.*]] = bir.mov_imm 3 on sp
// CHECK-NEXT: %[[R3:.*]] = bir.mov_imm 0 on sp
// CHECK-NEXT: %[[R4:.*]] = bir.mov_imm -2147483648 on sp
// CHECK-NEXT: %[[R5:.*]] = bir.mov_imm -1 on sp
// CHECK-NEXT: %[[R6:.*]] = bir.mov_imm 1 on sp
// CHECK-NEXT: %[[R7:.*]] = bir.mov_imm -1 on sp
// CHECK-NEXT: %[[R8:.*]] = bir.mov_imm 0 on sp
// CHECK-NEXT: %[[R9:.*]] = bir.mov_imm 0 on sp
// CHECK-NOT: bir.alu
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[R8]], %[[R9]]
func.func @fold_divide_mod() -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %m7 = bir.mov_imm -7 on sp
  %p7 = bir.mov_imm 7 on sp
  %min = bir.mov_imm -2147483648 on sp
  // Division truncates toward zero: -7 / 2 = -3 (not -4), 7 / -2 = -3, -7 / -2 = 3.
  %0 = bir.alu_imm divide %m7, 2 on sp
  %1 = bir.alu_imm divide %p7, -2 on sp
  %2 = bir.alu_imm divide %m7, -2 on sp
  // x / 0 = 0.
  %3 = bir.alu_imm divide %p7, 0 on sp
  // INT_MIN / -1 wraps to INT_MIN.
  %4 = bir.alu_imm divide %min, -1 on sp
  // mod takes the sign of the dividend: -7 mod 3 = -1, 7 mod -3 = 1, -7 mod -3 = -1.
  %5 = bir.alu_imm mod %m7, 3 on sp
  %6 = bir.alu_imm mod %p7, -3 on sp
  %7 = bir.alu_imm mod %m7, -3 on sp
  // x mod 0 = 0; INT_MIN mod -1 = 0.
  %8 = bir.alu_imm mod %p7, 0 on sp
  %9 = bir.alu_imm mod %min, -1 on sp
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// An alu on two immediates becomes one mov_imm: alu -> alu_imm -> mov_imm.
// sub keeps its order: 5 - 7 = -2, 7 - 5 = 2.
// CHECK-LABEL: func.func @fold_alu_of_immediates(
// CHECK-NOT: bir.alu
// CHECK: %[[R0:.*]] = bir.mov_imm -2 on pe
// CHECK-NEXT: %[[R1:.*]] = bir.mov_imm 2 on pe
// CHECK-NEXT: %[[R2:.*]] = bir.mov_imm 35 on pe
// CHECK-NEXT: %[[R3:.*]] = bir.mov_imm 5 on pe
// CHECK-NOT: bir.alu
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @fold_alu_of_immediates() -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %five = bir.mov_imm 5 on pe
  %seven = bir.mov_imm 7 on pe
  %0 = bir.alu sub %five, %seven on pe
  %1 = bir.alu sub %seven, %five on pe
  %2 = bir.alu mult %five, %seven on pe
  %3 = bir.alu min %seven, %five on pe
  return %0, %1, %2, %3 : !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// x * 0 = 0 whatever x is, with an immediate or a mov_imm 0 operand.
// CHECK-LABEL: func.func @mult_zero(
// CHECK: bir.read_var
// CHECK-NOT: bir.alu
// CHECK: %[[R0:.*]] = bir.mov_imm 0 on pool
// CHECK-NEXT: %[[R1:.*]] = bir.mov_imm 0 on pool
// CHECK-NOT: bir.alu
// CHECK: return %[[R0]], %[[R1]]
func.func @mult_zero(%a: i32) -> (!bir.reg, !bir.reg) {
  %x = bir.read_var %a on pool
  %z = bir.mov_imm 0 on pool
  %0 = bir.alu_imm mult %x, 0 on pool
  %1 = bir.alu mult %z, %x on pool
  return %0, %1 : !bir.reg, !bir.reg
}

// -----

//===----------------------------------------------------------------------===//
// Reassociation
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reassociate_add(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NEXT: %[[R:.*]] = bir.alu_imm add %[[X]], 7 on pool
// CHECK-NEXT: return %[[R]]
func.func @reassociate_add(%a: i32) -> !bir.reg {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm add %x, 3 on pool
  %1 = bir.alu_imm add %0, 4 on pool
  return %1 : !bir.reg
}

// -----

// A longer chain collapses to one op; the sum wraps; 3 + -3 leaves x.
// CHECK-LABEL: func.func @reassociate_chains(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NEXT: %[[R0:.*]] = bir.alu_imm add %[[X]], 15 on pool
// CHECK-NEXT: %[[R1:.*]] = bir.alu_imm add %[[X]], -2147483648 on pool
// CHECK-NEXT: %[[R2:.*]] = bir.alu_imm mult %[[X]], 30 on pool
// CHECK-NOT: bir.alu
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[X]]
func.func @reassociate_chains(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm add %x, 3 on pool
  %1 = bir.alu_imm add %0, 4 on pool
  %2 = bir.alu_imm add %1, 8 on pool
  %3 = bir.alu_imm add %x, 2147483647 on pool
  %4 = bir.alu_imm add %3, 1 on pool
  %5 = bir.alu_imm mult %x, 2 on pool
  %6 = bir.alu_imm mult %5, 3 on pool
  %7 = bir.alu_imm mult %6, 5 on pool
  %8 = bir.alu_imm add %x, 3 on pool
  %9 = bir.alu_imm add %8, -3 on pool
  return %2, %4, %7, %9 : !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// Different kinds do not reassociate: (x * 3) + 4 is neither x * 12 nor x + 7;
// nor do sub, divide and mod chains combine.
// CHECK-LABEL: func.func @no_reassociation(
// CHECK: %[[X:.*]] = bir.read_var
// CHECK-NEXT: %[[M:.*]] = bir.alu_imm mult %[[X]], 3 on pool
// CHECK-NEXT: %[[A:.*]] = bir.alu_imm add %[[M]], 4 on pool
// CHECK-NEXT: %[[D0:.*]] = bir.alu_imm divide %[[X]], 2 on pool
// CHECK-NEXT: %[[D1:.*]] = bir.alu_imm divide %[[D0]], 3 on pool
// CHECK-NEXT: %[[Q0:.*]] = bir.alu_imm mod %[[X]], 6 on pool
// CHECK-NEXT: %[[Q1:.*]] = bir.alu_imm mod %[[Q0]], 4 on pool
// CHECK-NEXT: return %[[A]], %[[D1]], %[[Q1]]
func.func @no_reassociation(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm mult %x, 3 on pool
  %1 = bir.alu_imm add %0, 4 on pool
  %2 = bir.alu_imm divide %x, 2 on pool
  %3 = bir.alu_imm divide %2, 3 on pool
  %4 = bir.alu_imm mod %x, 6 on pool
  %5 = bir.alu_imm mod %4, 4 on pool
  return %1, %3, %5 : !bir.reg, !bir.reg, !bir.reg
}

// -----

//===----------------------------------------------------------------------===//
// Rewritten ops keep their engine and physical register
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @keeps_engine_and_reg(
// CHECK: %[[X:.*]] = bir.read_var %{{.*}} on act
// CHECK-NOT: bir.mov_imm 6
// CHECK: %[[R0:.*]] = bir.alu_imm sub %[[X]], 6 on act {reg = 11 : i32}
// CHECK-NEXT: %[[R1:.*]] = bir.alu_imm max %[[X]], 6 on act {reg = 12 : i32}
// CHECK-NEXT: %[[R2:.*]] = bir.mov_imm 42 on act {reg = 13 : i32}
// CHECK-NEXT: %[[R3:.*]] = bir.mov_imm 0 on act {reg = 14 : i32}
// CHECK-NEXT: %[[R4:.*]] = bir.alu_imm add %[[X]], 10 on act {reg = 15 : i32}
// CHECK-NEXT: %[[R5:.*]] = bir.mov_imm 12 on act {reg = 16 : i32}
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]]
func.func @keeps_engine_and_reg(%a: i32) -> (!bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg) {
  %x = bir.read_var %a on act
  %c = bir.mov_imm 6 on act {reg = 1 : i32}
  // AluToImmediate, rhs and (commutative) lhs.
  %0 = bir.alu sub %x, %c on act {reg = 11 : i32}
  %1 = bir.alu max %c, %x on act {reg = 12 : i32}
  // Constant folding.
  %2 = bir.alu_imm mult %c, 7 on act {reg = 13 : i32}
  // x * 0.
  %3 = bir.alu_imm mult %x, 0 on act {reg = 14 : i32}
  // Reassociation: the outer op's register is kept.
  %i = bir.alu_imm add %x, 4 on act {reg = 2 : i32}
  %4 = bir.alu_imm add %i, 6 on act {reg = 15 : i32}
  // alu on two immediates.
  %5 = bir.alu add %c, %c on act {reg = 16 : i32}
  return %0, %1, %2, %3, %4, %5 : !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg, !bir.reg
}

// -----

// Inside a loop: the address of a register AP folds onto the induction
// register, and a constant loop bound folds to one mov_imm on the loop's
// engine. The DMA keeps everything alive.
// CHECK-LABEL: func.func @in_loop(
// CHECK: %[[UB:.*]] = bir.mov_imm 12 on pool
// CHECK-NEXT: bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[UB]] + 0 step 1 max_trip 16 on pool {
// CHECK-NEXT: %[[A:.*]] = bir.alu_imm mult %[[J]], 128 on pool
// CHECK-NEXT: %[[AP:.*]] = bir.reg_ap %{{.*}} addr %[[A]] pattern
// CHECK-NOT: bir.alu
// CHECK: bir.dma %{{.*}} -> %[[AP]] on pool
func.func @in_loop(%d: memref<16x32xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<1x32xf32, #bir.mem<sbuf>>
  %s = bir.ap %t offset 0 pattern [[1, 32]] : memref<1x32xf32, #bir.mem<sbuf>>
  %three = bir.mov_imm 3 on pool
  %ub = bir.alu_imm mult %three, 4 on pool
  bir.dynamic_for %j = 0 to 1 * %ub + 0 step 1 max_trip 16 on pool {
    %k = bir.mov_imm 128 on pool
    %0 = bir.alu_imm add %j, 0 on pool
    %1 = bir.alu mult %0, %k on pool
    %2 = bir.alu_imm divide %1, 1 on pool
    %a = bir.reg_ap %d addr %2 pattern [[1, 32]] : memref<16x32xf32, #bir.mem<dram>>
    bir.dma %s -> %a on pool
  }
  return
}

// -----

// An affine trip count, 2 * n + 3, lands in the loop's fields: the loop
// reads %n itself, and the mult and add are dead.
// CHECK-LABEL: func.func @affine_trip_count
// CHECK:      %[[N:.*]] = bir.read_var
// CHECK-NOT:  bir.alu_imm
// CHECK:      bir.dynamic_for %{{.*}} = 0 to 2 * %[[N]] + 3 step 1 max_trip 64 on pool {
func.func @affine_trip_count(%len: i32, %d: memref<64x32xf32, #bir.mem<dram>>) {
  %n = bir.read_var %len on pool
  %twice = bir.alu_imm mult %n, 2 on pool
  %ub = bir.alu_imm add %twice, 3 on pool
  bir.dynamic_for %j = 0 to 1 * %ub + 0 step 1 max_trip 64 on pool {
    %a = bir.alu_imm mult %j, 128 on pool
    %ap = bir.reg_ap %d addr %a pattern [[1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %ap -> %ap on pool
  }
  return
}

// -----

// A subtraction folds into the constant, scaled by the coefficient; a
// product whose coefficient would wrap to 0 stays.
// CHECK-LABEL: func.func @sub_and_zero_product
// CHECK:      %[[N:.*]] = bir.read_var
// CHECK-NEXT: bir.dynamic_for %{{.*}} = 0 to 3 * %[[N]] + -6 step 1 max_trip 8 on pool {
// CHECK:      %[[BIG:.*]] = bir.alu_imm mult %[[N]], 65536 on pool
// CHECK-NEXT: bir.dynamic_for %{{.*}} = 0 to 65536 * %[[BIG]] + 0 step 1 max_trip 8 on pool {
func.func @sub_and_zero_product(%len: i32, %d: memref<8x32xf32, #bir.mem<dram>>) {
  %n = bir.read_var %len on pool
  %less = bir.alu_imm sub %n, 2 on pool
  bir.dynamic_for %j = 0 to 3 * %less + 0 step 1 max_trip 8 on pool {
    %ap = bir.reg_ap %d addr %j pattern [[1, 32]] : memref<8x32xf32, #bir.mem<dram>>
    bir.dma %ap -> %ap on pool
  }
  %big = bir.alu_imm mult %n, 65536 on pool
  bir.dynamic_for %k = 0 to 65536 * %big + 0 step 1 max_trip 8 on pool {
    %ap = bir.reg_ap %d addr %k pattern [[1, 32]] : memref<8x32xf32, #bir.mem<dram>>
    bir.dma %ap -> %ap on pool
  }
  return
}

// -----

// The bitwise identities: and with -1, or / xor with 0, shifts by 0.
// CHECK-LABEL: func.func @bitwise_identities(
// CHECK-NEXT: %[[X:.*]] = bir.read_var
// CHECK-NOT: bir.alu_imm
// CHECK-NEXT: return %[[X]]
func.func @bitwise_identities(%a: i32) -> !bir.reg {
  %x = bir.read_var %a on pool
  %0 = bir.alu_imm and %x, -1 on pool
  %1 = bir.alu_imm or %0, 0 on pool
  %2 = bir.alu_imm xor %1, 0 on pool
  %3 = bir.alu_imm shl %2, 0 on pool
  %4 = bir.alu_imm shrs %3, 0 on pool
  %5 = bir.alu_imm shru %4, 0 on pool
  return %5 : !bir.reg
}

// -----

// Constants fold through the bitwise operations and shifts (modulo 32):
// (-8 >>s 1) = -4, (-8 >>u 33) = 0x7ffffffc, (3 << 34) = 12, 12 ^ 5 = 9.
// CHECK-LABEL: func.func @bitwise_constants(
// CHECK-NEXT: %[[A:.*]] = bir.mov_imm -4 on pool
// CHECK-NEXT: %[[B:.*]] = bir.mov_imm 2147483644 on pool
// CHECK-NEXT: %[[C:.*]] = bir.mov_imm 9 on pool
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]]
func.func @bitwise_constants() -> (!bir.reg, !bir.reg, !bir.reg) {
  %m8 = bir.mov_imm -8 on pool
  %three = bir.mov_imm 3 on pool
  %a = bir.alu_imm shrs %m8, 1 on pool
  %b = bir.alu_imm shru %m8, 33 on pool
  %s = bir.alu_imm shl %three, 34 on pool
  %c = bir.alu_imm xor %s, 5 on pool
  return %a, %b, %c : !bir.reg, !bir.reg, !bir.reg
}
