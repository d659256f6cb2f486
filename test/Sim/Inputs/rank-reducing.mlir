// Rank-reducing slices that feed compute, and a broadcast through a
// constant index in an indexing map (rank-reducing-slices.test).

// One row of a matrix, then elementwise compute.
func.func @row(%x: tensor<8x4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %row = tensor.extract_slice %x[2, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
  %e = math.exp %row : tensor<4xf32>
  %r = arith.addf %e, %y : tensor<4xf32>
  return %r : tensor<4xf32>
}

// The same row at a runtime index.
func.func @row_at(%x: tensor<8x4xf32>, %y: tensor<4xf32>, %j: i32) -> tensor<4xf32> {
  %i = arith.index_cast %j : i32 to index
  %row = tensor.extract_slice %x[%i, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
  %e = math.exp %row : tensor<4xf32>
  %r = arith.addf %e, %y : tensor<4xf32>
  return %r : tensor<4xf32>
}

// A middle dim dropped at a runtime index, the result written back into a
// plane of another tensor by a rank-reducing insert_slice.
func.func @plane(%x: tensor<2x3x4xf32>, %acc: tensor<3x2x4xf32>, %j: i32) -> tensor<3x2x4xf32> {
  %i = arith.index_cast %j : i32 to index
  %p = tensor.extract_slice %x[0, %i, 0] [2, 1, 4] [1, 1, 1] : tensor<2x3x4xf32> to tensor<2x4xf32>
  %e = math.exp %p : tensor<2x4xf32>
  %r = tensor.insert_slice %e into %acc[%i, 0, 0] [1, 2, 4] [1, 1, 1] : tensor<2x4xf32> into tensor<3x2x4xf32>
  return %r : tensor<3x2x4xf32>
}

// A [1, 4] row broadcast over 3 rows through a constant index.
func.func @bcast(%r: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(h, d) -> (0, d)>, affine_map<(h, d) -> (h, d)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<1x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<3x4xf32>
  return %b : tensor<3x4xf32>
}

// A reshape round trip: rows of 4 collapsed to 12, scaled, expanded back.
func.func @reshape(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
  %e = math.exp %c : tensor<12xf32>
  %r = tensor.expand_shape %e [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// Every other row: a strided slice, then compute.
func.func @strided(%x: tensor<8x4xf32>) -> tensor<4x4xf32> {
  %s = tensor.extract_slice %x[1, 0] [4, 4] [2, 1] : tensor<8x4xf32> to tensor<4x4xf32>
  %e = math.exp %s : tensor<4x4xf32>
  return %e : tensor<4x4xf32>
}

// A dense view at offset 0 returned as it is: the function returns a copy.
func.func @first_row(%x: tensor<8x8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %v = tensor.extract_slice %x[0, 0] [1, 8] [1, 1] : tensor<8x8xf32> to tensor<8xf32>
  %r = arith.addf %v, %y : tensor<8xf32>
  return %r : tensor<8xf32>
}

// Indexing maps that are not projected permutations: row 1 broadcast, and
// a sliding window (h + d).
func.func @bcast_row1(%r: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(h, d) -> (1, d)>, affine_map<(h, d) -> (h, d)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<2x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<3x4xf32>
  return %b : tensor<3x4xf32>
}

func.func @window(%r: tensor<8xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(h, d) -> (h + d)>, affine_map<(h, d) -> (h, d)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<8xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<3x4xf32>
  return %b : tensor<3x4xf32>
}

// A fuzzer find: a unit dim kept, another dropped, and an offset that
// folds to a constant late (upstream's canonicalizer reordered the sizes).
func.func @late_constant(%x: tensor<1x16x8xf32>, %y: tensor<1x16xf32>, %j: i32) -> tensor<1x16xf32> {
  %c0 = arith.constant 0 : i32
  %z = arith.index_cast %c0 : i32 to index
  %i = arith.index_cast %j : i32 to index
  %s = tensor.extract_slice %x[0, %z, %i] [1, 16, 1] [1, 1, 1] : tensor<1x16x8xf32> to tensor<1x16xf32>
  %r = arith.addf %y, %s : tensor<1x16xf32>
  return %r : tensor<1x16xf32>
}

// A fuzzer find: a row of a computed tile, sliced rank-reducing, walks along
// a partition: it is staged, not read in place as if it were partitions.
func.func @row_of_tile(%a: tensor<8x128xf32>, %b: tensor<128x64xf32>) -> tensor<14xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %v = linalg.matmul ins(%a, %b : tensor<8x128xf32>, tensor<128x64xf32>) outs(%i : tensor<8x64xf32>) -> tensor<8x64xf32>
  %s = tensor.extract_slice %v[3, 46] [1, 14] [1, 1] : tensor<8x64xf32> to tensor<14xf32>
  %r = math.exp %s : tensor<14xf32>
  return %r : tensor<14xf32>
}
