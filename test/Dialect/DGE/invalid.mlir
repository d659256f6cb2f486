// RUN: dyn-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// dge.dma
//===----------------------------------------------------------------------===//

func.func @dma_queue_on_swdge(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op only an hwdge DMA is bound to a queue engine, this one is swdge}}
  dge.dma %s -> %t type swdge on pool queue sp
  return
}

// -----

func.func @dma_queue_on_none(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{only an hwdge DMA is bound to a queue engine, this one is none}}
  dge.dma %s -> %t type none on sp queue act
  return
}

// -----

func.func @dma_queue_pool(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op engine 'pool' cannot run hardware DGE}}
  dge.dma %s -> %t type hwdge on pool queue pool
  return
}

// -----

func.func @dma_queue_pe(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{engine 'pe' cannot run hardware DGE}}
  dge.dma %s -> %t type hwdge on pool queue pe
  return
}

// -----

func.func @dma_bytes_mismatch(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 16 pattern [[1, 8]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op source moves 64 bytes but destination 32}}
  dge.dma %s -> %t type none on sp
  return
}

// -----

func.func @dma_reads_register_of_other_engine(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on act
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.reg_ap %d addr %r pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op reads a register of engine 'act' through operand #1, but runs on 'pool'}}
  dge.dma %s -> %t type swdge on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// dge.block
//===----------------------------------------------------------------------===//

func.func @block_with_non_descriptor(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
    // expected-error @+1 {{'bir.mov_imm' op is not a descriptor; a descriptor block holds only dge.descriptor}}
    %c = bir.mov_imm 1 on pool
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @block_budget_not_positive(%d: memref<64xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{attribute 'max_descriptor_bytes' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %b = dge.block attributes {max_descriptor_bytes = 0 : i64} {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @trigger_unknown_route(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{expected one of [none, swdge, hwdge, unassigned] for descriptor-generation route, got: dma}}
  dge.trigger %b type dma on pool
  return
}

// -----

func.func @trigger_inherent_attribute(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op attribute 'queue' failed to satisfy constraint}}
  dge.trigger %b type hwdge on sp {queue = 3 : i32}
  return
}

// -----

func.func @empty_block() {
  // expected-error @+1 {{'dge.block' op needs at least one descriptor}}
  %b = dge.block {
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @block_with_arguments(%d: memref<64xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'dge.block' op takes no block arguments}}
  %b = "dge.block"() ({
  ^bb0(%x: i32):
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }) : () -> !dge.block
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @block_without_trigger(%d: memref<64xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'dge.block' op must be bound to exactly one trigger, it has 0}}
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  return
}

// -----

func.func @block_with_two_triggers(%d: memref<64xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'dge.block' op must be bound to exactly one trigger, it has 2}}
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  dge.trigger %b type swdge on pool
  return
}

// -----

// A use other than a trigger (here: a return) also breaks the binding.
func.func @block_escapes(%d: memref<64xf32, #bir.mem<dram>>) -> !dge.block {
  // expected-error @+1 {{'dge.block' op must be bound to exactly one trigger, it has 1}}
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return %b : !dge.block
}

// -----

func.func @descriptor_over_budget(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block attributes {max_descriptor_bytes = 32 : i64} {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 32 pattern [[1, 8]] -> [[1, 8]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
    // expected-error @+1 {{'dge.descriptor' op moves 64 bytes, over the block's budget of 32}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @descriptor_outside_block(%d: memref<64xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'dge.descriptor' op expects parent op 'dge.block'}}
  dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// dge.trigger
//===----------------------------------------------------------------------===//

func.func @trigger_of_argument(%b: !dge.block) {
  // expected-error @+1 {{'dge.trigger' op a trigger must name a descriptor block (dge.block)}}
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @trigger_unassigned(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op a trigger needs a route; run dge-scan}}
  dge.trigger %b type unassigned on pool
  return
}

// -----

func.func @hwdge_trigger_without_queue(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op an hwdge trigger needs an eligible queue engine; run dge-assign-engine}}
  dge.trigger %b type hwdge on pool
  return
}

