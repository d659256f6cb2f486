// Tensor compute the engines run, beyond the attention step.

// A sum over a bounded dim of up to 200 rows: the padder masks rows >= n
// with 0; the rows go along the free elements (the columns are the output's
// partitions), so the input is staged transposed.
func.func @bounded_sum(%x: tensor<?x16xf32, #dynshape.bounds<200, ?>>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %s = linalg.reduce ins(%x : tensor<?x16xf32, #dynshape.bounds<200, ?>>)
      outs(%init : tensor<16xf32>) dimensions = [0]
    (%a: f32, %acc: f32) {
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
  return %s : tensor<16xf32>
}

// An elementwise op on a row sliced at a runtime position.
func.func @row_op(%x: tensor<8x32xf32>, %i: i32) -> tensor<1x32xf32> {
  %c0 = arith.constant 0 : i32
  %two = arith.constant 2.0 : f32
  %row = dynshape.dynamic_slice %x[%i, %c0] sizes [1, 32]
      : tensor<8x32xf32> -> tensor<1x32xf32>
  %e = math.exp %row : tensor<1x32xf32>
  %t = tensor.empty() : tensor<1x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%e : tensor<1x32xf32>) outs(%t : tensor<1x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %two : f32
    %s = arith.subf %m, %a : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  return %r : tensor<1x32xf32>
}

// A bf16 dot product over a bounded dim with f32 accumulation: y = x . W
// over the n valid rows.
func.func @dot_bf16(%x: tensor<?xbf16, #dynshape.bounds<128>>,
                    %w: tensor<?x64xbf16, #dynshape.bounds<128, ?>>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(j, i) -> (i)>,
                                        affine_map<(j, i) -> (i, j)>,
                                        affine_map<(j, i) -> (j)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<?xbf16, #dynshape.bounds<128>>, tensor<?x64xbf16, #dynshape.bounds<128, ?>>)
      outs(%init : tensor<64xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %fa = arith.extf %a : bf16 to f32
    %fb = arith.extf %b : bf16 to f32
    %p = arith.mulf %fa, %fb : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// Tiling: 300 rows in chunks of 128 partitions, and a matmul with 130 rows,
// a 200-deep contraction (two accumulating chunks) and 600 columns (two
// PSUM banks).
func.func @tiled(%a: tensor<300x16xf32>, %l: tensor<130x200xf32>,
                 %r: tensor<200x600xf32>) -> (tensor<300x16xf32>, tensor<130x600xf32>) {
  %e = math.exp %a : tensor<300x16xf32>
  %zero = arith.constant 0.5 : f32
  %c = tensor.empty() : tensor<130x600xf32>
  %init = linalg.fill ins(%zero : f32) outs(%c : tensor<130x600xf32>) -> tensor<130x600xf32>
  %p = linalg.matmul ins(%l, %r : tensor<130x200xf32>, tensor<200x600xf32>)
      outs(%init : tensor<130x600xf32>) -> tensor<130x600xf32>
  return %e, %p : tensor<300x16xf32>, tensor<130x600xf32>
}

// linalg.map and a transpose of f16 tensors, then an f16 row sum into f32.
func.func @map_f16(%a: tensor<4x8xf16>, %b: tensor<4x8xf16>) -> (tensor<4x8xf16>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<4x8xf16>
  %r = linalg.map ins(%a, %b : tensor<4x8xf16>, tensor<4x8xf16>) outs(%e : tensor<4x8xf16>)
    (%x: f16, %y: f16, %out: f16) {
      %m = arith.mulf %x, %y : f16
      %s = arith.addf %m, %x : f16
      linalg.yield %s : f16
    }
  %t = tensor.empty() : tensor<8x4xf16>
  %tr = linalg.transpose ins(%r : tensor<4x8xf16>) outs(%t : tensor<8x4xf16>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8xf32>
  %oi = linalg.fill ins(%z : f32) outs(%o : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.reduce ins(%tr : tensor<8x4xf16>) outs(%oi : tensor<8xf32>) dimensions = [1]
    (%x: f16, %acc: f32) {
      %w = arith.extf %x : f16 to f32
      %s = arith.addf %w, %acc : f32
      linalg.yield %s : f32
    }
  return %r, %sum : tensor<4x8xf16>, tensor<8xf32>
}

// An intermediate of 300 rows, more than an SBUF location's 128
// partitions: DRAM scratch that each op stages through SBUF tiles. (It has
// two readers, so dyn-fuse-elementwise leaves it.)
func.func @scratch(%a: tensor<300x16xf32>, %b: tensor<300x16xf32>) -> (tensor<300x16xf32>, tensor<300x16xf32>) {
  %e = math.exp %a : tensor<300x16xf32>
  %s = arith.addf %e, %b : tensor<300x16xf32>
  %m = arith.mulf %e, %b : tensor<300x16xf32>
  return %s, %m : tensor<300x16xf32>, tensor<300x16xf32>
}
