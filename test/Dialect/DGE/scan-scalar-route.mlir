// dge-scan=scalar-route=hwdge: a DMA with a scalar (register) side is hwdge
// when its triggering engine is a hardware-DGE queue engine of the arch
// (dge-place-scalar-dmas puts it there), and dge-assign-engine queues it on
// that same engine, whose registers hold its offset. Elsewhere it stays
// swdge. DVE is a queue engine only from ArchLevel 50.
// RUN: dyn-opt %s -dge-set-arch=arch=gen3 -dge-scan=scalar-route=hwdge -dge-assign-engine -dge-cleanup | FileCheck %s --check-prefixes=CHECK,L30
// RUN: dyn-opt %s -dge-set-arch=arch=core_v5 -dge-scan=scalar-route=hwdge -dge-assign-engine -dge-cleanup | FileCheck %s --check-prefixes=CHECK,L50
// RUN: dyn-opt %s -dge-set-arch=arch=gen3 -dge-scan -dge-assign-engine -dge-cleanup | FileCheck %s --check-prefix=DEFAULT

// CHECK-LABEL: func.func @engines
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on sp queue sp{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type hwdge on act queue act{{$}}
// CHECK: dge.dma %{{.*}} -> %{{.*}} type swdge on pool{{$}}
// L30:   dge.dma %{{.*}} -> %{{.*}} type swdge on dve{{$}}
// L50:   dge.dma %{{.*}} -> %{{.*}} type hwdge on dve queue dve{{$}}
// DEFAULT-COUNT-4: type swdge on
func.func @engines(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %vs = bir.read_var %p on sp
  %ts = bir.reg_ap %d addr %vs pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  dge.dma %s -> %ts type unassigned on sp
  %va = bir.read_var %p on act
  %ta = bir.reg_ap %d addr %va pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  dge.dma %s -> %ta type unassigned on act
  %vp = bir.read_var %p on pool
  %tp = bir.reg_ap %d addr %vp pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  dge.dma %s -> %tp type unassigned on pool
  %vd = bir.read_var %p on dve
  %td = bir.reg_ap %d addr %vd pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  dge.dma %s -> %td type unassigned on dve
  return
}
