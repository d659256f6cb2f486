// Upstream tensor.extract_slice / insert_slice with runtime offsets and
// sizes, and tensor.dim, on bounded tensors.
// Extract a runtime window of a bounded history: rows [o, o + n).
func.func @window(%t: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %o: i32, %n: i32) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %oi = arith.index_cast %o : i32 to index
  %ni = arith.index_cast %n : i32 to index
  %s = tensor.extract_slice %t[%oi, 0] [%ni, 8] [1, 1] : tensor<?x8xf32, #dynshape.bounds<16, ?>> to tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %s : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}
// The first n rows: one window, no loop.
func.func @prefix(%t: tensor<16x8xf32>, %n: i32) -> tensor<?x8xf32, #dynshape.bounds<4, ?>> {
  %ni = arith.index_cast %n : i32 to index
  %s = tensor.extract_slice %t[0, 0] [%ni, 8] [1, 1] : tensor<16x8xf32> to tensor<?x8xf32, #dynshape.bounds<4, ?>>
  return %s : tensor<?x8xf32, #dynshape.bounds<4, ?>>
}
// Static-size rows at a runtime offset of a bounded tensor, and tensor.dim.
func.func @rows(%t: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %o: index) -> (tensor<2x8xf32>, index) {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%o, 0] [2, 8] [1, 1] : tensor<?x8xf32, #dynshape.bounds<16, ?>> to tensor<2x8xf32>
  %d = tensor.dim %t, %c0 : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %s, %d : tensor<2x8xf32>, index
}
// Append n new rows at a runtime position of a cache.
func.func @append(%cache: tensor<16x8xf32>, %new: tensor<?x8xf32, #dynshape.bounds<4, ?>>, %pos: index) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %new, %c0 : tensor<?x8xf32, #dynshape.bounds<4, ?>>
  %w = tensor.insert_slice %new into %cache[%pos, 0] [%n, 8] [1, 1] : tensor<?x8xf32, #dynshape.bounds<4, ?>> into tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}
// Write the first rows: the window of the bound fits at offset 0.
func.func @head(%cache: tensor<?x8xf32, #dynshape.bounds<16, ?>>, %new: tensor<?x8xf32, #dynshape.bounds<4, ?>>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %new, %c0 : tensor<?x8xf32, #dynshape.bounds<4, ?>>
  %w = tensor.insert_slice %new into %cache[0, 0] [%n, 8] [1, 1] : tensor<?x8xf32, #dynshape.bounds<4, ?>> into tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %w : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}
