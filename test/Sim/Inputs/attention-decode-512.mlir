// The single-head f32 attention step of examples/attention_decode.mlir
// with a cache of up to 512 rows: the masks fold into the ops that read
// them (a 512-row masked V never exists on chip), the scores fill one PSUM
// bank, and p . V accumulates four 128-row chunks of the contraction.

#rows = #dynshape.bounds<512, ?>
#cols = #dynshape.bounds<?, 512>

func.func @attention_f32(%q: tensor<1x64xf32>,
                         %kc: tensor<?x64xf32, #rows>,
                         %vc: tensor<?x64xf32, #rows>,
                         %k: tensor<1x64xf32>, %v: tensor<1x64xf32>,
                         %pos: i32)
    -> (tensor<1x64xf32>, tensor<?x64xf32, #rows>, tensor<?x64xf32, #rows>) {
  %c0 = arith.constant 0 : i32
  %i0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %kc1 = dynshape.dynamic_update_slice %k into %kc[%pos, %c0]
      : tensor<1x64xf32> into tensor<?x64xf32, #rows>
  %vc1 = dynshape.dynamic_update_slice %v into %vc[%pos, %c0]
      : tensor<1x64xf32> into tensor<?x64xf32, #rows>

  // scores[0, j] = sum_d q[0, d] * K[j, d]
  %n = tensor.dim %kc1, %i0 : tensor<?x64xf32, #rows>
  %se = tensor.empty(%n) : tensor<1x?xf32, #cols>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<1x?xf32, #cols>)
      -> tensor<1x?xf32, #cols>
  %s = linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%q, %kc1 : tensor<1x64xf32>, tensor<?x64xf32, #rows>)
      outs(%s0 : tensor<1x?xf32, #cols>) -> tensor<1x?xf32, #cols>

  // softmax over the n valid scores
  %re = tensor.empty() : tensor<1xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%re : tensor<1xf32>) -> tensor<1xf32>
  %m = linalg.reduce ins(%s : tensor<1x?xf32, #cols>) outs(%m0 : tensor<1xf32>)
      dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.maximumf %x, %acc : f32
      linalg.yield %r : f32
    }
  %mb = linalg.broadcast ins(%m : tensor<1xf32>)
      outs(%se : tensor<1x?xf32, #cols>) dimensions = [1]
  %d = arith.subf %s, %mb : tensor<1x?xf32, #cols>
  %e = math.exp %d : tensor<1x?xf32, #cols>
  %z0 = linalg.fill ins(%zero : f32) outs(%re : tensor<1xf32>) -> tensor<1xf32>
  %sum = linalg.reduce ins(%e : tensor<1x?xf32, #cols>) outs(%z0 : tensor<1xf32>)
      dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  %sb = linalg.broadcast ins(%sum : tensor<1xf32>)
      outs(%se : tensor<1x?xf32, #cols>) dimensions = [1]
  %p = arith.divf %e, %sb : tensor<1x?xf32, #cols>

  // out = p . V
  %oe = tensor.empty() : tensor<1x64xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x64xf32>)
      -> tensor<1x64xf32>
  %o = linalg.matmul ins(%p, %vc1 : tensor<1x?xf32, #cols>, tensor<?x64xf32, #rows>)
      outs(%o0 : tensor<1x64xf32>) -> tensor<1x64xf32>
  return %o, %kc1, %vc1
      : tensor<1x64xf32>, tensor<?x64xf32, #rows>, tensor<?x64xf32, #rows>
}

