// RUN: dyn-translate %s --serialize-addr4 --max-container-bytes=345 -verify-diagnostics -o /dev/null
// RUN: dyn-translate %s --serialize-addr4 --max-container-bytes=346 | wc -c | FileCheck %s --check-prefix=FITS
// RUN: not dyn-translate %s --serialize-addr4 --max-container-bytes=4294967296 -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT

// The container-size limit (docs/ADDR4.md, "Size limit"): a container one byte
// over --max-container-bytes is an error with both numbers, and nothing is
// written; at the limit it is written whole. The instructions name their
// source file, so its name (not this test's path) sets the size.
// FITS: 346

// No limit may pass what the u32 section lengths describe.
// FORMAT: error: a container limit of 4294967296 bytes is over the 4294967295 that its u32 section lengths can describe; lower --max-container-bytes

// expected-error @+1 {{the container takes 346 bytes, over the limit of 345 bytes; raise --max-container-bytes}}
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @kv_write(%arg0: memref<64x32xf32, #bir.mem<dram>>, %arg1: memref<1x32xf32, #bir.mem<dram>>, %arg2: i32) -> memref<64x32xf32, #bir.mem<dram>> {
    %0 = bir.alloc {DynamicDMAScratchLoc, address = 0 : i64} : memref<128x512xi8, #bir.mem<sbuf>>
    %1 = bir.read_var %arg2 on pool {reg = 0 : i32} loc("kv.mlir":1:1)
    %2 = bir.alu_imm max %1, 0 on pool {reg = 1 : i32} loc("kv.mlir":2:1)
    %3 = bir.alu_imm min %2, 63 on pool {reg = 0 : i32} loc("kv.mlir":3:1)
    %4 = bir.alu_imm mult %3, 128 on pool {reg = 1 : i32} loc("kv.mlir":4:1)
    %5 = dge.block attributes {max_descriptor_bytes = 65536 : i64} {
      dge.descriptor src %arg1 [imm + 0] dst %arg0 [reg %4 + 0] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] addr4 [0x00000000, 0x80000001] : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
    }
    dge.trigger %5 type swdge on pool loc("kv.mlir":5:1)
    return %arg0 : memref<64x32xf32, #bir.mem<dram>>
  }
}
