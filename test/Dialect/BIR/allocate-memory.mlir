// RUN: dyn-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(bir-allocate-memory))' | FileCheck %s

// The DGE scratch goes first, at 0, even when it is not the first location.
// Locations whose lives overlap are disjoint; each starts on a 64-byte
// boundary (16 x f32 = 64 bytes; 10 x f32 = 40 bytes takes 64). PSUM is
// placed separately, from 0 again (8 x f32 = 32 bytes takes 64). DRAM gets
// no address.
// CHECK-LABEL: func.func @overlapping
// CHECK:         bir.alloc {address = 512 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 576 : i64} : memref<128x10xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {DynamicDMAScratchLoc, address = 0 : i64} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x8xf32, #bir.mem<psum>>
// CHECK:         bir.alloc {address = 64 : i64} : memref<128x24xf32, #bir.mem<psum>>
// CHECK:         bir.alloc : memref<4x8xf32, #bir.mem<dram>>
func.func @overlapping(%d: memref<128x64xf32, #bir.mem<dram>>) {
  %a = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %b = bir.alloc : memref<128x10xf32, #bir.mem<sbuf>>
  %s = bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
  %p = bir.alloc : memref<128x8xf32, #bir.mem<psum>>
  %q = bir.alloc : memref<128x24xf32, #bir.mem<psum>>
  %o = bir.alloc : memref<4x8xf32, #bir.mem<dram>>
  %da = bir.ap %d offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %aa = bir.ap %a offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  bir.dma %da -> %aa on sp
  %db = bir.ap %d offset 0 pattern [[64, 128], [1, 10]] : memref<128x64xf32, #bir.mem<dram>>
  %bb = bir.ap %b offset 0 pattern [[10, 128], [1, 10]] : memref<128x10xf32, #bir.mem<sbuf>>
  bir.dma %db -> %bb on sp
  bir.dma %aa -> %da on sp
  %dp = bir.ap %d offset 0 pattern [[64, 128], [1, 8]] : memref<128x64xf32, #bir.mem<dram>>
  %pp = bir.ap %p offset 0 pattern [[8, 128], [1, 8]] : memref<128x8xf32, #bir.mem<psum>>
  bir.dma %dp -> %pp on sp
  %dq = bir.ap %d offset 0 pattern [[64, 128], [1, 24]] : memref<128x64xf32, #bir.mem<dram>>
  %qq = bir.ap %q offset 0 pattern [[24, 128], [1, 24]] : memref<128x24xf32, #bir.mem<psum>>
  bir.dma %dq -> %qq on sp
  bir.dma %pp -> %dp on sp
  return
}

// -----

// %c is allocated after the last use of %a: it reuses %a's bytes, while %b,
// live across it, keeps its own.
// CHECK-LABEL: func.func @reuse
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 64 : i64} : memref<128x10xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x4xf32, #bir.mem<sbuf>>
func.func @reuse(%d: memref<128x64xf32, #bir.mem<dram>>) {
  %a = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %b = bir.alloc : memref<128x10xf32, #bir.mem<sbuf>>
  %da = bir.ap %d offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %aa = bir.ap %a offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  bir.dma %da -> %aa on sp
  %c = bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
  %dc = bir.ap %d offset 0 pattern [[64, 128], [1, 4]] : memref<128x64xf32, #bir.mem<dram>>
  %cc = bir.ap %c offset 0 pattern [[4, 128], [1, 4]] : memref<128x4xf32, #bir.mem<sbuf>>
  bir.dma %dc -> %cc on sp
  %db = bir.ap %d offset 0 pattern [[64, 128], [1, 10]] : memref<128x64xf32, #bir.mem<dram>>
  %bb = bir.ap %b offset 0 pattern [[10, 128], [1, 10]] : memref<128x10xf32, #bir.mem<sbuf>>
  bir.dma %db -> %bb on sp
  return
}

// -----

// The same program order inside a loop: %a is used at the top of the body,
// so it is live until the loop's end (the next iteration reads it again) and
// %e, allocated after that use in the body, must not take its bytes. After
// the loop %f may.
// CHECK-LABEL: func.func @live_across_loop
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.for
// CHECK:           bir.alloc {address = 64 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         }
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
func.func @live_across_loop(%d: memref<128x64xf32, #bir.mem<dram>>) {
  %a = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %da = bir.ap %d offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  bir.for %i = 0 to 4 step 1 on sp {
    %aa = bir.ap %a offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
    bir.dma %da -> %aa on sp
    %e = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
    %ee = bir.ap %e offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
    bir.dma %da -> %ee on sp
  }
  %f = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %ff = bir.ap %f offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  bir.dma %da -> %ff on sp
  return
}

