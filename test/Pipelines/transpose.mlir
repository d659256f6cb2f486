// A 2-D linalg.transpose becomes one transposing DMA (the xbar transpose):
// routed hwdge on an SP/Act queue above ArchLevel 29, swdge below; either
// way its descriptor walks the source column by column, and the simulated
// binary matches the reference.
// RUN: dyn-opt %s --lower-to-bir | FileCheck %s --check-prefix=BIR
// RUN: dyn-opt %s --lower-to-addr4="arch=gen3" | FileCheck %s --check-prefixes=DESC,GEN3
// RUN: dyn-opt %s --lower-to-addr4="arch=gen2" | FileCheck %s --check-prefixes=DESC,GEN2
// RUN: dyn-sim %s --entry tr --compare --trials 4 --pipeline-options="arch=gen2" | FileCheck %s --check-prefix=SIM
// RUN: dyn-sim %s --entry tr --compare --trials 4 --pipeline-options="arch=gen3" | FileCheck %s --check-prefix=SIM

// BIR-LABEL: func.func @tr(
// BIR:         %[[S:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<dram>>
// BIR:         %[[D:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}8, 16], [1, 8]] : memref<16x8xf32, #bir.mem<dram>>
// BIR:         bir.dma %[[S]] -> %[[D]] on pool transpose

// DESC:        dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 0] bytes 512 pattern {{\[\[}}1, 16], [16, 8]] -> {{\[\[}}8, 16], [1, 8]]
// GEN3:        dge.trigger %{{.*}} type hwdge on pool queue {{sp|act}}
// GEN2:        dge.trigger %{{.*}} type swdge on pool
// GEN2-NOT:    queue

// SIM: 4 trials from seed 1: the simulated binary matches the reference
func.func @tr(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %t = linalg.transpose ins(%a : tensor<8x16xf32>) outs(%b : tensor<16x8xf32>) permutation = [1, 0]
  return %t : tensor<16x8xf32>
}
