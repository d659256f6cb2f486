// --lower-to-dge end to end.
//
// The decode step of examples/ (prefix DS): a scalar dynamic offset is swdge
// at every arch, so the KV write is one swdge trigger on Pool whose block
// writes the cache in register mode (RegAPAddr = 128 * clamp(pos, 0, 63)),
// and the history loop's trigger is swdge on Pool inside the loop. Nothing
// is hwdge, nothing has a queue engine, no DMA is left. The loop writes the
// output at a runtime address, so each trip's trigger waits for the previous
// trip's transfer: a loop-carried semaphore, primed by a signal before the
// loop and drained by a wait after it. DS64 splits each 128-byte copy at
// max-descriptor-bytes=64.
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --lower-to-dge=arch=gen2 | FileCheck %s --check-prefixes=DS,DS20 --implicit-check-not=hwdge --implicit-check-not=queue --implicit-check-not=dge.trigger --implicit-check-not=dge.dma --implicit-check-not=bir.dma
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --lower-to-dge=arch=gen3 | FileCheck %s --check-prefixes=DS,DS30 --implicit-check-not=hwdge --implicit-check-not=queue --implicit-check-not=dge.trigger --implicit-check-not=dge.dma --implicit-check-not=bir.dma
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --lower-to-dge="arch=gen3 max-descriptor-bytes=64" | FileCheck %s --check-prefix=DS64
//
// Gathers and a scatter written here: an indirect side is hwdge from gen3,
// bound to SP or Activation below core_v5 (prefix HW3) and also DVE at
// core_v5 (HW5), by bytes; swdge on Pool at gen2 and with vector-route=swdge
// (prefix SW).
// RUN: dyn-opt %s -split-input-file --lower-to-dge=arch=gen2 | FileCheck %s --check-prefixes=CHECK,SW --implicit-check-not=hwdge --implicit-check-not=queue
// RUN: dyn-opt %s -split-input-file --lower-to-dge="arch=gen3 vector-route=swdge" | FileCheck %s --check-prefixes=CHECK,SW --implicit-check-not=hwdge --implicit-check-not=queue
// RUN: dyn-opt %s -split-input-file --lower-to-dge | FileCheck %s --check-prefixes=CHECK,HW,HW3 --implicit-check-not=swdge --implicit-check-not="queue dve" --implicit-check-not="queue pool"
// RUN: dyn-opt %s -split-input-file --lower-to-dge=arch=gen3 | FileCheck %s --check-prefixes=CHECK,HW,HW3 --implicit-check-not=swdge --implicit-check-not="queue dve" --implicit-check-not="queue pool"
// RUN: dyn-opt %s -split-input-file --lower-to-dge=arch=core_v4 | FileCheck %s --check-prefixes=CHECK,HW,HW3 --implicit-check-not=swdge --implicit-check-not="queue dve" --implicit-check-not="queue pool"
// RUN: dyn-opt %s -split-input-file --lower-to-dge=arch=core_v5 | FileCheck %s --check-prefixes=CHECK,HW,HW5 --implicit-check-not=swdge --implicit-check-not="queue pool"

