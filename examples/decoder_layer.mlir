// One decode step of a small Llama-style decoder layer, written as an ML
// compiler user would write it: linalg/tensor/arith/math ops on tensors, plus
// dynshape ops for the runtime position and the bounded KV cache.
//
//   d_model 64, 4 query heads of head_dim 16, 2 KV heads (grouped-query
//   attention: query head h reads KV head h / 2), MLP hidden 128, KV cache of
//   at most 32 rows per KV head, one token, f32 throughout.
//
//   h   = x + Wo . attn(rope(rmsnorm(x) . Wq), rope(rmsnorm(x) . Wk), rmsnorm(x) . Wv)
//   out = h + Wd . (silu(rmsnorm(h) . Wg) * (rmsnorm(h) . Wu))
//
// The new K/V rows are written into the caches at the runtime position %pos
// (clamped so the row fits) and attention runs over the valid length
// n = pos + 1: set_dimension_size gives the caches a bounded dynamic row dim,
// and dynshape-pad-to-bound masks every reduction over it with its identity.
//
//   dyn-opt examples/decoder_layer.mlir --lower-to-addr4
//   dyn-sim examples/decoder_layer.mlir --entry decoder_layer --compare
//   python3 examples/decoder_layer_reference.py      # float64 NumPy check

#kvn = #dynshape.bounds<?, 32, ?>        // [kv head, n <= 32, head_dim]
#sn = #dynshape.bounds<?, ?, 32>         // [kv head, rep, n <= 32]

