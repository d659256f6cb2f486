// One attention decode step over a KV cache of up to 1,024 positions, in
// 128-position tiles, as a flash-decoding kernel computes it: a runtime loop
// over the valid tiles keeps a running max m, a running sum l and a running
// output o, and rescales the last two by exp(m_old - m_new) when the max
// grows (the online softmax). K is cached transposed ([64, positions], as
// decode kernels keep it) so that each tile of K^T is 128 contiguous
// columns; V is cached by rows. The loop runs floor(n / 128) trips, read
// from V's runtime length n: the step attends over the whole tiles.
//
// Each trip holds work for four engines: Pool's DMAs bring the tiles
// (addressed by the induction register), the PE array computes q . K_t^T
// and p . V_t into PSUM, the Activation engine computes the exps, and the
// Vector engine the max, the sums and the rescaling. bir-insert-sync
// synchronizes them per trip and bir-split-engine-loops makes one loop per
// engine, each reading the trip count into its own registers.
//
//   dyn-opt examples/attention_tiles.mlir --lower-to-addr4 \
//     | dyn-translate --serialize-addr4 -o attention_tiles.addr4
//   dyn-sim examples/attention_tiles.mlir --entry attention_tiles --compare

#rows = #dynshape.bounds<1024, ?>
#cols = #dynshape.bounds<?, 1024>

func.func @attention_tiles(%q: tensor<1x64xf32>,
                           %kt: tensor<64x?xf32, #cols>,
                           %vc: tensor<?x64xf32, #rows>)
    -> tensor<1x64xf32> {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %c7 = arith.constant 7 : i32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %len = dynshape.get_dimension_size %vc, 0 : tensor<?x64xf32, #rows>
  // floor(n / 128) whole tiles
  %ntiles = arith.shrui %len, %c7 : i32
  %nt = arith.index_cast %ntiles : i32 to index
  %re = tensor.empty() : tensor<1xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%re : tensor<1xf32>) -> tensor<1xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%re : tensor<1xf32>) -> tensor<1xf32>
  %oe = tensor.empty() : tensor<1x64xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x64xf32>) -> tensor<1x64xf32>
  %r:3 = scf.for %t = %i0 to %nt step %i1 iter_args(%m = %m0, %l = %l0, %o = %o0)
      -> (tensor<1xf32>, tensor<1xf32>, tensor<1x64xf32>) {
    %ti = arith.index_cast %t : index to i32
    %row = arith.muli %ti, %c128 : i32
    %ktt = dynshape.dynamic_slice %kt[%c0, %row] sizes [64, 128]
        : tensor<64x?xf32, #cols> -> tensor<64x128xf32>
    %vt = dynshape.dynamic_slice %vc[%row, %c0] sizes [128, 64]
        : tensor<?x64xf32, #rows> -> tensor<128x64xf32>
    // s = q . K_t^T (PE)
    %se = tensor.empty() : tensor<1x128xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<1x128xf32>) -> tensor<1x128xf32>
    %s = linalg.matmul
        ins(%q, %ktt : tensor<1x64xf32>, tensor<64x128xf32>)
        outs(%s0 : tensor<1x128xf32>) -> tensor<1x128xf32>
    // the running max (Vector)
    %mt0 = linalg.fill ins(%ninf : f32) outs(%re : tensor<1xf32>) -> tensor<1xf32>
    %mt = linalg.reduce ins(%s : tensor<1x128xf32>) outs(%mt0 : tensor<1xf32>)
        dimensions = [1]
      (%x: f32, %acc: f32) {
        %y = arith.maximumf %x, %acc : f32
        linalg.yield %y : f32
      }
    %mn = arith.maximumf %m, %mt : tensor<1xf32>
    // p = exp(s - m_new) (Activation), and the rescale of what came before
    %mb = linalg.broadcast ins(%mn : tensor<1xf32>)
        outs(%se : tensor<1x128xf32>) dimensions = [1]
    %d = arith.subf %s, %mb : tensor<1x128xf32>
    %p = math.exp %d : tensor<1x128xf32>
    %dm = arith.subf %m, %mn : tensor<1xf32>
    %corr = math.exp %dm : tensor<1xf32>
    %ps0 = linalg.fill ins(%zero : f32) outs(%re : tensor<1xf32>) -> tensor<1xf32>
    %ps = linalg.reduce ins(%p : tensor<1x128xf32>) outs(%ps0 : tensor<1xf32>)
        dimensions = [1]
      (%x: f32, %acc: f32) {
        %y = arith.addf %x, %acc : f32
        linalg.yield %y : f32
      }
    %lc = arith.mulf %l, %corr : tensor<1xf32>
    %ln = arith.addf %lc, %ps : tensor<1xf32>
    // o = o * corr + p . V_t (PE, then Vector)
    %pv0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x64xf32>) -> tensor<1x64xf32>
    %pv = linalg.matmul ins(%p, %vt : tensor<1x128xf32>, tensor<128x64xf32>)
        outs(%pv0 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %cb = linalg.broadcast ins(%corr : tensor<1xf32>)
        outs(%oe : tensor<1x64xf32>) dimensions = [1]
    %oc = arith.mulf %o, %cb : tensor<1x64xf32>
    %on = arith.addf %oc, %pv : tensor<1x64xf32>
    scf.yield %mn, %ln, %on : tensor<1xf32>, tensor<1xf32>, tensor<1x64xf32>
  }
  %lb = linalg.broadcast ins(%r#1 : tensor<1xf32>)
      outs(%oe : tensor<1x64xf32>) dimensions = [1]
  %out = arith.divf %r#2, %lb : tensor<1x64xf32>
  return %out : tensor<1x64xf32>
}
