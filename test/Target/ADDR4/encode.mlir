// addr4-encode: each descriptor side's ADDR4 word (docs/ADDR4.md), printed
// after `addr4` as [src, dst]. Whole programs are lowered with
// --lower-to-addr4 (RUN 2-7); the hand-written cases at the end run through
// -addr4-encode (RUN 1; -dge-lower-dynamic-dma only matters for the one
// written at the dge.dma level).
// RUN: dyn-opt %s -split-input-file -dge-lower-dynamic-dma -addr4-encode | FileCheck %s
// RUN: dyn-opt %dyn_src_root/examples/decode_step.mlir --lower-to-addr4 | FileCheck %s --check-prefix=DECODE
// RUN: dyn-opt %S/Inputs/gather.mlir --lower-to-addr4 | FileCheck %s --check-prefix=GATHER
// RUN: dyn-opt %S/Inputs/scatter.mlir --lower-to-addr4 | FileCheck %s --check-prefix=SCATTER
// RUN: dyn-opt %S/Inputs/const-slice.mlir --lower-to-addr4 | FileCheck %s --check-prefix=CONST
// RUN: dyn-opt %S/Inputs/tile.mlir --lower-to-addr4 | FileCheck %s --check-prefix=TILE
// RUN: dyn-opt %S/Inputs/patched.mlir --lower-to-addr4 | FileCheck %s --check-prefix=PATCHED

//===----------------------------------------------------------------------===//
// The decode step of examples/.
//===----------------------------------------------------------------------===//

// The KV write: the new row is a static immediate (byte 0 of %k); the cache
// side is register mode on the register of the mult that computed
// 128 * clamp(pos): 0x80000000 | regid, bits 8-30 zero.
// DECODE-LABEL: func.func @decode_step(
// DECODE-SAME:    %[[CACHE:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[K:[^:]*]]: memref<1x32xf32, #bir.mem<dram>>, %{{[^:]*}}: i32,
// DECODE-SAME:    %[[HIST:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %[[OUT:[^:]*]]: memref<64x32xf32, #bir.mem<dram>>, %{{[^:]*}}: i32)
// DECODE:         %[[A:.*]] = bir.alu_imm mult %{{.*}}, 128 on pool {reg = [[#KV:]] : i32}
// DECODE-NEXT:    dge.block
// DECODE-NEXT:    dge.descriptor src %[[K]] [imm + 0] dst %[[CACHE]] [reg %[[A]] + 0] bytes 128
// DECODE-SAME:      addr4 [0x00000000, 0x800000[[#%.2x,KV]]] :
// DECODE-NOT:     addr4
// The row copy of the runtime-trip loop: both sides register mode, on the
// one register computed from the induction register per iteration.
// DECODE:         bir.dynamic_for %[[J:.*]] = 0 to 1 * %{{.*}} + 0 step 1 max_trip 64 on pool
// DECODE-NEXT:      %[[R:.*]] = bir.alu_imm mult %[[J]], 128 on pool {reg = [[#ROW:]] : i32}
// DECODE-NEXT:      dge.block
// DECODE-NEXT:      dge.descriptor src %[[HIST]] [reg %[[R]] + 0] dst %[[OUT]] [reg %[[R]] + 0] bytes 128
// DECODE-SAME:        addr4 [0x800000[[#%.2x,ROW]], 0x800000[[#%.2x,ROW]]] :
// DECODE-NOT:     addr4

//===----------------------------------------------------------------------===//
// Indirect sides: bit 29 on the index slot, plus a record.
//===----------------------------------------------------------------------===//

// A gather: the table side is the index slot, mode 01 with immediate 0, and
// an INDIRECT16B record (4096 rows fit 16-bit indices); the DRAM output is a
// plain immediate.
// GATHER-LABEL: func.func @embed(
// GATHER:         dge.descriptor src %arg0 [indirect %arg1 : memref<8xi32, #bir.mem<dram>> + 0] dst %{{.*}} [imm + 0] bytes 4096
// GATHER-SAME:      addr4 [0x20000000, 0x00000000] {src_record = #dge<record INDIRECT16B>} :
// GATHER-NOT:     dst_record

// A scatter: the destination is the index slot with an MXINDIRECT16B record.
// SCATTER-LABEL: func.func @route(
// SCATTER:         dge.descriptor src %arg1 [imm + 0] dst %arg0 [indirect %arg2 : memref<8xi32, #bir.mem<dram>> + 0] bytes 4096
// SCATTER-SAME:      addr4 [0x00000000, 0x20000000] {dst_record = #dge<record MXINDIRECT16B>} :
// SCATTER-NOT:     src_record

//===----------------------------------------------------------------------===//
// Static sides: mode 00, the byte address.
//===----------------------------------------------------------------------===//

