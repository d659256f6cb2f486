// RUN: dyn-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Engine discipline
//===----------------------------------------------------------------------===//

func.func @reg_from_other_engine(%v: i32) {
  %r = bir.read_var %v on act
  // expected-error @+1 {{'bir.alu_imm' op reads a register of engine 'act' through operand #0, but runs on 'pool' (registers are minted on the consuming inst's engine)}}
  %x = bir.alu_imm add %r, 1 on pool
  return
}

// -----

func.func @reg_from_other_engine_rhs(%v: i32) {
  %a = bir.read_var %v on sp
  %b = bir.mov_imm 3 on dve
  // expected-error @+1 {{reads a register of engine 'dve' through operand #1, but runs on 'sp'}}
  %x = bir.alu add %a, %b on sp
  return
}

// -----

func.func @loop_bound_from_other_engine(%v: i32) {
  %r = bir.read_var %v on pe
  // expected-error @+1 {{'bir.dynamic_for' op reads a register of engine 'pe' through operand #0, but runs on 'pool'}}
  bir.dynamic_for %j = 0 to 1 * %r + 0 step 1 max_trip 4 on pool {
  }
  return
}

// -----

// A profile trip estimate is a non-negative integer that fits int64_t.
func.func @negative_trip_estimate(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{'bir.dynamic_for' op attribute 'trip_estimate' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  bir.dynamic_for %j = 0 to 1 * %r + 0 step 1 max_trip 4 trip_estimate -1 on pool {
  }
  return
}

// -----

func.func @wide_trip_estimate(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{integer value too large}}
  bir.dynamic_for %j = 0 to 1 * %r + 0 step 1 max_trip 4 trip_estimate 18446744073709551621 on pool {
  }
  return
}

// -----

// A loop's inherent attributes in its dictionary are checked where they
// are written, not dropped.
func.func @ill_typed_loop_register(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{'bir.dynamic_for' op attribute 'reg' failed to satisfy constraint}}
  bir.dynamic_for %j = 0 to 1 * %r + 0 step 1 max_trip 4 on pool attributes {reg = "x"} {
  }
  return
}

// -----

func.func @ill_typed_static_loop_register() {
  // expected-error @+1 {{'bir.for' op attribute 'reg' failed to satisfy constraint}}
  bir.for %i = 0 to 4 step 1 on pool attributes {reg = -1 : i32} {
  }
  return
}

// -----

func.func @reg_through_access_pattern(%v: i32, %d: memref<64xf32, #bir.mem<dram>>) {
  %r = bir.read_var %v on act
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  %a = bir.reg_ap %d addr %r pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.dma' op reads a register of engine 'act' through operand #1, but runs on 'pool'}}
  bir.dma %s -> %a on pool
  return
}

// -----

func.func @reg_through_dynamic_info(%v: i32, %d: memref<64xf32, #bir.mem<dram>>) {
  %p = bir.read_var %v on sp
  %q = bir.read_var %v on pe
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %a = bir.ap %d offset 0 pattern [[1, 16]] scalar 0 + [4, 8] * (%p, %q) : memref<64xf32, #bir.mem<dram>>
  %s = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{reads a register of engine 'pe' through operand #0, but runs on 'sp'}}
  bir.dma %a -> %s on sp
  return
}

// -----

// Any engine in a loop's body may read the loop's induction register (each
// gets its own when bir-split-engine-loops splits the loop), but not a
// register computed from it on another engine.
func.func @derived_reg_in_loop(%v: i32) {
  bir.for %i = 0 to 4 step 1 on pool {
    %ok = bir.alu_imm add %i, 1 on act
    %k = bir.alu_imm add %i, 1 on pool
    // expected-error @+1 {{'bir.alu_imm' op reads a register of engine 'pool' through operand #0, but runs on 'act'}}
    %bad = bir.alu_imm add %k, 1 on act
  }
  return
}

// -----

func.func @generator_other_addr_from_other_engine(%v: i32, %d: memref<64xf32, #bir.mem<dram>>) {
  %r = bir.read_var %v on pool
  %o = bir.read_var %v on dve
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{reads a register of engine 'dve' through operand #3, but runs on 'pool'}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other(%o) scale [4] on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

func.func @read_var_of_constant() {
  %c = arith.constant 3 : i32
  // expected-error @+1 {{'bir.read_var' op reads a runtime scalar, which must be an i32 argument of the enclosing function}}
  %r = bir.read_var %c on pool
  return
}

// -----

func.func @read_var_of_non_entry_block_arg(%v: i32) {
  cf.br ^bb1(%v : i32)
^bb1(%w: i32):
  // expected-error @+1 {{reads a runtime scalar, which must be an i32 argument of the enclosing function}}
  %r = bir.read_var %w on pool
  return
}

// -----

func.func @read_var_of_non_i32(%v: i64) {
  // expected-error @+1 {{'bir.read_var' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  %r = "bir.read_var"(%v) <{engine = #bir<engine pool>}> : (i64) -> !bir.reg
  return
}

// -----

func.func @physical_reg_too_large() {
  // expected-error @+1 {{attribute 'reg' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose value is a register id, below the registers per engine}}
  %c = bir.mov_imm 1 on pool {reg = 64 : i32}
  return
}

// -----

func.func @physical_reg_negative(%v: i32) {
  // expected-error @+1 {{attribute 'reg' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose value is a register id, below the registers per engine}}
  %r = bir.read_var %v on pool {reg = -1 : i32}
  return
}

// -----

func.func @loop_physical_reg_too_large() {
  // expected-error @+1 {{attribute 'reg' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose value is a register id, below the registers per engine}}
  bir.for %i = 0 to 4 step 1 on pool attributes {reg = 64 : i32} {
  }
  return
}

// -----

func.func @unknown_engine() {
  // expected-error @+1 {{unknown engine 'gpsimd'; expected one of pe, act, pool, dve, sp}}
  %c = bir.mov_imm 1 on gpsimd
  return
}

// -----

func.func @unknown_engine_loop() {
  // expected-error @+1 {{unknown engine 'gpsimd'; expected one of pe, act, pool, dve, sp}}
  bir.for %i = 0 to 4 step 1 on gpsimd {
  }
  return
}

// -----

func.func @unknown_engine_dynamic_loop(%v: i32) {
  %n = bir.read_var %v on pool
  // expected-error @+1 {{unknown engine 'tensor'; expected one of pe, act, pool, dve, sp}}
  bir.dynamic_for %j = 0 to 1 * %n + 0 step 1 max_trip 8 on tensor {
  }
  return
}

// -----

func.func @unknown_alu_kind(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{unknown ALU operation 'pow'; expected one of add, sub, mult, divide, max, min, mod, and, or, xor, shl, shrs, shru, eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge}}
  %x = bir.alu_imm pow %r, 1 on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

func.func @dynamic_for_step_zero(%v: i32) {
  %n = bir.read_var %v on pool
  // expected-error @+1 {{'bir.dynamic_for' op step must be positive, got 0}}
  bir.dynamic_for %j = 0 to 1 * %n + 0 step 0 max_trip 8 on pool {
  }
  return
}

// -----

func.func @dynamic_for_coef_zero(%v: i32) {
  %n = bir.read_var %v on pool
  // expected-error @+1 {{'bir.dynamic_for' op upper bound must be coef * reg + const with a non-zero coef; use bir.for for a static trip count}}
  bir.dynamic_for %j = 0 to 0 * %n + 16 step 1 max_trip 16 on pool {
  }
  return
}

// -----

func.func @dynamic_for_negative_max_trip(%v: i32) {
  %n = bir.read_var %v on pool
  // expected-error @+1 {{attribute 'max_trip' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  bir.dynamic_for %j = 0 to 1 * %n + 0 step 1 max_trip -1 on pool {
  }
  return
}

// -----

func.func @dynamic_for_without_induction_reg(%v: i32) {
  %n = bir.read_var %v on pool
  // expected-error @+1 {{'bir.dynamic_for' op body must have one !bir.reg argument, the induction register}}
  "bir.dynamic_for"(%n) <{engine = #bir<engine pool>, lb = 0 : i32, max_trip = 8 : i64, step = 1 : i32, ub_coef = 1 : i32, ub_const = 0 : i32}> ({
  ^bb0:
  }) : (!bir.reg) -> ()
  return
}

// -----

func.func @dynamic_for_i32_induction(%v: i32) {
  %n = bir.read_var %v on pool
  // expected-error @+1 {{'bir.dynamic_for' op body must have one !bir.reg argument, the induction register}}
  "bir.dynamic_for"(%n) <{engine = #bir<engine pool>, lb = 0 : i32, max_trip = 8 : i64, step = 1 : i32, ub_coef = 1 : i32, ub_const = 0 : i32}> ({
  ^bb0(%i: i32):
  }) : (!bir.reg) -> ()
  return
}

