// dge-cost-report on small lowered programs whose cycles are computed by
// hand from the default latency table (docs/CostModel.md), in cycles of
// its 1,400 MHz clock: read_var 32, alu 4, trip 8, trigger 16, software
// DGE 32 per descriptor; a DMA transfer 296 + 16 per descriptor + the
// cycles of (bytes + 512 per contiguous run) at 27,200 MB/s (x 1400 /
// 27200); compute in the engine's cycles, max(min, fixed + elements per
// partition x passes), converted from its clock (Vector 1,120 MHz, PE
// 2,800 MHz). The roofline is the largest of the HBM bytes at 410,000
// MB/s and each engine's cycles at its peak rate.
// RUN: dyn-opt %s -split-input-file --dge-cost-report -o /dev/null 2>&1 | FileCheck %s
// RUN: dyn-opt %s -split-input-file --dge-cost-report=format=json -o /dev/null 2>&1 | %python %S/Inputs/check_report.py | FileCheck %s --check-prefix=JSON
// A latency table that sets alu_cycles to 8 (Inputs/override.json):
// RUN: dyn-opt %s -split-input-file --dge-cost-report=latency-table=%S/Inputs/override.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERRIDE
// A published figure changed: HBM at half its bandwidth doubles the
// HBM roofline (Inputs/half-hbm.json), and a Vector engine clocked at
// 1,400 MHz shortens the Vector time and its roofline (Inputs/dve-clock.json).
// RUN: dyn-opt %s -split-input-file --dge-cost-report=latency-table=%S/Inputs/half-hbm.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: dyn-opt %s -split-input-file --dge-cost-report=latency-table=%S/Inputs/dve-clock.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLOCK

// Straight-line register code on one engine: 32 + 4 + 4.
// CHECK-LABEL: function @straight: 40 cycles
// CHECK-NEXT:    roofline: 0 cycles, bound by none (0 HBM bytes); efficiency 0.000
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
// CHECK-NEXT:    roofline: 0 cycles, bound by none (0 HBM bytes); efficiency 0.000
// CHECK-NEXT:    act          busy 32 cycles
// CHECK-NEXT:    pool         busy 32 cycles
// JSON: overlap: estimated_cycles 32, engines {'act': 32, 'pool': 32}
func.func @overlap(%p: i32) {
  %a = bir.read_var %p on pool
  %b = bir.read_var %p on act
  return
}

// -----

// A 128-byte DMA on each route, into three tensors; each side is one
// contiguous run: 296 + 16 + (128 + 512) x 1400 / 27200 = 33, 345 on a
// queue. Static (none, on SP): trigger 16 on SP, then 345 on SP's queue:
// ends at 361. Software DGE on Pool: 16 + 32 on Pool, then 345 on Pool's
// queue: 393. Hardware DGE triggered on Pool (after the first, 48 to 64),
// queued on Activation: 64 + 345 = 409. The queues run in parallel: 409
// in all, 0.292 us. Each DMA reads and writes DRAM: 768 HBM bytes, 3
// cycles at 410,000 MB/s, the roofline.
// CHECK-LABEL: function @routes: 409 cycles, 0.292 us at 1400 MHz
// CHECK-NEXT:    roofline: 3 cycles, bound by hbm (768 HBM bytes); efficiency 0.007
// CHECK-NEXT:    pool         busy 64 cycles
// CHECK-NEXT:    sp           busy 16 cycles
// CHECK-NEXT:    act queue    busy 345 cycles
// CHECK-NEXT:    pool queue   busy 345 cycles
// CHECK-NEXT:    sp queue     busy 345 cycles
// JSON: routes: estimated_cycles 409, engines {'act queue': 345, 'pool': 64, 'pool queue': 345, 'sp': 16, 'sp queue': 345}
// JSON-NEXT: routes: roofline 3 bound hbm efficiency 0.007 us 0.292
// HALF-LABEL: function @routes: 409 cycles
// HALF-NEXT:    roofline: 6 cycles, bound by hbm (768 HBM bytes)
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
// finished (16 + 345 = 361), and SP, although free at 0, waits for it
// before its trigger (the wait is a step of the critical path): 361 + 16
// + 345 = 722.
// CHECK-LABEL: function @dependency: 722 cycles
// CHECK:         critical path:
// CHECK-NEXT:      pool: dge.trigger
// CHECK-NEXT:      pool queue: dge.trigger
// CHECK-NEXT:      sp: bir.sem_wait
// CHECK-NEXT:      sp: dge.trigger
// CHECK-NEXT:      sp queue: dge.trigger
// JSON: dependency: estimated_cycles 722
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

// -----

