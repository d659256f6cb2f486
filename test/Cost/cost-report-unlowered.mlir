// dge-cost-report costs IR lowered past dge-lower-dynamic-dma: a DMA that
// is not a trigger yet, or an op of an earlier stage, would cost nothing,
// so it is an error, located at the op.
// RUN: dyn-opt %s -split-input-file -allow-unregistered-dialect --dge-cost-report -verify-diagnostics -o /dev/null

func.func @bir_dma(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.alloc {address = 0 : i64} : memref<1x64xf32, #bir.mem<sbuf>>
  %a = bir.ap %d offset 0 pattern [[1, 64]] : memref<64xf32, #bir.mem<dram>>
  %b = bir.ap %s offset 0 pattern [[64, 1], [1, 64]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.dma' op is not lowered; dge-cost-report costs IR lowered with --lower-to-addr4 (after dge-lower-dynamic-dma)}}
  bir.dma %a -> %b on sp
  return
}

// -----

func.func @tensor_level(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'arith.addf' op is not lowered; dge-cost-report costs IR lowered with --lower-to-addr4 (after dge-lower-dynamic-dma)}}
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op has more than one block; dge-cost-report costs IR lowered with --lower-to-addr4}}
func.func @two_blocks() {
  cf.br ^next
^next:
  return
}

// -----

// An op of no dialect (this used to crash).
func.func @unregistered(%d: memref<64xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'test.op' op is not lowered; dge-cost-report costs IR lowered with --lower-to-addr4}}
  "test.op"(%d) : (memref<64xf32, #bir.mem<dram>>) -> ()
  return
}
