// dge-cost-report on small lowered programs whose cycles are computed by
// hand from the default latency table (docs/CostModel.md): read_var 32,
// alu 4, trip 8, trigger 16, software DGE 32 per descriptor, DMA transfer
// 128 + 16 per descriptor + bytes / 64.
// RUN: dyn-opt %s -split-input-file --dge-cost-report -o /dev/null 2>&1 | FileCheck %s
// RUN: dyn-opt %s -split-input-file --dge-cost-report=format=json -o /dev/null 2>&1 | %python %S/Inputs/check_report.py | FileCheck %s --check-prefix=JSON
// A latency table that sets alu_cycles to 8 (Inputs/override.json):
// RUN: dyn-opt %s -split-input-file --dge-cost-report=latency-table=%S/Inputs/override.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERRIDE

// Straight-line register code on one engine: 32 + 4 + 4.
// CHECK-LABEL: function @straight: 40 cycles
// CHECK-NEXT:    pool         busy 40 cycles
// CHECK:         critical path:
// CHECK-NEXT:      pool: bir.read_var
// CHECK-NEXT:      pool: bir.alu_imm
// CHECK-NEXT:      pool: bir.alu
// JSON: straight: estimated_cycles 40, engines {'pool': 40}
// OVERRIDE: function @straight: 48 cycles
func.func @straight(%p: i32) {
  %a = bir.read_var %p on pool
  %b = bir.alu_imm add %a, 1 on pool
  %c = bir.alu add %a, %b on pool
  return
}

// -----

// Two engines overlap: 32 on each, 32 in all.
// CHECK-LABEL: function @overlap: 32 cycles
// CHECK-NEXT:    act          busy 32 cycles
// CHECK-NEXT:    pool         busy 32 cycles
// JSON: overlap: estimated_cycles 32, engines {'act': 32, 'pool': 32}
func.func @overlap(%p: i32) {
  %a = bir.read_var %p on pool
  %b = bir.read_var %p on act
  return
}

// -----

// A 128-byte DMA on each route, into three tensors. Static (none, on SP):
// trigger 16 on SP, then 128 + 16 + 2 = 146 on SP's queue: ends at 162.
// Software DGE on Pool: 16 + 32 on Pool, then 146 on Pool's queue: 194.
// Hardware DGE triggered on Pool (after the first, 48 to 64), queued on
// Activation: 64 + 146 = 210. The queues run in parallel: 210 in all.
// CHECK-LABEL: function @routes: 210 cycles
// CHECK-NEXT:    pool         busy 64 cycles
// CHECK-NEXT:    sp           busy 16 cycles
// CHECK-NEXT:    act queue    busy 146 cycles
// CHECK-NEXT:    pool queue   busy 146 cycles
// CHECK-NEXT:    sp queue     busy 146 cycles
// JSON: routes: estimated_cycles 210, engines {'act queue': 146, 'pool': 64, 'pool queue': 146, 'sp': 16, 'sp queue': 146}
func.func @routes(%t0: memref<4x32xf32, #bir.mem<dram>>, %t1: memref<4x32xf32, #bir.mem<dram>>, %t2: memref<4x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32) {
  %b0 = dge.block {
    dge.descriptor src %row [imm + 0] dst %t0 [imm + 0] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<4x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b0 type none on sp
  %b1 = dge.block {
    dge.descriptor src %row [imm + 0] dst %t1 [patched %p + 0] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<4x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b1 type swdge on pool
  %b2 = dge.block {
    dge.descriptor src %row [imm + 0] dst %t2 [imm + 256] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<4x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b2 type hwdge on pool queue act
  return
}

// -----

// A read after a write, ordered by the semaphore bir-insert-sync puts
// between the two streams: Pool's signal fires once the DMA into %t has
// finished (16 + 146 = 162), and SP, although free at 0, waits for it
// before its trigger (the wait is a step of the critical path): 162 + 16
// + 146 = 324.
// CHECK-LABEL: function @dependency: 324 cycles
// CHECK:         critical path:
// CHECK-NEXT:      pool: dge.trigger
// CHECK-NEXT:      pool queue: dge.trigger
// CHECK-NEXT:      sp: bir.sem_wait
// CHECK-NEXT:      sp: dge.trigger
// CHECK-NEXT:      sp queue: dge.trigger
// JSON: dependency: estimated_cycles 324
func.func @dependency(%t: memref<4x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %out: memref<1x32xf32, #bir.mem<dram>>) {
  %b0 = dge.block {
    dge.descriptor src %row [imm + 0] dst %t [imm + 128] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<4x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b0 type none on pool
  bir.sem_signal 0 on pool {sem = 0 : i32}
  %b1 = dge.block {
    dge.descriptor src %t [imm + 128] dst %out [imm + 0] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<4x32xf32, #bir.mem<dram>>, memref<1x32xf32, #bir.mem<dram>>
  }
  bir.sem_wait 0 on sp {sem = 0 : i32}
  dge.trigger %b1 type none on sp
  return
}

// -----

// A dynamic loop: read_var 32, then per trip 8 + 4 = 12, times max_trip 4:
// 32 + 48 = 80.
// CHECK-LABEL: function @loop: 80 cycles
// CHECK:         loop bir.dynamic_for at {{.*}}: 12 cycles per trip x 4 (max_trip)
// JSON: loop: estimated_cycles 80, engines {'pool': 80}, loops [(4, None, 12)]
func.func @loop(%n: i32) {
  %len = bir.read_var %n on pool
  bir.dynamic_for %j = 0 to 1 * %len + 0 step 1 max_trip 4 on pool {
    %x = bir.alu_imm add %j, 1 on pool
  }
  return
}

// -----

// The same loop with a profile estimate of 10 trips: 6 trips more, 6 x 12
// = 72 cycles more: 152.
// CHECK-LABEL: function @profiled: 152 cycles
// CHECK:         loop bir.dynamic_for at {{.*}}: 12 cycles per trip x 10 (trip_estimate; max_trip 4)
// JSON: profiled: estimated_cycles 152, engines {'pool': 152}, loops [(4, 10, 12)]
func.func @profiled(%n: i32) {
  %len = bir.read_var %n on pool
  bir.dynamic_for %j = 0 to 1 * %len + 0 step 1 max_trip 4 trip_estimate 10 on pool {
    %x = bir.alu_imm add %j, 1 on pool
  }
  return
}
