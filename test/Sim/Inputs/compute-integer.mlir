// Integer arithmetic in elementwise bodies: i32 addi, subi, muli, maxsi,
// minsi and cmpi run natively in int32 on the Pool engine; selects of i32
// and copies of i32 are bit for bit.

// max(a * b - a, a + 7) wraps like two's complement; the fill and the
// yielded init check that i32 data is never rounded through f32.
func.func @arith(%a: tensor<8x32xi32>, %b: tensor<8x32xi32>) -> tensor<8x32xi32> {
  %seven = arith.constant 7 : i32
  %e = tensor.empty() : tensor<8x32xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x32xi32>, tensor<8x32xi32>) outs(%e : tensor<8x32xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %p = arith.muli %x, %y : i32
    %d = arith.subi %p, %x : i32
    %s = arith.addi %x, %seven : i32
    %m = arith.maxsi %d, %s : i32
    %n = arith.minsi %m, %y : i32
    %t = arith.subi %m, %n : i32
    linalg.yield %t : i32
  } -> tensor<8x32xi32>
  return %r : tensor<8x32xi32>
}

// Each cmpi predicate sets its own bit of the result, one of them against
// a constant.
func.func @compares(%a: tensor<4x16xi32>, %b: tensor<4x16xi32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x16xi32>, tensor<4x16xi32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: i32, %y: i32, %o: f32):
    %c0 = arith.cmpi eq, %x, %y : i32
    %c1 = arith.cmpi ne, %x, %y : i32
    %c2 = arith.cmpi slt, %x, %y : i32
    %c3 = arith.cmpi sle, %x, %y : i32
    %c4 = arith.cmpi sgt, %x, %y : i32
    %c5 = arith.cmpi sge, %x, %y : i32
    %c6 = arith.cmpi ult, %x, %y : i32
    %c7 = arith.cmpi ule, %x, %y : i32
    %c8 = arith.cmpi ugt, %x, %y : i32
    %c9 = arith.cmpi uge, %x, %y : i32
    %k = arith.constant -3 : i32
    %c10 = arith.cmpi ult, %x, %k : i32
    %f0 = arith.uitofp %c0 : i1 to f32
    %f1 = arith.uitofp %c1 : i1 to f32
    %f2 = arith.uitofp %c2 : i1 to f32
    %f3 = arith.uitofp %c3 : i1 to f32
    %f4 = arith.uitofp %c4 : i1 to f32
    %f5 = arith.uitofp %c5 : i1 to f32
    %f6 = arith.uitofp %c6 : i1 to f32
    %f7 = arith.uitofp %c7 : i1 to f32
    %f8 = arith.uitofp %c8 : i1 to f32
    %f9 = arith.uitofp %c9 : i1 to f32
    %f10 = arith.uitofp %c10 : i1 to f32
    %w1 = arith.constant 2.0 : f32
    %w2 = arith.constant 4.0 : f32
    %w3 = arith.constant 8.0 : f32
    %w4 = arith.constant 16.0 : f32
    %w5 = arith.constant 32.0 : f32
    %w6 = arith.constant 64.0 : f32
    %w7 = arith.constant 128.0 : f32
    %w8 = arith.constant 256.0 : f32
    %w9 = arith.constant 512.0 : f32
    %w10 = arith.constant 1024.0 : f32
    %m1 = arith.mulf %f1, %w1 : f32
    %m2 = arith.mulf %f2, %w2 : f32
    %m3 = arith.mulf %f3, %w3 : f32
    %m4 = arith.mulf %f4, %w4 : f32
    %m5 = arith.mulf %f5, %w5 : f32
    %m6 = arith.mulf %f6, %w6 : f32
    %m7 = arith.mulf %f7, %w7 : f32
    %m8 = arith.mulf %f8, %w8 : f32
    %m9 = arith.mulf %f9, %w9 : f32
    %m10 = arith.mulf %f10, %w10 : f32
    %s1 = arith.addf %f0, %m1 : f32
    %s2 = arith.addf %s1, %m2 : f32
    %s3 = arith.addf %s2, %m3 : f32
    %s4 = arith.addf %s3, %m4 : f32
    %s5 = arith.addf %s4, %m5 : f32
    %s6 = arith.addf %s5, %m6 : f32
    %s7 = arith.addf %s6, %m7 : f32
    %s8 = arith.addf %s7, %m8 : f32
    %s9 = arith.addf %s8, %m9 : f32
    %s10 = arith.addf %s9, %m10 : f32
    linalg.yield %s10 : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// sitofp of a computed i32 (a difference that may not fit 24 bits) is
// rounded once, by the converting copy.
func.func @convert(%a: tensor<4x16xi32>, %b: tensor<4x16xi32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x16xi32>, tensor<4x16xi32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: i32, %y: i32, %o: f32):
    %diff = arith.subi %x, %y : i32
    %fd = arith.sitofp %diff : i32 to f32
    linalg.yield %fd : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// A causal mask from runtime positions: key j is visible to query i when
