// One rank-3 DRAM tensor argument (../tensor-size.test patches its dims).
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @t(%a: memref<2x2x2xf32, #bir.mem<dram>>) {
    return
  }
}