// -----

func.func @for_step_zero() {
  // expected-error @+1 {{'bir.for' op step must be positive, got 0}}
  bir.for %i = 0 to 8 step 0 on pool {
  }
  return
}

// -----

func.func @for_two_body_args() {
  // expected-error @+1 {{'bir.for' op body must have one !bir.reg argument, the induction register}}
  "bir.for"() <{engine = #bir<engine pool>, lb = 0 : i32, step = 1 : i32, ub = 8 : i32}> ({
  ^bb0(%i: !bir.reg, %k: !bir.reg):
  }) : () -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

func.func @alloc_dram_address() {
  // expected-error @+1 {{'bir.alloc' op a DRAM output has no on-chip address}}
  %t = bir.alloc {address = 0} : memref<4x4xf32, #bir.mem<dram>>
  return
}

// -----

func.func @alloc_no_memory_space() {
  // expected-error @+1 {{'bir.alloc' op location must be in a bir memory space (#bir.mem<dram|sbuf|psum>)}}
  %t = bir.alloc : memref<4x4xf32>
  return
}

// -----

func.func @alloc_foreign_memory_space() {
  // expected-error @+1 {{'bir.alloc' op location must be in a bir memory space}}
  %t = bir.alloc : memref<4x4xf32, 4>
  return
}

// -----

func.func @alloc_too_many_partitions() {
  // expected-error @+1 {{'bir.alloc' op dimension 0 is the partition dimension: between 1 and 128 partitions}}
  %t = bir.alloc : memref<129x4xf32, #bir.mem<sbuf>>
  return
}

// -----

func.func @alloc_rank_zero() {
  // expected-error @+1 {{'bir.alloc' op dimension 0 is the partition dimension: between 1 and 128 partitions}}
  %t = bir.alloc : memref<f32, #bir.mem<psum>>
  return
}

// -----

func.func @alloc_over_sbuf_capacity() {
  // 49153 f32 = 196612 bytes, 4 over 192 KiB.
  // expected-error @+1 {{'bir.alloc' op needs 196612 bytes per partition, more than the sbuf capacity of 196608}}
  %t = bir.alloc : memref<128x49153xf32, #bir.mem<sbuf>>
  return
}

// -----

func.func @alloc_over_sbuf_capacity_multi_dim() {
  // The free size is every dimension after the first: 2 * 385 * 256 bytes.
  // expected-error @+1 {{'bir.alloc' op needs 197120 bytes per partition, more than the sbuf capacity of 196608}}
  %t = bir.alloc : memref<1x2x385x256xi8, #bir.mem<sbuf>>
  return
}

// -----

func.func @alloc_over_psum_capacity() {
  // expected-error @+1 {{'bir.alloc' op needs 16386 bytes per partition, more than the psum capacity of 16384}}
  %t = bir.alloc : memref<1x8193xf16, #bir.mem<psum>>
  return
}

// -----

func.func @alloc_non_identity_layout() {
  // expected-error @+1 {{'bir.alloc' op location must have the identity layout}}
  %t = bir.alloc : memref<4x4xf32, strided<[8, 1]>, #bir.mem<sbuf>>
  return
}

// -----

func.func @alloc_permuted_layout() {
  // expected-error @+1 {{'bir.alloc' op location must have the identity layout}}
  %t = bir.alloc : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, #bir.mem<psum>>
  return
}

// -----

func.func @alloc_dynamic_shape() {
  // expected-error @+1 {{'bir.alloc' op result #0 must be statically shaped memref of any type values}}
  %t = bir.alloc : memref<?x4xf32, #bir.mem<sbuf>>
  return
}

// -----

func.func @alloc_negative_address() {
  // expected-error @+1 {{attribute 'address' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %t = bir.alloc {address = -4 : i64} : memref<4x4xf32, #bir.mem<sbuf>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Kind-1 access patterns
//===----------------------------------------------------------------------===//

func.func @ap_empty_pattern(%d: memref<16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern must be a non-empty list of [step, num] pairs}}
  %a = "bir.ap"(%d) <{offset = 0 : i64, pattern = #bir.pattern<[]>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (memref<16xf32, #bir.mem<dram>>) -> !bir.ap
  return
}

// -----

// A pattern is levels of [step, num]: half a level is not one.
func.func @ap_half_level(%d: memref<16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{expected ','}}
  %a = "bir.ap"(%d) <{offset = 0 : i64, pattern = #bir.pattern<[[1, 4], [2]]>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (memref<16xf32, #bir.mem<dram>>) -> !bir.ap
  return
}

// -----

func.func @ap_empty_pattern(%d: memref<16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern must be a non-empty list of [step, num] pairs}}
  %a = bir.ap %d offset 0 pattern [] : memref<16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_num_zero(%d: memref<16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern entry 1 must have a non-negative step and a positive num, got [1, 0]}}
  %a = bir.ap %d offset 0 pattern [[4, 2], [1, 0]] : memref<16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_num_negative(%d: memref<16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern entry 0 must have a non-negative step and a positive num, got [4, -2]}}
  %a = bir.ap %d offset 0 pattern [[4, -2], [1, 4]] : memref<16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_negative_step(%d: memref<16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern entry 1 must have a non-negative step and a positive num, got [-1, 4]}}
  %a = bir.ap %d offset 8 pattern [[4, 2], [-1, 4]] : memref<16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_out_of_bounds(%d: memref<4x16xf32, #bir.mem<dram>>) {
  // Rows 1..4 of a 4-row location: the last element is 16 + 3*16 + 15 = 79.
  // expected-error @+1 {{'bir.ap' op pattern starting at element 16 reaches outside the 64 elements of the location}}
  %a = bir.ap %d offset 16 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  return
}

// -----

