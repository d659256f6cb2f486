// Resource limits of dge-lower-dynamic-dma: a DMA that would split into
// more descriptors than max-descriptors-per-dma, or a function that would
// need more than max-descriptors-per-function, is refused with both numbers
// before any descriptor is made (a 4 GiB copy would otherwise become
// millions of descriptors).
// RUN: dyn-opt %s -split-input-file -verify-diagnostics -dge-lower-dynamic-dma
// RUN: not dyn-opt %s -split-input-file -dge-lower-dynamic-dma="max-descriptors-per-dma=1024 max-descriptors-per-function=1500" 2>&1 | FileCheck %s --check-prefix=LOW

// LOW: error: 'dge.dma' op needs 65536 descriptors of at most 65536 bytes, over max-descriptors-per-dma 1024; raise max-descriptor-bytes or max-descriptors-per-dma
// LOW: error: 'dge.dma' op brings the function to 2048 descriptors, over max-descriptors-per-function 1500; raise max-descriptors-per-function

// 4 GiB in 64 KiB descriptors: 65536 descriptors, over the default 16384.
func.func @huge(%a: memref<1048576x1024xf32, #bir.mem<dram>>, %b: memref<1048576x1024xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1024, 1048576], [1, 1024]] : memref<1048576x1024xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[1024, 1048576], [1, 1024]] : memref<1048576x1024xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op needs 65536 descriptors of at most 65536 bytes, over max-descriptors-per-dma 16384; raise max-descriptor-bytes or max-descriptors-per-dma}}
  dge.dma %s -> %t type none on sp
  return
}

// -----

// Two 64 MiB copies of 1024 descriptors each: fine by default; over a
// per-function limit of 1500 at the second (RUN 2).
func.func @two(%a: memref<16384x1024xf32, #bir.mem<dram>>, %b: memref<16384x1024xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1024, 16384], [1, 1024]] : memref<16384x1024xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[1024, 16384], [1, 1024]] : memref<16384x1024xf32, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  %u = bir.ap %b offset 0 pattern [[1024, 16384], [1, 1024]] : memref<16384x1024xf32, #bir.mem<dram>>
  %v = bir.ap %a offset 0 pattern [[1024, 16384], [1, 1024]] : memref<16384x1024xf32, #bir.mem<dram>>
  dge.dma %u -> %v type none on sp
  return
}
