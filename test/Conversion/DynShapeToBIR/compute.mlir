// RUN: dyn-opt %s -split-input-file --convert-dynshape-to-bir | FileCheck %s

// The compute half (docs/Compute.md): each linalg op on buffers becomes
// engine instructions over SBUF tiles. A DRAM operand is staged by one DMA
// into a tile in the engine's loop order (partitions first), the engine op
// reads that tile, and the output tile is DMA'd back. The DMAs and memsets
// run on the registers' engine (pool by default).

// A fill is a memset of the constant's bits (1.5 is 0x3FC00000) into the
// output's tile, which one DMA copies out.
// CHECK-LABEL: func.func @fill(
// CHECK-SAME:    %[[O:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>)
// CHECK:         %[[T:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[AP:.*]] = bir.ap %[[T]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.memset %[[AP]] value 1069547520 on pool
// CHECK:         %[[SRC:.*]] = bir.ap %[[T]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[DST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.dma %[[SRC]] -> %[[DST]] on pool
// CHECK-NEXT:    return
func.func @fill(%o: memref<4x8xf32>) {
  %c = arith.constant 1.5 : f32
  linalg.fill ins(%c : f32) outs(%o : memref<4x8xf32>)
  return
}

// -----

// An elementwise body is one instruction per op: addf of two tiles is
// tensor_tensor (Vector), mulf and maximumf by a constant tensor_scalar
// with an immediate (Vector), exp an activation (Activation). Nothing read
// after an op lives in the output (the body does not read its init), so
// each op writes the output's tile itself, and the body takes no
// temporaries.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME:    %[[A:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>, %[[B:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>)
// CHECK:         %[[OT:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[OUT:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[AT:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[ASRC:.*]] = bir.ap %[[A]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[ADST:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.dma %[[ASRC]] -> %[[ADST]] on pool
// CHECK:         %[[AIN:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[BT:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[BSRC:.*]] = bir.ap %[[B]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[BDST:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.dma %[[BSRC]] -> %[[BDST]] on pool
// CHECK:         %[[BIN:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK-NEXT:    bir.tensor_tensor add %[[AIN]], %[[BIN]] -> %[[OUT]] on dve
// CHECK-NEXT:    bir.tensor_scalar multiply %[[OUT]], imm 2.000000e+00 -> %[[OUT]] on dve
// CHECK-NEXT:    bir.activation exp %[[OUT]] -> %[[OUT]] scale 1.000000e+00 bias_imm -0.000000e+00 on act
// CHECK-NEXT:    bir.tensor_scalar max %[[OUT]], imm 0.000000e+00 -> %[[OUT]] on dve
// CHECK:         %[[OSRC:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[ODST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.dma %[[OSRC]] -> %[[ODST]] on pool
// CHECK-NEXT:    return
func.func @elementwise(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %o: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %c2 = arith.constant 2.0 : f32
    %c0 = arith.constant 0.0 : f32
    %s = arith.addf %x, %y : f32
    %m = arith.mulf %s, %c2 : f32
    %e = math.exp %m : f32
    %r = arith.maximumf %e, %c0 : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A broadcast along the partitions: the input is staged once as one row,
// and the copy reads it with a step-0 partition pair.
// CHECK-LABEL: func.func @broadcast_rows(
// CHECK-SAME:    %[[A:[^:]+]]: memref<8xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>)
// CHECK:         %[[OT:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[OUT:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[AT:.*]] = bir.alloc : memref<1x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[ASRC:.*]] = bir.ap %[[A]] offset 0 pattern {{\[\[}}1, 8], [1, 1]]
// CHECK:         %[[ADST:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}1, 8], [1, 1]]
// CHECK:         bir.dma %[[ASRC]] -> %[[ADST]] on pool
// CHECK:         %[[AIN:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}0, 4], [1, 8]]
// CHECK:         bir.tensor_copy %[[AIN]] -> %[[OUT]] on dve
// CHECK:         %[[OSRC:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[ODST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.dma %[[OSRC]] -> %[[ODST]] on pool
func.func @broadcast_rows(%a: memref<8xf32>, %o: memref<4x8xf32>) {
  linalg.broadcast ins(%a : memref<8xf32>) outs(%o : memref<4x8xf32>) dimensions = [0]
  return
}

// -----

// A broadcast along the free elements, inside a body: one value per
// partition, read with a step-0 free pair by the subtraction.
// CHECK-LABEL: func.func @broadcast_columns(
// CHECK-SAME:    %[[A:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>, %[[B:[^:]+]]: memref<4xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>)
// CHECK:         %[[OT:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[OUT:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[AT:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK:         %[[AIN:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[BT:.*]] = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
// CHECK:         %[[BSRC:.*]] = bir.ap %[[B]] offset 0 pattern {{\[\[}}1, 4], [1, 1]]
// CHECK:         %[[BDST:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}1, 4], [1, 1]]
// CHECK:         bir.dma %[[BSRC]] -> %[[BDST]] on pool
// CHECK:         %[[BIN:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}1, 4], [0, 8]]
// CHECK:         bir.tensor_tensor subtract %[[AIN]], %[[BIN]] -> %[[OUT]] on dve
// CHECK:         %[[OSRC:.*]] = bir.ap %[[OT]] offset 0
// CHECK:         %[[ODST:.*]] = bir.ap %[[O]] offset 0
// CHECK:         bir.dma %[[OSRC]] -> %[[ODST]] on pool
func.func @broadcast_columns(%a: memref<4x8xf32>, %b: memref<4xf32>, %o: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<4x8xf32>, memref<4xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A transpose other than the 2-D one (which stays a DMA) runs on the
// engines: the staging DMA walks the input in the output's order (the
// source pattern steps 1 along the output's dim 1 and 8 along its dim 2),
// and the Vector engine copies the tile to the output's tile.
// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:    %[[A:[^:]+]]: memref<2x4x8xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<2x8x4xf32, #bir.mem<dram>>)
// CHECK:         %[[OT:.*]] = bir.alloc : memref<2x32xf32, #bir.mem<sbuf>>
// CHECK:         %[[OUT:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}32, 2], [4, 8], [1, 4]]
// CHECK:         %[[AT:.*]] = bir.alloc : memref<2x32xf32, #bir.mem<sbuf>>
// CHECK:         %[[ASRC:.*]] = bir.ap %[[A]] offset 0 pattern {{\[\[}}32, 2], [1, 8], [8, 4]]
// CHECK:         %[[ADST:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}32, 2], [4, 8], [1, 4]]
// CHECK:         bir.dma %[[ASRC]] -> %[[ADST]] on pool
// CHECK:         %[[AIN:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}32, 2], [4, 8], [1, 4]]
// CHECK:         bir.tensor_copy %[[AIN]] -> %[[OUT]] on dve
// CHECK:         %[[OSRC:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}32, 2], [4, 8], [1, 4]]
// CHECK:         %[[ODST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}32, 2], [4, 8], [1, 4]]
// CHECK:         bir.dma %[[OSRC]] -> %[[ODST]] on pool
func.func @transpose(%a: memref<2x4x8xf32>, %o: memref<2x8x4xf32>) {
  linalg.transpose ins(%a : memref<2x4x8xf32>) outs(%o : memref<2x8x4xf32>) permutation = [0, 2, 1]
  return
}

// -----

// A sum along the rows: the init (read from the output) goes to column 0 of
// one SBUF row per partition and the elements after it (offset 1), and
// tensor_reduce combines the row from its first element into the output's
// tile.
// CHECK-LABEL: func.func @reduce_add(
// CHECK-SAME:    %[[A:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<4xf32, #bir.mem<dram>>)
// CHECK:         %[[OT:.*]] = bir.alloc : memref<4x1xf32, #bir.mem<sbuf>>
// CHECK:         %[[ISRC:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}1, 4], [1, 1]]
// CHECK:         %[[IDST:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}1, 4], [1, 1]]
// CHECK:         bir.dma %[[ISRC]] -> %[[IDST]] on pool
// CHECK:         %[[OUT:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}1, 4], [1, 1]]
// CHECK:         %[[RT:.*]] = bir.alloc : memref<4x9xf32, #bir.mem<sbuf>>
// CHECK:         %[[ROW:.*]] = bir.ap %[[RT]] offset 0 pattern {{\[\[}}9, 4], [1, 9]]
// CHECK:         %[[INIT:.*]] = bir.ap %[[RT]] offset 0 pattern {{\[\[}}9, 4], [1, 1]]
// CHECK:         bir.tensor_copy %[[OUT]] -> %[[INIT]] on dve
// CHECK:         %[[AT:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[ASRC:.*]] = bir.ap %[[A]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[ADST:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.dma %[[ASRC]] -> %[[ADST]] on pool
// CHECK:         %[[AIN:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[ELEMS:.*]] = bir.ap %[[RT]] offset 1 pattern {{\[\[}}9, 4], [1, 8]]
// CHECK:         bir.tensor_copy %[[AIN]] -> %[[ELEMS]] on dve
// CHECK:         bir.tensor_reduce add %[[ROW]] -> %[[OUT]] on dve
// CHECK:         %[[OSRC:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}1, 4], [1, 1]]
// CHECK:         %[[ODST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}1, 4], [1, 1]]
// CHECK:         bir.dma %[[OSRC]] -> %[[ODST]] on pool
func.func @reduce_add(%a: memref<4x8xf32>, %o: memref<4xf32>) {
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A max along the columns: the output's dim (the input's dim 1) goes on the
// partitions, so the input is staged transposed. The cost model prices a
// DMA reading it element by element (step 1 across partitions, 8 along the
// row: 32 runs of 4 bytes) above a DMA of its 4 whole rows, a PE transpose
// into PSUM and a copy out, and takes the second.
// CHECK-LABEL: func.func @reduce_max(
// CHECK-SAME:    %[[A:[^:]+]]: memref<4x8xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<8xf32, #bir.mem<dram>>)
// CHECK:         %[[OT:.*]] = bir.alloc : memref<8x1xf32, #bir.mem<sbuf>>
// CHECK:         bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK:         %[[OUT:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}1, 8], [1, 1]]
// CHECK:         %[[RT:.*]] = bir.alloc : memref<8x5xf32, #bir.mem<sbuf>>
// CHECK:         %[[ROW:.*]] = bir.ap %[[RT]] offset 0 pattern {{\[\[}}5, 8], [1, 5]]
// CHECK:         %[[INIT:.*]] = bir.ap %[[RT]] offset 0 pattern {{\[\[}}5, 8], [1, 1]]
// CHECK:         bir.tensor_copy %[[OUT]] -> %[[INIT]] on dve
// CHECK:         %[[AT:.*]] = bir.alloc : memref<8x4xf32, #bir.mem<sbuf>>
// CHECK:         %[[ROWS:.*]] = bir.alloc : memref<4x8xf32, #bir.mem<sbuf>>
// CHECK:         %[[ASRC:.*]] = bir.ap %[[A]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[ADST:.*]] = bir.ap %[[ROWS]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         bir.dma %[[ASRC]] -> %[[ADST]] on pool
// CHECK:         %[[RIN:.*]] = bir.ap %[[ROWS]] offset 0 pattern {{\[\[}}8, 4], [1, 8]]
// CHECK:         %[[TP:.*]] = bir.alloc : memref<8x4xf32, #bir.mem<psum>>
// CHECK:         %[[TOUT:.*]] = bir.ap %[[TP]] offset 0 pattern {{\[\[}}4, 8], [1, 4]]
// CHECK:         bir.transpose %[[RIN]] -> %[[TOUT]] on pe
// CHECK:         %[[STAGED:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 8], [1, 4]]
// CHECK:         bir.tensor_copy %[[TOUT]] -> %[[STAGED]] on dve
// CHECK:         %[[AIN:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 8], [1, 4]]
// CHECK:         %[[ELEMS:.*]] = bir.ap %[[RT]] offset 1 pattern {{\[\[}}5, 8], [1, 4]]
// CHECK:         bir.tensor_copy %[[AIN]] -> %[[ELEMS]] on dve
// CHECK:         bir.tensor_reduce max %[[ROW]] -> %[[OUT]] on dve
// CHECK:         %[[OSRC:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}1, 8], [1, 1]]
// CHECK:         %[[ODST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}1, 8], [1, 1]]
// CHECK:         bir.dma %[[OSRC]] -> %[[ODST]] on pool
func.func @reduce_max(%a: memref<4x8xf32>, %o: memref<8xf32>) {
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%o : memref<8xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.maximumf %x, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A matmul: the output's value is copied into a PSUM tile, each 128-row
// chunk of the contraction is a matmul accumulate into it (the stationary
// A staged k-major: 4 rows of 128 read whole, at offsets 0 and 128, and
// transposed on the PE array into PSUM, then copied out; the moving B at
// rows 0 and 128, offset 2048), and the PSUM tile is copied to the
// output's tile and out. The staging tiles serve both chunks.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %[[A:[^:]+]]: memref<4x256xf32, #bir.mem<dram>>, %[[B:[^:]+]]: memref<256x16xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<4x16xf32, #bir.mem<dram>>)
// CHECK:         %[[PT:.*]] = bir.alloc : memref<4x16xf32, #bir.mem<psum>>
// CHECK:         %[[PSUM:.*]] = bir.ap %[[PT]] offset 0 pattern {{\[\[}}16, 4], [1, 16]]
// CHECK:         %[[OT:.*]] = bir.alloc : memref<4x16xf32, #bir.mem<sbuf>>
// CHECK:         %[[ISRC:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}16, 4], [1, 16]]
// CHECK:         %[[IDST:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}16, 4], [1, 16]]
// CHECK:         bir.dma %[[ISRC]] -> %[[IDST]] on pool
// CHECK:         %[[OUT:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}16, 4], [1, 16]]
// CHECK:         bir.tensor_copy %[[OUT]] -> %[[PSUM]] on dve
// CHECK:         %[[AT:.*]] = bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
// CHECK:         %[[AR:.*]] = bir.alloc : memref<4x128xf32, #bir.mem<sbuf>>
// CHECK:         %[[A0SRC:.*]] = bir.ap %[[A]] offset 0 pattern {{\[\[}}256, 4], [1, 128]]
// CHECK:         %[[A0DST:.*]] = bir.ap %[[AR]] offset 0 pattern {{\[\[}}128, 4], [1, 128]]
// CHECK:         bir.dma %[[A0SRC]] -> %[[A0DST]] on pool
// CHECK:         %[[AP:.*]] = bir.alloc : memref<128x4xf32, #bir.mem<psum>>
// CHECK:         bir.transpose %{{.*}} -> %{{.*}} on pe
// CHECK:         bir.tensor_copy %{{.*}} -> %{{.*}} on dve
// CHECK:         %[[A0:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[BT:.*]] = bir.alloc : memref<128x16xf32, #bir.mem<sbuf>>
// CHECK:         %[[B0SRC:.*]] = bir.ap %[[B]] offset 0 pattern {{\[\[}}16, 128], [1, 16]]
// CHECK:         %[[B0DST:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}16, 128], [1, 16]]
// CHECK:         bir.dma %[[B0SRC]] -> %[[B0DST]] on pool
// CHECK:         %[[B0:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}16, 128], [1, 16]]
// CHECK:         bir.matmul %[[A0]], %[[B0]] -> %[[PSUM]] accumulate on pe
// CHECK-NOT:     bir.alloc
// CHECK:         %[[A1SRC:.*]] = bir.ap %[[A]] offset 128 pattern {{\[\[}}256, 4], [1, 128]]
// CHECK:         %[[A1DST:.*]] = bir.ap %[[AR]] offset 0 pattern {{\[\[}}128, 4], [1, 128]]
// CHECK:         bir.dma %[[A1SRC]] -> %[[A1DST]] on pool
// CHECK:         bir.transpose %{{.*}} -> %{{.*}} on pe
// CHECK:         bir.tensor_copy %{{.*}} -> %{{.*}} on dve
// CHECK:         %[[A1:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[B1SRC:.*]] = bir.ap %[[B]] offset 2048 pattern {{\[\[}}16, 128], [1, 16]]
// CHECK:         %[[B1DST:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}16, 128], [1, 16]]
// CHECK:         bir.dma %[[B1SRC]] -> %[[B1DST]] on pool
// CHECK:         %[[B1:.*]] = bir.ap %[[BT]] offset 0 pattern {{\[\[}}16, 128], [1, 16]]
// CHECK:         bir.matmul %[[A1]], %[[B1]] -> %[[PSUM]] accumulate on pe
// CHECK:         bir.tensor_copy %[[PSUM]] -> %[[OUT]] on dve
// CHECK:         %[[OSRC:.*]] = bir.ap %[[OT]] offset 0 pattern {{\[\[}}16, 4], [1, 16]]
// CHECK:         %[[ODST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}16, 4], [1, 16]]
// CHECK:         bir.dma %[[OSRC]] -> %[[ODST]] on pool
// CHECK-NEXT:    return
func.func @matmul(%a: memref<4x256xf32>, %b: memref<256x16xf32>, %o: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x256xf32>, memref<256x16xf32>) outs(%o : memref<4x16xf32>)
  return
}

// -----

// A padding mask folded into its reader: the matmul reads the mask's input
// (V, 256 rows) chunk by chunk, and the Pool engine's affine_select masks
// each chunk on chip against the size register, with the chunk's first
// row as its base (0, then 128) along the partitions. The masked 256-row
// buffer is never allocated.
// CHECK-LABEL: func.func @folded_mask(
// CHECK-SAME:    %[[P:[^:]+]]: memref<1x256xf32, #bir.mem<dram>>, %[[V:[^:]+]]: memref<256x64xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<1x64xf32, #bir.mem<dram>>, %[[N:[^:]+]]: i32)
// CHECK-NOT:     bir.alloc : memref<256x64xf32
// CHECK:         %[[SIZE:.*]] = bir.read_var %[[N]] on pool
// CHECK-NOT:     bir.alloc : memref<256x64xf32
// CHECK:         %[[PSUM:.*]] = bir.ap %{{.*}} offset 0 pattern {{\[\[}}64, 1], [1, 64]] : memref<1x64xf32, #bir.mem<psum>>
// CHECK:         %[[PT:.*]] = bir.alloc : memref<128x1xf32, #bir.mem<sbuf>>
// CHECK:         %[[PR:.*]] = bir.alloc : memref<1x128xf32, #bir.mem<sbuf>>
// CHECK:         %[[P0SRC:.*]] = bir.ap %[[P]] offset 0 pattern {{\[\[}}256, 1], [1, 128]]
// CHECK:         %[[P0DST:.*]] = bir.ap %[[PR]] offset 0 pattern {{\[\[}}128, 1], [1, 128]]
// CHECK:         bir.dma %[[P0SRC]] -> %[[P0DST]] on pool
// CHECK:         bir.transpose %{{.*}} -> %{{.*}} on pe
// CHECK:         bir.tensor_copy %{{.*}} -> %{{.*}} on dve
// CHECK:         %[[P0:.*]] = bir.ap %[[PT]] offset 0 pattern {{\[\[}}1, 128], [1, 1]]
// CHECK:         %[[VT:.*]] = bir.alloc : memref<128x64xf32, #bir.mem<sbuf>>
// CHECK:         %[[V0SRC:.*]] = bir.ap %[[V]] offset 0 pattern {{\[\[}}64, 128], [1, 64]]
// CHECK:         %[[V0DST:.*]] = bir.ap %[[VT]] offset 0 pattern {{\[\[}}64, 128], [1, 64]]
// CHECK:         bir.dma %[[V0SRC]] -> %[[V0DST]] on pool
// CHECK:         %[[V0:.*]] = bir.ap %[[VT]] offset 0 pattern {{\[\[}}64, 128], [1, 64]]
// CHECK:         %[[MT:.*]] = bir.alloc : memref<128x64xf32, #bir.mem<sbuf>>
// CHECK:         %[[M0:.*]] = bir.ap %[[MT]] offset 0 pattern {{\[\[}}64, 128], [1, 64]]
// CHECK:         bir.affine_select %[[V0]] -> %[[M0]] where base 0 partition 1 free [0] lt reg %[[SIZE]] else 0.000000e+00 on pool
// CHECK:         bir.matmul %[[P0]], %[[M0]] -> %[[PSUM]] accumulate on pe
// CHECK:         %[[P1SRC:.*]] = bir.ap %[[P]] offset 128 pattern {{\[\[}}256, 1], [1, 128]]
// CHECK:         %[[P1DST:.*]] = bir.ap %[[PR]] offset 0
// CHECK:         bir.dma %[[P1SRC]] -> %[[P1DST]] on pool
// CHECK:         bir.transpose %{{.*}} -> %{{.*}} on pe
// CHECK:         bir.tensor_copy %{{.*}} -> %{{.*}} on dve
// CHECK:         %[[P1:.*]] = bir.ap %[[PT]] offset 0
// CHECK:         %[[V1SRC:.*]] = bir.ap %[[V]] offset 8192 pattern {{\[\[}}64, 128], [1, 64]]
// CHECK:         %[[V1DST:.*]] = bir.ap %[[VT]] offset 0
// CHECK:         bir.dma %[[V1SRC]] -> %[[V1DST]] on pool
// CHECK:         %[[V1:.*]] = bir.ap %[[VT]] offset 0
// CHECK:         %[[M1:.*]] = bir.ap %[[MT]] offset 0 pattern {{\[\[}}64, 128], [1, 64]]
// CHECK:         bir.affine_select %[[V1]] -> %[[M1]] where base 128 partition 1 free [0] lt reg %[[SIZE]] else 0.000000e+00 on pool
// CHECK:         bir.matmul %[[P1]], %[[M1]] -> %[[PSUM]] accumulate on pe
// CHECK-NOT:     bir.alloc : memref<256x64xf32
// CHECK-NOT:     dynshape.buffer_mask
// CHECK:         return
func.func @folded_mask(%p: memref<1x256xf32>, %v: memref<256x64xf32>, %o: memref<1x64xf32>, %n: i32) {
  %vm = memref.alloc() : memref<256x64xf32>
  dynshape.buffer_mask %v : memref<256x64xf32> dims [0] sizes(%n) fill 0.0 : f32 into %vm : memref<256x64xf32>
  linalg.matmul ins(%p, %vm : memref<1x256xf32>, memref<256x64xf32>) outs(%o : memref<1x64xf32>)
  return
}

// -----

// An intermediate of 300 rows cannot be an SBUF location: it is DRAM
// scratch, and the ops that write and read it stage it through 128-row
// tiles in chunks of 128, 128 and 44 rows (offsets 0, 512 and 1024).
// CHECK-LABEL: func.func @dram_scratch(
// CHECK-SAME:    %[[X:[^:]+]]: memref<300x4xf32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<300x4xf32, #bir.mem<dram>>)
// CHECK:         %[[S:.*]] = bir.alloc : memref<300x4xf32, #bir.mem<dram>>
// CHECK:         %[[ET:.*]] = bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
// CHECK:         %[[E0:.*]] = bir.ap %[[ET]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[XT:.*]] = bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
// CHECK:         %[[X0SRC:.*]] = bir.ap %[[X]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[X0DST:.*]] = bir.ap %[[XT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         bir.dma %[[X0SRC]] -> %[[X0DST]] on pool
// CHECK:         %[[X0:.*]] = bir.ap %[[XT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         bir.activation exp %[[X0]] -> %[[E0]] {{.*}} on act
// CHECK:         %[[E0SRC:.*]] = bir.ap %[[ET]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[E0DST:.*]] = bir.ap %[[S]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         bir.dma %[[E0SRC]] -> %[[E0DST]] on pool
// CHECK:         %[[E1:.*]] = bir.ap %[[ET]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[X1SRC:.*]] = bir.ap %[[X]] offset 512 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[X1DST:.*]] = bir.ap %[[XT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         bir.dma %[[X1SRC]] -> %[[X1DST]] on pool
// CHECK:         %[[X1:.*]] = bir.ap %[[XT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         bir.activation exp %[[X1]] -> %[[E1]] {{.*}} on act
// CHECK:         %[[E1SRC:.*]] = bir.ap %[[ET]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         %[[E1DST:.*]] = bir.ap %[[S]] offset 512 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK:         bir.dma %[[E1SRC]] -> %[[E1DST]] on pool
// CHECK:         %[[E2:.*]] = bir.ap %[[ET]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK:         %[[X2SRC:.*]] = bir.ap %[[X]] offset 1024 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK:         %[[X2DST:.*]] = bir.ap %[[XT]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK:         bir.dma %[[X2SRC]] -> %[[X2DST]] on pool
// CHECK:         %[[X2:.*]] = bir.ap %[[XT]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK:         bir.activation exp %[[X2]] -> %[[E2]] {{.*}} on act
// CHECK:         %[[E2SRC:.*]] = bir.ap %[[ET]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK:         %[[E2DST:.*]] = bir.ap %[[S]] offset 1024 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK:         bir.dma %[[E2SRC]] -> %[[E2DST]] on pool
// The add reads the scratch back, chunk by chunk, next to the same
// chunk of x.
// CHECK:         %[[AT:.*]] = bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
// CHECK-NEXT:    %[[A0:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[ST:.*]] = bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
// CHECK-NEXT:    %[[S0SRC:.*]] = bir.ap %[[S]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[S0DST:.*]] = bir.ap %[[ST]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.dma %[[S0SRC]] -> %[[S0DST]] on pool
// CHECK-NEXT:    %[[S0:.*]] = bir.ap %[[ST]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[YT:.*]] = bir.alloc : memref<128x4xf32, #bir.mem<sbuf>>
// CHECK-NEXT:    %[[Y0SRC:.*]] = bir.ap %[[X]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[Y0DST:.*]] = bir.ap %[[YT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.dma %[[Y0SRC]] -> %[[Y0DST]] on pool
// CHECK-NEXT:    %[[Y0:.*]] = bir.ap %[[YT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.tensor_tensor add %[[S0]], %[[Y0]] -> %[[A0]] on dve
// CHECK-NEXT:    %[[A0SRC:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[O0DST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.dma %[[A0SRC]] -> %[[O0DST]] on pool
// CHECK-NEXT:    %[[A1:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[S1SRC:.*]] = bir.ap %[[S]] offset 512 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[S1DST:.*]] = bir.ap %[[ST]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.dma %[[S1SRC]] -> %[[S1DST]] on pool
// CHECK-NEXT:    %[[S1:.*]] = bir.ap %[[ST]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[Y1SRC:.*]] = bir.ap %[[X]] offset 512 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[Y1DST:.*]] = bir.ap %[[YT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.dma %[[Y1SRC]] -> %[[Y1DST]] on pool
// CHECK-NEXT:    %[[Y1:.*]] = bir.ap %[[YT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.tensor_tensor add %[[S1]], %[[Y1]] -> %[[A1]] on dve
// CHECK-NEXT:    %[[A1SRC:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    %[[O1DST:.*]] = bir.ap %[[O]] offset 512 pattern {{\[\[}}4, 128], [1, 4]]
// CHECK-NEXT:    bir.dma %[[A1SRC]] -> %[[O1DST]] on pool
// CHECK-NEXT:    %[[A2:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    %[[S2SRC:.*]] = bir.ap %[[S]] offset 1024 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    %[[S2DST:.*]] = bir.ap %[[ST]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    bir.dma %[[S2SRC]] -> %[[S2DST]] on pool
// CHECK-NEXT:    %[[S2:.*]] = bir.ap %[[ST]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    %[[Y2SRC:.*]] = bir.ap %[[X]] offset 1024 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    %[[Y2DST:.*]] = bir.ap %[[YT]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    bir.dma %[[Y2SRC]] -> %[[Y2DST]] on pool
// CHECK-NEXT:    %[[Y2:.*]] = bir.ap %[[YT]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    bir.tensor_tensor add %[[S2]], %[[Y2]] -> %[[A2]] on dve
// CHECK-NEXT:    %[[A2SRC:.*]] = bir.ap %[[AT]] offset 0 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    %[[O2DST:.*]] = bir.ap %[[O]] offset 1024 pattern {{\[\[}}4, 44], [1, 4]]
// CHECK-NEXT:    bir.dma %[[A2SRC]] -> %[[O2DST]] on pool
// CHECK-NEXT:    return
func.func @dram_scratch(%x: memref<300x4xf32>, %o: memref<300x4xf32>) {
  %t = memref.alloc() : memref<300x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<300x4xf32>) outs(%t : memref<300x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %x : memref<300x4xf32>, memref<300x4xf32>) outs(%o : memref<300x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Compute inside a runtime-trip loop runs on the loop's engine (pool, for
// i32 arithmetic): row j of the SBUF intermediate is read in place as a
// kind-2 pattern of the induction register (j * 32 elements: partition j),
// the Pool engine squares it into a tile, and a DMA the register steers
// (128 bytes a row) writes the tile to row j of the DRAM output.
// CHECK:         #[[ROWJ:.*]] = affine_map<(d0) -> (d0 * 32)>
// CHECK-LABEL: func.func @rows_in_loop(
// CHECK-SAME:    %[[X:[^:]+]]: memref<16x32xi32, #bir.mem<dram>>, %[[O:[^:]+]]: memref<16x32xi32, #bir.mem<dram>>, %[[LEN:[^:]+]]: i32)
// CHECK:         %[[N:.*]] = bir.read_var %[[LEN]] on pool
// CHECK:         %[[UB:.*]] = bir.alu_imm min %[[N]], 16 on pool
// CHECK:         %[[T:.*]] = bir.alloc : memref<16x32xi32, #bir.mem<sbuf>>
// CHECK:         bir.dma %{{.*}} -> %{{.*}} on pool
// CHECK:         bir.dynamic_for %[[J:.*]] = 0 to 1 * %[[UB]] + 0 step 1 max_trip 16 on pool {
// CHECK:           %[[RT:.*]] = bir.alloc : memref<1x32xi32, #bir.mem<sbuf>>
// CHECK:           %[[R:.*]] = bir.ap %[[RT]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:           %[[ROW:.*]] = bir.sym_ap %[[T]] offset #[[ROWJ]](%[[J]]) pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:           bir.tensor_tensor multiply %[[ROW]], %[[ROW]] -> %[[R]] on pool
// CHECK:           %[[RSRC:.*]] = bir.ap %[[RT]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:           %[[ODST:.*]] = bir.ap %[[O]] offset 0 pattern {{\[\[}}32, 1], [1, 32]]
// CHECK:           bir.tensor_copy_dynamic_dst %[[RSRC]] -> %[[ODST]] generic_addrs(%[[J]] : !bir.reg) generic_dim 0 offset_scale [128] {{.*}} on pool
// CHECK-NEXT:    }
func.func @rows_in_loop(%x: memref<16x32xi32>, %o: memref<16x32xi32>, %len: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : i32
  %b = arith.minsi %len, %c16 : i32
  %ub = arith.index_cast %b : i32 to index
  %t = memref.alloc() : memref<16x32xi32>
  memref.copy %x, %t : memref<16x32xi32> to memref<16x32xi32>
  scf.for %j = %c0 to %ub step %c1 {
    %row = memref.subview %t[%j, 0] [1, 32] [1, 1] : memref<16x32xi32> to memref<1x32xi32, strided<[32, 1], offset: ?>>
    %out = memref.subview %o[%j, 0] [1, 32] [1, 1] : memref<16x32xi32> to memref<1x32xi32, strided<[32, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                    iterator_types = ["parallel", "parallel"]}
        ins(%row : memref<1x32xi32, strided<[32, 1], offset: ?>>) outs(%out : memref<1x32xi32, strided<[32, 1], offset: ?>>) {
    ^bb0(%a: i32, %z: i32):
      %s = arith.muli %a, %a : i32
      linalg.yield %s : i32
    }
  }
  return
}