// A transposing DMA of 4-byte elements: its DRAM side walks 64 runs of 4
// bytes (a column), its SBUF side one element per partition: 64 runs
// cost 296 + 16 + (256 + 64 x 512) x 1400 / 27200 = 296 + 16 + 1,700 =
// 2,012 cycles on the queue, against 345 for 128 bytes read contiguously.
// CHECK-LABEL: function @transposing: 2028 cycles
// CHECK:         sp queue     busy 2012 cycles
func.func @transposing(%t: memref<64x16xf32, #bir.mem<dram>>, %s: memref<64x1xf32, #bir.mem<sbuf>>) {
  %b = dge.block {
    dge.descriptor src %t [imm + 0] dst %s [imm + 0] bytes 256 pattern [[16, 64], [1, 1]] -> [[1, 64], [1, 1]] : memref<64x16xf32, #bir.mem<dram>>, memref<64x1xf32, #bir.mem<sbuf>>
  }
  dge.trigger %b type none on sp
  return
}

// -----

// Compute: a Vector add of two [128 x 512] f32 tiles takes two passes,
// max(64, 512 x 2) = 1,024 Vector cycles, 1,280 cycles at 1,400 MHz; all of
// it is at the peak rate, so the roofline is the Vector engine's 1,280 and
// the efficiency 1. A fp32 matmul of [128 x 128] by [128 x 512] takes four
// passes, max(min(64, 128), 512) x 4 = 2,048 PE cycles, 1,024 cycles; in
// bf16 one pass, 256 cycles. With the Vector engine at 1,400 MHz the add
// takes 1,024 cycles.
// CHECK-LABEL: function @vector: 1280 cycles, 0.914 us at 1400 MHz
// CHECK-NEXT:    roofline: 1280 cycles, bound by dve (0 HBM bytes); efficiency 1.000
// CLOCK-LABEL: function @vector: 1024 cycles
// CLOCK-NEXT:    roofline: 1024 cycles, bound by dve
func.func @vector(%x: memref<128x512xf32, #bir.mem<sbuf>>) {
  %a = bir.ap %x offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xf32, #bir.mem<sbuf>>
  bir.tensor_tensor add %a, %a -> %a on dve
  return
}

// -----

// CHECK-LABEL: function @matmuls: 1280 cycles
// CHECK-NEXT:    roofline: 1280 cycles, bound by pe (0 HBM bytes); efficiency 1.000
// CHECK-NEXT:    pe           busy 1280 cycles
func.func @matmuls(%s: memref<128x128xf32, #bir.mem<sbuf>>, %m: memref<128x512xf32, #bir.mem<sbuf>>, %o: memref<128x512xf32, #bir.mem<psum>>, %sb: memref<128x128xbf16, #bir.mem<sbuf>>, %mb: memref<128x512xbf16, #bir.mem<sbuf>>) {
  %as = bir.ap %s offset 0 pattern [[128, 128], [1, 128]] : memref<128x128xf32, #bir.mem<sbuf>>
  %am = bir.ap %m offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xf32, #bir.mem<sbuf>>
  %ao = bir.ap %o offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xf32, #bir.mem<psum>>
  bir.matmul %as, %am -> %ao on pe
  %asb = bir.ap %sb offset 0 pattern [[128, 128], [1, 128]] : memref<128x128xbf16, #bir.mem<sbuf>>
  %amb = bir.ap %mb offset 0 pattern [[512, 128], [1, 512]] : memref<128x512xbf16, #bir.mem<sbuf>>
  bir.matmul %asb, %amb -> %ao accumulate on pe
  return
}

// -----

// The precise estimate at the trip estimate and at max_trip: a Vector add of
// a [4 x 16] f32 tile (64 FLOPs, 256 bytes read twice and written once,
// 768 bytes on chip) in a loop of trip_estimate 3 and max_trip 8: 192 FLOPs
// and 2,304 bytes, none by DMA; padded, 512 FLOPs and 6,144 bytes.
// CHECK-LABEL: function @precise:
// CHECK:         FLOPs: 192, bytes moved: 2304 (0 by DMA)
// CHECK-NEXT:    padded (every loop at max_trip): FLOPs: 512, bytes moved: 6144
func.func @precise(%x: memref<4x16xf32, #bir.mem<sbuf>>, %n: i32) {
  %ub = bir.read_var %n on dve {reg = 0 : i32}
  bir.dynamic_for %i = 0 to 1 * %ub + 0 step 1 max_trip 8 trip_estimate 3 on dve attributes {reg = 1 : i32} {
    %a = bir.ap %x offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
    bir.tensor_tensor add %a, %a -> %a on dve
  }
  return
}
