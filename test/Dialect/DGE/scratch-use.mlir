// RUN: dyn-opt %s --lower-to-addr4="dynamic-dma-scratch-size-per-partition=64 max-descriptor-bytes=128" -verify-diagnostics -o /dev/null
// RUN: dyn-opt %s --lower-to-addr4="dynamic-dma-scratch-size-per-partition=256 max-descriptor-bytes=128" | dyn-translate --serialize-addr4 | dyn-translate --addr4-listing | FileCheck %s

// Scratch accounting (docs/ExecutionModel.md, dge-lower-dynamic-dma): a
// 128 KiB row written at a runtime position, split into 1024 descriptors of
// 128 bytes, which software DGE stages in the DGE scratch as 32-byte records
// spread over the 128 partitions: 8 records, 256 bytes per partition. A
// 64-byte scratch is too small (the diagnostic gives both numbers and the
// option); a 256-byte one fits exactly, and the listing shows the use.
// CHECK: dge scratch: software DGE stages up to 256 bytes per partition of 256

// A patched side (a scalar read from memory when the descriptor runs) is
// patched in place, not generated: it stages nothing, and the pass and the
// listing agree on that (the pass counted it once).
// RUN: dyn-opt %S/../../Target/ADDR4/Inputs/patched.mlir --lower-to-addr4=dynamic-dma-scratch-size-per-partition=16 | dyn-translate --serialize-addr4 | dyn-translate --addr4-listing | FileCheck %s --check-prefix=PATCHED
// PATCHED: dge scratch: software DGE stages up to 0 bytes per partition of 16
func.func @big_row(%cache: tensor<4x32768xf32>, %row: tensor<1x32768xf32>,
                   %pos: i32) -> tensor<4x32768xf32> {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{software DGE stages 1024 descriptors here, 256 bytes per partition, over the DGE scratch of 64 bytes per partition; raise dynamic-dma-scratch-size-per-partition}}
  %0 = dynshape.dynamic_update_slice %row into %cache[%pos, %c0]
      : tensor<1x32768xf32> into tensor<4x32768xf32>
  return %0 : tensor<4x32768xf32>
}
