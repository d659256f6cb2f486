// What bir-split-engine-loops refuses, each with a located error.
// RUN: dyn-opt %s -split-input-file -verify-diagnostics -bir-split-engine-loops
// An engine whose 64 registers are all taken inside the loop has none for
// its induction register:
// RUN: %python -c "print('func.func @full() {\n bir.for %%i = 0 to 4 step 1 on pool attributes {reg = 0 : i32} {'); [print(f'  %%a{k} = bir.mov_imm {k} on act {{reg = {k} : i32}}') for k in range(64)]; print(' }\n return\n}')" | not dyn-opt -bir-split-engine-loops 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: error: 'bir.for' op is split across engines, but 'act' has no free register for its induction register

// Only the outermost loop of a nest may hold several engines' work.
func.func @nested(%v: i32) {
  bir.for %i = 0 to 4 step 1 on pool attributes {reg = 0 : i32} {
    %a = bir.mov_imm 1 on act {reg = 0 : i32}
    // expected-error @+1 {{'bir.for' op on 'pool' holds work for 'dve' inside a loop split across engines; only the outermost loop of a nest may hold several engines' work}}
    bir.for %j = 0 to 2 step 1 on pool attributes {reg = 1 : i32} {
      %d = bir.mov_imm 2 on dve {reg = 0 : i32}
    }
  }
  return
}

// -----

// A trip count read from memory that the function writes: another engine
// reading it again later could read another value.
func.func @written_trip_count(%m: memref<4xi32, #bir.mem<dram>>, %s: memref<4xi32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.read_elem' op reads the trip count of a loop split across engines from memory the function writes; 'act' cannot read it again}}
  %n = bir.read_elem %m[1] on pool {reg = 0 : i32} : memref<4xi32, #bir.mem<dram>>
  bir.dynamic_for %i = 0 to 1 * %n + 0 step 1 max_trip 4 on pool attributes {reg = 1 : i32} {
    %a = bir.mov_imm 1 on act {reg = 0 : i32}
  }
  %src = bir.ap %s offset 0 pattern [[1, 4]] : memref<4xi32, #bir.mem<dram>>
  %dst = bir.ap %m offset 0 pattern [[1, 4]] : memref<4xi32, #bir.mem<dram>>
  bir.dma %src -> %dst on pool
  return
}

// -----

// A trip count that is not register code (a register argument): nothing to
// compute again on another engine.
func.func @argument_trip_count(%n: !bir.reg) {
  // expected-error @+1 {{'bir.dynamic_for' op has a trip count that is not register code; it cannot be read again on 'act'}}
  bir.dynamic_for %i = 0 to 1 * %n + 0 step 1 max_trip 4 on pool attributes {reg = 1 : i32} {
    %a = bir.mov_imm 1 on act {reg = 0 : i32}
  }
  return
}

// -----

// The same, with the write already a descriptor block's transfer.
func.func @written_by_transfer(%m: memref<4xi32, #bir.mem<dram>>, %s: memref<4xi32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.read_elem' op reads the trip count of a loop split across engines from memory the function writes; 'act' cannot read it again}}
  %n = bir.read_elem %m[1] on pool {reg = 0 : i32} : memref<4xi32, #bir.mem<dram>>
  bir.dynamic_for %i = 0 to 1 * %n + 0 step 1 max_trip 4 on pool attributes {reg = 1 : i32} {
    %a = bir.mov_imm 1 on act {reg = 0 : i32}
  }
  %b = dge.block {
    dge.descriptor src %s [imm + 0] dst %m [imm + 0] bytes 16 pattern [[1, 4]] -> [[1, 4]] : memref<4xi32, #bir.mem<dram>>, memref<4xi32, #bir.mem<dram>>
  }
  dge.trigger %b type none on pool
  return
}
