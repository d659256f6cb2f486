// Compares and selects in elementwise bodies: every cmpf predicate, the
// flag ops on compares, and selects whose unselected side may be inf or NaN.

// where(a > 0, a, b * 0.5): b may be inf or NaN where a > 0, and a may be
// inf or NaN where it is not selected.
func.func @where(%a: tensor<8x32xf32>, %b: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %c = arith.cmpf ogt, %x, %zero : f32
    %h = arith.mulf %y, %half : f32
    %s = arith.select %c, %x, %h : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// Each of the 14 non-constant predicates sets its own bit of the result,
// and the flag ops (andi, ori, xori, sitofp) one bit each after them.
func.func @predicates(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %c0 = arith.cmpf oeq, %x, %y : f32
    %c1 = arith.cmpf ogt, %x, %y : f32
    %c2 = arith.cmpf oge, %x, %y : f32
    %c3 = arith.cmpf olt, %x, %y : f32
    %c4 = arith.cmpf ole, %x, %y : f32
    %c5 = arith.cmpf one, %x, %y : f32
    %c6 = arith.cmpf ord, %x, %y : f32
    %c7 = arith.cmpf ueq, %x, %y : f32
    %c8 = arith.cmpf ugt, %x, %y : f32
    %c9 = arith.cmpf uge, %x, %y : f32
    %c10 = arith.cmpf ult, %x, %y : f32
    %c11 = arith.cmpf ule, %x, %y : f32
    %c12 = arith.cmpf une, %x, %y : f32
    %c13 = arith.cmpf uno, %x, %y : f32
    %and = arith.andi %c1, %c6 : i1
    %or = arith.ori %c3, %c13 : i1
    %xor = arith.xori %c2, %c9 : i1
    %acc = arith.constant 0.0 : f32
    %s0 = arith.uitofp %c0 : i1 to f32
    %w1 = arith.constant 2.0 : f32
    %f1 = arith.uitofp %c1 : i1 to f32
    %m1 = arith.mulf %f1, %w1 : f32
    %s1 = arith.addf %s0, %m1 : f32
    %w2 = arith.constant 4.0 : f32
    %f2 = arith.uitofp %c2 : i1 to f32
    %m2 = arith.mulf %f2, %w2 : f32
    %s2 = arith.addf %s1, %m2 : f32
    %w3 = arith.constant 8.0 : f32
    %f3 = arith.uitofp %c3 : i1 to f32
    %m3 = arith.mulf %f3, %w3 : f32
    %s3 = arith.addf %s2, %m3 : f32
    %w4 = arith.constant 16.0 : f32
    %f4 = arith.uitofp %c4 : i1 to f32
    %m4 = arith.mulf %f4, %w4 : f32
    %s4 = arith.addf %s3, %m4 : f32
    %w5 = arith.constant 32.0 : f32
    %f5 = arith.uitofp %c5 : i1 to f32
    %m5 = arith.mulf %f5, %w5 : f32
    %s5 = arith.addf %s4, %m5 : f32
    %w6 = arith.constant 64.0 : f32
    %f6 = arith.uitofp %c6 : i1 to f32
    %m6 = arith.mulf %f6, %w6 : f32
    %s6 = arith.addf %s5, %m6 : f32
    %w7 = arith.constant 128.0 : f32
    %f7 = arith.uitofp %c7 : i1 to f32
    %m7 = arith.mulf %f7, %w7 : f32
    %s7 = arith.addf %s6, %m7 : f32
    %w8 = arith.constant 256.0 : f32
    %f8 = arith.uitofp %c8 : i1 to f32
    %m8 = arith.mulf %f8, %w8 : f32
    %s8 = arith.addf %s7, %m8 : f32
    %w9 = arith.constant 512.0 : f32
    %f9 = arith.uitofp %c9 : i1 to f32
    %m9 = arith.mulf %f9, %w9 : f32
    %s9 = arith.addf %s8, %m9 : f32
    %w10 = arith.constant 1024.0 : f32
    %f10 = arith.uitofp %c10 : i1 to f32
    %m10 = arith.mulf %f10, %w10 : f32
    %s10 = arith.addf %s9, %m10 : f32
    %w11 = arith.constant 2048.0 : f32
    %f11 = arith.uitofp %c11 : i1 to f32
    %m11 = arith.mulf %f11, %w11 : f32
    %s11 = arith.addf %s10, %m11 : f32
    %w12 = arith.constant 4096.0 : f32
    %f12 = arith.uitofp %c12 : i1 to f32
    %m12 = arith.mulf %f12, %w12 : f32
    %s12 = arith.addf %s11, %m12 : f32
    %w13 = arith.constant 8192.0 : f32
    %f13 = arith.uitofp %c13 : i1 to f32
    %m13 = arith.mulf %f13, %w13 : f32
    %s13 = arith.addf %s12, %m13 : f32
    %w14 = arith.constant 16384.0 : f32
    %f14 = arith.uitofp %and : i1 to f32
    %m14 = arith.mulf %f14, %w14 : f32
    %s14 = arith.addf %s13, %m14 : f32
    %w15 = arith.constant 32768.0 : f32
    %f15 = arith.uitofp %or : i1 to f32
    %m15 = arith.mulf %f15, %w15 : f32
    %s15 = arith.addf %s14, %m15 : f32
    %w16 = arith.constant 65536.0 : f32
    %f16 = arith.uitofp %xor : i1 to f32
    %m16 = arith.mulf %f16, %w16 : f32
    %s16 = arith.addf %s15, %m16 : f32
    // sitofp of true is -1: subtracting it sets bit 17.
    %w17 = arith.constant 131072.0 : f32
    %f17 = arith.sitofp %c0 : i1 to f32
    %m17 = arith.mulf %f17, %w17 : f32
    %s17 = arith.subf %s16, %m17 : f32
    linalg.yield %s17 : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// Selects with a constant side and with the init as a side, into bf16:
// clamp(a, -1, 1) as two selects, then keep `init` where a is a NaN.
func.func @clamp_bf16(%a: tensor<4x8xbf16>, %init: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %lo = arith.constant -1.0 : f32
  %hi = arith.constant 1.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xbf16>) outs(%init : tensor<4x8xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %fx = arith.extf %x : bf16 to f32
    %below = arith.cmpf olt, %fx, %lo : f32
    %t = arith.select %below, %lo, %fx : f32
    %above = arith.cmpf ogt, %t, %hi : f32
    %u = arith.select %above, %hi, %t : f32
    %n = arith.truncf %u : f32 to bf16
    %isnan = arith.cmpf uno, %fx, %fx : f32
    %v = arith.select %isnan, %o, %n : bf16
    linalg.yield %v : bf16
  } -> tensor<4x8xbf16>
  return %r : tensor<4x8xbf16>
}

// An i32 input read through sitofp (the engine's rounding to nearest even):
// max(sitofp(x), y) where x > y as floats, else y - sitofp(x).
func.func @int_to_float(%x: tensor<4x8xi32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<4x8xi32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: i32, %b: f32, %o: f32):
    %fa = arith.sitofp %a : i32 to f32
    %c = arith.cmpf ogt, %fa, %b : f32
    %d = arith.subf %b, %fa : f32
    %s = arith.select %c, %fa, %d : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