// A runtime offset is at least 0: a pattern whose reach alone leaves the
// location is never in bounds (and a reach past 2^63 would wrap the
// offsets the descriptor splitter computes).
func.func @reg_ap_reach(%d: memref<4x16xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on pool
  // expected-error @+1 {{'bir.reg_ap' op pattern reaches element 79 from its runtime offset, outside the 64 elements of the location}}
  %a = bir.reg_ap %d addr %r pattern [[16, 5], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @reg_ap_reach_overflow(%d: memref<4x16xf32, #bir.mem<dram>>, %p: i32) {
  %r = bir.read_var %p on pool
  // expected-error @+1 {{'bir.reg_ap' op pattern reaches past element 2^63 from its runtime offset, outside the 64 elements of the location}}
  %a = bir.reg_ap %d addr %r pattern [[4611686018427387904, 4], [1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_one_past_the_end(%d: memref<4x16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern starting at element 49 reaches outside the 64 elements of the location}}
  %a = bir.ap %d offset 49 pattern [[1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_negative_offset(%d: memref<16xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern starting at element -1 reaches outside the 16 elements of the location}}
  %a = bir.ap %d offset -1 pattern [[1, 4]] : memref<16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_no_memory_space(%d: memref<16xf32>) {
  // expected-error @+1 {{'bir.ap' op location must be in a bir memory space (#bir.mem<dram|sbuf|psum>), got 'memref<16xf32>'}}
  %a = bir.ap %d offset 0 pattern [[1, 4]] : memref<16xf32>
  return
}

// -----

func.func @ap_dynamic_shape(%d: memref<?xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op location must have a static shape}}
  %a = bir.ap %d offset 0 pattern [[1, 4]] : memref<?xf32, #bir.mem<dram>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Dynamic AP info
//===----------------------------------------------------------------------===//

func.func @ap_scalar_and_indirect(%d: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{'bir.ap' op exactly one of a scalar and a vector dynamic offset may be provided, got both}}
  %a = bir.ap %d offset 0 pattern [[4, 2], [1, 4]] scalar 0 + [16] * (%r) indirect %ids arg_id 0 indirect_dim 0 max_index 2 : memref<2xi32, #bir.mem<dram>> : memref<16x4xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_scalar_coef_count(%d: memref<16xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{'bir.ap' op scalar dynamic offset needs one coefficient per runtime value, got 2 for 1}}
  %a = bir.ap %d offset 0 pattern [[1, 4]] scalar 0 + [4, 8] * (%r) : memref<16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_scalar_too_few_coefs(%d: memref<16xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{'bir.ap' op scalar dynamic offset needs one coefficient per runtime value, got 1 for 2}}
  %a = bir.ap %d offset 0 pattern [[1, 4]] scalar 0 + [4] * (%r, %r) : memref<16xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_indirect_dim(%d: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op indirect_dim must be 0, got 1}}
  %a = bir.ap %d offset 0 pattern [[4, 2], [1, 4]] indirect %ids arg_id 0 indirect_dim 1 max_index 2 : memref<2xi32, #bir.mem<dram>> : memref<16x4xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_max_index(%d: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op indirect_dim_max_index must be the index tensor's element count}}
  %a = bir.ap %d offset 0 pattern [[4, 2], [1, 4]] indirect %ids arg_id 0 indirect_dim 0 max_index 16 : memref<2xi32, #bir.mem<dram>> : memref<16x4xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_dynamic_index_tensor(%d: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<?xi32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op indirect_dim_max_index must be the index tensor's element count}}
  %a = bir.ap %d offset 0 pattern [[4, 2], [1, 4]] indirect %ids arg_id 0 indirect_dim 0 max_index 2 : memref<?xi32, #bir.mem<dram>> : memref<16x4xf32, #bir.mem<dram>>
  return
}

// -----

func.func @ap_non_i32_index_tensor(%d: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<2xi64, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op operand #1 must be memref of 32-bit signless integer values}}
  %a = bir.ap %d offset 0 pattern [[4, 2], [1, 4]] indirect %ids arg_id 0 indirect_dim 0 max_index 2 : memref<2xi64, #bir.mem<dram>> : memref<16x4xf32, #bir.mem<dram>>
  return
}

// -----

func.func @scalar_dynamic_ap_in_generator(%d: memref<16xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x16xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 4]] scalar 0 + [4] * (%r) : memref<16xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 4]] : memref<1x16xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op Only DynamicDMA can have DynamicAP}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @indirect_dynamic_ap_in_generator(%d: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<2x4xf32, #bir.mem<sbuf>>
  %s = bir.ap %t offset 0 pattern [[4, 2], [1, 4]] : memref<2x4xf32, #bir.mem<sbuf>>
  %a = bir.ap %d offset 0 pattern [[4, 2], [1, 4]] indirect %ids arg_id 0 indirect_dim 0 max_index 2 : memref<2xi32, #bir.mem<dram>> : memref<16x4xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_dst' op Only DynamicDMA can have DynamicAP}}
  bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%ids : memref<2xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [16] addr_free_indices [1] other() scale [] on pool
  return
}

// -----

func.func @dynamic_ap_returned(%d: memref<16xf32, #bir.mem<dram>>, %v: i32) -> !bir.ap {
  %r = bir.read_var %v on pool
  %s = bir.ap %d offset 0 pattern [[1, 4]] scalar 0 + [4] * (%r) : memref<16xf32, #bir.mem<dram>>
  // expected-error @+1 {{'func.return' op Only DynamicDMA can have DynamicAP}}
  return %s : !bir.ap
}

// -----

//===----------------------------------------------------------------------===//
// Kind-2 and kind-3 access patterns
//===----------------------------------------------------------------------===//

func.func @sym_ap_dram(%d: memref<4x16xf32, #bir.mem<dram>>) {
  bir.for %i = 0 to 4 step 1 on pool {
    // expected-error @+1 {{'bir.sym_ap' op a symbolic access pattern cannot be DRAM}}
    %a = bir.sym_ap %d offset affine_map<(d0) -> (d0 * 16)>(%i) pattern [[1, 16]] : memref<4x16xf32, #bir.mem<dram>>
  }
  return
}

// -----

