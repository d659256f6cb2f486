// The attention decode step of examples/attention_decode.mlir with 8 heads:
// the caches are [8, n, 64] with n <= 128 shared by every head, so the
// padder masks one bounded dim for all of them. The heads are a static
// batch dim: the softmax runs with one head per partition, and each head's
// matmuls are separate PE instructions.
//
//   dyn-sim examples/attention_decode_heads.mlir --entry attention_heads --compare

#rows = #dynshape.bounds<?, 128, ?>
#cols = #dynshape.bounds<?, ?, 128>

func.func @attention_heads(%q: tensor<8x1x64xf32>,
                           %kc: tensor<8x?x64xf32, #rows>,
                           %vc: tensor<8x?x64xf32, #rows>,
                           %k: tensor<8x1x64xf32>, %v: tensor<8x1x64xf32>,
                           %pos: i32)
    -> (tensor<8x1x64xf32>, tensor<8x?x64xf32, #rows>,
        tensor<8x?x64xf32, #rows>) {
  %c0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %kc1 = dynshape.dynamic_update_slice %k into %kc[%c0, %pos, %c0]
      : tensor<8x1x64xf32> into tensor<8x?x64xf32, #rows>
  %vc1 = dynshape.dynamic_update_slice %v into %vc[%c0, %pos, %c0]
      : tensor<8x1x64xf32> into tensor<8x?x64xf32, #rows>

  // scores[h, 0, j] = sum_d q[h, 0, d] * K[h, j, d]: a transposed batch
  // matmul written as a generic.
  %n = tensor.dim %kc1, %i1 : tensor<8x?x64xf32, #rows>
  %se = tensor.empty(%n) : tensor<8x1x?xf32, #cols>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<8x1x?xf32, #cols>)
      -> tensor<8x1x?xf32, #cols>
  %s = linalg.generic {
      indexing_maps = [affine_map<(h, m, j, d) -> (h, m, d)>,
                       affine_map<(h, m, j, d) -> (h, j, d)>,
                       affine_map<(h, m, j, d) -> (h, m, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %kc1 : tensor<8x1x64xf32>, tensor<8x?x64xf32, #rows>)
      outs(%s0 : tensor<8x1x?xf32, #cols>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %p = arith.mulf %a, %b : f32
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
  } -> tensor<8x1x?xf32, #cols>

  %re = tensor.empty() : tensor<8x1xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%re : tensor<8x1xf32>) -> tensor<8x1xf32>
  %m = linalg.reduce ins(%s : tensor<8x1x?xf32, #cols>)
      outs(%m0 : tensor<8x1xf32>) dimensions = [2]
    (%x: f32, %acc: f32) {
      %r = arith.maximumf %x, %acc : f32
      linalg.yield %r : f32
    }
  %mb = linalg.broadcast ins(%m : tensor<8x1xf32>)
      outs(%se : tensor<8x1x?xf32, #cols>) dimensions = [2]
  %d = arith.subf %s, %mb : tensor<8x1x?xf32, #cols>
  %e = math.exp %d : tensor<8x1x?xf32, #cols>
  %z0 = linalg.fill ins(%zero : f32) outs(%re : tensor<8x1xf32>) -> tensor<8x1xf32>
  %sum = linalg.reduce ins(%e : tensor<8x1x?xf32, #cols>)
      outs(%z0 : tensor<8x1xf32>) dimensions = [2]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  %sb = linalg.broadcast ins(%sum : tensor<8x1xf32>)
      outs(%se : tensor<8x1x?xf32, #cols>) dimensions = [2]
  %p = arith.divf %e, %sb : tensor<8x1x?xf32, #cols>

  %oe = tensor.empty() : tensor<8x1x64xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<8x1x64xf32>)
      -> tensor<8x1x64xf32>
  %o = linalg.batch_matmul
      ins(%p, %vc1 : tensor<8x1x?xf32, #cols>, tensor<8x?x64xf32, #rows>)
      outs(%o0 : tensor<8x1x64xf32>) -> tensor<8x1x64xf32>
  return %o, %kc1, %vc1 : tensor<8x1x64xf32>, tensor<8x?x64xf32, #rows>,
                          tensor<8x?x64xf32, #rows>
}
