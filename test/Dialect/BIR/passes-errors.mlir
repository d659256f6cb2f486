// Diagnostics of the bir passes. The pipeline runs bir-lower-symbolic-ap
// before bir-allocate-memory so that its "no address" check can be reached;
// each case fails in exactly one pass. ("cannot be DRAM" is a verifier error,
// tested in invalid.mlir.)
// RUN: dyn-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bir-assemble-dynamic-info,bir-lower-symbolic-ap,bir-allocate-memory))'

//===----------------------------------------------------------------------===//
// bir-assemble-dynamic-info
//===----------------------------------------------------------------------===//

// The index tensor must be a function argument or a location (IndirectArgExpr's
// arg_id names it), not a view.
func.func @index_tensor_not_an_argument(%d: memref<64x32xf32, #bir.mem<dram>>, %all: memref<16xi32, #bir.mem<dram>>) {
  %ids = memref.subview %all[0] [8] [1] : memref<16xi32, #bir.mem<dram>> to memref<8xi32, strided<[1]>, #bir.mem<dram>>
  %g = bir.ap %d offset 0 pattern [[32, 8], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  %t = bir.alloc {address = 0 : i64} : memref<8x32xf32, #bir.mem<sbuf>>
  %o = bir.ap %t offset 0 pattern [[32, 8], [1, 32]] : memref<8x32xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'bir.tensor_copy_dynamic_src' op index tensor of an indirect copy must be a function argument or a location}}
  bir.tensor_copy_dynamic_src %g -> %o generic_addrs(%ids : memref<8xi32, strided<[1]>, #bir.mem<dram>>) generic_dim 0 offset_scale [128] addr_free_indices [1] other() scale [] on pool
  return
}

// -----

//===----------------------------------------------------------------------===//
// bir-lower-symbolic-ap
//===----------------------------------------------------------------------===//

// The offset is over a register read from a runtime scalar, not over an
// enclosing loop's induction register.
func.func @axis_is_a_runtime_scalar(%n: i32, %d: memref<64x32xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc {address = 0 : i64} : memref<128x512xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    // expected-error @+1 {{'bir.sym_ap' op loop axis hasn't been assigned register for induction variable!}}
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 512)>(%l) pattern [[512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
    %x = bir.ap %d offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}

// -----

// One axis is the loop's induction register, the other is not.
func.func @one_axis_not_induction(%n: i32, %d: memref<64x32xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc {address = 0 : i64} : memref<128x512xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    %k = bir.alu_imm add %j, 1 on pool
    // expected-error @+1 {{loop axis hasn't been assigned register for induction variable!}}
    %a = bir.sym_ap %t offset affine_map<(d0, d1) -> (d0 * 512 + d1)>(%j, %k) pattern [[512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
    %x = bir.ap %d offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}

// -----

// bir-allocate-memory has not run: the location has no address to be the
// base of RegAPAddr.
func.func @no_address(%n: i32, %d: memref<64x32xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc : memref<128x512xf32, #bir.mem<sbuf>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 64 on pool {
    // expected-error @+1 {{'bir.sym_ap' op location has no address; run bir-allocate-memory first}}
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 512)>(%j) pattern [[512, 1], [1, 32]] : memref<128x512xf32, #bir.mem<sbuf>>
    %x = bir.ap %d offset 0 pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// bir-allocate-memory
//===----------------------------------------------------------------------===//

// The scratch (512 bytes) and %a (131072 bytes) are live where %b needs
// 65216 bytes (65200 rounded up to 64): 196800 > 196608.
func.func @sbuf_capacity(%d: memref<128x64xf32, #bir.mem<dram>>) {
  // expected-note @+1 {{512 bytes at 0}}
  %s = bir.alloc {DynamicDMAScratchLoc} : memref<128x512xi8, #bir.mem<sbuf>>
  // expected-note @+1 {{131072 bytes at 512}}
  %a = bir.alloc : memref<128x32768xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{SBUF overflows: the locations live here need 196800 bytes per partition, capacity 196608; live locations:}}
  %b = bir.alloc : memref<128x16300xf32, #bir.mem<sbuf>>
  %da = bir.ap %d offset 0 pattern [[64, 128], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %aa = bir.ap %a offset 0 pattern [[16, 128], [1, 16]] : memref<128x32768xf32, #bir.mem<sbuf>>
  bir.dma %da -> %aa on sp
  %bb = bir.ap %b offset 0 pattern [[16, 128], [1, 16]] : memref<128x16300xf32, #bir.mem<sbuf>>
  bir.dma %da -> %bb on sp
  bir.dma %aa -> %da on sp
  return
}

// -----

// PSUM has its own 16 KiB; a location already dead (%dead) is not listed.
func.func @psum_capacity(%d: memref<128x64xf32, #bir.mem<dram>>) {
  %da = bir.ap %d offset 0 pattern [[64, 2], [1, 16]] : memref<128x64xf32, #bir.mem<dram>>
  %dead = bir.alloc : memref<2x16xf32, #bir.mem<psum>>
  %ddead = bir.ap %dead offset 0 pattern [[16, 2], [1, 16]] : memref<2x16xf32, #bir.mem<psum>>
  bir.dma %da -> %ddead on sp
  // expected-note @+1 {{16000 bytes at 0}}
  %a = bir.alloc : memref<128x4000xf32, #bir.mem<psum>>
  // expected-error @+1 {{PSUM overflows: the locations live here need 16448 bytes per partition, capacity 16384; live locations:}}
  %b = bir.alloc : memref<2x100xf32, #bir.mem<psum>>
  %aa = bir.ap %a offset 0 pattern [[16, 2], [1, 16]] : memref<128x4000xf32, #bir.mem<psum>>
  bir.dma %da -> %aa on sp
  %bb = bir.ap %b offset 0 pattern [[16, 2], [1, 16]] : memref<2x100xf32, #bir.mem<psum>>
  bir.dma %da -> %bb on sp
  bir.dma %aa -> %da on sp
  return
}
