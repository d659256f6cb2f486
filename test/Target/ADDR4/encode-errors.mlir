// addr4-encode rejects what it cannot encode with a located diagnostic.
// RUN: dyn-opt %s -split-input-file -addr4-encode -verify-diagnostics

// A register side whose register has no physical id.
func.func @virtual_register(%d: memref<64x32xf32, #bir.mem<dram>>, %row: memref<1x32xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool
  %a = bir.alu_imm mult %v, 128 on pool
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op dst: register has no physical id; run bir-allocate-registers first}}
    dge.descriptor src %row [imm + 0] dst %d [reg %a + 0] bytes 128 pattern [[32, 1], [1, 32]] -> [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>, memref<64x32xf32, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// An induction register of a loop without a physical id.
func.func @virtual_induction(%src: memref<64xi8, #bir.mem<dram>>, %dst: memref<4xi8, #bir.mem<dram>>, %n: i32) {
  %l = bir.read_var %n on pool {reg = 0 : i32}
  bir.dynamic_for %j = 0 to 1 * %l + 0 step 4 max_trip 16 on pool {
    %b = dge.block {
      // expected-error @+1 {{src: register has no physical id}}
      dge.descriptor src %src [reg %j + 0] dst %dst [imm + 0] bytes 4 pattern [[1, 4]] -> [[1, 4]] : memref<64xi8, #bir.mem<dram>>, memref<4xi8, #bir.mem<dram>>
    }
    dge.trigger %b type swdge on pool
  }
  return
}

// -----

// A static SBUF side whose location has no address.
func.func @no_address(%out: memref<16x64xf32, #bir.mem<dram>>) {
  %t = bir.alloc : memref<16x64xf32, #bir.mem<sbuf>>
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op src: on-chip location has no address; run bir-allocate-memory first}}
    dge.descriptor src %t [imm + 0] dst %out [imm + 0] bytes 4096 pattern [[64, 16], [1, 64]] -> [[64, 16], [1, 64]] : memref<16x64xf32, #bir.mem<sbuf>>, memref<16x64xf32, #bir.mem<dram>>
  }
  dge.trigger %b type none on sp
  return
}

// -----

// A DRAM offset of 2^29 bytes does not fit the 29-bit immediate.
func.func @immediate_too_large(%big: memref<1073741824xi8, #bir.mem<dram>>, %row: memref<4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op dst: ADDR4 immediate 536870912 does not fit in 29 bits}}
    dge.descriptor src %row [imm + 0] dst %big [imm + 536870912] bytes 4 pattern [[1, 4]] -> [[1, 4]] : memref<4xi8, #bir.mem<dram>>, memref<1073741824xi8, #bir.mem<dram>>
  }
  dge.trigger %b type none on sp
  return
}

// -----

// The same on an index slot: the immediate is still 29 bits.
func.func @indirect_immediate_too_large(%big: memref<1073741824xi8, #bir.mem<dram>>, %ids: memref<1xi32, #bir.mem<dram>>, %row: memref<1xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op src: ADDR4 immediate 805306368 does not fit in 29 bits}}
    dge.descriptor src %big [indirect %ids : memref<1xi32, #bir.mem<dram>> + 805306368] dst %row [imm + 0] bytes 1 pattern [[1, 1]] -> [[1, 1]] : memref<1073741824xi8, #bir.mem<dram>>, memref<1xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// A DMA that dge-lower-dynamic-dma never lowered.
func.func @unlowered(%a: memref<64xf32, #bir.mem<dram>>, %b: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1, 64]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[1, 64]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op has no descriptors; run dge-lower-dynamic-dma first}}
  dge.dma %s -> %t type none on sp
  return
}

// -----

// An indirect write into a table of 2^16 + 1 rows: MXINDIRECT16B holds 16-bit
// indices and INDIRECT20B is for reads only, so there is no record.
func.func @wide_scatter(%table: memref<65537x4xi8, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>, %rows: memref<2x4xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op dst: an indirect write over 65537 rows has no indirect record (INDIRECT16B/MXINDIRECT16B: 2^16 rows, INDIRECT20B: 2^20 rows, reads only)}}
    dge.descriptor src %rows [imm + 0] dst %table [indirect %ids : memref<2xi32, #bir.mem<dram>> + 0] bytes 8 pattern [[4, 2], [1, 4]] -> [[4, 2], [1, 4]] : memref<2x4xi8, #bir.mem<dram>>, memref<65537x4xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// An indirect read over 2^20 + 1 rows: past INDIRECT20B.
func.func @wide_gather(%table: memref<1048577x1xi8, #bir.mem<dram>>, %ids: memref<2xi32, #bir.mem<dram>>, %rows: memref<2x1xi8, #bir.mem<dram>>) {
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op src: an indirect read over 1048577 rows has no indirect record}}
    dge.descriptor src %table [indirect %ids : memref<2xi32, #bir.mem<dram>> + 0] dst %rows [imm + 0] bytes 2 pattern [[1, 2], [1, 1]] -> [[1, 2], [1, 1]] : memref<1048577x1xi8, #bir.mem<dram>>, memref<2x1xi8, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on pool
  return
}

// -----

// An on-chip side whose byte offset lies past its location (fuzzer input
// 607109: the address-map arithmetic overflowed 64 bits). The verifier
// rejects such an `imm` side; an indirect side's rows are known only at
// run time, so its offset is checked here.
func.func @offset_outside(%out: memref<4x8xbf16, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<4x8xbf16, #bir.mem<sbuf>>
  %b = dge.block {
    // expected-error @+1 {{'dge.descriptor' op src: byte offset 9223372036854775806 lies outside the 64 bytes of its on-chip location}}
    dge.descriptor src %t [indirect %ids : memref<4xi32, #bir.mem<dram>> + 9223372036854775806] dst %out [imm + 0] bytes 64 pattern [[8, 4], [1, 8]] -> [[8, 4], [1, 8]] : memref<4x8xbf16, #bir.mem<sbuf>>, memref<4x8xbf16, #bir.mem<dram>>
  }
  dge.trigger %b type swdge on sp
  return
}