// -----

func.func @trigger_queue_on_swdge(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op only an hwdge DMA is bound to a queue engine, this one is swdge}}
  dge.trigger %b type swdge on pool queue act
  return
}

// -----

func.func @trigger_queue_pool(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op engine 'pool' cannot run hardware DGE}}
  dge.trigger %b type hwdge on pool queue pool
  return
}

// -----

func.func @trigger_reads_register_of_other_engine(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on sp
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [reg %r + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op triggers a descriptor that reads a register of engine 'sp' from 'pool'}}
  dge.trigger %b type swdge on pool
  return
}

// -----

// The route rules of dge-cleanup hold for the descriptors a trigger starts
// (a container is checked with them when it is read).

func.func @none_trigger_reads_register(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on pool
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [reg %r + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op is dynamic and cannot be routed none}}
  dge.trigger %b type none on pool
  return
}

// -----

func.func @none_trigger_patched(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %b = dge.block {
    dge.descriptor src %d [patched %p + 0] dst %d [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op is dynamic and cannot be routed none}}
  dge.trigger %b type none on pool
  return
}

// -----

func.func @hwdge_scalar_trigger_queued_elsewhere(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on act
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %d [reg %r + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  // expected-error @+1 {{'dge.trigger' op is routed hwdge with a scalar side, so it must be queued on its triggering engine, whose registers hold its offset}}
  dge.trigger %b type hwdge on act queue sp
  return
}

// -----

//===----------------------------------------------------------------------===//
// dge.descriptor: each side
//===----------------------------------------------------------------------===//

// An inherent attribute in the dictionary is checked where it is written,
// not dropped.
func.func @ill_typed_addr4(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op attribute 'src_addr4' failed to satisfy constraint: 32-bit signless integer attribute}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] {src_addr4 = "x"} : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @src_pattern_bytes(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source pattern moves 32 bytes, the descriptor 64}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 8]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// Element size counts: 16 f16 are 32 bytes.
func.func @dst_pattern_bytes(%d: memref<64xf32, #bir.mem<dram>>, %h: memref<64xf16, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination pattern moves 32 bytes, the descriptor 64}}
    dge.descriptor src %d [imm + 0] dst %h [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf16, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @src_empty_pattern(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source pattern must be [step, num] pairs}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @dst_empty_pattern(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination pattern must be [step, num] pairs}}
    "dge.descriptor"(%d, %d) <{bytes = 64 : i64, dst_mode = 0 : i32, dst_offset = 0 : i64, dst_pattern = #bir.pattern<[]>, operandSegmentSizes = array<i32: 1, 0, 1, 0>, src_mode = 0 : i32, src_offset = 0 : i64, src_pattern = #bir.pattern<[[1, 16]]>}> : (memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>) -> ()
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @src_not_bir_location(%d: memref<64xf32, #bir.mem<dram>>, %m: memref<64xf32>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source must be a bir location of whole-byte elements}}
    dge.descriptor src %m [imm + 0] dst %d [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @dst_sub_byte_elements(%d: memref<64xf32, #bir.mem<dram>>, %m: memref<64xi1, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination must be a bir location of whole-byte elements}}
    dge.descriptor src %d [imm + 0] dst %m [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xi1, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @bytes_not_positive(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op attribute 'bytes' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 0 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @src_negative_offset(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source offset must be non-negative}}
    dge.descriptor src %d [imm + -4] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// A byte offset inside an element: no engine addresses half an f32.
func.func @unaligned_offset(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source offset 2 is not a whole number of 4-byte elements}}
    dge.descriptor src %d [imm + 2] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @dst_negative_offset(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on pool
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination offset must be non-negative}}
    dge.descriptor src %d [imm + 0] dst %d [reg %r + -1] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// The custom syntax cannot attach an operand to an imm side; the generic one can.
func.func @imm_with_operand(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on pool
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source in imm mode takes no operand}}
    "dge.descriptor"(%d, %r, %d) <{bytes = 64 : i64, dst_mode = 0 : i32, dst_offset = 64 : i64, dst_pattern = #bir.pattern<[[1, 16]]>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, src_mode = 0 : i32, src_offset = 0 : i64, src_pattern = #bir.pattern<[[1, 16]]>}> : (memref<64xf32, #bir.mem<dram>>, !bir.reg, memref<64xf32, #bir.mem<dram>>) -> ()
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @reg_without_register(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination in reg mode needs a !bir.reg}}
    "dge.descriptor"(%d, %d, %p) <{bytes = 64 : i64, dst_mode = 1 : i32, dst_offset = 0 : i64, dst_pattern = #bir.pattern<[[1, 16]]>, operandSegmentSizes = array<i32: 1, 0, 1, 1>, src_mode = 0 : i32, src_offset = 0 : i64, src_pattern = #bir.pattern<[[1, 16]]>}> : (memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>, i32) -> ()
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @reg_without_operand(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source in reg mode needs a !bir.reg}}
    "dge.descriptor"(%d, %d) <{bytes = 64 : i64, dst_mode = 0 : i32, dst_offset = 0 : i64, dst_pattern = #bir.pattern<[[1, 16]]>, operandSegmentSizes = array<i32: 1, 0, 1, 0>, src_mode = 1 : i32, src_offset = 0 : i64, src_pattern = #bir.pattern<[[1, 16]]>}> : (memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>) -> ()
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @patched_with_non_argument(%d: memref<64xf32, #bir.mem<dram>>) {
  %c = arith.constant 128 : i32
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination in patched mode needs an i32 function argument}}
    dge.descriptor src %d [imm + 0] dst %d [patched %c + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// A register holding the scalar is not the scalar's memory location.
func.func @patched_with_register(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on pool
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source in patched mode needs an i32 function argument}}
    "dge.descriptor"(%d, %r, %d) <{bytes = 64 : i64, dst_mode = 0 : i32, dst_offset = 0 : i64, dst_pattern = #bir.pattern<[[1, 16]]>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, src_mode = 2 : i32, src_offset = 0 : i64, src_pattern = #bir.pattern<[[1, 16]]>}> : (memref<64xf32, #bir.mem<dram>>, !bir.reg, memref<64xf32, #bir.mem<dram>>) -> ()
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @indirect_2d_ids(%t: memref<64x16xf32, #bir.mem<dram>>, %o: memref<4x16xf32, #bir.mem<dram>>, %ids: memref<2x2xi32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source in indirect mode needs a 1-D i32 index tensor}}
    dge.descriptor src %t [indirect %ids : memref<2x2xi32, #bir.mem<dram>> + 0] dst %o [imm + 0] bytes 256 pattern [[16, 4], [1, 16]] -> [[16, 4], [1, 16]] : memref<64x16xf32, #bir.mem<dram>>, memref<4x16xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @indirect_i64_ids(%t: memref<64x16xf32, #bir.mem<dram>>, %o: memref<4x16xf32, #bir.mem<dram>>, %ids: memref<4xi64, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination in indirect mode needs a 1-D i32 index tensor}}
    dge.descriptor src %o [imm + 0] dst %t [indirect %ids : memref<4xi64, #bir.mem<dram>> + 0] bytes 256 pattern [[16, 4], [1, 16]] -> [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>, memref<64x16xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @indirect_dynamic_ids(%t: memref<64x16xf32, #bir.mem<dram>>, %o: memref<4x16xf32, #bir.mem<dram>>, %ids: memref<?xi32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source in indirect mode needs a 1-D i32 index tensor}}
    dge.descriptor src %t [indirect %ids : memref<?xi32, #bir.mem<dram>> + 0] dst %o [imm + 0] bytes 256 pattern [[16, 4], [1, 16]] -> [[16, 4], [1, 16]] : memref<64x16xf32, #bir.mem<dram>>, memref<4x16xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @unknown_address_mode(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{unknown address mode 'direct'}}
    dge.descriptor src %d [direct + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// The budget is a declared attribute: a positive byte count.
func.func @zero_budget(%d: memref<64xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'dge.block' op attribute 'max_descriptor_bytes' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %b = dge.block attributes {max_descriptor_bytes = 0 : i64} {
    dge.descriptor src %d [imm + 0] dst %d [imm + 0] bytes 4 pattern [[1, 1]] -> [[1, 1]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type none on sp
  return
}

// -----

// The indirect record kind is an enum.
func.func @unknown_record(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+2 {{expected ::dyn::dge::IndirectRecordKind to be one of: INDIRECT16B, INDIRECT20B, MXINDIRECT16B}}
    // expected-error @+1 {{failed to parse DGE_IndirectRecordKindAttr parameter 'value' which is to be a `::dyn::dge::IndirectRecordKind`}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 0] bytes 4 pattern [[1, 1]] -> [[1, 1]] {src_record = #dge<record INDIRECT32B>} : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type none on sp
  return
}

// -----

// Rows 0..3 of the descriptor read index slots 2..5 of a 4-element tensor.
func.func @indirect_slots_past_end(%t: memref<64x16xf32, #bir.mem<dram>>, %o: memref<4x16xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source reads index slots 2 to 5 of a 4-element index tensor}}
    dge.descriptor src %t [indirect %ids from 2 : memref<4xi32, #bir.mem<dram>> + 0] dst %o [imm + 0] bytes 256 pattern [[16, 4], [1, 16]] -> [[16, 4], [1, 16]] : memref<64x16xf32, #bir.mem<dram>>, memref<4x16xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @first_index_not_indirect(%t: memref<64x16xf32, #bir.mem<dram>>, %o: memref<4x16xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination has a first index but is not indirect}}
    dge.descriptor src %t [imm + 0] dst %o [imm + 0] bytes 256 pattern [[16, 4], [1, 16]] -> [[16, 4], [1, 16]] {dst_first_index = 1 : i64} : memref<64x16xf32, #bir.mem<dram>>, memref<4x16xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @src_zero_num(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source pattern entry 1 must have a non-negative step and a positive num, got [1, 0]}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 64] bytes 64 pattern [[1, 16], [1, 0]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// Two negative nums multiply to a positive count: still rejected.
func.func @dst_negative_nums(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination pattern entry 0 must have a non-negative step and a positive num, got [1, -4]}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, -4], [4, -4]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

func.func @dst_negative_step(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination pattern entry 0 must have a non-negative step and a positive num, got [-1, 16]}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 252] bytes 64 pattern [[1, 16]] -> [[-1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// 16 f32 from byte 196 end at byte 260 of a 256-byte location.
func.func @dst_imm_past_end(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op destination pattern from byte 196 reaches past the 256 bytes of its location}}
    dge.descriptor src %d [imm + 0] dst %d [imm + 196] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// The last byte of the location is the last one read: accepted.
func.func @src_imm_to_end(%d: memref<64xf32, #bir.mem<dram>>, %e: memref<128xf32, #bir.mem<dram>>, %s: memref<2x64xf32, #bir.mem<sbuf>>) {
  %b = dge.block {
    dge.descriptor src %d [imm + 192] dst %d [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
    // An on-chip location counts its partitions' bytes: 2 x 256.
    // expected-error @+1 {{'dge.descriptor' op source pattern from byte 8 reaches past the 512 bytes of its location}}
    dge.descriptor src %s [imm + 8] dst %e [imm + 0] bytes 512 pattern [[64, 2], [1, 64]] -> [[1, 128]] : memref<2x64xf32, #bir.mem<sbuf>>, memref<128xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// A reach that overflows 64 bits (from the last whole f32 below 2^63) is
// past the end too.
func.func @src_imm_reach_overflows(%d: memref<64xf32, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op source pattern from byte 9223372036854775804 reaches past the 256 bytes of its location}}
    dge.descriptor src %d [imm + 9223372036854775804] dst %d [imm + 0] bytes 64 pattern [[1, 16]] -> [[1, 16]] : memref<64xf32, #bir.mem<dram>>, memref<64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}
