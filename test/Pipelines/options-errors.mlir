// Pipeline options are checked before anything runs; a bad one is an error.
// An unknown enum value (arch, vector-route, engine) is rejected by the
// option parser; the scratch sizes and the descriptor size are checked after.
// RUN: not dyn-opt %s --lower-to-bir=arch=gen9 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not dyn-opt %s --lower-to-bir="vector-route=both" 2>&1 | FileCheck %s --check-prefix=ROUTE
// RUN: not dyn-opt %s --lower-to-bir="engine=tensor" 2>&1 | FileCheck %s --check-prefix=ENGINE
// RUN: not dyn-opt %s --lower-to-bir="dynamic-dma-sbuf-bytes=256 dynamic-dma-scratch-size-per-partition=1" 2>&1 | FileCheck %s --check-prefix=SCRATCH
// RUN: not dyn-opt %s --lower-to-bir="dynamic-dma-sbuf-bytes=100 dynamic-dma-scratch-size-per-partition=1" 2>&1 | FileCheck %s --check-prefix=MULTIPLE
// 128 x 2^57 wraps to 0 in 64 bits: it must not agree with sbuf-bytes=0.
// RUN: not dyn-opt %s --lower-to-bir="dynamic-dma-sbuf-bytes=0 dynamic-dma-scratch-size-per-partition=144115188075855872" 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: not dyn-opt %s --lower-to-bir="dynamic-dma-scratch-size-per-partition=-5" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not dyn-opt %s --lower-to-bir="dynamic-dma-scratch-size-per-partition=200000" 2>&1 | FileCheck %s --check-prefix=CAPACITY
// RUN: not dyn-opt %s --lower-to-bir="max-descriptor-bytes=0" 2>&1 | FileCheck %s --check-prefix=DESC
// RUN: not dyn-opt %s --lower-to-addr4="max-tensor-nesting=-1" 2>&1 | FileCheck %s --check-prefix=NESTING
// ARCH: for the --arch option: Cannot find option named 'gen9'!
// ROUTE: for the --vector-route option: Cannot find option named 'both'!
// ENGINE: for the --engine option: Cannot find option named 'tensor'!
// SCRATCH: error: dynamic-dma-sbuf-bytes (256) must be 128 x dynamic-dma-scratch-size-per-partition (1); give either
// WRAP: error: dynamic-dma-sbuf-bytes (0) must be 128 x dynamic-dma-scratch-size-per-partition (144115188075855872); give either
// MULTIPLE: error: dynamic-dma-sbuf-bytes (100) must be a multiple of 128 (one share per partition)
// NEGATIVE: error: DGE scratch sizes must be non-negative
// CAPACITY: error: DGE scratch of 200000 bytes per partition exceeds the SBUF capacity of 196608
// DESC: error: max-descriptor-bytes must be positive
// NESTING: error: max-tensor-nesting must not be negative
func.func @f() {
  return
}
