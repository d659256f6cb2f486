// dge-lower-dynamic-dma rejects what it cannot lower with a located
// diagnostic; the budget is 4 bytes.
// RUN: dyn-opt %s -split-input-file -verify-diagnostics -dge-lower-dynamic-dma=max-descriptor-bytes=4
// RUN: not dyn-opt %s -split-input-file -dge-lower-dynamic-dma=max-descriptor-bytes=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not dyn-opt %s -split-input-file -dge-lower-dynamic-dma=max-descriptor-bytes=-8 2>&1 | FileCheck %s --check-prefix=ZERO

// ZERO: error: max-descriptor-bytes, max-descriptors-per-dma and max-descriptors-per-function must be positive
// ZERO-NOT: dge.block

func.func @unassigned(%d: memref<64xf32, #bir.mem<dram>>) {
  %s = bir.ap %d offset 0 pattern [[1, 4]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 4 pattern [[1, 4]] : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op has no route; run dge-scan}}
  dge.dma %s -> %t type unassigned on sp
  return
}

// -----

// 128 bytes as 32 f32 on one side and 4 x 8 f32 on the other.
func.func @different_shapes_over_budget(%a: memref<32xf32, #bir.mem<dram>>, %b: memref<4x8xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1, 32]] : memref<32xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[8, 4], [1, 8]] : memref<4x8xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op moves 128 bytes, over max-descriptor-bytes 4, and its sides have different shapes, so it cannot be split}}
  dge.dma %s -> %t type none on sp
  return
}

// -----

// Under the budget, different shapes are fine: one descriptor reshapes.
func.func @different_shapes_within_budget(%a: memref<4xi8, #bir.mem<dram>>, %b: memref<2x2xi8, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1, 4]] : memref<4xi8, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[2, 2], [1, 2]] : memref<2x2xi8, #bir.mem<dram>>
  dge.dma %s -> %t type none on sp
  return
}

// -----

// An f64 element is 8 bytes, over the budget of 4.
func.func @budget_below_element(%a: memref<2xf64, #bir.mem<dram>>, %b: memref<2xf64, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[1, 2]] : memref<2xf64, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[1, 2]] : memref<2xf64, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op max-descriptor-bytes 4 is smaller than one element}}
  dge.dma %s -> %t type none on sp
  return
}

// -----

func.func @scalar_info_left(%d: memref<64xf32, #bir.mem<dram>>, %p: i32) {
  %v = bir.read_var %p on pool
  %s = bir.ap %d offset 0 pattern [[1, 4]] : memref<64xf32, #bir.mem<dram>>
  %t = bir.ap %d offset 0 pattern [[1, 4]] scalar 0 + [4] * (%v) : memref<64xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op has scalar dynamic info left; run bir-expand-dynamic-ap-info first}}
  dge.dma %s -> %t type swdge on pool
  return
}

// -----

func.func @symbolic_side(%d: memref<64xf32, #bir.mem<dram>>) {
  %t = bir.alloc {address = 0 : i64} : memref<4x4xf32, #bir.mem<sbuf>>
  bir.for %i = 0 to 4 step 1 on pool {
    %s = bir.ap %d offset 0 pattern [[1, 4]] : memref<64xf32, #bir.mem<dram>>
    %o = bir.sym_ap %t offset affine_map<(d0) -> (d0 * 4)>(%i) pattern [[1, 4]] : memref<4x4xf32, #bir.mem<sbuf>>
    // expected-error @+1 {{'dge.dma' op side is not a kind-1 or kind-3 access pattern; run bir-lower-symbolic-ap first}}
    dge.dma %s -> %o type swdge on pool
  }
  return
}

// -----

// The xbar transpose is of a 2-D tile; a 3-D source pattern has none.
func.func @transpose_3d(%a: memref<2x2x2xf32, #bir.mem<dram>>, %b: memref<8xf32, #bir.mem<dram>>) {
  %s = bir.ap %a offset 0 pattern [[4, 2], [2, 2], [1, 2]] : memref<2x2x2xf32, #bir.mem<dram>>
  %t = bir.ap %b offset 0 pattern [[1, 8]] : memref<8xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op transposes only a 2-D source pattern}}
  dge.dma %s -> %t type none on sp transpose
  return
}

// -----

// An indirect side's first entry is its index rows, not a dimension of a
// tile: transposing it would gather the columns as rows.
func.func @transpose_indirect(%table: memref<64x64xf32, #bir.mem<dram>>, %ids: memref<4xi32, #bir.mem<dram>>, %out: memref<64x4xf32, #bir.mem<dram>>) {
  %s = bir.ap %table offset 0 pattern [[64, 4], [1, 64]] indirect %ids arg_id 1 indirect_dim 0 max_index 4 : memref<4xi32, #bir.mem<dram>> : memref<64x64xf32, #bir.mem<dram>>
  %t = bir.ap %out offset 0 pattern [[1, 256]] : memref<64x4xf32, #bir.mem<dram>>
  // expected-error @+1 {{'dge.dma' op cannot transpose an indirect side (its first entry is its index rows, not a dimension of a tile)}}
  dge.dma %s -> %t type swdge on pool transpose
  return
}

// -----

// A register-addressed SBUF side moves in address-map units: its runtime
// address can only advance by whole partitions (16-byte rows here), but a
// budget of 4 bytes splits the row into 4-byte pieces.
func.func @split_inside_partition(%a: memref<4xf32, #bir.mem<dram>>, %p: i32) {
  %tile = bir.alloc {address = 0 : i64} : memref<2x4xf32, #bir.mem<sbuf>>
  %v = bir.read_var %p on pool
  %r = bir.alu_imm mult %v, 16 on pool
  %s = bir.ap %a offset 0 pattern [[1, 4]] : memref<4xf32, #bir.mem<dram>>
  %t = bir.reg_ap %tile addr %r pattern [[1, 4]] : memref<2x4xf32, #bir.mem<sbuf>>
  // expected-error @+1 {{'dge.dma' op cannot split inside a partition at a runtime on-chip address; raise max-descriptor-bytes}}
  dge.dma %s -> %t type swdge on pool
  return
}
