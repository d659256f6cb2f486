// RUN: dyn-opt %s -split-input-file --bir-hoist-loop-invariants | FileCheck %s
// RUN: dyn-opt %s -split-input-file --bir-hoist-loop-invariants=max-live-in=1 | FileCheck %s --check-prefix=BUDGET

// The clamp and scaling of a runtime position move before the loop; the
// scaling of the induction register stays.
// CHECK-LABEL: func.func @position
// CHECK:      %[[POS:.*]] = bir.read_var %arg0
// CHECK-NEXT: bir.read_var %arg1
// CHECK-NEXT: %[[LO:.*]] = bir.alu_imm max %[[POS]], 0 on pool
// CHECK-NEXT: %[[HI:.*]] = bir.alu_imm min %[[LO]], 63 on pool
// CHECK-NEXT: %[[ROW:.*]] = bir.alu_imm mult %[[HI]], 128 on pool
// CHECK-NEXT: bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool {
// CHECK-NEXT:   bir.alu_imm mult %[[J]], 128 on pool
// CHECK-NEXT:   bir.alu add %[[ROW]], %{{.*}} on pool
// CHECK-NEXT: }
// With one live-in allowed (the position), nothing moves.
// BUDGET-LABEL: func.func @position
// BUDGET:       bir.dynamic_for
// BUDGET-NEXT:    bir.alu_imm max
func.func @position(%pos: i32, %n: i32) {
  %p = bir.read_var %pos on pool
  %len = bir.read_var %n on pool
  bir.dynamic_for %j = 0 to 1 * %len + 0 step 1 max_trip 64 on pool {
    %lo = bir.alu_imm max %p, 0 on pool
    %hi = bir.alu_imm min %lo, 63 on pool
    %row = bir.alu_imm mult %hi, 128 on pool
    %col = bir.alu_imm mult %j, 128 on pool
    %sum = bir.alu add %row, %col on pool
  }
  return
}

// -----

// An inner loop's invariant reaches the outer loop too; one that reads the
// outer induction register stops between the two.
// CHECK-LABEL: func.func @nested
// CHECK:      %[[C:.*]] = bir.mov_imm 7 on pool
// CHECK-NEXT: bir.for %[[I:.*]] = 0 to 4 step 1 on pool {
// CHECK-NEXT:   %[[D:.*]] = bir.alu_imm add %[[I]], 1 on pool
// CHECK-NEXT:   bir.for %[[K:.*]] = 0 to 8 step 1 on pool {
// CHECK-NEXT:     bir.alu add %[[C]], %[[K]] on pool
// CHECK-NEXT:     bir.alu add %[[D]], %[[K]] on pool
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @nested() {
  bir.for %i = 0 to 4 step 1 on pool {
    bir.for %k = 0 to 8 step 1 on pool {
      %c = bir.mov_imm 7 on pool
      %d = bir.alu_imm add %i, 1 on pool
      %x = bir.alu add %c, %k on pool
      %y = bir.alu add %d, %k on pool
    }
  }
  return
}

// -----

// A read of a runtime scalar is not register code: it stays.
// CHECK-LABEL: func.func @read_var_stays
// CHECK:       bir.for
// CHECK-NEXT:    bir.read_var
func.func @read_var_stays(%pos: i32) {
  bir.for %i = 0 to 4 step 1 on pool {
    %p = bir.read_var %pos on pool
    %x = bir.alu add %p, %i on pool
  }
  return
}