// The arch is recorded once, on the module; the function carries none.
// DS20:       module attributes {dge.arch = #dge<arch gen2>} {
// DS30:       module attributes {dge.arch = #dge<arch gen3>} {
// DS-LABEL: func.func @decode_step(
// DS-SAME:    %[[CACHE:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[K:[^:]*]]: memref<1x32xf32, #bir.mem<dram>>, %[[POS:[^:]*]]: i32,
// DS-SAME:    %[[HIST:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[OUT:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[LEN:[^:]*]]: i32)
// DS-NOT:     arch
// DS:         bir.read_var %[[POS]] on pool
// DS:         %[[P:.*]] = bir.alu_imm min %{{.*}}, 63 on pool
// DS-NEXT:    %[[A:.*]] = bir.alu_imm mult %[[P]], 128 on pool
// DS-NEXT:    %[[B:.*]] = dge.block attributes {max_descriptor_bytes = 65536 : i64} {
// DS-NEXT:      dge.descriptor src %[[K]] [imm + 0] dst %[[CACHE]] [reg %[[A]] + 0] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}32, 1], [1, 32]]
// DS-NEXT:    }
// DS-NEXT:    dge.trigger %[[B]] type swdge on pool{{$}}
// DS-NEXT:    bir.sem_signal 0 on pool {sem = 0 : i32}
// DS-NEXT:    bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool
// DS-NEXT:      %[[R:.*]] = bir.alu_imm mult %[[J]], 128 on pool
// DS-NEXT:      %[[B2:.*]] = dge.block attributes {max_descriptor_bytes = 65536 : i64} {
// DS-NEXT:        dge.descriptor src %[[HIST]] [reg %[[R]] + 0] dst %[[OUT]] [reg %[[R]] + 0] bytes 128 pattern {{\[\[}}32, 1], [1, 32]] -> {{\[\[}}32, 1], [1, 32]]
// DS-NEXT:      }
// DS-NEXT:      bir.sem_wait 0 on pool {sem = 0 : i32}
// DS-NEXT:      dge.trigger %[[B2]] type swdge on pool{{$}}
// DS-NEXT:      bir.sem_signal 0 on pool {sem = 0 : i32}
// DS-NEXT:    }
// DS-NEXT:    bir.sem_wait 0 on pool {sem = 0 : i32}
// DS-NEXT:    return %[[CACHE]], %[[OUT]]

// DS64-LABEL: func.func @decode_step(
// DS64:         %[[A:.*]] = bir.alu_imm mult %{{.*}}, 128 on pool
// DS64-NEXT:    %[[B:.*]] = dge.block attributes {max_descriptor_bytes = 64 : i64} {
// DS64-NEXT:      dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [reg %[[A]] + 0] bytes 64 pattern {{\[\[}}1, 16]] -> {{\[\[}}1, 16]]
// DS64-NEXT:      dge.descriptor src %{{.*}} [imm + 64] dst %{{.*}} [reg %[[A]] + 64] bytes 64 pattern {{\[\[}}1, 16]] -> {{\[\[}}1, 16]]
// DS64-NEXT:    }
// DS64-NEXT:    dge.trigger %[[B]] type swdge on pool{{$}}
// DS64:         bir.dynamic_for
// DS64:           dge.descriptor src %{{.*}} [reg %[[R:.*]] + 0] dst %{{.*}} [reg %[[R]] + 0] bytes 64
// DS64-NEXT:      dge.descriptor src %{{.*}} [reg %[[R]] + 64] dst %{{.*}} [reg %[[R]] + 64] bytes 64
// DS64-NEXT:    }
// DS64-NEXT:    bir.sem_wait 0 on pool {sem = 0 : i32}
// DS64-NEXT:    dge.trigger %{{.*}} type swdge on pool{{$}}
// DS64-NEXT:    bir.sem_signal 0 on pool {sem = 0 : i32}

// A gather of 16 rows of a 512x64 table: one indirect descriptor of 4096
// bytes reading the table through the ids.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[TAB:[^:]*]]: memref<512x64xf32, #bir.mem<dram>>, %[[IDS:[^:]*]]: memref<16xi32, #bir.mem<dram>>)
// CHECK-NOT: bir.dma
// CHECK: %[[B:.*]] = dge.block attributes {max_descriptor_bytes = 65536 : i64} {
// CHECK-NEXT: dge.descriptor src %[[TAB]] [indirect %[[IDS]] : memref<16xi32, #bir.mem<dram>> + 0] dst %{{.*}} [imm + 0] bytes 4096 pattern {{\[\[}}0, 16], [1, 64]] -> {{\[\[}}64, 16], [1, 64]]
// CHECK-NEXT: }
// HW-NEXT: dge.trigger %[[B]] type hwdge on pool queue sp{{$}}
// SW-NEXT: dge.trigger %[[B]] type swdge on pool{{$}}
func.func @gather(%table: tensor<512x64xf32>, %ids: tensor<16xi32>) -> tensor<16x64xf32> {
  %g = dynshape.gather %table[%ids] : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  return %g : tensor<16x64xf32>
}

// -----

