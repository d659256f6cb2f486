// The scratch is sized by the options: the default (512 bytes per
// partition), per partition, as a total (128 x per partition) or both when
// they agree. Running the pass twice still gives one scratch.
// RUN: dyn-opt %s -split-input-file -dge-setup | FileCheck %s
// RUN: dyn-opt %s -split-input-file -dge-setup=dynamic-dma-scratch-size-per-partition=256 | FileCheck %s --check-prefix=PART
// RUN: dyn-opt %s -split-input-file -dge-setup=dynamic-dma-sbuf-bytes=131072 | FileCheck %s --check-prefix=TOTAL
// RUN: dyn-opt %s -split-input-file -dge-setup="dynamic-dma-sbuf-bytes=8192 dynamic-dma-scratch-size-per-partition=64" | FileCheck %s --check-prefix=BOTH
// RUN: dyn-opt %s -split-input-file -dge-setup -dge-setup | FileCheck %s --check-prefix=TWICE

// The options are checked before the function is looked at.
// RUN: not dyn-opt %s -split-input-file -dge-setup=dynamic-dma-sbuf-bytes=100 2>&1 | FileCheck %s --check-prefix=DGE-TOTAL
// RUN: not dyn-opt %s -split-input-file -dge-setup="dynamic-dma-sbuf-bytes=65536 dynamic-dma-scratch-size-per-partition=256" 2>&1 | FileCheck %s --check-prefix=DGE-BOTH
// RUN: not dyn-opt %s -split-input-file -dge-setup=dynamic-dma-scratch-size-per-partition=196609 2>&1 | FileCheck %s --check-prefix=DGE-CAP
// RUN: not dyn-opt %s -split-input-file -dge-setup=dynamic-dma-sbuf-bytes=25174016 2>&1 | FileCheck %s --check-prefix=DGE-CAP-TOTAL
// RUN: not dyn-opt %s -split-input-file -dge-setup=dynamic-dma-sbuf-bytes=-128 2>&1 | FileCheck %s --check-prefix=DGE-NEG
// DGE-TOTAL: error: dynamic-dma-sbuf-bytes (100) must be a multiple of 128 (one share per partition)
// DGE-BOTH: error: dynamic-dma-sbuf-bytes (65536) must be 128 x dynamic-dma-scratch-size-per-partition (256); give either
// DGE-CAP: error: DGE scratch of 196609 bytes per partition exceeds the SBUF capacity of 196608
// DGE-CAP-TOTAL: error: DGE scratch of 196672 bytes per partition exceeds the SBUF capacity of 196608
// DGE-NEG: error: DGE scratch sizes must be non-negative

// A scalar dynamic DMA: the scratch becomes the function's first op, before
// the locations that were already there.
// CHECK-LABEL: func.func @scalar_dynamic_dma
// CHECK-NEXT:    bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK-NEXT:    bir.alloc : memref<4x32xf32, #bir.mem<sbuf>>
// CHECK-NOT:     DynamicDMAScratchLoc
// CHECK:         return
// PART-LABEL:  func.func @scalar_dynamic_dma
// PART-NEXT:     bir.alloc {DynamicDMAScratchLoc} : memref<128x256xi8, #bir.mem<sbuf>>
// TOTAL-LABEL: func.func @scalar_dynamic_dma
// TOTAL-NEXT:    bir.alloc {DynamicDMAScratchLoc} : memref<128x1024xi8, #bir.mem<sbuf>>
// BOTH-LABEL:  func.func @scalar_dynamic_dma
// BOTH-NEXT:     bir.alloc {DynamicDMAScratchLoc} : memref<128x64xi8, #bir.mem<sbuf>>
// TWICE-LABEL: func.func @scalar_dynamic_dma
// TWICE-NEXT:    bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
// TWICE-NOT:     DynamicDMAScratchLoc
// TWICE:         return
func.func @scalar_dynamic_dma(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %t = bir.alloc : memref<4x32xf32, #bir.mem<sbuf>>
  %v = bir.read_var %pos on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return
}

