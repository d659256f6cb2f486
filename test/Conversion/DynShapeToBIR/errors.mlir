// Every diagnostic convert-dynshape-to-bir emits: one per input, at the op
// that cannot be lowered, saying why or what is supported.
// RUN: dyn-opt %s -split-input-file --convert-dynshape-to-bir -verify-diagnostics

func.func @unbounded_loop(%t: memref<64x32xf32>, %u: memref<1x32xf32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.index_cast %n : i32 to index
  // expected-error @+1 {{'scf.for' op has a runtime trip count without a provable bound; bound its upper bound (a bounded dimension, or arith.minsi with a constant) so it gets a max_trip}}
  scf.for %j = %c0 to %ub step %c1 {
    memref.copy %u, %u : memref<1x32xf32> to memref<1x32xf32>
  }
  return
}

// -----

// Runtime control flow other than scf.for is reported at the construct,
// not at the compare that feeds it.
func.func @while_loop(%u: memref<1x32xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.while' op is runtime control flow other than scf.for; runtime loops must be scf.for with a provable trip bound (a bounded dimension, or arith.minsi with a constant)}}
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%j: i32):
    memref.copy %u, %u : memref<1x32xf32> to memref<1x32xf32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1 : i32
  }
  return
}

// -----

// A conditional that still yields buffers after bufferization (its
// branches do not update one buffer in place) has no 0/1-trip loop form.
func.func @if_with_results(%u: memref<1x32xf32>, %v: memref<1x32xf32>, %o: memref<1x32xf32>, %n: i32) {
  %c3 = arith.constant 3 : i32
  %cond = arith.cmpi slt, %n, %c3 : i32
  // expected-error @+1 {{'scf.if' op yields values; a runtime conditional lowers when its branches update buffers in place, so that bufferization leaves it without results}}
  %r = scf.if %cond -> memref<1x32xf32> {
    %a = memref.alloc() : memref<1x32xf32>
    memref.copy %u, %a : memref<1x32xf32> to memref<1x32xf32>
    scf.yield %a : memref<1x32xf32>
  } else {
    scf.yield %v : memref<1x32xf32>
  }
  memref.copy %r, %o : memref<1x32xf32> to memref<1x32xf32>
  return
}

// -----

func.func @runtime_switch(%u: memref<1x32xf32>, %v: memref<1x32xf32>, %n: index) {
  // expected-error @+1 {{'scf.index_switch' op is a runtime switch, which convert-dynshape-to-bir does not lower; the runtime control it lowers is scf.for with a provable trip bound and scf.if}}
  scf.index_switch %n
  case 2 {
    memref.copy %u, %v : memref<1x32xf32> to memref<1x32xf32>
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @runtime_step(%u: memref<1x32xf32>, %n_i32: i32) {
  %n = arith.index_cast %n_i32 : i32 to index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'scf.for' op needs a constant lower bound and a constant positive step to become a bir loop}}
  scf.for %j = %c0 to %c8 step %n {
    memref.copy %u, %u : memref<1x32xf32> to memref<1x32xf32>
  }
  return
}

// -----

func.func @negative_step(%u: memref<1x32xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %m1 = arith.constant -1 : index
  // expected-error @+1 {{'scf.for' op needs a constant lower bound and a constant positive step to become a bir loop}}
  scf.for %j = %c8 to %c0 step %m1 {
    memref.copy %u, %u : memref<1x32xf32> to memref<1x32xf32>
  }
  return
}

// -----

func.func @loop_values(%n_i32: i32) -> index {
  %n = arith.index_cast %n_i32 : i32 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'scf.for' op carries loop values; only loops over buffers (after bufferization) become bir loops}}
  %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %n) -> index {
    scf.yield %a : index
  }
  return %r : index
}

// -----

