// What the serializer refuses to write, each with a located diagnostic:
// routes the module's target cannot run, what the container's fields cannot
// carry, ops left unlowered, descriptors addr4-encode has not (or wrongly)
// encoded, and a module that is not one entry function.
// RUN: dyn-translate %s -split-input-file --serialize-addr4 -verify-diagnostics -o /dev/null

// hwdge needs ArchLevel > 29: a gen2 module cannot carry it.
module attributes {dge.arch = #dge<arch gen2>} {
  func.func @hwdge_on_gen2(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
    %b = dge.block {
      dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x00000000, 0x00000000] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
    }
    // expected-error @+1 {{'dge.trigger' op is routed hwdge, which needs ArchLevel > 29 (this is 20) (the module's target is gen2)}}
    dge.trigger %b type hwdge on pool queue sp
    return
  }
}

// -----

// DVE runs hardware DGE from core_v5 only: a gen3 binary cannot queue on it.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @dve_queue_on_gen3(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
    %b = dge.block {
      dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x00000000, 0x00000000] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
    }
    // expected-error @+1 {{'dge.trigger' op is routed hwdge but not bound to an eligible engine for ArchLevel 30 (the module's target is gen3)}}
    dge.trigger %b type hwdge on pool queue dve
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// What the container cannot carry. Inputs too big to write by hand (rank,
// pattern levels, argument count over the container's fields) are generated
// in serialize-limits.test.
//===----------------------------------------------------------------------===//

// A dimension is a u32 field: 2^32 + 1 does not fit.
// expected-error @+1 {{'func.func' op has a dimension of size 4294967297, which does not fit the container's 32-bit field}}
func.func @dimension_over_u32(%t: memref<4294967297xi8, #bir.mem<dram>>) {
  return
}

// -----

// f128 has no element code (bir::getElementTypeTable()).
// expected-error @+1 {{cannot serialize tensor type 'memref<4xf128, #bir.mem<dram>>'}}
func.func @f128_tensor(%t: memref<4xf128, #bir.mem<dram>>) {
  return
}

// -----

// A tensor's dimensions are written as numbers: none may be dynamic.
// expected-error @+1 {{cannot serialize tensor type 'memref<?x4xf32, #bir.mem<dram>>'}}
func.func @dynamic_tensor(%t: memref<?x4xf32, #bir.mem<dram>>) {
  return
}

// -----

// The reader refuses a zero-sized dimension: it is never written.
// expected-error @+1 {{cannot serialize the empty tensor type 'memref<0x4xf32, #bir.mem<dram>>'}}
func.func @empty_tensor(%t: memref<0x4xf32, #bir.mem<dram>>) {
  return
}

// -----

// An argument is a tensor or an i32 runtime scalar.
// expected-error @+1 {{cannot serialize an argument of type 'f32'}}
func.func @f32_argument(%x: f32) {
  return
}

// -----

// A result is a location or a register; an i32 argument returned as it is
// was never read into a register.
func.func @i32_result(%x: i32) -> i32 {
  // expected-error @+1 {{'func.return' op cannot serialize a result of type 'i32'}}
  return %x : i32
}

// -----

// A returned tensor must be one of the container's locations; a cast of an
// argument (left by an unfinished conversion) is not.
func.func @cast_result(%t: memref<4xi8, #bir.mem<dram>>) -> memref<4xi8> {
  %c = builtin.unrealized_conversion_cast %t : memref<4xi8, #bir.mem<dram>> to memref<4xi8>
  // expected-error @+1 {{'func.return' op refers to a location that is neither a function argument nor a bir.alloc}}
  return %c : memref<4xi8>
}

// -----

// Registers are written as physical ids.
func.func @virtual_register(%p: i32) {
  // expected-error @+1 {{'bir.read_var' op uses a register without a physical id; run bir-allocate-registers first}}
  %v = bir.read_var %p on pool
  return
}

// -----

// Semaphore instructions are written with their semaphore, which
// bir-allocate-semaphores gives them.
func.func @unallocated_semaphore() {
  // expected-error @+1 {{'bir.sem_signal' op has no semaphore; run bir-allocate-semaphores first}}
  bir.sem_signal 0 on pool
  bir.sem_wait 0 on dve
  return
}

// -----

