// RUN: dyn-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bir-expand-dynamic-ap-info))'

// The start is the static offset in bytes plus dyn_const: past 2^63 it is
// an error, not a wrapped address.
func.func @start_overflows(%t: memref<16x8xf32, #bir.mem<dram>>, %row: memref<1x8xf32, #bir.mem<dram>>, %pos: i32) {
  %v = bir.read_var %pos on sp
  // expected-error @+1 {{'bir.ap' op start of 8 elements plus dyn_const 9223372036854775800 bytes overflows 64 bits}}
  %s = bir.ap %t offset 8 pattern [[8, 1], [1, 8]] scalar 9223372036854775800 + [1] * (%v) : memref<16x8xf32, #bir.mem<dram>>
  %d = bir.ap %row offset 0 pattern [[8, 1], [1, 8]] : memref<1x8xf32, #bir.mem<dram>>
  bir.dma %s -> %d on sp
  return
}
