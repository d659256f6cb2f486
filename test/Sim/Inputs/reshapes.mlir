// Reshapes as views (docs/ExecutionModel.md): expand_shape and
// collapse_shape fold into the access patterns of the ops that read or
// write them, with no copy.

// Heads: a [1, 64] row split into [4, 16] (expand then drop the unit dim).
func.func @heads(%x: tensor<1x64xf32>, %w: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %h = tensor.expand_shape %x [[0], [1, 2]] output_shape [1, 4, 16]
      : tensor<1x64xf32> into tensor<1x4x16xf32>
  %r = tensor.collapse_shape %h [[0, 1], [2]]
      : tensor<1x4x16xf32> into tensor<4x16xf32>
  %e = tensor.empty() : tensor<4x16xf32>
  %m = linalg.mul ins(%r, %w : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}

// Heads back to a row, into a matmul: [4, 16] -> [1, 64] times [64, 8].
func.func @merge_into_matmul(%h: tensor<4x16xf32>, %w: tensor<64x8xf32>) -> tensor<1x8xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %t = linalg.exp ins(%h : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = tensor.collapse_shape %t [[0, 1]] : tensor<4x16xf32> into tensor<64xf32>
  %row = tensor.expand_shape %r [[0, 1]] output_shape [1, 64] : tensor<64xf32> into tensor<1x64xf32>
  %z = tensor.empty() : tensor<1x8xf32>
  %c0 = arith.constant 0.0 : f32
  %i = linalg.fill ins(%c0 : f32) outs(%z : tensor<1x8xf32>) -> tensor<1x8xf32>
  %m = linalg.matmul ins(%row, %w : tensor<1x64xf32>, tensor<64x8xf32>) outs(%i : tensor<1x8xf32>) -> tensor<1x8xf32>
  return %m : tensor<1x8xf32>
}

// A table row at a runtime position, collapsed to 1-D and broadcast.
func.func @runtime_row(%t: tensor<32x8xf32>, %pos: i32) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_slice %t[%pos, %c0] sizes [1, 8] : tensor<32x8xf32> -> tensor<1x8xf32>
  %v = tensor.collapse_shape %r [[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %b = linalg.broadcast ins(%v : tensor<8xf32>) outs(%e : tensor<4x8xf32>) dimensions = [0]
  return %b : tensor<4x8xf32>
}

// A slice of an expanded view: the second half of each head (rotate-half).
func.func @half_of_heads(%x: tensor<1x64xf32>) -> tensor<4x8xf32> {
  %h = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 1, 64]
      : tensor<1x64xf32> into tensor<1x1x64xf32>
  %r = tensor.collapse_shape %h [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
  %q = tensor.expand_shape %r [[0, 1]] output_shape [4, 16] : tensor<64xf32> into tensor<4x16xf32>
  %s = tensor.extract_slice %q[0, 8] [4, 8] [1, 1] : tensor<4x16xf32> to tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %n = arith.negf %s : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// A returned reshape of an argument is a tensor of its own (a copy).
func.func @returned(%x: tensor<2x8xf32>) -> tensor<16xf32> {
  %r = tensor.collapse_shape %x [[0, 1]] : tensor<2x8xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// Written through a reshape: an update into an expanded view.
func.func @write_through(%c: tensor<4x16xf32>, %u: tensor<16xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %x = linalg.exp ins(%u : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %w = tensor.insert_slice %x into %c[2, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<4x16xf32>
  %r = tensor.collapse_shape %w [[0, 1]] : tensor<4x16xf32> into tensor<64xf32>
  return %r : tensor<64xf32>
}

// A runtime offset on a reshaped view: row %pos of the second of four
// [8, 8] tables stacked in a [32, 8] tensor.
func.func @runtime_row_of_reshape(%t: tensor<32x8xf32>, %pos: i32) -> tensor<1x8xf32> {
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [4, 8, 8]
      : tensor<32x8xf32> into tensor<4x8x8xf32>
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %r = dynshape.dynamic_slice %e[%c1, %pos, %c0] sizes [1, 1, 8] : tensor<4x8x8xf32> -> tensor<1x1x8xf32>
  %v = tensor.collapse_shape %r [[0, 1], [2]] : tensor<1x1x8xf32> into tensor<1x8xf32>
  %z = tensor.empty() : tensor<1x8xf32>
  %x = linalg.exp ins(%v : tensor<1x8xf32>) outs(%z : tensor<1x8xf32>) -> tensor<1x8xf32>
  return %x : tensor<1x8xf32>
}