// -----

// Only static DMAs: no scratch, whatever the options.
// CHECK-LABEL: func.func @static_only
// CHECK-NOT:     DynamicDMAScratchLoc
// CHECK:         return
// PART-LABEL:  func.func @static_only
// PART-NOT:      DynamicDMAScratchLoc
// PART:          return
// TOTAL-LABEL: func.func @static_only
// TOTAL-NOT:     DynamicDMAScratchLoc
// TOTAL:         return
// TWICE-LABEL: func.func @static_only
// TWICE-NOT:     DynamicDMAScratchLoc
// TWICE:         return
func.func @static_only(%a: memref<1x32xf32, #bir.mem<dram>>, %b: memref<1x32xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<1x32xf32, #bir.mem<sbuf>>
  %s = bir.ap %a offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %m = bir.ap %t offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<sbuf>>
  %d = bir.ap %b offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  bir.dma %s -> %m on pool
  bir.dma %m -> %d on pool
  return
}

// -----

// A generator that has not been assembled yet is a dynamic DMA.
// CHECK-LABEL: func.func @generator
// CHECK-NEXT:    bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK-NEXT:    bir.read_var
// TWICE-LABEL: func.func @generator
// TWICE:         DynamicDMAScratchLoc
// TWICE-NOT:     DynamicDMAScratchLoc
// TWICE:         return
func.func @generator(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  bir.tensor_copy_dynamic_dst %s -> %d generic_addrs(%v : !bir.reg) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  return
}

// -----

// An indirect (gather) DMA, after a static one, is a dynamic DMA.
// CHECK-LABEL: func.func @indirect
// CHECK-NEXT:    bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK-NOT:     DynamicDMAScratchLoc
// CHECK:         return
func.func @indirect(%table: memref<512x32xf32, #bir.mem<dram>>, %ids: memref<8xi32, #bir.mem<dram>>, %out: memref<8x32xf32, #bir.mem<dram>>) {
  %o = bir.ap %out offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<dram>>
  %t = bir.ap %table offset 0 pattern [[32, 8], [1, 32]] : memref<512x32xf32, #bir.mem<dram>>
  bir.dma %t -> %o on sp
  %g = bir.ap %table offset 0 pattern [[32, 8], [1, 32]] indirect %ids arg_id 1 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<512x32xf32, #bir.mem<dram>>
  bir.dma %g -> %o on sp
  return
}

// -----

// In-loop addressing through a register (a kind-2 pattern, later kind 3)
// is a dynamic DMA too; the scratch goes before the loop's bound register.
// CHECK-LABEL: func.func @symbolic_in_loop
// CHECK-NEXT:    bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
// CHECK-NEXT:    bir.read_var
// CHECK-NOT:     DynamicDMAScratchLoc
// CHECK:         return
func.func @symbolic_in_loop(%n: i32, %d: memref<64x32xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc : memref<128x512xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 512)>(%j) pattern [[512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
    %x = bir.ap %d offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}

// -----

// A scratch that is already there is kept and not duplicated.
// CHECK-LABEL: func.func @already_set_up
// CHECK-NEXT:    bir.alloc {DynamicDMAScratchLoc} : memref<128x64xi8, #bir.mem<sbuf>>
// CHECK-NOT:     DynamicDMAScratchLoc
// CHECK:         return
// PART-LABEL:  func.func @already_set_up
// PART-NEXT:     bir.alloc {DynamicDMAScratchLoc} : memref<128x64xi8, #bir.mem<sbuf>>
// PART-NOT:      DynamicDMAScratchLoc
// PART:          return
func.func @already_set_up(%cache: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %pos: i32) {
  %scratch = bir.alloc {DynamicDMAScratchLoc} : memref<128x64xi8, #bir.mem<sbuf>>
  %v = bir.read_var %pos on pool
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v) : memref<64x32xf32, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return
}

// -----

// A declaration has no body to set up.
// CHECK-LABEL: func.func private @declaration()
// CHECK-NOT:     DynamicDMAScratchLoc
func.func private @declaration()