// kpos[j] <= qpos[i]; hidden scores are -inf. The positions broadcast
// along the other dim through indexing maps that drop it.
func.func @causal(%s: tensor<16x64xf32>, %qpos: tensor<16xi32>, %kpos: tensor<64xi32>) -> tensor<16x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0)>,
                                        affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%s, %qpos, %kpos : tensor<16x64xf32>, tensor<16xi32>, tensor<64xi32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%x: f32, %q: i32, %k: i32, %o: f32):
    %visible = arith.cmpi sle, %k, %q : i32
    %v = arith.select %visible, %x, %ninf : f32
    linalg.yield %v : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// select of i32 values (and an i32 constant), then the result copied
// into an i32 fill's tensor where a float compare says so.
func.func @select(%a: tensor<8x32xi32>, %b: tensor<8x32xi32>, %x: tensor<8x32xf32>) -> tensor<8x32xi32> {
  %big = arith.constant 2147483647 : i32
  %zero = arith.constant 0.0 : f32
  %c = arith.constant -16777217 : i32
  %e = tensor.empty() : tensor<8x32xi32>
  %f = linalg.fill ins(%c : i32) outs(%e : tensor<8x32xi32>) -> tensor<8x32xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %x : tensor<8x32xi32>, tensor<8x32xi32>, tensor<8x32xf32>) outs(%f : tensor<8x32xi32>) {
  ^bb0(%p: i32, %q: i32, %y: f32, %o: i32):
    %lt = arith.cmpi slt, %p, %q : i32
    %m = arith.select %lt, %p, %big : i32
    %pos = arith.cmpf ogt, %y, %zero : f32
    %v = arith.select %pos, %m, %o : i32
    linalg.yield %v : i32
  } -> tensor<8x32xi32>
  return %r : tensor<8x32xi32>
}

// uitofp of an i32 is split into two exact 16-bit halves and rounded once
// by their sum.
func.func @unsigned(%a: tensor<4x64xi32>) -> tensor<4x64xf32> {
  %e = tensor.empty() : tensor<4x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x64xi32>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%x: i32, %o: f32):
    %f = arith.uitofp %x : i32 to f32
    linalg.yield %f : f32
  } -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// fptosi truncates toward zero (a converting copy), here of a bf16 input
// widened first.
func.func @truncate(%x: tensor<4x16xbf16>, %a: tensor<4x16xi32>) -> tensor<4x16xi32> {
  %e = tensor.empty() : tensor<4x16xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %a : tensor<4x16xbf16>, tensor<4x16xi32>) outs(%e : tensor<4x16xi32>) {
  ^bb0(%y: bf16, %i: i32, %o: i32):
    %w = arith.extf %y : bf16 to f32
    %t = arith.fptosi %w : f32 to i32
    %s = arith.addi %t, %i : i32
    linalg.yield %s : i32
  } -> tensor<4x16xi32>
  return %r : tensor<4x16xi32>
}

// Integer compute inside a runtime loop: with the default engine (pool)
// the loop, its DMAs and the int32 multiply all run on the Pool engine.
func.func @rows_in_loop(%x: tensor<?x32xi32, #dynshape.bounds<16, ?>>, %out: tensor<16x32xi32>) -> tensor<16x32xi32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %len = dynshape.get_dimension_size %x, 0 : tensor<?x32xi32, #dynshape.bounds<16, ?>>
  %n = arith.index_cast %len : i32 to index
  %r = scf.for %j = %c0i to %n step %c1i iter_args(%acc = %out) -> (tensor<16x32xi32>) {
    %ji = arith.index_cast %j : index to i32
    %row = dynshape.dynamic_slice %x[%ji, %c0] sizes [1, 32] : tensor<?x32xi32, #dynshape.bounds<16, ?>> -> tensor<1x32xi32>
    %sq = arith.muli %row, %row : tensor<1x32xi32>
    %acc1 = dynshape.dynamic_update_slice %sq into %acc[%ji, %c0] : tensor<1x32xi32> into tensor<16x32xi32>
    scf.yield %acc1 : tensor<16x32xi32>
  }
  return %r : tensor<16x32xi32>
}

// Bodies left unfolded: a select of a constant condition is its choice
// (here a constant, then added to another), exp of a constant operand,
// sitofp of an i1 operand; and a yielded i32 constant is a memset.
func.func @unfolded(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi32>) {
  %true = arith.constant true
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>,
                                        affine_map<(d0, d1) -> ()>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%true, %two, %a : i1, f32, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%t: i1, %w: f32, %x: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %s = arith.select %t, %one, %x : f32
    %p = arith.addf %s, %w : f32
    %q = math.exp %w : f32
    %m = arith.sitofp %t : i1 to f32
    %u = arith.mulf %p, %q : f32
    %v = arith.addf %u, %m : f32
    %y = arith.addf %v, %x : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  %ei = tensor.empty() : tensor<4x8xi32>
  %k = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      outs(%ei : tensor<4x8xi32>) {
  ^bb0(%o: i32):
    %c = arith.constant -16777217 : i32
    linalg.yield %c : i32
  } -> tensor<4x8xi32>
  return %r, %k : tensor<4x8xf32>, tensor<4x8xi32>
}