func.func @sym_ap_arity(%t: memref<4x16xf32, #bir.mem<sbuf>>) {
  bir.for %i = 0 to 4 step 1 on pool {
    // expected-error @+1 {{'bir.sym_ap' op offset map must have one result, no symbols and one dimension per induction register}}
    %a = bir.sym_ap %t offset affine_map<(d0, d1) -> (d0 * 16 + d1)>(%i) pattern [[1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
  }
  return
}

// -----

func.func @sym_ap_two_results(%t: memref<4x16xf32, #bir.mem<sbuf>>) {
  bir.for %i = 0 to 4 step 1 on pool {
    // expected-error @+1 {{'bir.sym_ap' op offset map must have one result, no symbols and one dimension per induction register}}
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0, d0 * 16)>(%i) pattern [[1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
  }
  return
}

// -----

func.func @sym_ap_symbol(%t: memref<4x16xf32, #bir.mem<psum>>) {
  bir.for %i = 0 to 4 step 1 on pool {
    // expected-error @+1 {{'bir.sym_ap' op offset map must have one result, no symbols and one dimension per induction register}}
    %a = bir.sym_ap %t offset affine_map<(d0)[s0] -> (d0 * s0)>(%i) pattern [[1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  }
  return
}

// -----

func.func @sym_ap_bad_pattern(%t: memref<4x16xf32, #bir.mem<sbuf>>) {
  bir.for %i = 0 to 4 step 1 on pool {
    // expected-error @+1 {{'bir.sym_ap' op pattern entry 0 must have a non-negative step and a positive num, got [-16, 2]}}
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 16)>(%i) pattern [[-16, 2]] : memref<4x16xf32, #bir.mem<sbuf>>
  }
  return
}

// -----

func.func @sym_ap_no_memory_space(%t: memref<4x16xf32>) {
  bir.for %i = 0 to 4 step 1 on pool {
    // expected-error @+1 {{'bir.sym_ap' op location must be in a bir memory space}}
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 16)>(%i) pattern [[1, 16]] : memref<4x16xf32>
  }
  return
}

// -----

func.func @reg_ap_no_memory_space(%t: memref<64xf32>, %v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{'bir.reg_ap' op location must be in a bir memory space (#bir.mem<dram|sbuf|psum>), got 'memref<64xf32>'}}
  %a = bir.reg_ap %t addr %r pattern [[1, 16]] : memref<64xf32>
  return
}

// -----

func.func @reg_ap_bad_pattern(%t: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{'bir.reg_ap' op pattern entry 0 must have a non-negative step and a positive num, got [1, 0]}}
  %a = bir.reg_ap %t addr %r pattern [[1, 0]] : memref<64xf32, #bir.mem<dram>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// DMAs
//===----------------------------------------------------------------------===//

func.func @dma_byte_mismatch(%d: memref<64xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 15]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.dma' op source moves 64 bytes but destination 60}}
  bir.dma %s -> %a on pool
  return
}

// -----

// Bytes, not elements: 16 f32 are not 16 f16.
func.func @dma_element_size_mismatch(%d: memref<64xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<1x64xf16, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[16, 1], [1, 16]] : memref<1x64xf16, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.dma' op source moves 64 bytes but destination 32}}
  bir.dma %s -> %a on pool
  return
}

// -----

func.func @dma_from_block_argument(%s: !bir.ap, %d: memref<64xf32, #bir.mem<dram>>) {
  %a = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.dma' op source and destination must be access-pattern ops (bir.ap, bir.sym_ap, bir.reg_ap)}}
  bir.dma %s -> %a on pool
  return
}

// -----

func.func @dma_to_block_argument(%s: !bir.ap, %d: memref<64xf32, #bir.mem<dram>>) {
  %a = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.dma' op source and destination must be access-pattern ops (bir.ap, bir.sym_ap, bir.reg_ap)}}
  bir.dma %a -> %s on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// Generators
//===----------------------------------------------------------------------===//

func.func @generator_byte_mismatch(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 8]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op source moves 32 bytes but destination 64}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @generator_from_block_argument(%s: !bir.ap, %d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %a = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_dst' op source and destination must be access-pattern ops}}
  bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @generator_reg_ap_side(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.reg_ap %t addr %r pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op sides must be static kind-1 access patterns (bir.ap without dynamic info)}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @generator_sym_ap_side(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<4x16xf32, #bir.mem<sbuf>>
  bir.for %i = 0 to 4 step 1 on pool {
    %s = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 16)>(%i) pattern [[1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
    %a = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
    // expected-error @+1 {{'bir.tensor_copy_dynamic_dst' op sides must be static kind-1 access patterns (bir.ap without dynamic info)}}
    bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  }
  return
}

// -----

func.func @generator_no_generic_addrs(%d: memref<64xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op needs at least one generic address}}
  "bir.tensor_copy_dynamic_src"(%s, %a) <{addr_free_indices = array<i64>, engine = #bir<engine pool>, generic_dim = 0 : i64, offset_scale = array<i64>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, other_offset_scale = array<i64>}> : (!bir.ap, !bir.ap) -> ()
  return
}

// -----

func.func @generator_mixed_generic_addrs(%d: memref<64xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_dst' op generic addresses are either registers or a single index tensor}}
  bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%r, %ids : !bir.reg, memref<4xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [4, 4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @generator_two_index_tensors(%d: memref<64xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op generic addresses are either registers or a single index tensor}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%ids, %ids : memref<4xi32, #bir.mem<dram>>, memref<4xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @generator_non_i32_index_tensor(%d: memref<64xf32, #bir.mem<dram>>, %ids: memref<4xi64, #bir.mem<dram>>) {
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op operand #2 must be variadic of}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%ids : memref<4xi64, #bir.mem<dram>>) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @generator_offset_scale_count(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op expects 2 offset_scale entries, got 1}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%r, %r : !bir.reg, !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

// An index tensor takes exactly one scale: its row stride.
func.func @generator_indirect_offset_scale_count(%d: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<2x4xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[4, 2], [1, 4]] : memref<16x4xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[4, 2], [1, 4]] : memref<2x4xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op expects 1 offset_scale entries, got 2}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%ids : memref<2xi32, #bir.mem<dram>>) generic_dim 0 offset_scale [16, 4] addr_free_indices [1] other() scale [] on pool
  return
}

// -----

func.func @generator_other_scale_count(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_dst' op expects one other offset scale per other address}}
  bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%r : !bir.reg) generic_dim 0 offset_scale [4] addr_free_indices [] other(%r) scale [] on pool
  return
}

// -----

// The generic side of a src generator is its source: rank 1 here.
func.func @generator_src_generic_dim(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op generic_dim 1 is out of range for the rank-1 generic side}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%r : !bir.reg) generic_dim 1 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

// The generic side of a dst generator is its destination: rank 2 here.
func.func @generator_dst_generic_dim(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_dst' op generic_dim 2 is out of range for the rank-2 generic side}}
  bir.tensor_copy_dynamic_dst %s -> %a generic_addrs(%r : !bir.reg) generic_dim 2 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @generator_negative_generic_dim(%d: memref<64xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<1x64xf32, #bir.mem<sbuf>>
  %s = bir.ap %d offset 0 pattern [[1, 16]] : memref<64xf32, #bir.mem<dram>>
  %a = bir.ap %t offset 0 pattern [[1, 16]] : memref<1x64xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{attribute 'generic_dim' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  bir.tensor_copy_dynamic_src %s -> %a generic_addrs(%r : !bir.reg) generic_dim -1 offset_scale [4] addr_free_indices [] other() scale [] on pool
  return
}

// -----

func.func @negative_step(%r: !bir.reg) {
  // expected-error @+1 {{step must be positive, got -1}}
  bir.dynamic_for %k = 0 to 1 * %r + 0 step -1 max_trip 8 on act {
  }
  return
}

// -----

func.func @negative_static_step() {
  // expected-error @+1 {{step must be positive, got -2}}
  bir.for %k = 8 to 0 step -2 on act {
  }
  return
}

// -----

func.func @negative_arg_id(%t: memref<16x4xf32, #bir.mem<dram>>, %ids: memref<8xi32, #bir.mem<dram>>) {
  // expected-error @+1 {{arg_id must be non-negative}}
  %g = bir.ap %t offset 0 pattern [[4, 8], [1, 4]] indirect %ids arg_id -1 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>> : memref<16x4xf32, #bir.mem<dram>>
  return
}

// -----

func.func @index_elements() {
  // expected-error @+1 {{element type must be one dyn carries (f32, i32, bf16, f16, i8, i16, i64, f64), got 'index'}}
  %t = bir.alloc : memref<4xindex, #bir.mem<sbuf>>
  return
}

// -----

func.func @zero_partitions() {
  // expected-error @+1 {{dimension 0 is the partition dimension: between 1 and 128 partitions}}
  %t = bir.alloc : memref<0x4xf32, #bir.mem<sbuf>>
  return
}

// -----

func.func @huge_partition() {
  // expected-error @+1 {{needs too many bytes per partition}}
  %t = bir.alloc : memref<1x4611686018427387904xf32, #bir.mem<sbuf>>
  return
}

// -----

func.func @pattern_overflow(%t: memref<4xf32, #bir.mem<sbuf>>) {
  // expected-error @+1 {{pattern starting at element 0 reaches outside the 4 elements of the location}}
  %a = bir.ap %t offset 0 pattern [[4611686018427387904, 4]] : memref<4xf32, #bir.mem<sbuf>>
  return
}

// -----

func.func @partial_scalar_info(%t: memref<4xf32, #bir.mem<dram>>, %r: !bir.reg) {
  // expected-error @+1 {{scalar dynamic offset needs dyn_const, dyn_coefs and dyn_values together}}
  %a = "bir.ap"(%t, %r) <{offset = 0 : i64, pattern = #bir.pattern<[[1, 4]]>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4xf32, #bir.mem<dram>>, !bir.reg) -> !bir.ap
  return
}

// -----

func.func @alloc_past_capacity() {
  // expected-error @+1 {{'bir.alloc' op at address 196600 with 16 bytes per partition ends past the sbuf capacity of 196608}}
  %t = bir.alloc {address = 196600 : i64} : memref<1x16xi8, #bir.mem<sbuf>>
  return
}

// -----

func.func @memset_too_wide(%t: memref<6xi8, #bir.mem<sbuf>>) {
  %a = bir.ap %t offset 0 pattern [[1, 6]] : memref<6xi8, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.memset' op value does not fit the 8-bit elements}}
  bir.memset %a value 256 on pool
  return
}

// -----

func.func @memset_register_pattern(%t: memref<6xi32, #bir.mem<sbuf>>, %r: !bir.reg) {
  %a = bir.reg_ap %t addr %r pattern [[1, 6]] : memref<6xi32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.memset' op fills a static kind-1 access pattern (bir.ap)}}
  bir.memset %a value 0 on pool
  return
}

// -----

// (2^62 + 4) x 4 elements: the byte count overflows 64 bits, so the pattern
// is refused rather than wrapped to a small number.
func.func @pattern_bytes_overflow(%d: memref<4xf32, #bir.mem<dram>>) {
  // expected-error @+1 {{'bir.ap' op pattern moves more bytes than 64 bits can count}}
  %a = bir.ap %d offset 0 pattern [[0, 4611686018427387908], [0, 4]] : memref<4xf32, #bir.mem<dram>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Compute operands
//===----------------------------------------------------------------------===//

func.func @compute_operand_block_argument(%s: !bir.ap) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op in must be an access pattern (bir.ap, bir.sym_ap, bir.reg_ap)}}
  bir.tensor_copy %s -> %a on dve
  return
}

// -----

func.func @compute_operand_block_argument_pool(%s: !bir.ap) {
  // expected-error @+1 {{'bir.iota' op out must be an access pattern (bir.ap, bir.sym_ap, bir.reg_ap)}}
  bir.iota %s base 0 partition 0 free [1] on pool
  return
}

// -----

// The pattern's own verifier refuses a dynamic pattern used by anything but
// a DMA before the compute op is verified, when the pattern comes first.
func.func @compute_operand_dynamic_info(%v: i32) {
  %r = bir.read_var %v on dve
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] scalar 0 + [8] * (%r) : memref<4x8xf32, #bir.mem<sbuf>>
  %o = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op Only DynamicDMA can have DynamicAP}}
  bir.tensor_copy %a -> %o on dve
  return
}

