// The StableHLO twin of examples/decoder_layer.mlir: the same decode step of
// a small Llama-style decoder layer (d_model 64, 4 query heads of head_dim 16,
// 2 KV heads, MLP hidden 128, KV cache of 32 rows per KV head, f32), written
// as JAX exports it (`jax.jit(f).lower(...).compiler_ir("stablehlo")`, printed
// with print_generic_op_form=True). Same arguments in the same order, the
// position as a tensor<i32> (the import makes it an i32 register).
//
//   dyn-opt examples/decoder_layer_stablehlo.mlir --lower-to-addr4
//   dyn-sim examples/decoder_layer_stablehlo.mlir --entry decoder_layer --compare
//   python3 examples/decoder_layer_reference.py --source examples/decoder_layer_stablehlo.mlir
//
// Everything is static, as JAX keeps it: attention runs over all 32 cache
// rows, and the valid length n = pos + 1 is a mask `iota < n`
// (lax.broadcasted_iota, then jnp.where), which dynshape-raise-masks turns
// into dynshape.mask. (jnp.arange(32) < n with the i1 mask broadcast is
// not raised, and the backend refuses its i1 flags.) Differences from
// decoder_layer.mlir, none visible in the results:
//
//   - pos clamps. dynamic_slice / dynamic_update_slice clamp their start to
//     [0, 31], as dynshape does, so the cos/sin row and the KV row are
//     clamp(pos, 0, 31) in both. The mask takes every n: n <= 0 masks every
//     row and n >= 32 none, the same as decoder_layer.mlir's clamp of n into
//     [0, 32] (pos = 40 attends to all 32 rows, pos = -3 to none).
//   - softmax is jax.nn.softmax(s, where=valid): -inf before the max, and
//     the probabilities selected to 0 where invalid. With no valid row
//     (pos < 0) exp(-inf - -inf) is NaN and that select makes it 0, so the
//     attention output is 0, as decoder_layer.mlir's empty reduction gives.
//   - V is masked too (jnp.where(row < n, v, 0)): rows past n are never read
//     by decoder_layer.mlir, but here the p . V contraction spans all 32 rows,
//     and a probability of 0 times a NaN (garbage) row would be NaN.
//   - SiLU is jax.nn.silu, gate * logistic(gate) (decoder_layer.mlir divides
//     gate / (1 + exp(-gate))): equal up to f32 rounding.
//   - 1/sqrt(16) = 0.25 scales the scores after q . K^T, as there: exact.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x64xf32>, tensor<1x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<32x8xf32>, tensor<32x8xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>, tensor<64x64xf32>, tensor<1x64xf32>, tensor<64x128xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<i32>) -> (tensor<1x64xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>), sym_name = "decoder_layer", sym_visibility = "public"}> ({
  ^bb0(%x: tensor<1x64xf32>, %attn_norm: tensor<1x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>, %cos: tensor<32x8xf32>, %sin: tensor<32x8xf32>, %kcache: tensor<2x32x16xf32>, %vcache: tensor<2x32x16xf32>, %wo: tensor<64x64xf32>, %mlp_norm: tensor<1x64xf32>, %wg: tensor<64x128xf32>, %wu: tensor<64x128xf32>, %wd: tensor<128x64xf32>, %pos: tensor<i32>):
    %c0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c1 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %zero = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %ninf = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %dmodel = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %eps = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %scale = "stablehlo.constant"() <{value = dense<2.500000e-01> : tensor<f32>}> : () -> tensor<f32>

    // ---- 1. RMSNorm: x * rsqrt(mean(x^2) + eps) * attn_norm ----------------
    %sq = "stablehlo.multiply"(%x, %x) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
    %ss = "stablehlo.reduce"(%sq, %zero) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %r = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r) : (tensor<f32>) -> ()
    }) : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %dmodel1 = "stablehlo.broadcast_in_dim"(%dmodel) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1xf32>
    %mean = "stablehlo.divide"(%ss, %dmodel1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %eps1 = "stablehlo.broadcast_in_dim"(%eps) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1xf32>
    %meps = "stablehlo.add"(%mean, %eps1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %rstd = "stablehlo.rsqrt"(%meps) : (tensor<1xf32>) -> tensor<1xf32>
    %rstdb = "stablehlo.broadcast_in_dim"(%rstd) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<1x64xf32>
    %xs = "stablehlo.multiply"(%x, %rstdb) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
    %xn = "stablehlo.multiply"(%xs, %attn_norm) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>

    // ---- 2. Q, K, V projections -------------------------------------------
    %q = "stablehlo.dot_general"(%xn, %wq) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %k = "stablehlo.dot_general"(%xn, %wk) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %v = "stablehlo.dot_general"(%xn, %wv) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>

    // ---- 3. RoPE: cos/sin rows at pos, rotate-half per head ----------------
    // lax.dynamic_slice(cos, (pos, 0), (1, 8)), which clamps; cos[pos] would
    // first wrap a negative pos to pos + 32.
    %cosr = "stablehlo.dynamic_slice"(%cos, %pos, %c0) <{slice_sizes = array<i64: 1, 8>}> : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<1x8xf32>
    %sinr = "stablehlo.dynamic_slice"(%sin, %pos, %c0) <{slice_sizes = array<i64: 1, 8>}> : (tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<1x8xf32>
    %cos8 = "stablehlo.reshape"(%cosr) : (tensor<1x8xf32>) -> tensor<8xf32>
    %sin8 = "stablehlo.reshape"(%sinr) : (tensor<1x8xf32>) -> tensor<8xf32>

    // q.reshape(4, 16)
    %qh = "stablehlo.reshape"(%q) : (tensor<1x64xf32>) -> tensor<4x16xf32>
    %cq = "stablehlo.broadcast_in_dim"(%cos8) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<4x8xf32>
    %sq8 = "stablehlo.broadcast_in_dim"(%sin8) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<4x8xf32>
    %q1 = "stablehlo.slice"(%qh) <{limit_indices = array<i64: 4, 8>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %q2 = "stablehlo.slice"(%qh) <{limit_indices = array<i64: 4, 16>, start_indices = array<i64: 0, 8>, strides = array<i64: 1, 1>}> : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %q1c = "stablehlo.multiply"(%q1, %cq) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %q2s = "stablehlo.multiply"(%q2, %sq8) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %qlo = "stablehlo.subtract"(%q1c, %q2s) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %q2c = "stablehlo.multiply"(%q2, %cq) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %q1s = "stablehlo.multiply"(%q1, %sq8) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %qhi = "stablehlo.add"(%q2c, %q1s) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %qr = "stablehlo.concatenate"(%qlo, %qhi) <{dimension = 1 : i64}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>

    // k.reshape(2, 16)
    %kh = "stablehlo.reshape"(%k) : (tensor<1x32xf32>) -> tensor<2x16xf32>
    %ck = "stablehlo.broadcast_in_dim"(%cos8) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<2x8xf32>
    %sk = "stablehlo.broadcast_in_dim"(%sin8) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<2x8xf32>
    %k1 = "stablehlo.slice"(%kh) <{limit_indices = array<i64: 2, 8>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<2x16xf32>) -> tensor<2x8xf32>
    %k2 = "stablehlo.slice"(%kh) <{limit_indices = array<i64: 2, 16>, start_indices = array<i64: 0, 8>, strides = array<i64: 1, 1>}> : (tensor<2x16xf32>) -> tensor<2x8xf32>
    %k1c = "stablehlo.multiply"(%k1, %ck) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %k2s = "stablehlo.multiply"(%k2, %sk) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %klo = "stablehlo.subtract"(%k1c, %k2s) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %k2c = "stablehlo.multiply"(%k2, %ck) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %k1s = "stablehlo.multiply"(%k1, %sk) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %khi = "stablehlo.add"(%k2c, %k1s) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %kr = "stablehlo.concatenate"(%klo, %khi) <{dimension = 1 : i64}> : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>

    // ---- 4. KV write: lax.dynamic_update_slice(cache, row[:, None], (0, pos, 0))
    %krow = "stablehlo.reshape"(%kr) : (tensor<2x16xf32>) -> tensor<2x1x16xf32>
    %vrow = "stablehlo.reshape"(%v) : (tensor<1x32xf32>) -> tensor<2x1x16xf32>
    %kc1 = "stablehlo.dynamic_update_slice"(%kcache, %krow, %c0, %pos, %c0) : (tensor<2x32x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x16xf32>
    %vc1 = "stablehlo.dynamic_update_slice"(%vcache, %vrow, %c0, %pos, %c0) : (tensor<2x32x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x16xf32>

    // ---- 5. Attention over the valid length n = pos + 1 (a mask) ----------
    %n = "stablehlo.add"(%pos, %c1) : (tensor<i32>, tensor<i32>) -> tensor<i32>

    // Grouped query heads: q [4, 16] -> [2, 2, 16] (kv head g, rep r), head 2g+r.
    %qg = "stablehlo.reshape"(%qr) : (tensor<4x16xf32>) -> tensor<2x2x16xf32>

    // s[g, r, j] = 0.25 * einsum('grd,gjd->grj', q, K)
    %sraw = "stablehlo.dot_general"(%qg, %kc1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>}> : (tensor<2x2x16xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32xf32>
    %scaleb = "stablehlo.broadcast_in_dim"(%scale) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x32xf32>
    %s = "stablehlo.multiply"(%sraw, %scaleb) : (tensor<2x2x32xf32>, tensor<2x2x32xf32>) -> tensor<2x2x32xf32>

    // valid = lax.broadcasted_iota(int32, (2, 2, 32), 2) < n
    %iota = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<2x2x32xi32>
    %nb = "stablehlo.broadcast_in_dim"(%n) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x2x32xi32>
    %valid = "stablehlo.compare"(%iota, %nb) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x2x32xi32>, tensor<2x2x32xi32>) -> tensor<2x2x32xi1>

    // jax.nn.softmax(s, axis=-1, where=valid)
    %ninfb = "stablehlo.broadcast_in_dim"(%ninf) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x32xf32>
    %masked = "stablehlo.select"(%valid, %s, %ninfb) : (tensor<2x2x32xi1>, tensor<2x2x32xf32>, tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
    %m = "stablehlo.reduce"(%masked, %ninf) <{dimensions = array<i64: 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %r = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r) : (tensor<f32>) -> ()
    }) : (tensor<2x2x32xf32>, tensor<f32>) -> tensor<2x2xf32>
    %mb = "stablehlo.broadcast_in_dim"(%m) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x2xf32>) -> tensor<2x2x32xf32>
    %d = "stablehlo.subtract"(%masked, %mb) : (tensor<2x2x32xf32>, tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
    %ex = "stablehlo.exponential"(%d) : (tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
    %sum = "stablehlo.reduce"(%ex, %zero) <{dimensions = array<i64: 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %r = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r) : (tensor<f32>) -> ()
    }) : (tensor<2x2x32xf32>, tensor<f32>) -> tensor<2x2xf32>
    %sb = "stablehlo.broadcast_in_dim"(%sum) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x2xf32>) -> tensor<2x2x32xf32>
    %pr0 = "stablehlo.divide"(%ex, %sb) : (tensor<2x2x32xf32>, tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
    %zerob = "stablehlo.broadcast_in_dim"(%zero) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x32xf32>
    %pr = "stablehlo.select"(%valid, %pr0, %zerob) : (tensor<2x2x32xi1>, tensor<2x2x32xf32>, tensor<2x2x32xf32>) -> tensor<2x2x32xf32>

    // V rows past n as 0: jnp.where(lax.broadcasted_iota(int32, (2, 32, 16), 1) < n, V, 0)
    %riota = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<2x32x16xi32>
    %nr = "stablehlo.broadcast_in_dim"(%n) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x32x16xi32>
    %rvalid = "stablehlo.compare"(%riota, %nr) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x32x16xi32>, tensor<2x32x16xi32>) -> tensor<2x32x16xi1>
    %zeror = "stablehlo.broadcast_in_dim"(%zero) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x32x16xf32>
    %vm = "stablehlo.select"(%rvalid, %vc1, %zeror) : (tensor<2x32x16xi1>, tensor<2x32x16xf32>, tensor<2x32x16xf32>) -> tensor<2x32x16xf32>

    // o[g, r, :] = einsum('grj,gjd->grd', p, V)
    %o = "stablehlo.dot_general"(%pr, %vm) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x2x32xf32>, tensor<2x32x16xf32>) -> tensor<2x2x16xf32>

    // ---- 6. Output projection over heads x head_dim, residual --------------
    %orow = "stablehlo.reshape"(%o) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
    %attn = "stablehlo.dot_general"(%orow, %wo) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %h = "stablehlo.add"(%x, %attn) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>

    // ---- 7. RMSNorm, SwiGLU MLP, residual ---------------------------------
    %hsq = "stablehlo.multiply"(%h, %h) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
    %hss = "stablehlo.reduce"(%hsq, %zero) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %r = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r) : (tensor<f32>) -> ()
    }) : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %hmean = "stablehlo.divide"(%hss, %dmodel1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %hmeps = "stablehlo.add"(%hmean, %eps1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %hrstd = "stablehlo.rsqrt"(%hmeps) : (tensor<1xf32>) -> tensor<1xf32>
    %hrstdb = "stablehlo.broadcast_in_dim"(%hrstd) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<1x64xf32>
    %hs = "stablehlo.multiply"(%h, %hrstdb) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
    %hn = "stablehlo.multiply"(%hs, %mlp_norm) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>

    %gate = "stablehlo.dot_general"(%hn, %wg) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %up = "stablehlo.dot_general"(%hn, %wu) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    // jax.nn.silu(gate) = gate * logistic(gate)
    %sig = "stablehlo.logistic"(%gate) : (tensor<1x128xf32>) -> tensor<1x128xf32>
    %silu = "stablehlo.multiply"(%gate, %sig) : (tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
    %act = "stablehlo.multiply"(%silu, %up) : (tensor<1x128xf32>, tensor<1x128xf32>) -> tensor<1x128xf32>
    %down = "stablehlo.dot_general"(%act, %wd) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
    %out = "stablehlo.add"(%h, %down) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>

    "func.return"(%out, %kc1, %vc1) : (tensor<1x64xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()