// A symbolic (kind-2) access pattern must be lowered (Stage 3a) first; the
// serializer names it.
func.func @symbolic_ap(%n: i32) {
  %t = bir.alloc {address = 0 : i64} : memref<4x8xf32, #bir.mem<sbuf>>
  %l = bir.read_var %n on dve {reg = 0 : i32}
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 4 on dve attributes {reg = 1 : i32} {
    // expected-error @+1 {{'bir.sym_ap' op cannot be serialized; lower with --lower-to-addr4}}
    %row = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 8)>(%j) pattern [[8, 1], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
    bir.tensor_scalar add %row, imm 1.000000e+00 -> %row on dve
  }
  return
}

// -----

// A compute operand on a location bir-allocate-memory has not placed.
func.func @unplaced_operand() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op has an operand without an on-chip address; run bir-allocate-memory first}}
  bir.tensor_copy %a -> %a on dve
  return
}

// -----

// An instruction the container has no opcode for: a DMA that was not
// turned into a descriptor block and a trigger.
func.func @unlowered_dma(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
  %s = bir.ap %src offset 0 pattern [[1, 4]] : memref<4xi8, #bir.mem<dram>>
  %d = bir.ap %dst offset 0 pattern [[1, 4]] : memref<4xi8, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op cannot be serialized; lower with --lower-to-addr4}}
  dge.dma %s -> %d type swdge on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// Descriptor words and records, which addr4-encode writes.
//===----------------------------------------------------------------------===//

func.func @no_words(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op has no ADDR4 words; run addr4-encode first}}
    dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// Mode bits 11 (bits 30-29 of 0x60000000) are reserved.
func.func @reserved_mode(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op ADDR4 word 0x60000000 uses the reserved mode 11}}
    dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x60000000, 0x00000000] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// A register-mode word (bit 31) on an immediate side: a stale word.
func.func @word_mode_mismatch(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op ADDR4 word 0x80000001 does not match its imm side, whose word is 0x0; run addr4-encode}}
    dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x80000001, 0x00000000] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// The right mode, a stale address: the word is compared whole with the one
// addr4-encode gives the side (immediate 4 for byte 0 of the location).
func.func @stale_immediate(%src: memref<8xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op ADDR4 word 0x4 does not match its imm side, whose word is 0x0; run addr4-encode}}
    dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x00000004, 0x00000000] : memref<8xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// A budget of 2^32 - 1 would be written as the `none` that marks a block
// without one.
func.func @budget_is_none(%src: memref<4xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>) {
  // expected-error @+1 {{'dge.block' op a descriptor budget of 4294967295 is the container's `none` marker; budgets go up to 4294967294}}
  %b = dge.block attributes {max_descriptor_bytes = 4294967295 : i64} {
    dge.descriptor src %src [imm + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] addr4 [0x00000000, 0x00000000] : memref<4xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// The index slot's word is right, but the record that follows it is missing.
func.func @indirect_without_record(%table: memref<8x4xi8, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>, %out: memref<2x4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op indirect side has no record; run addr4-encode first}}
    dge.descriptor src %table [indirect %ids : memref<2xi32, #bir.mem<dram>> + 0] dst %out [imm + 0] bytes 8 pattern [[4, 2], [1, 4]] -> [[4, 2], [1, 4]] addr4 [0x20000000, 0x00000000] : memref<8x4xi8, #bir.mem<dram>>, memref<2x4xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// The module.
//===----------------------------------------------------------------------===//

// Declarations are not entries: a module of declarations has nothing to
// serialize.
// expected-error @+1 {{the module has no function with a body to serialize}}
module {
  func.func private @declared(i32)
}

// -----

// A nested module has an arch and symbol names of its own: a container of
// its own.
module {
  // expected-error @+1 {{a nested module cannot be serialized with its parent; serialize it on its own}}
  module {
    func.func @inner() {
      return
    }
  }
}

// -----

// A container loop is one engine's stream: a loop that still holds another
// engine's work has not been through bir-split-engine-loops.
module attributes {dge.arch = #dge<arch gen3>} {
  func.func @unsplit_loop() {
    bir.for %i = 0 to 4 step 1 on pool attributes {reg = 0 : i32} {
      // expected-error @+1 {{'bir.mov_imm' op runs on 'act' in a loop on 'pool'; a container loop holds one engine's stream (run bir-split-engine-loops first)}}
      %c = bir.mov_imm 1 on act {reg = 0 : i32}
    }
    return
  }
}