// -----

// Blocks are verified in order: here the compute op is verified before the
// dynamic pattern that a later block defines (and that dominates it).
func.func @compute_operand_dynamic_info_first(%v: i32) {
  %r = bir.read_var %v on dve
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %o = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  cf.br ^def
^use:
  // expected-error @+1 {{'bir.tensor_copy' op in carries dynamic info, which only a DMA may consume}}
  bir.tensor_copy %a -> %o on dve
  return
^def:
  %a = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] scalar 0 + [8] * (%r) : memref<4x8xf32, #bir.mem<sbuf>>
  cf.br ^use
}

// -----

func.func @compute_operand_indirect_info_first(%d: memref<16x8xf32, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<2x8xf32, #bir.mem<sbuf>>
  %o = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] : memref<2x8xf32, #bir.mem<sbuf>>
  cf.br ^def
^use:
  // expected-error @+1 {{'bir.tensor_tensor' op rhs carries dynamic info, which only a DMA may consume}}
  bir.tensor_tensor add %o, %a -> %o on dve
  return
^def:
  %a = bir.ap %d offset 0 pattern [[8, 2], [1, 8]] indirect %ids arg_id 0 indirect_dim 0 max_index 2 : memref<2xi32, #bir.mem<dram>> : memref<16x8xf32, #bir.mem<dram>>
  cf.br ^use
}

// -----

func.func @compute_operand_dram(%d: memref<4x8xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %x = bir.ap %d offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.tensor_tensor' op lhs must be on chip (SBUF or PSUM), not in DRAM}}
  bir.tensor_tensor add %x, %a -> %a on dve
  return
}

// -----

func.func @compute_operand_dram_out(%d: memref<4x8xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %x = bir.ap %d offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.tensor_copy' op out must be on chip (SBUF or PSUM), not in DRAM}}
  bir.tensor_copy %a -> %x on dve
  return
}

// -----

func.func @compute_operand_dram_reg_ap(%d: memref<4x8xf32, #bir.mem<dram>>, %v: i32) {
  %r = bir.read_var %v on pool
  %x = bir.reg_ap %d addr %r pattern [[8, 1], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.iota' op out must be on chip (SBUF or PSUM), not in DRAM}}
  bir.iota %x base 0 partition 8 free [1] on pool
  return
}

// -----

func.func @iota_psum() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<psum>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.iota' op out is in PSUM, which the Pool engine cannot reach}}
  bir.iota %a base 0 partition 8 free [1] on pool
  return
}

// -----

func.func @affine_select_psum_in() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<psum>>
  %u = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %p = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<psum>>
  %s = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op in is in PSUM, which the Pool engine cannot reach}}
  bir.affine_select %p -> %s where base 0 partition 0 free [1] lt imm 4 else 0.0 on pool
  return
}

// -----

func.func @affine_select_psum_out() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<psum>>
  %u = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %p = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<psum>>
  %s = bir.ap %u offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op out is in PSUM, which the Pool engine cannot reach}}
  bir.affine_select %s -> %p where base 0 partition 0 free [1] lt imm 4 else 0.0 on pool
  return
}

// -----

func.func @tensor_tensor_i32() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %i = bir.ap %w offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op rhs has elements of type 'i32'; engines take f32, bf16 or f16}}
  bir.tensor_tensor add %a, %i -> %a on dve
  return
}

// -----

func.func @tensor_scalar_f64() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x8xf64, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %d = bir.ap %w offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf64, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_scalar' op out has elements of type 'f64'; engines take f32, bf16 or f16}}
  bir.tensor_scalar add %a, imm 1.0 -> %d on dve
  return
}

// -----

func.func @tensor_copy_i8() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x8xi8, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %w offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi8, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op in has elements of type 'i8'; engines take f32, bf16 or f16}}
  bir.tensor_copy %b -> %a on dve
  return
}

