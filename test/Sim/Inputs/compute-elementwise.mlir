// Elementwise compute on tensors, lowered to the engines: each operand is
// copied on chip by DMA, add and max run on the Vector engine, exp on the
// Activation engine, and the result goes back to DRAM.
func.func @ew(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = arith.addf %a, %b : tensor<4x8xf32>
  %m = arith.maximumf %r, %b : tensor<4x8xf32>
  %e = math.exp %m : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}

// 128 rows: one partition each.
func.func @rows(%a: tensor<128x16xf32>, %b: tensor<128x16xf32>) -> tensor<128x16xf32> {
  %d = arith.subf %a, %b : tensor<128x16xf32>
  %p = arith.mulf %d, %d : tensor<128x16xf32>
  %q = arith.minimumf %p, %a : tensor<128x16xf32>
  return %q : tensor<128x16xf32>
}

// A bounded tensor: the reference computes its valid rows, the engines the
// whole padded tile (whose padding rows are padding of the result).
func.func @bounded(%x: tensor<?x8xf32, #dynshape.bounds<16, ?>>) -> tensor<?x8xf32, #dynshape.bounds<16, ?>> {
  %e = math.exp %x : tensor<?x8xf32, #dynshape.bounds<16, ?>>
  return %e : tensor<?x8xf32, #dynshape.bounds<16, ?>>
}

// (a + b) - a on bf16 in one body: the sum is rounded to bf16 before the
// subtraction (256 + 1 is 256), as arith.addf on bf16 defines.
func.func @bf16_cancel(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
  %e = tensor.empty() : tensor<4xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xbf16>, tensor<4xbf16>) outs(%e : tensor<4xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    %d = arith.subf %s, %x : bf16
    linalg.yield %d : bf16
  } -> tensor<4xbf16>
  return %r : tensor<4xbf16>
}