// -----

// Control for the case above: without the loop, %e reuses %a's bytes.
// CHECK-LABEL: func.func @no_loop
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
func.func @no_loop(%d: memref<128x64xf32, #bir.mem<dram>>) {
  %a = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %da = bir.ap %d offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %aa = bir.ap %a offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  bir.dma %da -> %aa on sp
  %e = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %ee = bir.ap %e offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  bir.dma %da -> %ee on sp
  return
}

// -----

// A use through a pattern built before a dynamic loop and consumed inside a
// nested static loop keeps the location live to the end of the outer loop:
// %e, allocated in the outer body after the inner loop, is still disjoint.
// The scratch lives for the whole function.
// CHECK-LABEL: func.func @nested_loops
// CHECK:         bir.alloc {DynamicDMAScratchLoc, address = 0 : i64} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 512 : i64} : memref<128x64xf32, #bir.mem<sbuf>>
// CHECK:         bir.dynamic_for
// CHECK:           bir.for
// CHECK:           }
// CHECK:           bir.alloc {address = 768 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         }
// CHECK:         bir.alloc {address = 512 : i64} : memref<128x128xf32, #bir.mem<sbuf>>
func.func @nested_loops(%n: i32, %d: memref<128x64xf32, #bir.mem<dram>>) {
  %s = bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
  %l = bir.read_var %n on pool
  %a = bir.alloc : memref<128x64xf32, #bir.mem<sbuf>>
  %aa = bir.ap %a offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<sbuf>>
  %da = bir.ap %d offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 8 on pool {
    bir.for %i = 0 to 2 step 1 on pool {
      bir.dma %da -> %aa on pool
    }
    %e = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
    %ee = bir.ap %e offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
    bir.dma %da -> %ee on pool
  }
  %f = bir.alloc : memref<128x128xf32, #bir.mem<sbuf>>
  %ff = bir.ap %f offset 0 pattern [[128, 128], [1, 16]] : memref<128x128xf32, #bir.mem<sbuf>>
  bir.dma %da -> %ff on pool
  return
}

// -----

// First fit: a location goes into the first gap between live locations that
// holds it. %b dies before %d, leaving a 64-byte hole at 64 between %a and
// %c; the 64-byte %d takes it, the 128-byte %e does not fit there.
// CHECK-LABEL: func.func @first_fit
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 64 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 128 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 64 : i64} : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 192 : i64} : memref<128x32xf32, #bir.mem<sbuf>>
func.func @first_fit(%x: memref<128x64xf32, #bir.mem<dram>>) {
  %da = bir.ap %x offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %a = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %b = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %c = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %bb = bir.ap %b offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  bir.dma %da -> %bb on sp
  %d = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
  %e = bir.alloc : memref<128x32xf32, #bir.mem<sbuf>>
  %aa = bir.ap %a offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  %cc = bir.ap %c offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  %dd = bir.ap %d offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<sbuf>>
  %ee = bir.ap %e offset 0 pattern [[32, 128], [1, 16]] : memref<128x32xf32, #bir.mem<sbuf>>
  bir.dma %aa -> %da on sp
  bir.dma %cc -> %da on sp
  bir.dma %dd -> %da on sp
  bir.dma %ee -> %da on sp
  return
}

// -----

// Exactly the capacity fits: the scratch plus 196096 bytes = 192 KiB.
// CHECK-LABEL: func.func @full
// CHECK:         bir.alloc {DynamicDMAScratchLoc, address = 0 : i64} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 512 : i64} : memref<128x49024xf32, #bir.mem<sbuf>>
// CHECK:         bir.alloc {address = 0 : i64} : memref<128x4096xf32, #bir.mem<psum>>
func.func @full(%x: memref<128x64xf32, #bir.mem<dram>>) {
  %s = bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
  %a = bir.alloc : memref<128x49024xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<128x4096xf32, #bir.mem<psum>>
  %da = bir.ap %x offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %aa = bir.ap %a offset 0 pattern [[49024, 128], [1, 16]] : memref<128x49024xf32, #bir.mem<sbuf>>
  %pp = bir.ap %p offset 0 pattern [[4096, 128], [1, 16]] : memref<128x4096xf32, #bir.mem<psum>>
  bir.dma %da -> %aa on sp
  bir.dma %aa -> %pp on sp
  return
}
