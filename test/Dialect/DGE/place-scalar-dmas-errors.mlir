// scalar-route=hwdge below ArchLevel 30: both passes that take the route
// refuse the target.
// RUN: dyn-opt %s -dge-place-scalar-dmas -verify-diagnostics
// RUN: dyn-opt %s -dge-scan=scalar-route=hwdge -verify-diagnostics

module attributes {dge.arch = #dge<arch gen2>} {
// expected-error @+1 {{scalar-route=hwdge needs ArchLevel > 29; the module's target is gen2 (ArchLevel 20)}}
func.func @gen2(%d: memref<64xf32, #bir.mem<dram>>) {
  return
}
}
