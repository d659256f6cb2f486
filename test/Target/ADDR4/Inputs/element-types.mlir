// Every element type the container carries, as DRAM tensor arguments.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @types(%a: memref<2xf32, #bir.mem<dram>>, %b: memref<2xi32, #bir.mem<dram>>, %c: memref<2xbf16, #bir.mem<dram>>, %d: memref<2xf16, #bir.mem<dram>>, %e: memref<2xi8, #bir.mem<dram>>, %f: memref<2xi16, #bir.mem<dram>>, %g: memref<2xi64, #bir.mem<dram>>, %h: memref<2xf64, #bir.mem<dram>>) {
    return
  }
}
