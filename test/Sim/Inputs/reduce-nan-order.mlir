// A sum whose body is `addf %in, %acc` over random bf16 bits (NaNs with
// payloads): the engines give the canonical NaN whichever operand held which
// NaN, as the reference does (found by the compute fuzzer).

func.func @fuzz(%a: tensor<?x16xbf16, #dynshape.bounds<64, ?>>) -> (tensor<16xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %s = linalg.reduce ins(%a : tensor<?x16xbf16, #dynshape.bounds<64, ?>>) outs(%i : tensor<16xf32>) dimensions = [0]
    (%x: bf16, %acc: f32) {
      %y = arith.extf %x : bf16 to f32
      %r = arith.addf %y, %acc : f32
      linalg.yield %r : f32
    }
  return %s : tensor<16xf32>
}