func.func @decoder_layer(%x: tensor<1x64xf32>,
                         %attn_norm: tensor<1x64xf32>,
                         %wq: tensor<64x64xf32>,
                         %wk: tensor<64x32xf32>,
                         %wv: tensor<64x32xf32>,
                         %cos: tensor<32x8xf32>,
                         %sin: tensor<32x8xf32>,
                         %kcache: tensor<2x32x16xf32>,
                         %vcache: tensor<2x32x16xf32>,
                         %wo: tensor<64x64xf32>,
                         %mlp_norm: tensor<1x64xf32>,
                         %wg: tensor<64x128xf32>,
                         %wu: tensor<64x128xf32>,
                         %wd: tensor<128x64xf32>,
                         %pos: i32)
    -> (tensor<1x64xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.25 : f32                      // 1 / sqrt(16)
  %dmodel = arith.constant dense<64.0> : tensor<1xf32>
  %eps = arith.constant dense<1.0e-05> : tensor<1xf32>
  %ones = arith.constant dense<1.0> : tensor<1x128xf32>

  // ---- 1. RMSNorm: x * rsqrt(mean(x^2) + eps) * attn_norm ------------------
  %e1 = tensor.empty() : tensor<1xf32>
  %e64 = tensor.empty() : tensor<1x64xf32>
  %sq = arith.mulf %x, %x : tensor<1x64xf32>
  %ss0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
  %ss = linalg.reduce ins(%sq : tensor<1x64xf32>) outs(%ss0 : tensor<1xf32>)
      dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
  %mean = arith.divf %ss, %dmodel : tensor<1xf32>
  %meps = arith.addf %mean, %eps : tensor<1xf32>
  %rstd = math.rsqrt %meps : tensor<1xf32>
  %rstdb = linalg.broadcast ins(%rstd : tensor<1xf32>)
      outs(%e64 : tensor<1x64xf32>) dimensions = [1]
  %xs = arith.mulf %x, %rstdb : tensor<1x64xf32>
  %xn = arith.mulf %xs, %attn_norm : tensor<1x64xf32>

  // ---- 2. Q, K, V projections ---------------------------------------------
  %e32 = tensor.empty() : tensor<1x32xf32>
  %q0 = linalg.fill ins(%zero : f32) outs(%e64 : tensor<1x64xf32>) -> tensor<1x64xf32>
  %q = linalg.matmul ins(%xn, %wq : tensor<1x64xf32>, tensor<64x64xf32>)
      outs(%q0 : tensor<1x64xf32>) -> tensor<1x64xf32>
  %k0 = linalg.fill ins(%zero : f32) outs(%e32 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %k = linalg.matmul ins(%xn, %wk : tensor<1x64xf32>, tensor<64x32xf32>)
      outs(%k0 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %v = linalg.matmul ins(%xn, %wv : tensor<1x64xf32>, tensor<64x32xf32>)
      outs(%k0 : tensor<1x32xf32>) -> tensor<1x32xf32>

  // ---- 3. RoPE on q and k: the cos/sin rows at %pos, rotate-half per head --
  %cosr = dynshape.dynamic_slice %cos[%pos, %c0] sizes [1, 8]
      : tensor<32x8xf32> -> tensor<1x8xf32>
  %sinr = dynshape.dynamic_slice %sin[%pos, %c0] sizes [1, 8]
      : tensor<32x8xf32> -> tensor<1x8xf32>
  %cos8 = tensor.collapse_shape %cosr [[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
  %sin8 = tensor.collapse_shape %sinr [[0, 1]] : tensor<1x8xf32> into tensor<8xf32>

  // q: [1, 64] -> [4, 16] (head, head_dim)
  %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [1, 4, 16]
      : tensor<1x64xf32> into tensor<1x4x16xf32>
  %qh = tensor.collapse_shape %q3 [[0, 1], [2]] : tensor<1x4x16xf32> into tensor<4x16xf32>
  %e4x8 = tensor.empty() : tensor<4x8xf32>
  %cq = linalg.broadcast ins(%cos8 : tensor<8xf32>) outs(%e4x8 : tensor<4x8xf32>)
      dimensions = [0]
  %sq8 = linalg.broadcast ins(%sin8 : tensor<8xf32>) outs(%e4x8 : tensor<4x8xf32>)
      dimensions = [0]
  %q1 = tensor.extract_slice %qh[0, 0] [4, 8] [1, 1] : tensor<4x16xf32> to tensor<4x8xf32>
  %q2 = tensor.extract_slice %qh[0, 8] [4, 8] [1, 1] : tensor<4x16xf32> to tensor<4x8xf32>
  %q1c = arith.mulf %q1, %cq : tensor<4x8xf32>
  %q2s = arith.mulf %q2, %sq8 : tensor<4x8xf32>
  %qlo = arith.subf %q1c, %q2s : tensor<4x8xf32>
  %q2c = arith.mulf %q2, %cq : tensor<4x8xf32>
  %q1s = arith.mulf %q1, %sq8 : tensor<4x8xf32>
  %qhi = arith.addf %q2c, %q1s : tensor<4x8xf32>
  %qr = tensor.concat dim(1) %qlo, %qhi
      : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>

  // k: [1, 32] -> [2, 16] (kv head, head_dim)
  %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [1, 2, 16]
      : tensor<1x32xf32> into tensor<1x2x16xf32>
  %kh = tensor.collapse_shape %k3 [[0, 1], [2]] : tensor<1x2x16xf32> into tensor<2x16xf32>
  %e2x8 = tensor.empty() : tensor<2x8xf32>
  %ck = linalg.broadcast ins(%cos8 : tensor<8xf32>) outs(%e2x8 : tensor<2x8xf32>)
      dimensions = [0]
  %sk = linalg.broadcast ins(%sin8 : tensor<8xf32>) outs(%e2x8 : tensor<2x8xf32>)
      dimensions = [0]
  %k1 = tensor.extract_slice %kh[0, 0] [2, 8] [1, 1] : tensor<2x16xf32> to tensor<2x8xf32>
  %k2 = tensor.extract_slice %kh[0, 8] [2, 8] [1, 1] : tensor<2x16xf32> to tensor<2x8xf32>
  %k1c = arith.mulf %k1, %ck : tensor<2x8xf32>
  %k2s = arith.mulf %k2, %sk : tensor<2x8xf32>
  %klo = arith.subf %k1c, %k2s : tensor<2x8xf32>
  %k2c = arith.mulf %k2, %ck : tensor<2x8xf32>
  %k1s = arith.mulf %k1, %sk : tensor<2x8xf32>
  %khi = arith.addf %k2c, %k1s : tensor<2x8xf32>
  %kr = tensor.concat dim(1) %klo, %khi
      : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>

  // ---- 4. KV write: row %pos of each KV head ------------------------------
  %krow = tensor.expand_shape %kr [[0, 1], [2]] output_shape [2, 1, 16]
      : tensor<2x16xf32> into tensor<2x1x16xf32>
  %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [1, 2, 16]
      : tensor<1x32xf32> into tensor<1x2x16xf32>
  %vh = tensor.collapse_shape %v3 [[0, 1], [2]] : tensor<1x2x16xf32> into tensor<2x16xf32>
  %vrow = tensor.expand_shape %vh [[0, 1], [2]] output_shape [2, 1, 16]
      : tensor<2x16xf32> into tensor<2x1x16xf32>
  %kc1 = dynshape.dynamic_update_slice %krow into %kcache[%c0, %pos, %c0]
      : tensor<2x1x16xf32> into tensor<2x32x16xf32>
  %vc1 = dynshape.dynamic_update_slice %vrow into %vcache[%c0, %pos, %c0]
      : tensor<2x1x16xf32> into tensor<2x32x16xf32>

  // ---- 5. Attention over the valid length n = pos + 1 ---------------------
  // The caches as [kv head, n, head_dim] with n a bounded runtime extent.
  %n = arith.addi %pos, %c1 : i32
  %kv = dynshape.set_dimension_size %kc1, %n, 1
      : (tensor<2x32x16xf32>) -> tensor<2x?x16xf32, #kvn>
  %vv = dynshape.set_dimension_size %vc1, %n, 1
      : (tensor<2x32x16xf32>) -> tensor<2x?x16xf32, #kvn>
  %nd = tensor.dim %kv, %i1 : tensor<2x?x16xf32, #kvn>

  // Grouped query heads: q [4, 16] -> [2, 2, 16] (kv head g, rep r), head 2g+r.
  %qg = tensor.expand_shape %qr [[0, 1], [2]] output_shape [2, 2, 16]
      : tensor<4x16xf32> into tensor<2x2x16xf32>

  // scores[g, r, j] = scale * sum_d q[g, r, d] * K[g, j, d]
  %se = tensor.empty(%nd) : tensor<2x2x?xf32, #sn>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x2x?xf32, #sn>)
      -> tensor<2x2x?xf32, #sn>
  %sraw = linalg.generic {
      indexing_maps = [affine_map<(g, r, j, d) -> (g, r, d)>,
                       affine_map<(g, r, j, d) -> (g, j, d)>,
                       affine_map<(g, r, j, d) -> (g, r, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%qg, %kv : tensor<2x2x16xf32>, tensor<2x?x16xf32, #kvn>)
      outs(%s0 : tensor<2x2x?xf32, #sn>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %p = arith.mulf %a, %b : f32
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
  } -> tensor<2x2x?xf32, #sn>
  %s = linalg.generic {
      indexing_maps = [affine_map<(g, r, j) -> (g, r, j)>,
                       affine_map<(g, r, j) -> (g, r, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sraw : tensor<2x2x?xf32, #sn>) outs(%se : tensor<2x2x?xf32, #sn>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.mulf %a, %scale : f32
      linalg.yield %r : f32
  } -> tensor<2x2x?xf32, #sn>

  // softmax over j < n: max-subtract, exp, sum, divide
  %e22 = tensor.empty() : tensor<2x2xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e22 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.reduce ins(%s : tensor<2x2x?xf32, #sn>) outs(%m0 : tensor<2x2xf32>)
      dimensions = [2]
    (%a: f32, %acc: f32) {
      %r = arith.maximumf %a, %acc : f32
      linalg.yield %r : f32
    }
  %mb = linalg.broadcast ins(%m : tensor<2x2xf32>)
      outs(%se : tensor<2x2x?xf32, #sn>) dimensions = [2]
  %d = arith.subf %s, %mb : tensor<2x2x?xf32, #sn>
  %ex = math.exp %d : tensor<2x2x?xf32, #sn>
  %z0 = linalg.fill ins(%zero : f32) outs(%e22 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %sum = linalg.reduce ins(%ex : tensor<2x2x?xf32, #sn>) outs(%z0 : tensor<2x2xf32>)
      dimensions = [2]
    (%a: f32, %acc: f32) {
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
  %sb = linalg.broadcast ins(%sum : tensor<2x2xf32>)
      outs(%se : tensor<2x2x?xf32, #sn>) dimensions = [2]
  %pr = arith.divf %ex, %sb : tensor<2x2x?xf32, #sn>

  // o[g, r, :] = p[g, r, :] . V[g]
  %eo = tensor.empty() : tensor<2x2x16xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %o = linalg.batch_matmul
      ins(%pr, %vv : tensor<2x2x?xf32, #sn>, tensor<2x?x16xf32, #kvn>)
      outs(%o0 : tensor<2x2x16xf32>) -> tensor<2x2x16xf32>

  // ---- 6. Output projection over heads x head_dim, residual ----------------
  %oh = tensor.collapse_shape %o [[0, 1], [2]] : tensor<2x2x16xf32> into tensor<4x16xf32>
  %of = tensor.collapse_shape %oh [[0, 1]] : tensor<4x16xf32> into tensor<64xf32>
  %orow = tensor.expand_shape %of [[0, 1]] output_shape [1, 64]
      : tensor<64xf32> into tensor<1x64xf32>
  %a0 = linalg.fill ins(%zero : f32) outs(%e64 : tensor<1x64xf32>) -> tensor<1x64xf32>
  %attn = linalg.matmul ins(%orow, %wo : tensor<1x64xf32>, tensor<64x64xf32>)
      outs(%a0 : tensor<1x64xf32>) -> tensor<1x64xf32>
  %h = arith.addf %x, %attn : tensor<1x64xf32>

  // ---- 7. RMSNorm, SwiGLU MLP, residual -----------------------------------
  %hsq = arith.mulf %h, %h : tensor<1x64xf32>
  %hss = linalg.reduce ins(%hsq : tensor<1x64xf32>) outs(%ss0 : tensor<1xf32>)
      dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32
    }
  %hmean = arith.divf %hss, %dmodel : tensor<1xf32>
  %hmeps = arith.addf %hmean, %eps : tensor<1xf32>
  %hrstd = math.rsqrt %hmeps : tensor<1xf32>
  %hrstdb = linalg.broadcast ins(%hrstd : tensor<1xf32>)
      outs(%e64 : tensor<1x64xf32>) dimensions = [1]
  %hs = arith.mulf %h, %hrstdb : tensor<1x64xf32>
  %hn = arith.mulf %hs, %mlp_norm : tensor<1x64xf32>

  %e128 = tensor.empty() : tensor<1x128xf32>
  %g0 = linalg.fill ins(%zero : f32) outs(%e128 : tensor<1x128xf32>) -> tensor<1x128xf32>
  %gate = linalg.matmul ins(%hn, %wg : tensor<1x64xf32>, tensor<64x128xf32>)
      outs(%g0 : tensor<1x128xf32>) -> tensor<1x128xf32>
  %up = linalg.matmul ins(%hn, %wu : tensor<1x64xf32>, tensor<64x128xf32>)
      outs(%g0 : tensor<1x128xf32>) -> tensor<1x128xf32>
  // silu(gate) = gate / (1 + exp(-gate))
  %ng = arith.negf %gate : tensor<1x128xf32>
  %eg = math.exp %ng : tensor<1x128xf32>
  %den = arith.addf %ones, %eg : tensor<1x128xf32>
  %silu = arith.divf %gate, %den : tensor<1x128xf32>
  %act = arith.mulf %silu, %up : tensor<1x128xf32>
  %down = linalg.matmul ins(%act, %wd : tensor<1x128xf32>, tensor<128x64xf32>)
      outs(%a0 : tensor<1x64xf32>) -> tensor<1x64xf32>
  %out = arith.addf %h, %down : tensor<1x64xf32>

  return %out, %kc1, %vc1
      : tensor<1x64xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>
}