// -----

func.func @tensor_reduce_i32() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x1xi32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %w offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xi32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_reduce' op out has elements of type 'i32'; engines take f32, bf16 or f16}}
  bir.tensor_reduce add %a -> %c on dve
  return
}

// -----

// iota alone may write i32, not other integers.
func.func @iota_i8() {
  %w = bir.alloc : memref<4x8xi8, #bir.mem<sbuf>>
  %b = bir.ap %w offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi8, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.iota' op out has elements of type 'i8'; engines take f32, bf16 or f16 (or i32)}}
  bir.iota %b base 0 partition 8 free [1] on pool
  return
}

// -----

func.func @iota_i64() {
  %w = bir.alloc : memref<4x8xi64, #bir.mem<sbuf>>
  %b = bir.ap %w offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi64, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.iota' op out has elements of type 'i64'; engines take f32, bf16 or f16 (or i32)}}
  bir.iota %b base 0 partition 8 free [1] on pool
  return
}

// -----

func.func @affine_select_i32() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %i = bir.ap %w offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op in has elements of type 'i32'; engines take f32, bf16 or f16}}
  bir.affine_select %i -> %a where base 0 partition 0 free [1] lt imm 4 else 0.0 on pool
  return
}

// -----

// A first step of one element walks along a partition, not across them.
func.func @compute_operand_first_pair_not_partitions() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[1, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op in must walk partitions with its first [step, num] pair (a step of whole rows of 8 elements, at most 128 partitions)}}
  bir.tensor_copy %b -> %a on dve
  return
}

// -----

// A single pair walking the elements of one partition.
func.func @compute_operand_single_free_pair() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.iota' op out must walk partitions with its first [step, num] pair (a step of whole rows of 8 elements, at most 128 partitions)}}
  bir.iota %a base 0 partition 0 free [] on pool
  return
}

// -----

func.func @compute_operand_half_row_step() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[4, 4], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %r offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_reduce' op in must walk partitions with its first [step, num] pair (a step of whole rows of 8 elements, at most 128 partitions)}}
  bir.tensor_reduce add %a -> %c on dve
  return
}

// -----

// A step of 0 repeats a partition; the count is still at most 128.
func.func @compute_operand_too_many_partitions() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[0, 129], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %o = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_scalar' op in must walk partitions with its first [step, num] pair (a step of whole rows of 8 elements, at most 128 partitions)}}
  bir.tensor_scalar add %a, imm 1.0 -> %o on dve
  return
}

// -----

func.func @compute_operand_free_pair_past_partition() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[8, 2], [1, 9]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op rhs reaches past one partition with its free pairs (element 8 of 8)}}
  bir.tensor_tensor add %a, %b -> %a on dve
  return
}

// -----

// The free pairs together: 4 * (2 - 1) + 1 * (5 - 1) = 8.
func.func @compute_operand_free_pairs_past_partition() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 2], [4, 2], [1, 5]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[8, 2], [4, 2], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op out reaches past one partition with its free pairs (element 8 of 8)}}
  bir.affine_select %b -> %a where base 0 partition 0 free [1, 1] lt imm 4 else 0.0 on pool
  return
}

// -----

func.func @compute_operand_reg_ap_past_partition(%v: i32) {
  %r = bir.read_var %v on dve
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.reg_ap %t addr %r pattern [[8, 1], [2, 5]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.reg_ap %t addr %r pattern [[8, 1], [1, 5]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op out reaches past one partition with its free pairs (element 8 of 8)}}
  bir.tensor_copy %b -> %a on dve
  return
}

// -----

//===----------------------------------------------------------------------===//
// Compute engines and shapes
//===----------------------------------------------------------------------===//

func.func @tensor_tensor_on_act() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op runs on the dve engine, not on act}}
  bir.tensor_tensor add %a, %a -> %a on act
  return
}

// -----

// The Pool engine computes in int32 only.
func.func @tensor_tensor_floats_on_pool() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op on the Pool engine computes in int32: lhs, rhs and out must all be i32 (float operands run on dve)}}
  bir.tensor_tensor add %a, %a -> %a on pool
  return
}

// -----

func.func @tensor_tensor_mixed_on_pool() {
  %t = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %f = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  %b = bir.ap %f offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op on the Pool engine computes in int32: lhs, rhs and out must all be i32 (float operands run on dve)}}
  bir.tensor_tensor is_lt %a, %a -> %b on pool
  return
}

// -----

func.func @tensor_tensor_int_divide() {
  %t = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op has no int32 divide on the Pool engine}}
  bir.tensor_tensor divide %a, %a -> %a on pool
  return
}

// -----

func.func @tensor_tensor_ints_on_dve() {
  %t = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %f = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  %b = bir.ap %f offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op lhs has elements of type 'i32'; engines take f32, bf16 or f16}}
  bir.tensor_tensor add %a, %b -> %b on dve
  return
}

// -----

func.func @copy_predicated_imm_to_int() {
  %t = bir.alloc : memref<4x8xi32, #bir.mem<sbuf>>
  %f = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xi32, #bir.mem<sbuf>>
  %p = bir.ap %f offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.copy_predicated' op out is i32, so src must be an i32 operand (copied bit for bit)}}
  bir.copy_predicated imm 1.0 -> %a where %p on dve
  return
}

// -----

func.func @tensor_scalar_on_act() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_scalar' op runs on the dve engine, not on act}}
  bir.tensor_scalar add %a, imm 1.0 -> %a on act
  return
}

// -----

func.func @tensor_copy_on_pe() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op runs on the dve engine, not on pe}}
  bir.tensor_copy %a -> %a on pe
  return
}

// -----

func.func @tensor_reduce_on_sp() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %r offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_reduce' op runs on the dve engine, not on sp}}
  bir.tensor_reduce add %a -> %c on sp
  return
}

// -----

func.func @iota_on_dve() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.iota' op runs on the pool engine, not on dve}}
  bir.iota %a base 0 partition 8 free [1] on dve
  return
}

// -----

func.func @affine_select_on_act() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op runs on the pool engine, not on act}}
  bir.affine_select %a -> %a where base 0 partition 0 free [1] lt imm 4 else 0.0 on act
  return
}

// -----

func.func @tensor_tensor_lhs_partitions() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op lhs and out must have the same partitions and elements per partition}}
  bir.tensor_tensor add %b, %a -> %a on dve
  return
}

// -----

func.func @tensor_tensor_rhs_elements() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[8, 4], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_tensor' op rhs and out must have the same partitions and elements per partition}}
  bir.tensor_tensor add %a, %b -> %a on dve
  return
}

// -----

func.func @tensor_scalar_shapes() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[8, 4], [2, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_scalar' op in and out must have the same partitions and elements per partition}}
  bir.tensor_scalar add %a, imm 1.0 -> %b on dve
  return
}

// -----

func.func @tensor_copy_shapes() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %u = bir.alloc : memref<4x8xbf16, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %u offset 0 pattern [[8, 1], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy' op in and out must have the same partitions and elements per partition}}
  bir.tensor_copy %a -> %b on dve
  return
}

// -----

func.func @affine_select_shapes() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[8, 4], [1, 7]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op in and out must have the same partitions and elements per partition}}
  bir.affine_select %a -> %b where base 0 partition 0 free [1] lt imm 4 else 0.0 on pool
  return
}

// -----

