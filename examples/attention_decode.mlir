// One attention decode step of a transformer layer, single head, as a front
// end emits it with a bounded KV cache (at most 128 positions of 64 values):
//   (i)   write this step's K and V rows into the caches at the runtime
//         position %pos (dynamic_update_slice: a runtime OFFSET, clamped so
//         the row fits);
//   (ii)  scores = q . K^T over the cache's runtime length n;
//   (iii) softmax over those n scores (row max, exp, sum, divide);
//   (iv)  out = p . V.
// dynshape-pad-to-bound pads the caches to 128 rows and masks every
// reduction over them with its identity (-inf for the max, 0 for the sum
// and the p . V contraction), so the padding never reaches `out`.
//
//   dyn-opt examples/attention_decode.mlir --lower-to-addr4 \
//     | dyn-translate --serialize-addr4 -o attention.addr4
//   dyn-sim examples/attention_decode.mlir --entry attention_f32 --compare

#rows = #dynshape.bounds<128, ?>
#cols = #dynshape.bounds<?, 128>

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

// The same step with bf16 caches and query: the scores are bf16 x bf16
// products accumulated in f32 (the PE array reads bf16), the softmax runs in
// f32, and p . V multiplies f32 probabilities by bf16 values into f32.
func.func @attention_bf16(%q: tensor<1x64xbf16>,
                          %kc: tensor<?x64xbf16, #rows>,
                          %vc: tensor<?x64xbf16, #rows>,
                          %k: tensor<1x64xbf16>, %v: tensor<1x64xbf16>,
                          %pos: i32)
    -> (tensor<1x64xf32>, tensor<?x64xbf16, #rows>, tensor<?x64xbf16, #rows>) {
  %c0 = arith.constant 0 : i32
  %i0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %kc1 = dynshape.dynamic_update_slice %k into %kc[%pos, %c0]
      : tensor<1x64xbf16> into tensor<?x64xbf16, #rows>
  %vc1 = dynshape.dynamic_update_slice %v into %vc[%pos, %c0]
      : tensor<1x64xbf16> into tensor<?x64xbf16, #rows>
  %n = tensor.dim %kc1, %i0 : tensor<?x64xbf16, #rows>
  %se = tensor.empty(%n) : tensor<1x?xf32, #cols>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<1x?xf32, #cols>)
      -> tensor<1x?xf32, #cols>
  %s = linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%q, %kc1 : tensor<1x64xbf16>, tensor<?x64xbf16, #rows>)
      outs(%s0 : tensor<1x?xf32, #cols>) -> tensor<1x?xf32, #cols>
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
  %oe = tensor.empty() : tensor<1x64xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x64xf32>)
      -> tensor<1x64xf32>
  %o = linalg.matmul ins(%p, %vc1 : tensor<1x?xf32, #cols>, tensor<?x64xbf16, #rows>)
      outs(%o0 : tensor<1x64xf32>) -> tensor<1x64xf32>
  return %o, %kc1, %vc1
      : tensor<1x64xf32>, tensor<?x64xbf16, #rows>, tensor<?x64xbf16, #rows>
}
