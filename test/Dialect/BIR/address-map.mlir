// The on-chip address map, one home (bir::AddressMap, docs/ExecutionModel.md
// "Address map"), seen through everything that depends on it: the
// location verifier (partitions and capacities), addr4-encode (static
// on-chip words) and bir-lower-symbolic-ap (the runtime delinearization).
// RUN: dyn-opt %s -split-input-file -verify-diagnostics -addr4-encode | FileCheck %s --check-prefix=WORD
// RUN: dyn-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(bir-lower-symbolic-ap))' | FileCheck %s --check-prefix=DELIN

// Partition 127, byte 4 of a location with 16-byte rows at address 4096:
//   SBUF: 127 * 0x40000 + 4096 + 4               = 0x01fc1004
//   PSUM: 0x2000000 + 127 * 0x8000 + 64 + 4      = 0x023f8044
// WORD-LABEL: func.func @last_partitions
// WORD: [imm + 2036] bytes 4 pattern {{.*}} addr4 [0x00000000, 0x01fc1004] :
// WORD: [imm + 2036] bytes 4 pattern {{.*}} addr4 [0x00000000, 0x023f8044] :
func.func @last_partitions(%d: memref<128x4xf32, #bir.mem<dram>>) {
  %s = bir.alloc {address = 4096 : i64} : memref<128x4xf32, #bir.mem<sbuf>>
  %p = bir.alloc {address = 64 : i64} : memref<128x4xf32, #bir.mem<psum>>
  %b = dge.block {
    dge.descriptor src %d [imm + 0] dst %s [imm + 2036] bytes 4 pattern [[1, 1]] -> [[1, 1]] : memref<128x4xf32, #bir.mem<dram>>, memref<128x4xf32, #bir.mem<sbuf>>
    dge.descriptor src %d [imm + 0] dst %p [imm + 2036] bytes 4 pattern [[1, 1]] -> [[1, 1]] : memref<128x4xf32, #bir.mem<dram>>, memref<128x4xf32, #bir.mem<psum>>
  }
  dge.trigger %b type none on sp
  return
}

// -----

// A runtime element offset `off` (f32, 4 bytes) into a PSUM location with
// 64-byte rows at address 256: 0x2000000 + 256 + (off / 16) * 0x8000 +
// (off % 16) * 4, the base folded into one add. Here off = 8 * j: half
// rows, so both the partition and the byte within it are computed.
// DELIN-LABEL: func.func @psum_delinearization
// DELIN:         %[[OFF:.*]] = bir.alu_imm mult %{{.*}}, 8 on pool
// DELIN-NEXT:    %[[P:.*]] = bir.alu_imm divide %[[OFF]], 16 on pool
// DELIN-NEXT:    %[[PB:.*]] = bir.alu_imm mult %[[P]], 32768 on pool
// DELIN-NEXT:    %[[R:.*]] = bir.alu_imm mod %[[OFF]], 16 on pool
// DELIN-NEXT:    %[[RB:.*]] = bir.alu_imm mult %[[R]], 4 on pool
// DELIN-NEXT:    %[[S:.*]] = bir.alu add %[[PB]], %[[RB]] on pool
// DELIN-NEXT:    bir.alu_imm add %[[S]], 33554688 on pool
func.func @psum_delinearization(%n: i32, %d: memref<1x8xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc {address = 256 : i64} : memref<128x16xf32, #bir.mem<psum>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 128 on pool {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 8)>(%j) pattern [[1, 8]] : memref<128x16xf32, #bir.mem<psum>>
    %x = bir.ap %d offset 0 pattern [[1, 8]] : memref<1x8xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}

// -----

// Whole rows: off = 16 * j + 32 on the same location is row j + 2, so the
// address is linear in j, 0x2000000 + 256 + (j + 2) * 0x8000: 2
// instructions instead of 7.
// DELIN-LABEL: func.func @psum_whole_rows
// DELIN:         bir.dynamic_for %[[J:.*]] = 0
// DELIN:           %[[M:.*]] = bir.alu_imm mult %[[J]], 32768 on pool
// DELIN-NEXT:      %[[A:.*]] = bir.alu_imm add %[[M]], 33620224 on pool
// DELIN-NEXT:      bir.reg_ap %{{.*}} addr %[[A]]
func.func @psum_whole_rows(%n: i32, %d: memref<1x16xf32, #bir.mem<dram>>) {
  %l = bir.read_var %n on pool
  %t = bir.alloc {address = 256 : i64} : memref<128x16xf32, #bir.mem<psum>>
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 1 max_trip 126 on pool {
    %a = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 16 + 32)>(%j) pattern [[1, 16]] : memref<128x16xf32, #bir.mem<psum>>
    %x = bir.ap %d offset 0 pattern [[1, 16]] : memref<1x16xf32, #bir.mem<dram>>
    bir.dma %x -> %a on pool
  }
  return
}

// -----

// Capacities per partition: SBUF 192 KiB and PSUM 16 KiB, exactly full is
// fine; 128 partitions at most.
func.func @full_locations() {
  %s = bir.alloc {address = 0 : i64} : memref<128x49152xf32, #bir.mem<sbuf>>
  %p = bir.alloc {address = 8192 : i64} : memref<128x2048xf32, #bir.mem<psum>>
  return
}

// -----

func.func @sbuf_overflow() {
  // expected-error @+1 {{'bir.alloc' op needs 196612 bytes per partition, more than the sbuf capacity of 196608}}
  %s = bir.alloc : memref<2x49153xf32, #bir.mem<sbuf>>
  return
}

// -----

func.func @psum_overflow() {
  // expected-error @+1 {{'bir.alloc' op at address 64 with 16384 bytes per partition ends past the psum capacity of 16384}}
  %p = bir.alloc {address = 64 : i64} : memref<2x4096xf32, #bir.mem<psum>>
  return
}

// -----

func.func @too_many_partitions() {
  // expected-error @+1 {{'bir.alloc' op dimension 0 is the partition dimension: between 1 and 128 partitions}}
  %s = bir.alloc : memref<129x4xf32, #bir.mem<sbuf>>
  return
}