// dynamic_slice at the constant row 5: a static DMA whose DRAM side is the
// byte offset 5 * 32 * 4 = 640 = 0x280.
// CONST-LABEL: func.func @const_slice(
// CONST:         dge.descriptor src %arg0 [imm + 640] dst %{{.*}} [imm + 0] bytes 128
// CONST-SAME:      addr4 [0x00000280, 0x00000000] :
// CONST:         dge.trigger %{{.*}} type none on pool

// An SBUF tile (16x64xf32 at partition byte 512 = 0x200; one 256-byte row
// per partition). The gather writes its partition 0: 0x200. The constant
// slice of rows 3-4 starts at byte 768 of the tile = partition 3, byte 0:
// 3 * 0x40000 + 0 + 0x200 = 0xc0200. The runtime slice of row %i is register
// mode on the register that adds the tile's address.
// TILE-LABEL: func.func @tile(
// TILE:         %[[T:.*]] = bir.alloc {address = 512 : i64} : memref<16x64xf32, #bir.mem<sbuf>>
// TILE:         dge.descriptor src %arg0 [indirect %arg1 : memref<16xi32, #bir.mem<dram>> + 0] dst %[[T]] [imm + 0]
// TILE-SAME:      addr4 [0x20000000, 0x00000200] {src_record = #dge<record INDIRECT16B>}
// TILE:         %[[A:.*]] = bir.alu_imm add %{{.*}}, 512 on pool {reg = [[#TA:]] : i32}
// TILE-NEXT:    dge.block
// TILE-NEXT:    dge.descriptor src %[[T]] [reg %[[A]] + 0] dst %{{.*}} [imm + 0] bytes 256
// TILE-SAME:      addr4 [0x800000[[#%.2x,TA]], 0x00000000] :
// TILE:         dge.descriptor src %[[T]] [imm + 768] dst %{{.*}} [imm + 0] bytes 512
// TILE-SAME:      addr4 [0x000c0200, 0x00000000] :

// An address that is exactly a runtime scalar: mode 10, immediate = the
// scalar's argument slot (2).
// PATCHED-LABEL: func.func @patch(
// PATCHED:         dge.descriptor src %arg0 [patched %arg2 + 0] dst %{{.*}} [imm + 0] bytes 4
// PATCHED-SAME:      addr4 [0x40000002, 0x00000000] :

//===----------------------------------------------------------------------===//
// Hand-written inputs.
//===----------------------------------------------------------------------===//