func.func @tensor_reduce_out_elements() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x2xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %r offset 0 pattern [[2, 4], [1, 2]] : memref<4x2xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_reduce' op out must have in's partitions and one element in each}}
  bir.tensor_reduce add %a -> %c on dve
  return
}

// -----

func.func @tensor_reduce_out_partitions() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %r offset 0 pattern [[1, 2], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_reduce' op out must have in's partitions and one element in each}}
  bir.tensor_reduce max %a -> %c on dve
  return
}

// -----

func.func @iota_free_coefficients() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.iota' op needs one free coefficient per free pair of the pattern: 1, got 2}}
  bir.iota %a base 0 partition 8 free [1, 1] on pool
  return
}

// -----

func.func @affine_select_free_coefficients() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [4, 2], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op needs one free coefficient per free pair of the pattern: 2, got 0}}
  bir.affine_select %a -> %a where base 0 partition 0 free [] lt imm 4 else 0.0 on pool
  return
}

// -----

func.func @copy_predicated_two_sources() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.copy_predicated' op needs exactly one source: an operand or `imm`}}
  bir.copy_predicated %a imm 1.0 -> %a where %a on dve
  return
}

// -----

func.func @copy_predicated_no_source() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.copy_predicated' op needs exactly one source: an operand or `imm`}}
  bir.copy_predicated -> %a where %a on dve
  return
}

// -----

func.func @copy_predicated_on_pool() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.copy_predicated' op runs on the dve engine, not on pool}}
  bir.copy_predicated %a -> %a where %a on pool
  return
}

// -----

func.func @copy_predicated_predicate_shape() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %p = bir.ap %t offset 0 pattern [[8, 4], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.copy_predicated' op predicate and out must have the same partitions and elements per partition}}
  bir.copy_predicated %a -> %a where %p on dve
  return
}

// -----

func.func @copy_predicated_source_shape() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %s = bir.ap %t offset 0 pattern [[8, 2], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.copy_predicated' op src and out must have the same partitions and elements per partition}}
  bir.copy_predicated %s -> %a where %a on dve
  return
}

// -----

func.func @copy_predicated_in_dram(%d: memref<4x8xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %p = bir.ap %d offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.copy_predicated' op predicate must be on chip (SBUF or PSUM), not in DRAM}}
  bir.copy_predicated %a -> %a where %p on dve
  return
}

// -----

func.func @tensor_scalar_no_scalar() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_scalar' op needs exactly one scalar: `reg` or `imm`}}
  bir.tensor_scalar add %a, -> %a on dve
  return
}

// -----

func.func @tensor_scalar_two_scalars(%v: i32) {
  %r = bir.read_var %v on dve
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_scalar' op needs exactly one scalar: `reg` or `imm`}}
  bir.tensor_scalar add %a, reg %r imm 1.0 -> %a on dve
  return
}

// -----

func.func @affine_select_no_bound() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op needs exactly one bound: `reg` or `imm`}}
  bir.affine_select %a -> %a where base 0 partition 0 free [1] lt else 0.0 on pool
  return
}

// -----

func.func @affine_select_two_bounds(%v: i32) {
  %r = bir.read_var %v on pool
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.affine_select' op needs exactly one bound: `reg` or `imm`}}
  bir.affine_select %a -> %a where base 0 partition 0 free [1] lt reg %r imm 4 else 0.0 on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// Activation
//===----------------------------------------------------------------------===//

func.func @activation_on_dve() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op runs on the act engine, not on dve}}
  bir.activation exp %a -> %a scale 1.0 bias_imm 0.0 on dve
  return
}

// -----

func.func @activation_on_pool() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op runs on the act engine, not on pool}}
  bir.activation identity %a -> %a scale 1.0 bias_imm 0.0 on pool
  return
}

// -----

func.func @activation_no_bias() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op needs exactly one bias: an operand or `bias_imm`}}
  bir.activation exp %a -> %a scale 1.0 on act
  return
}

// -----

func.func @activation_two_biases() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %r offset 0 pattern [[1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op needs exactly one bias: an operand or `bias_imm`}}
  bir.activation exp %a -> %a scale 1.0 bias %b bias_imm 0.0 on act
  return
}

// -----

func.func @activation_shapes() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %t offset 0 pattern [[8, 4], [1, 4]] : memref<4x8xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op in and out must have the same partitions and elements per partition}}
  bir.activation exp %a -> %b scale 1.0 bias_imm 0.0 on act
  return
}

// -----

// The bias and the sum are operands like any other (verifyComputeOperand).
func.func @activation_bias_dram(%d: memref<4x1xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %d offset 0 pattern [[1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<dram>>
  // expected-error @+1 {{'bir.activation' op bias must be on chip (SBUF or PSUM), not in DRAM}}
  bir.activation exp %a -> %a scale 1.0 bias %b on act
  return
}

// -----

func.func @activation_sum_i32() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %w = bir.alloc : memref<4x1xi32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %s = bir.ap %w offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xi32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op sum has elements of type 'i32'; engines take f32, bf16 or f16}}
  bir.activation exp %a -> %a scale 1.0 bias_imm 0.0 sum %s on act
  return
}

// -----

func.func @activation_bias_partitions() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %b = bir.ap %r offset 0 pattern [[1, 2], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op bias must have 4 partitions, one per partition of out}}
  bir.activation exp %a -> %a scale 1.0 bias %b on act
  return
}

// -----

func.func @activation_sum_partitions() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<8x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %s = bir.ap %r offset 0 pattern [[1, 8], [1, 1]] : memref<8x1xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op sum must have 4 partitions, one per partition of out}}
  bir.activation exp %a -> %a scale 1.0 bias_imm 0.0 sum %s on act
  return
}

// -----

// A broadcast sum (step 0) still has eight elements in each partition.
func.func @activation_sum_elements() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %s = bir.ap %r offset 0 pattern [[1, 4], [0, 8]] : memref<4x1xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op sum must have one element in each partition}}
  bir.activation exp %a -> %a scale 1.0 bias_imm 0.0 sum %s on act
  return
}

// -----

func.func @activation_sum_two_elements() {
  %t = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
  %r = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
  %b = bir.alloc : memref<4x2xf32, #bir.mem<sbuf>>
  %a = bir.ap %t offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<sbuf>>
  %c = bir.ap %r offset 0 pattern [[1, 4], [1, 1]] : memref<4x1xf32, #bir.mem<sbuf>>
  %s = bir.ap %b offset 0 pattern [[2, 4], [1, 2]] : memref<4x2xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.activation' op sum must have one element in each partition}}
  bir.activation exp %a -> %a scale 1.0 bias %c sum %s on act
  return
}

// -----

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

func.func @matmul_on_dve() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op runs on the pe engine, not on dve}}
  bir.matmul %s, %m -> %o on dve
  return
}

// -----

func.func @matmul_on_act() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op runs on the pe engine, not on act}}
  bir.matmul %s, %m -> %o accumulate on act
  return
}

// -----

// The operand rule applies first (verifyComputeOperand through matmulShape).
func.func @matmul_moving_dram(%d: memref<8x16xf32, #bir.mem<dram>>) {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %d offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<dram>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op moving must be on chip (SBUF or PSUM), not in DRAM}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

func.func @matmul_stationary_i32() {
  %q = bir.alloc : memref<8x4xi32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xi32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op stationary has elements of type 'i32'; engines take f32, bf16 or f16}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

func.func @matmul_stationary_psum() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<psum>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<psum>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op stationary must be in SBUF}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

