// bir-insert-sync and bir-allocate-semaphores on hand-written programs: where
// each signal and wait goes, how many waits there are, and which are left
// out because a wait already passed implies them.
// RUN: dyn-opt %S/../../Sim/Inputs/compute-dve.mlir -bir-insert-sync -bir-allocate-semaphores | FileCheck %s --check-prefix=STRAIGHT
// RUN: dyn-opt %S/../../Sim/Inputs/compute-dve.mlir -bir-insert-sync -bir-allocate-semaphores | FileCheck %s --check-prefix=COUNT
// RUN: dyn-opt %S/../../Sim/Inputs/max-trip.mlir -bir-insert-sync -bir-allocate-semaphores | FileCheck %s --check-prefix=LOOP

// Straight-line code on three streams. Vector waits for SP's loads (a
// transfer finishes after its trigger); Pool waits for Vector before it
// masks the tile Vector wrote; SP's store reads what Pool and Vector wrote,
// but one wait on Pool suffices: Pool had waited for Vector after Vector's
// last write.
// STRAIGHT:      dge.trigger %{{.*}} type none on sp
// STRAIGHT-NEXT: bir.sem_signal 0 on sp {sem = 0 : i32}
// STRAIGHT:      bir.sem_wait 0 on dve {sem = 0 : i32}
// STRAIGHT-NEXT: bir.tensor_tensor add
// STRAIGHT:      bir.tensor_copy
// STRAIGHT-NEXT: bir.sem_signal 1 on dve {sem = 1 : i32}
// STRAIGHT-NEXT: bir.read_var
// STRAIGHT-NEXT: bir.sem_wait 1 on pool {sem = 1 : i32}
// STRAIGHT-NEXT: bir.affine_select
// STRAIGHT-NEXT: bir.sem_signal 2 on pool {sem = 2 : i32}
// STRAIGHT:      bir.sem_wait 2 on sp {sem = 2 : i32}
// STRAIGHT-NEXT: dge.trigger %{{.*}} type none on sp
// STRAIGHT-NEXT: return

// COUNT-COUNT-3: bir.sem_wait
// COUNT-NOT:     bir.sem_wait

// A loop whose transfer writes bytes of the same tensor every trip (a
// runtime address covers the whole tensor): the dependency on the previous
// trip gets its own semaphore, primed before the loop and drained after it.
// LOOP:      bir.read_var
// LOOP-NEXT: bir.sem_signal 0 on pool {sem = 0 : i32}
// LOOP-NEXT: bir.dynamic_for
// LOOP-NEXT: bir.alu_imm
// LOOP:      bir.sem_wait 0 on pool {sem = 0 : i32}
// LOOP-NEXT: dge.trigger %{{.*}} type swdge on pool
// LOOP-NEXT: bir.sem_signal 0 on pool {sem = 0 : i32}
// LOOP-NEXT: }
// LOOP-NEXT: bir.sem_wait 0 on pool {sem = 0 : i32}
// LOOP-NEXT: return