// Register mode on the highest id, 63: 0x8000003f. The descriptor offset is
// not part of the word.
// CHECK-LABEL: func.func @register_63
// CHECK: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [reg %{{.*}} + 256] bytes 128 pattern {{.*}} addr4 [0x00000000, 0x8000003f] :
func.func @register_63(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool {reg = 0 : i32}
  %a = bir.alu_imm mult %v, 128 on pool {reg = 63 : i32}
  %b = dge.block {
    dge.descriptor src %row [imm + 0] dst %d [reg %a + 256] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// An induction register used directly: its id is the loop's `reg`.
// CHECK-LABEL: func.func @induction
// CHECK: bir.dynamic_for
// CHECK: dge.descriptor src %{{.*}} [reg %{{.*}} + 0] dst %{{.*}} [imm + 0] bytes 4 pattern {{.*}} addr4 [0x80000011, 0x00000000] :
func.func @induction(%src: memref<64xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>, %n: i32) {
  %l = bir.read_var %n on pool {reg = 0 : i32}
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 4 max_trip 16 on pool attributes {reg = 17 : i32} {
    %b = dge.block {
      dge.descriptor src %src [reg %j + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] : memref<64xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
    }
    dge.trigger %b type swdge on pool
  }
  return
}

// -----

// A reg_ap whose address is a bir.read_var becomes a patched side
// (dge-lower-dynamic-dma); its word is mode 10 with the argument slot: 3.
// CHECK-LABEL: func.func @patched_slot
// CHECK: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [patched %arg3 + 0] bytes 128 pattern {{.*}} addr4 [0x00000000, 0x40000003] :
func.func @patched_slot(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %x: i32, %p: i32) {
  %v = bir.read_var %p on pool {reg = 0 : i32}
  %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
  %t = bir.reg_ap %d addr %v pattern [[32, 1], [1, 32]] : memref<64x32xf32, #bir.mem<dram>>
  dge.dma %s -> %t type swdge on pool
  return
}

// -----

// Static DRAM sides: the byte offset. 2^29 - 1 is the largest immediate.
// CHECK-LABEL: func.func @dram_immediates
// CHECK: [imm + 384] bytes 128 pattern {{.*}} addr4 [0x00000000, 0x00000180] :
// CHECK: [imm + 536870911] dst %{{.*}} [imm + 0] bytes 1 pattern {{.*}} addr4 [0x1fffffff, 0x00000000] :
func.func @dram_immediates(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %big: memref<536870912xi8, #bir.mem<dram>>, %one: memref<1xi8, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %row [imm + 0] dst %d [imm + 384] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b type none on sp
  %c = dge.block {
    dge.descriptor src %big [imm + 536870911] dst %one [imm + 0] bytes 1 pattern [[1, 1]] -> [[1, 1]] : memref<536870912xi8, #bir.mem<dram>>, memref<1xi8, #bir.mem<dram>>
  }
  dge.trigger %c type none on sp
  return
}

// -----

// On-chip static sides map to the address map: SBUF partition * 0x40000 +
// byte + the location's address; PSUM 0x2000000 + partition * 0x8000 + byte
// + address. The SBUF tile has 256-byte rows: offset 780 = partition 3,
// byte 12 -> 0xc0000 + 12 + 0x200 = 0xc020c. The PSUM tile has 128-byte
// rows: offset 264 = partition 2, byte 8 -> 0x2000000 + 0x10000 + 8 + 0x40
// = 0x2010048.
// CHECK-LABEL: func.func @on_chip
// CHECK: dge.descriptor src %{{.*}} [imm + 780] dst %{{.*}} [imm + 0] bytes 4 pattern {{.*}} addr4 [0x000c020c, 0x00000000] :
// CHECK: dge.descriptor src %{{.*}} [imm + 0] dst %{{.*}} [imm + 264] bytes 4 pattern {{.*}} addr4 [0x00000000, 0x02010048] :
func.func @on_chip(%out: memref<1xf32, #bir.mem<dram>>) {
  %s = bir.alloc {address = 512 : i64} : memref<16x64xf32, #bir.mem<sbuf>>
  %p = bir.alloc {address = 64 : i64} : memref<8x32xf32, #bir.mem<psum>>
  %b = dge.block {
    dge.descriptor src %s [imm + 780] dst %out [imm + 0] bytes 4 pattern [[1, 1]] -> [[1, 1]] : memref<16x64xf32, #bir.mem<sbuf>>, memref<1xf32, #bir.mem<dram>>
  }
  dge.trigger %b type none on sp
  %c = dge.block {
    dge.descriptor src %out [imm + 0] dst %p [imm + 264] bytes 4 pattern [[1, 1]] -> [[1, 1]] : memref<1xf32, #bir.mem<dram>>, memref<8x32xf32, #bir.mem<psum>>
  }
  dge.trigger %c type none on sp
  return
}

// -----

// Indirect: the index slot carries the byte offset of the side (here 256,
// row 1 of a 64xf32 table) under bit 29. The record follows the table's row
// count: up to 2^16 rows INDIRECT16B (read) / MXINDIRECT16B (write); a read
// over 2^16 rows (65537) INDIRECT20B.
// CHECK-LABEL: func.func @records
// CHECK: dge.descriptor src %arg0 [indirect %{{.*}} + 256] {{.*}} addr4 [0x20000100, 0x00000000] {src_record = #dge<record INDIRECT16B>} :
// CHECK: dge.descriptor src %{{.*}} [imm + 0] dst %arg0 [indirect {{.*}} addr4 [0x00000000, 0x20000000] {dst_record = #dge<record MXINDIRECT16B>} :
// CHECK: dge.descriptor src %arg1 [indirect {{.*}} addr4 [0x20000000, 0x00000000] {src_record = #dge<record INDIRECT20B>} :
func.func @records(%table: memref<65536x64xf32, #bir.mem<dram>>, %wide: memref<65537x4xi8, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>, %out: memref<2x64xf32, #bir.mem<dram>>, %small: memref<2x4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    dge.descriptor src %table [indirect %ids : memref<2xi32, #bir.mem<dram>> + 256] dst %out [imm + 0] bytes 512 pattern [[64, 2], [1, 64]] -> [[64, 2], [1, 64]] : memref<65536x64xf32, #bir.mem<dram>>, memref<2x64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  %c = dge.block {
    dge.descriptor src %out [imm + 0] dst %table [indirect %ids : memref<2xi32, #bir.mem<dram>> + 0] bytes 512 pattern [[64, 2], [1, 64]] -> [[64, 2], [1, 64]] : memref<2x64xf32, #bir.mem<dram>>, memref<65536x64xf32, #bir.mem<dram>>
  }
  dge.trigger %c type swdge on pool
  %d = dge.block {
    dge.descriptor src %wide [indirect %ids : memref<2xi32, #bir.mem<dram>> + 0] dst %small [imm + 0] bytes 8 pattern [[4, 2], [1, 4]] -> [[4, 2], [1, 4]] : memref<65537x4xi8, #bir.mem<dram>>, memref<2x4xi8, #bir.mem<dram>>
  }
  dge.trigger %d type swdge on pool
  return
}
