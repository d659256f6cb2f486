// Pipeline options are checked before anything runs; a bad one is an error.
// RUN: not dyn-opt %s --lower-to-bir=arch=gen9 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not dyn-opt %s --lower-to-bir="vector-route=both" 2>&1 | FileCheck %s --check-prefix=ROUTE
// RUN: not dyn-opt %s --lower-to-bir="dynamic-dma-sbuf-bytes=100 dynamic-dma-scratch-size-per-partition=1" 2>&1 | FileCheck %s --check-prefix=SCRATCH
// RUN: not dyn-opt %s --lower-to-bir="max-descriptor-bytes=0" 2>&1 | FileCheck %s --check-prefix=DESC
// ARCH: error: unknown arch 'gen9'; expected gen2, gen3, core_v4 or core_v5
// ROUTE: error: vector-route must be hwdge or swdge, got 'both'
// SCRATCH: error: dynamic-dma-sbuf-bytes (100) must be 128 x dynamic-dma-scratch-size-per-partition (1); give either
// DESC: error: max-descriptor-bytes must be positive
func.func @f() {
  return
}