// The op that needs the constant is named, not the constant.
func.func @compute(%t: memref<4x4xf32>) {
  %c = arith.constant 1.0 : f32
  %i = arith.constant 1 : index
  // expected-error @+2 {{'memref.store' op cannot be lowered by convert-dynshape-to-bir}}
  // expected-note @+1 {{convert-dynshape-to-bir lowers i32/index arith (constant, index_cast, index_castui, addi, subi, muli, divsi, remsi, minsi, maxsi, andi, ori, xori, shli, shrsi, shrui, cmpi, select), i1 flags (andi, ori, xori, cmpi, extui, extsi, trunci), affine.apply/min/max, scf.for with a provable trip bound, scf.if without results, memref.alloc, memref.subview, memref.copy, memref.load of an i32 at a constant position, the dynshape buffer ops, and linalg ops on f32, bf16, f16 and i32 buffers that the engines run (fills, elementwise bodies, broadcasts, transposes, add/max/min reductions of floats, matmuls)}}
  memref.store %c, %t[%i, %i] : memref<4x4xf32>
  return
}

// -----

// Scalar arithmetic outside the register-ALU set: flags take only
// andi/ori/xori (their 0/1 values make these exact).
func.func @flag_arithmetic(%a: i32, %b: i32, %t: memref<8x4xf32>, %o: memref<1x4xf32>) {
  %p = arith.cmpi slt, %a, %b : i32
  // expected-error @+2 {{'arith.addi' op cannot be lowered by convert-dynshape-to-bir}}
  // expected-note @+1 {{convert-dynshape-to-bir lowers}}
  %q = arith.addi %p, %p : i1
  %s = arith.select %q, %a, %b : i32
  %i = arith.index_cast %s : i32 to index
  %v = memref.subview %t[%i, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  memref.copy %v, %o : memref<1x4xf32, strided<[4, 1], offset: ?>> to memref<1x4xf32>
  return
}

// -----

// expected-error @+1 {{function tensor of type 'memref<?x4xf32>' must be static, non-empty, contiguous, of whole-byte elements and of fewer bytes than 64 bits count to become a DRAM tensor}}
func.func @dynamic_argument(%t: memref<?x4xf32>) {
  return
}

// -----

// expected-error @+1 {{function tensor of type 'memref<4x4xf32, strided<[8, 1]>>' must be static, non-empty, contiguous, of whole-byte elements and of fewer bytes than 64 bits count to become a DRAM tensor}}
func.func @strided_argument(%t: memref<4x4xf32, strided<[8, 1]>>) {
  return
}

// -----

// A tensor of more bytes than 64 bits count (reduced from a fuzzer find).
// expected-error @+1 {{function tensor of type 'memref<8x9223372036854775807xf32>' must be static, non-empty, contiguous, of whole-byte elements and of fewer bytes than 64 bits count to become a DRAM tensor}}
func.func @huge_argument(%t: memref<8x9223372036854775807xf32>) {
  return
}

// -----

// A constant operand gives a view a start outside its buffer.
func.func @constant_offset_outside(%t: memref<8x4xf32>, %o: memref<1x4xf32>) {
  %c8 = arith.constant 8 : index
  %v = memref.subview %t[%c8, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  // expected-error @+1 {{'memref.copy' op cannot be lowered by convert-dynshape-to-bir: a view whose constant offset 8 in dimension 0 lies outside its buffer}}
  memref.copy %v, %o : memref<1x4xf32, strided<[4, 1], offset: ?>> to memref<1x4xf32>
  return
}

// -----

// expected-error @+1 {{function tensor of type 'memref<4x4xf32, #bir.mem<sbuf>>' must be in DRAM: a function's tensors are DRAM tensors}}
func.func @sbuf_argument(%t: memref<4x4xf32, #bir.mem<sbuf>>) {
  return
}

// -----

func.func @sub_byte_elements() {
  // expected-error @+1 {{'memref.alloc' op cannot become a location: element type must be one dyn carries (f32, i32, bf16, f16, i8, i16, i64, f64), got 'i4'}}
  %a = memref.alloc() : memref<4x8xi4>
  memref.copy %a, %a : memref<4x8xi4> to memref<4x8xi4>
  return
}

// -----

// Flags a compare stores for more than one reader.
func.func @stored_flags() {
  // expected-error @+1 {{'memref.alloc' op holds i1 flags, which no location stores (elements are whole bytes); a compare lowers inside the linalg.generic body that reads its flags}}
  %a = memref.alloc() : memref<4x8xi1>
  memref.copy %a, %a : memref<4x8xi1> to memref<4x8xi1>
  return
}

// -----

func.func @transpose_at_runtime_offset(%t: memref<8x200xf32>, %o: memref<200x4xf32>, %i_i32: i32) {
  %i = arith.index_cast %i_i32 : i32 to index
  %v = memref.subview %t[%i, 0] [4, 200] [1, 1] : memref<8x200xf32> to memref<4x200xf32, strided<[200, 1], offset: ?>>
  // expected-error @+1 {{'linalg.transpose' op cannot be lowered by convert-dynshape-to-bir: a compute operand at a runtime offset that the engines read in another dim order, larger than the 128 x 128 tile the PE array transposes; copy it into a buffer first}}
  linalg.transpose ins(%v : memref<4x200xf32, strided<[200, 1], offset: ?>>) outs(%o : memref<200x4xf32>) permutation = [1, 0]
  return
}

// -----

func.func @view_of_dynamic_size(%t: memref<8x4xf32>, %o: memref<8x4xf32>, %n_i32: i32) {
  %n = arith.index_cast %n_i32 : i32 to index
  %v = memref.subview %t[0, 0] [%n, 4] [1, 1] : memref<8x4xf32> to memref<?x4xf32, strided<[4, 1]>>
  %w = memref.subview %o[0, 0] [%n, 4] [1, 1] : memref<8x4xf32> to memref<?x4xf32, strided<[4, 1]>>
  // expected-error @+1 {{'memref.copy' op cannot be lowered by convert-dynshape-to-bir: a view with a dynamic size or stride}}
  memref.copy %v, %w : memref<?x4xf32, strided<[4, 1]>> to memref<?x4xf32, strided<[4, 1]>>
  return
}

// -----

// A constant position past the buffer (reduced from a fuzzer find).
func.func @load_out_of_bounds(%ids: memref<4xi32>) -> i32 {
  %c = arith.constant 9223372036854775807 : index
  // expected-error @+1 {{'memref.load' op reads a runtime scalar at a runtime or out-of-bounds position; only i32 elements at constant positions inside the buffer become registers}}
  %k = memref.load %ids[%c] : memref<4xi32>
  return %k : i32
}

// -----

func.func @load_at_runtime_position(%ids: memref<4xi32>, %t: memref<8x4xf32>, %o: memref<1x4xf32>, %i_i32: i32) {
  %i = arith.index_cast %i_i32 : i32 to index
  // expected-error @+1 {{'memref.load' op reads a runtime scalar at a runtime or out-of-bounds position; only i32 elements at constant positions inside the buffer become registers}}
  %k = memref.load %ids[%i] : memref<4xi32>
  %k1 = arith.index_cast %k : i32 to index
  %v = memref.subview %t[%k1, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  memref.copy %v, %o : memref<1x4xf32, strided<[4, 1], offset: ?>> to memref<1x4xf32>
  return
}

// -----

func.func @constant_too_wide(%t: memref<8x4xf32>, %o: memref<1x4xf32>, %i_i32: i32) {
  %i = arith.index_cast %i_i32 : i32 to index
  // expected-error @+1 {{'arith.constant' op constant 8589934592 does not fit in a 32-bit register}}
  %big = arith.constant 8589934592 : index
  %j = arith.addi %i, %big : index
  %v = memref.subview %t[%j, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  memref.copy %v, %o : memref<1x4xf32, strided<[4, 1], offset: ?>> to memref<1x4xf32>
  return
}

// -----

func.func @mask_two_dims(%x: memref<4x4xf32>, %o: memref<4x4xf32>, %n: i32, %m: i32) {
  // expected-error @+1 {{'dynshape.buffer_mask' op cannot be lowered by convert-dynshape-to-bir: a mask along more than one dimension (masks lower along one)}}
  dynshape.buffer_mask %x : memref<4x4xf32> dims [0, 1] sizes(%n, %m) fill 0.0 : f32 into %o : memref<4x4xf32>
  return
}

// -----

// expected-error @+1 {{function argument of type 'i1': runtime scalars cross the function boundary as i32 (a flag is an arith.cmpi of one)}}
func.func @flag_argument(%u: memref<1x4xf32>, %o: memref<1x4xf32>, %f: i1) {
  scf.if %f {
    memref.copy %u, %o : memref<1x4xf32> to memref<1x4xf32>
  }
  return
}

// -----

// A view of a view that does not compose (a runtime stride).
func.func @view_of_view(%t: memref<8x8xf32>, %o: memref<2x2xf32>, %s0: i32) {
  %s = arith.index_cast %s0 : i32 to index
  %v = memref.subview %t[0, 0] [4, 4] [%s, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[?, 1]>>
  %w = memref.subview %v[0, 0] [2, 2] [1, 1] : memref<4x4xf32, strided<[?, 1]>> to memref<2x2xf32, strided<[?, 1]>>
  // expected-error @+1 {{'memref.copy' op cannot be lowered by convert-dynshape-to-bir: a view with a dynamic size or stride}}
  memref.copy %w, %o : memref<2x2xf32, strided<[?, 1]>> to memref<2x2xf32>
  return
}

// -----

// A returned view (here at a runtime offset) is not a tensor of its own.
func.func @returned_runtime_view(%t: memref<8x4xf32>, %i_i32: i32) -> memref<1x4xf32, strided<[4, 1], offset: ?>> {
  %i = arith.index_cast %i_i32 : i32 to index
  %v = memref.subview %t[%i, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  // expected-error @+1 {{'func.return' op returns a view of a location; a function returns whole tensors (copy the view into one)}}
  return %v : memref<1x4xf32, strided<[4, 1], offset: ?>>
}

// -----

// Elementwise compute the engines do not run: a sine.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @divide(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'math.sin', which the engines do not run elementwise (docs/Compute.md lists the body ops they run)}}
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %d = math.sin %x : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// More f32 elements per partition than the SBUF holds.
#id3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @too_wide(%a: memref<2x65536xf32>, %o: memref<2x65536xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: an op of 65536 f32 elements per partition, more than the SBUF holds (49152)}}
  linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x65536xf32>) outs(%o : memref<2x65536xf32>) {
  ^bb0(%x: f32, %z: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// expected-error @+1 {{function tensor of type 'memref<0x4xf32>' must be static, non-empty, contiguous, of whole-byte elements and of fewer bytes than 64 bits count to become a DRAM tensor}}
func.func @empty_argument(%t: memref<0x4xf32>) {
  return
}

// -----

// expected-error @+1 {{function tensor of type 'memref<4x0xf32>' must be static, non-empty, contiguous, of whole-byte elements and of fewer bytes than 64 bits count to become a DRAM tensor}}
func.func @empty_result() -> memref<4x0xf32> {
  %t = memref.alloc() : memref<4x0xf32>
  return %t : memref<4x0xf32>
}

// -----

// A tensor constant, as bufferization leaves it: named as what the user
// wrote, not as the memref.global and memref.get_global it became (a pass
// on the module meets the global first).
// expected-error @+1 {{a tensor constant cannot be lowered by convert-dynshape-to-bir: the engines take constants as scalars (a scalar in a linalg body, or a linalg.fill); write a splat as one}}
memref.global "private" constant @splat : memref<4xf32> = dense<2.5>
func.func @tensor_constant(%o: memref<4xf32>) {
  %c = memref.get_global @splat : memref<4xf32>
  memref.copy %c, %o : memref<4xf32> to memref<4xf32>
  return
}

// -----

// Upstream's affine lowering makes each constant of a map a register.
func.func @affine_wide_constant(%a: index) -> index {
  // expected-error @+1 {{'affine.apply' op has the constant 4294967296 in its map, which does not fit in a 32-bit register}}
  %0 = affine.apply affine_map<(d0) -> (d0 * 4294967296)>(%a)
  return %0 : index
}

// -----

// ... and it divides only by a positive constant.
func.func @affine_negative_divisor(%a: index) -> index {
  // expected-error @+1 {{'affine.apply' op divides by -2 in its map (d0 floordiv -2); a mod, floordiv or ceildiv lowers only with a positive constant divisor}}
  %0 = affine.apply affine_map<(d0) -> (d0 * 3 + d0 floordiv -2)>(%a)
  return %0 : index
}

// -----

func.func @affine_symbol_divisor(%a: index, %s: index) -> index {
  // expected-error @+1 {{'affine.min' op divides by s0 in its map (d0 mod s0); a mod, floordiv or ceildiv lowers only with a positive constant divisor}}
  %0 = affine.min affine_map<(d0)[s0] -> (8, d0 mod s0)>(%a)[%s]
  return %0 : index
}