// Three gathers of 4096, 1024 and 1024 bytes: SP, then Activation, then
// Activation again below core_v5 (1024 < 4096), DVE at core_v5.
// CHECK-LABEL: func.func @three_gathers
// CHECK: dge.descriptor {{.*}} bytes 4096
// HW: dge.trigger %{{.*}} type hwdge on pool queue sp{{$}}
// SW: dge.trigger %{{.*}} type swdge on pool{{$}}
// CHECK: dge.descriptor {{.*}} bytes 1024
// HW: dge.trigger %{{.*}} type hwdge on pool queue act{{$}}
// SW: dge.trigger %{{.*}} type swdge on pool{{$}}
// CHECK: dge.descriptor {{.*}} bytes 1024
// HW3: dge.trigger %{{.*}} type hwdge on pool queue act{{$}}
// HW5: dge.trigger %{{.*}} type hwdge on pool queue dve{{$}}
// SW: dge.trigger %{{.*}} type swdge on pool{{$}}
func.func @three_gathers(%table: tensor<512x64xf32>, %ids: tensor<16xi32>, %a: tensor<4xi32>, %b: tensor<4xi32>)
    -> (tensor<16x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>) {
  %g = dynshape.gather %table[%ids] : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %x = dynshape.gather %table[%a] : (tensor<512x64xf32>, tensor<4xi32>) -> tensor<4x64xf32>
  %y = dynshape.gather %table[%b] : (tensor<512x64xf32>, tensor<4xi32>) -> tensor<4x64xf32>
  return %g, %x, %y : tensor<16x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>
}

// -----

// A scatter writes the table in place through an indirect destination.
// CHECK-LABEL: func.func @scatter
// CHECK-SAME: (%[[TAB:[^:]*]]: memref<512x64xf32, #bir.mem<dram>>, %[[ROWS:[^:]*]]: memref<16x64xf32, #bir.mem<dram>>, %[[IDS:[^:]*]]: memref<16xi32, #bir.mem<dram>>)
// CHECK: dge.descriptor src %[[ROWS]] [imm + 0] dst %[[TAB]] [indirect %[[IDS]] : memref<16xi32, #bir.mem<dram>> + 0] bytes 4096
// HW: dge.trigger %{{.*}} type hwdge on pool queue sp{{$}}
// SW: dge.trigger %{{.*}} type swdge on pool{{$}}
// CHECK: return %[[TAB]]
func.func @scatter(%table: tensor<512x64xf32>, %rows: tensor<16x64xf32>, %ids: tensor<16xi32>) -> tensor<512x64xf32> {
  %s = dynshape.scatter %rows into %table[%ids] : (tensor<16x64xf32>, tensor<16xi32>) -> tensor<512x64xf32>
  return %s : tensor<512x64xf32>
}

// -----

// A KV write and a gather in one function: the scalar offset stays swdge
// at every arch while the gather takes hwdge from gen3.
// CHECK-LABEL: func.func @kv_and_gather
// CHECK: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [reg %{{.*}} + 0] bytes 256
// HW-NEXT: }
// HW-NEXT: dge.trigger %{{.*}} type swdge on pool{{$}}
// SW-NEXT: }
// SW-NEXT: dge.trigger %{{.*}} type swdge on pool{{$}}
// CHECK: dge.descriptor src %{{.*}} [indirect %{{.*}} : memref<16xi32, #bir.mem<dram>> + 0] dst %{{.*}} [imm + 0] bytes 4096
// HW: dge.trigger %{{.*}} type hwdge on pool queue sp{{$}}
// SW: dge.trigger %{{.*}} type swdge on pool{{$}}
func.func @kv_and_gather(%cache: tensor<256x64xf32>, %row: tensor<1x64xf32>, %pos: i32, %table: tensor<512x64xf32>, %ids: tensor<16xi32>)
    -> (tensor<256x64xf32>, tensor<16x64xf32>) {
  %c0 = arith.constant 0 : i32
  %w = dynshape.dynamic_update_slice %row into %cache[%pos, %c0] : tensor<1x64xf32> into tensor<256x64xf32>
  %g = dynshape.gather %table[%ids] : (tensor<512x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  return %w, %g : tensor<256x64xf32>, tensor<16x64xf32>
}