func.func @matmul_moving_psum() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<psum>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<psum>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op moving must be in SBUF}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

func.func @matmul_out_sbuf() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<sbuf>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.matmul' op out must be in PSUM}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

func.func @matmul_out_bf16() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xbf16, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xbf16, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op out must be f32 (the PSUM accumulator)}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

// K: the stationary's 8 partitions against the moving's 4.
func.func @matmul_contraction() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 4], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op contracts 8 stationary partitions with 4 moving ones}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

// M: 200 stationary columns (its free elements) for a 128-wide PE array.
func.func @matmul_stationary_columns() {
  %q = bir.alloc : memref<4x200xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<4x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<128x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[200, 4], [1, 200]] : memref<4x200xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 4], [1, 16]] : memref<4x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 128], [1, 16]] : memref<128x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op stationary has 200 columns; the PE array has 128}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

// out is M x N = 4 x 16: too few partitions, then too few elements.
func.func @matmul_out_partitions() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 2], [1, 16]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op out must be 4 partitions of 16 elements, got 2 of 16}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

func.func @matmul_out_elements() {
  %q = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 8], [1, 4]] : memref<8x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[16, 4], [1, 8]] : memref<4x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op out must be 4 partitions of 16 elements, got 4 of 8}}
  bir.matmul %s, %m -> %o accumulate on pe
  return
}

// -----

// N: 600 moving columns, more than one PSUM bank (512 f32) per partition.
func.func @matmul_moving_columns() {
  %q = bir.alloc : memref<4x4xf32, #bir.mem<sbuf>>
  %k = bir.alloc : memref<4x600xf32, #bir.mem<sbuf>>
  %p = bir.alloc : memref<4x600xf32, #bir.mem<psum>>
  %s = bir.ap %q offset 0 pattern [[4, 4], [1, 4]] : memref<4x4xf32, #bir.mem<sbuf>>
  %m = bir.ap %k offset 0 pattern [[600, 4], [1, 600]] : memref<4x600xf32, #bir.mem<sbuf>>
  %o = bir.ap %p offset 0 pattern [[600, 4], [1, 600]] : memref<4x600xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.matmul' op moving has 600 columns; one PSUM bank holds 512 f32 per partition}}
  bir.matmul %s, %m -> %o on pe
  return
}

// -----

func.func @unknown_engine_generic(%v: i32) {
  // expected-error @+1 {{unknown engine 'gpsimd'; expected one of pe, act, pool, dve, sp}}
  %r = "bir.read_var"(%v) <{engine = #bir<engine gpsimd>}> : (i32) -> !bir.reg
  return
}

// -----

func.func @missing_alu_kind(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{expected ALU operation}}
  %x = bir.alu_imm 5 %r, 1 on pool
  return
}

// -----

func.func @alu_physical_reg_too_large(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{attribute 'reg' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose value is a register id, below the registers per engine}}
  %x = bir.alu_imm add %r, 1 on pool {reg = 64 : i32}
  return
}

// -----

func.func @alu_immediate_too_wide(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{integer constant out of range for attribute}}
  %x = bir.alu_imm add %r, 4294967296 on pool
  return
}

// -----

func.func @alu_without_engine(%v: i32) {
  %r = bir.read_var %v on pool
  // expected-error @+1 {{expected 'on'}}
  %x = bir.alu add %r, %r pool
  return
}

// -----

// A module's body is a graph region, so the verifier may reach an ALU op
// before the op whose register it reads, and that op may lack its engine
// (this used to crash).
%r = "bir.alu_imm"(%v) <{engine = #bir<engine pool>, imm = 1 : i32, kind = #bir<alu add>}> : (!bir.reg) -> !bir.reg
// expected-error @+1 {{'bir.mov_imm' op requires attribute 'engine'}}
%v = "bir.mov_imm"() <{value = 1 : i32}> : () -> !bir.reg

// -----

// Likewise a DMA reached before an access pattern that lacks its pattern:
// the access pattern reports it (this used to crash).
"bir.dma"(%a, %b) <{engine = #bir<engine pool>}> : (!bir.ap, !bir.ap) -> ()
%m = "bir.alloc"() <{address = 0 : i64}> : () -> memref<1x64xf32, #bir.mem<sbuf>>
// expected-error @+1 {{'bir.ap' op requires attribute 'pattern'}}
%a = "bir.ap"(%m) <{offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0>}> : (memref<1x64xf32, #bir.mem<sbuf>>) -> !bir.ap
%b = "bir.ap"(%m) <{offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0>, pattern = #bir.pattern<[[64, 1], [1, 64]]>}> : (memref<1x64xf32, #bir.mem<sbuf>>) -> !bir.ap

// -----

// A compute op reached before an access pattern that lacks its pattern
// needs the pattern's shape, so it reports the operand itself, and says
// which operand.
"bir.tensor_copy"(%a, %b) <{engine = #bir<engine dve>}> : (!bir.ap, !bir.ap) -> ()
%m = "bir.alloc"() <{address = 0 : i64}> : () -> memref<1x64xf32, #bir.mem<sbuf>>
// expected-error @-2 {{'bir.tensor_copy' op in is an access pattern that is itself invalid}}
%a = "bir.ap"(%m) <{offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0>}> : (memref<1x64xf32, #bir.mem<sbuf>>) -> !bir.ap
%b = "bir.ap"(%m) <{offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0>, pattern = #bir.pattern<[[64, 1], [1, 64]]>}> : (memref<1x64xf32, #bir.mem<sbuf>>) -> !bir.ap

// -----

// A transpose's out is in's partitions and elements swapped.
func.func @transpose_shape() {
  %r = bir.alloc : memref<8x16xf32, #bir.mem<sbuf>>
  %c = bir.alloc : memref<16x16xf32, #bir.mem<psum>>
  %ar = bir.ap %r offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<sbuf>>
  %ac = bir.ap %c offset 0 pattern [[16, 16], [1, 16]] : memref<16x16xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.transpose' op out must be 16 partitions of 8 elements, got 16 of 16}}
  bir.transpose %ar -> %ac on pe
  return
}

// -----

// The PE array transposes at most 128 elements per partition.
func.func @transpose_width() {
  %r = bir.alloc : memref<8x200xf32, #bir.mem<sbuf>>
  %c = bir.alloc : memref<128x8xf32, #bir.mem<psum>>
  %ar = bir.ap %r offset 0 pattern [[200, 8], [1, 200]] : memref<8x200xf32, #bir.mem<sbuf>>
  %ac = bir.ap %c offset 0 pattern [[8, 128], [1, 8]] : memref<128x8xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.transpose' op in has 200 elements per partition; the PE array transposes at most 128}}
  bir.transpose %ar -> %ac on pe
  return
}

// -----

// In SBUF, out in PSUM, on the PE array.
func.func @transpose_spaces() {
  %r = bir.alloc : memref<8x16xf32, #bir.mem<psum>>
  %c = bir.alloc : memref<16x8xf32, #bir.mem<psum>>
  %ar = bir.ap %r offset 0 pattern [[16, 8], [1, 16]] : memref<8x16xf32, #bir.mem<psum>>
  %ac = bir.ap %c offset 0 pattern [[8, 16], [1, 8]] : memref<16x8xf32, #bir.mem<psum>>
  // expected-error @+1 {{'bir.transpose' op in must be in SBUF}}
  bir.transpose %ar -> %ac on pe
  return
}
