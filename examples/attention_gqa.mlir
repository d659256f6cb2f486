// One grouped-query attention decode step at Llama-3-8B sizes: 32 query
// heads of 128 values in 8 groups of 4, each group sharing one head of a
// bf16 KV cache bounded at 4,096 positions. The step writes this token's K
// and V at the runtime position %pos, then attends over the cache's
// runtime length n.
//
// dynshape-pad-to-bound pads the caches to 4,096 rows and masks the
// reductions over them. dynshape-tile-bounded (the default,
// bounded-compute=tiled) then runs every op along those rows in a runtime
// loop of ceil(n / 128) trips: the work and the bytes moved follow n, not
// the bound. With bounded-compute=full they cover all 4,096 rows at every n.
//
//   dyn-opt examples/attention_gqa.mlir --lower-to-addr4 \
//     | dyn-translate --serialize-addr4 -o attention_gqa.addr4
//   dyn-sim examples/attention_gqa.mlir --entry attention_gqa --compare

#rows = #dynshape.bounds<?, 4096, ?>
#cols = #dynshape.bounds<?, ?, 4096>

func.func @attention_gqa(%q: tensor<8x4x128xbf16>,
                         %kc: tensor<8x?x128xbf16, #rows>,
                         %vc: tensor<8x?x128xbf16, #rows>,
                         %k: tensor<8x1x128xbf16>, %v: tensor<8x1x128xbf16>,
                         %pos: i32)
    -> (tensor<8x4x128xf32>, tensor<8x?x128xbf16, #rows>,
        tensor<8x?x128xbf16, #rows>) {
  %c0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %kc1 = dynshape.dynamic_update_slice %k into %kc[%c0, %pos, %c0]
      : tensor<8x1x128xbf16> into tensor<8x?x128xbf16, #rows>
  %vc1 = dynshape.dynamic_update_slice %v into %vc[%c0, %pos, %c0]
      : tensor<8x1x128xbf16> into tensor<8x?x128xbf16, #rows>

  // s[g, h, j] = q[g, h] . K[g, j]: each group's 4 heads against its
  // shared K rows.
  %n = tensor.dim %kc1, %i1 : tensor<8x?x128xbf16, #rows>
  %se = tensor.empty(%n) : tensor<8x4x?xf32, #cols>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<8x4x?xf32, #cols>)
      -> tensor<8x4x?xf32, #cols>
  %s = linalg.batch_matmul
      indexing_maps = [affine_map<(g, h, j, d) -> (g, h, d)>,
                       affine_map<(g, h, j, d) -> (g, j, d)>,
                       affine_map<(g, h, j, d) -> (g, h, j)>]
      ins(%q, %kc1 : tensor<8x4x128xbf16>, tensor<8x?x128xbf16, #rows>)
      outs(%s0 : tensor<8x4x?xf32, #cols>) -> tensor<8x4x?xf32, #cols>

  // softmax(s / sqrt(128)) over the n valid positions, as
  // exp((s - max s) / sqrt(128)) / sum: one Activation instruction
  %re = tensor.empty() : tensor<8x4xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%re : tensor<8x4xf32>) -> tensor<8x4xf32>
  %m = linalg.reduce ins(%s : tensor<8x4x?xf32, #cols>)
      outs(%m0 : tensor<8x4xf32>) dimensions = [2]
    (%x: f32, %acc: f32) {
      %r = arith.maximumf %x, %acc : f32
      linalg.yield %r : f32
    }
  %mb = linalg.broadcast ins(%m : tensor<8x4xf32>)
      outs(%se : tensor<8x4x?xf32, #cols>) dimensions = [2]
  %d = arith.subf %s, %mb : tensor<8x4x?xf32, #cols>
  %scale = arith.constant 0.08838834764831845 : f32
  %sc = linalg.fill ins(%scale : f32) outs(%se : tensor<8x4x?xf32, #cols>)
      -> tensor<8x4x?xf32, #cols>
  %ds = arith.mulf %d, %sc : tensor<8x4x?xf32, #cols>
  %e = math.exp %ds : tensor<8x4x?xf32, #cols>
  %z0 = linalg.fill ins(%zero : f32) outs(%re : tensor<8x4xf32>) -> tensor<8x4xf32>
  %sum = linalg.reduce ins(%e : tensor<8x4x?xf32, #cols>)
      outs(%z0 : tensor<8x4xf32>) dimensions = [2]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  %sb = linalg.broadcast ins(%sum : tensor<8x4xf32>)
      outs(%se : tensor<8x4x?xf32, #cols>) dimensions = [2]
  %p = arith.divf %e, %sb : tensor<8x4x?xf32, #cols>

  // out[g, h] = p[g, h] . V[g]
  %oe = tensor.empty() : tensor<8x4x128xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<8x4x128xf32>)
      -> tensor<8x4x128xf32>
  %o = linalg.batch_matmul
      ins(%p, %vc1 : tensor<8x4x?xf32, #cols>, tensor<8x?x128xbf16, #rows>)
      outs(%o0 : tensor<8x4x128xf32>) -> tensor<8x4x128xf32>
  return %o, %kc1, %vc1 : tensor<8x4x128xf32>, tensor<8x?x128xbf16, #rows>,
                          tensor<8x?x128xbf16, #rows>
}
