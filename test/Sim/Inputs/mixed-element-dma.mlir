// A bir-level DMA between locations of different element sizes: 8 f32 into
// 16 f16 slots, 32 bytes each way. A DMA moves bytes, so the destination
// holds the source's bytes (the simulator refused it, found by review).
module attributes {dge.arch = #dge<arch gen3>} {
func.func @f(%t: memref<1x8xf32, #bir.mem<dram>>, %o: memref<1x16xf16, #bir.mem<dram>>) -> memref<1x16xf16, #bir.mem<dram>> {
  %s = bir.ap %t offset 0 pattern [[1, 8]] : memref<1x8xf32, #bir.mem<dram>>
  %d = bir.ap %o offset 0 pattern [[1, 16]] : memref<1x16xf16, #bir.mem<dram>>
  bir.dma %s -> %d on pool
  return %o : memref<1x16xf16, #bir.mem<dram>>
}
}
