// On-chip DMA sides that step one element across locations of one element
// per partition (a rank-1 SBUF tensor, an Nx1 one): each element is in the
// next partition, so the simulator must not copy the run as one block
// (found by the compute fuzzer).

// A sum over dim 0 of an on-chip 3x1 tensor.
func.func @reduce_dim0(%arg0: tensor<3x1xf32>) -> tensor<1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x1xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<3x1xf32>) outs(%e : tensor<3x1xf32>) { ^bb0(%a: f32, %o: f32): %x = arith.addf %a, %a : f32  linalg.yield %x : f32 } -> tensor<3x1xf32>
  %e5 = tensor.empty() : tensor<1xf32>
  %i6 = linalg.fill ins(%z : f32) outs(%e5 : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.reduce ins(%v : tensor<3x1xf32>) outs(%i6 : tensor<1xf32>) dimensions = [0] (%b8: f32, %b9: f32) { %b10 = arith.addf %b9, %b8 : f32  linalg.yield %b10 : f32 }
  return %r : tensor<1xf32>
}

// A matmul with a contraction of 1 whose left side is on chip.
func.func @matmul_k1(%arg0: tensor<2x1xf32>, %arg4: tensor<1x2xf32>) -> tensor<2x2xf32> {
  %cf12 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x1xf32>
  %v8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x1xf32>) outs(%e : tensor<2x1xf32>) { ^bb0(%a: f32, %o: f32): %x = arith.addf %a, %a : f32  linalg.yield %x : f32 } -> tensor<2x1xf32>
  %e10 = tensor.empty() : tensor<2x2xf32>
  %i11 = linalg.fill ins(%cf12 : f32) outs(%e10 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %v13 = linalg.matmul ins(%v8, %arg4 : tensor<2x1xf32>, tensor<1x2xf32>) outs(%i11 : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %v13 : tensor<2x2xf32>
}

// A runtime slice of an on-chip rank-1 tensor.
func.func @slice_1d(%a: tensor<4xf32>, %i: i32) -> tensor<2xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) { ^bb0(%v: f32, %o: f32): %y = arith.addf %v, %v : f32  linalg.yield %y : f32 } -> tensor<4xf32>
  %s = dynshape.dynamic_slice %x[%i] sizes [2] : tensor<4xf32> -> tensor<2xf32>
  return %s : tensor<2xf32>
}
