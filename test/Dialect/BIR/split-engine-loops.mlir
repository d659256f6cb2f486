// bir-split-engine-loops on hand-written programs whose registers and
// semaphores are allocated: a loop holding several engines' work becomes
// one loop per engine, each with its own induction register and (for a
// dynamic loop) its own trip count register, in registers free on that
// engine.
// RUN: dyn-opt %s -split-input-file -bir-split-engine-loops | FileCheck %s
// RUN: dyn-opt %s -split-input-file -bir-split-engine-loops -bir-split-engine-loops | FileCheck %s

// Pool's DMA-side work stays in the original loop; Activation's exp and its
// semaphore instructions move to a loop of their own. Act registers 0 and
// 1 are live across the loop and 5 inside it, so the induction register
// takes 2 and the trip count code, which must not share the induction
// register's, 3 and 4. The address code
// Activation runs from the induction register reads the new one. The
// location is declared once, before the loops.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         %[[N:.*]] = bir.read_var %{{.*}} on pool {reg = 0 : i32}
// CHECK:         %[[UB:.*]] = bir.alu_imm min %[[N]], 16 on pool {reg = 1 : i32}
// CHECK:         %[[T:.*]] = bir.alloc {address = 512 : i64}
// CHECK:         %[[NA:.*]] = bir.read_var %{{.*}} on act {reg = 3 : i32}
// CHECK-NEXT:    %[[UBA:.*]] = bir.alu_imm min %[[NA]], 16 on act {reg = 4 : i32}
// CHECK-NEXT:    bir.dynamic_for %[[I:.*]] = 0 to 1 * %[[UB]] + 0 step 1 max_trip 16 trip_estimate 5 on pool attributes {reg = 2 : i32} {
// CHECK-NEXT:      bir.mov_imm 7 on pool {reg = 3 : i32}
// CHECK-NEXT:      bir.sem_signal 0 on pool {sem = 0 : i32}
// CHECK-NEXT:      bir.sem_wait 1 on pool {sem = 1 : i32}
// CHECK-NEXT:    {{^ *}}}{{$}}
// CHECK-NEXT:    bir.dynamic_for %[[IA:.*]] = 0 to 1 * %[[UBA]] + 0 step 1 max_trip 16 trip_estimate 5 on act attributes {reg = 2 : i32} {
// CHECK-NEXT:      bir.sem_wait 0 on act {sem = 0 : i32}
// CHECK-NEXT:      %[[ADDR:.*]] = bir.alu_imm mult %[[IA]], 128 on act {reg = 5 : i32}
// CHECK-NEXT:      %[[AP:.*]] = bir.reg_ap %[[T]] addr %[[ADDR]]
// CHECK-NEXT:      bir.activation exp %[[AP]] -> %[[AP]]
// CHECK-NEXT:      bir.sem_signal 1 on act {sem = 1 : i32}
// CHECK-NEXT:    {{^ *}}}{{$}}
// CHECK-NEXT:    bir.alu_imm add %{{.*}}, 1 on act
// CHECK-NEXT:    bir.alu_imm add %{{.*}}, 1 on act
// CHECK-NEXT:    return
func.func @dynamic(%v: i32) {
  %n = bir.read_var %v on pool {reg = 0 : i32}
  %ub = bir.alu_imm min %n, 16 on pool {reg = 1 : i32}
  %a0 = bir.mov_imm 1 on act {reg = 0 : i32}
  %a1 = bir.mov_imm 2 on act {reg = 1 : i32}
  bir.dynamic_for %i = 0 to 1 * %ub + 0 step 1 max_trip 16 trip_estimate 5 on pool attributes {reg = 2 : i32} {
    %t = bir.alloc {address = 512 : i64} : memref<16x32xf32, #bir.mem<sbuf>>
    %c = bir.mov_imm 7 on pool {reg = 3 : i32}
    bir.sem_signal 0 on pool {sem = 0 : i32}
    bir.sem_wait 0 on act {sem = 0 : i32}
    %addr = bir.alu_imm mult %i, 128 on act {reg = 5 : i32}
    %ap = bir.reg_ap %t addr %addr pattern [[32, 1], [1, 32]] : memref<16x32xf32, #bir.mem<sbuf>>
    bir.activation exp %ap -> %ap scale 1.0 bias_imm 0.0 on act
    bir.sem_signal 1 on act {sem = 1 : i32}
    bir.sem_wait 1 on pool {sem = 1 : i32}
  }
  %b0 = bir.alu_imm add %a0, 1 on act
  %b1 = bir.alu_imm add %a1, 1 on act
  return
}

// -----

// A static loop whose own engine has no work left in it is gone, with its
// trip count nothing else reads; each engine's loop takes its first free
// register.
// CHECK-LABEL: func.func @static_and_empty(
// CHECK-NOT:     on pool
// CHECK:         bir.for %[[I:.*]] = 0 to 4 step 1 on act attributes {reg = 0 : i32} {
// CHECK-NEXT:      bir.mov_imm 1 on act {reg = 1 : i32}
// CHECK-NEXT:    {{^ *}}}{{$}}
// CHECK-NEXT:    bir.for %{{.*}} = 0 to 4 step 1 on dve attributes {reg = 0 : i32} {
// CHECK-NEXT:      bir.mov_imm 2 on dve {reg = 1 : i32}
// CHECK-NEXT:    {{^ *}}}{{$}}
// CHECK-NEXT:    return
func.func @static_and_empty() {
  bir.for %i = 0 to 4 step 1 on pool attributes {reg = 0 : i32} {
    %a = bir.mov_imm 1 on act {reg = 1 : i32}
    %d = bir.mov_imm 2 on dve {reg = 1 : i32}
  }
  return
}

// -----

// A loop on one engine is left as it is.
// CHECK-LABEL: func.func @single(
// CHECK:         bir.for %{{.*}} on pool attributes {reg = 0 : i32} {
// CHECK-NEXT:      bir.mov_imm 1 on pool {reg = 1 : i32}
// CHECK-NEXT:    {{^ *}}}{{$}}
// CHECK-NEXT:    return
func.func @single() {
  bir.for %i = 0 to 4 step 1 on pool attributes {reg = 0 : i32} {
    %a = bir.mov_imm 1 on pool {reg = 1 : i32}
  }
  return
}
