// Diagnostics of bir-insert-sync and bir-allocate-semaphores on hand-written
// semaphore instructions (insert-sync.mlir has the programs they accept).

// bir-insert-sync makes every semaphore instruction itself: a function that
// already has one is refused, at the first it meets.
// RUN: not dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-insert-sync))' 2>&1 | FileCheck %s --check-prefix=PRESENT

// The semaphores the pass may use are 1 to the core's 32.
// RUN: not dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-allocate-semaphores{count=0}))' 2>&1 | FileCheck %s --check-prefix=COUNT0
// RUN: not dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-allocate-semaphores{count=33}))' 2>&1 | FileCheck %s --check-prefix=COUNT33

// The channels' own errors, with at most one semaphore.
// RUN: dyn-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bir-allocate-semaphores{count=1}))'

// A load on SP that Vector reads, with the pair bir-insert-sync puts between
// them: bir-allocate-semaphores accepts it (one channel, one semaphore), and
// bir-insert-sync, run again, refuses it.
// PRESENT: sync-errors.mlir:[[# @LINE + 13]]:3: error: 'bir.sem_signal' op is already present; bir-insert-sync adds every semaphore instruction and runs once
// COUNT0: sync-errors.mlir:[[# @LINE + 3]]:1: error: count must be between 1 and the core's 32 semaphores, got 0
// COUNT33: sync-errors.mlir:[[# @LINE + 2]]:1: error: count must be between 1 and the core's 32 semaphores, got 33
module attributes {dge.arch = #dge<arch gen3>} {
func.func @synchronized(%x: memref<4x8xf32, #bir.mem<dram>>) {
  %a = bir.alloc {address = 0 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.alloc {address = 128 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
  %b0 = dge.block {
    dge.descriptor src %x [imm + 0] dst %a [imm + 0] bytes 128 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>, memref<4x8xf32, #bir.mem<sbuf>>
  }
  %ta = bir.ap %a offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %tb = bir.ap %b offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  dge.trigger %b0 type none on sp
  bir.sem_signal 0 on sp
  bir.sem_wait 0 on dve
  bir.tensor_copy %ta -> %tb on dve
  return
}
}

// -----

// A channel links one stream's signals to one other stream's waits: its
// signals may not be on two engines.
func.func @signals_on_two_engines() {
  bir.sem_signal 0 on pool
  // expected-error @+1 {{'bir.sem_signal' op is on 'act' but channel 0 already has its signals on 'pool'; a channel links one stream to one other}}
  bir.sem_signal 0 on act
  bir.sem_wait 0 on dve
  return
}

// -----

// Nor its waits.
func.func @waits_on_two_engines() {
  bir.sem_signal 0 on pool
  bir.sem_wait 0 on dve
  // expected-error @+1 {{'bir.sem_wait' op is on 'sp' but channel 0 already has its waits on 'dve'; a channel links one stream to one other}}
  bir.sem_wait 0 on sp
  return
}

// -----

// A signal that nothing waits for.
func.func @signal_without_wait() {
  // expected-error @+1 {{'bir.sem_signal' op is on channel 3, which has no wait; every signal needs a wait and every wait a signal}}
  bir.sem_signal 3 on pool
  return
}

// -----

// A wait that nothing signals.
func.func @wait_without_signal() {
  // expected-error @+1 {{'bir.sem_wait' op is on channel 1, which has no signal; every signal needs a wait and every wait a signal}}
  bir.sem_wait 1 on act
  return
}

// -----

// Two channels between different pairs of streams (Pool to Vector, Activation
// to SP) never share a semaphore, since a signal of one could release a wait
// of the other: with count=1 the second finds none.
func.func @two_stream_pairs() {
  bir.sem_signal 0 on pool
  bir.sem_wait 0 on dve
  // expected-error @+1 {{'bir.sem_signal' op needs a semaphore, but all 1 of the core are taken by channels that overlap it or link other streams}}
  bir.sem_signal 1 on act
  bir.sem_wait 1 on sp
  return
}
