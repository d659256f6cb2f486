// The Activation engine's functions and math.powf by a constant, each on
// one 128x64 f32 tile (check_activation_functions.py sweeps their inputs).
func.func @exp(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = math.exp %x : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @rsqrt(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = math.rsqrt %x : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @sqrt(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = math.sqrt %x : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @tanh(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = math.tanh %x : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @log(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = math.log %x : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @erf(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = math.erf %x : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @negf(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = arith.negf %x : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @pow_m1(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant -1.0 : f32
    %p = math.powf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @pow_m05(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant -0.5 : f32
    %p = math.powf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @pow_05(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 0.5 : f32
    %p = math.powf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @pow_2(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 2.0 : f32
    %p = math.powf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @pow_3(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 3.0 : f32
    %p = math.powf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @pow_4(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 4.0 : f32
    %p = math.powf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

// A sigmoid and a SiLU written out on tensors (as a user or JAX's import of
// logistic writes them): fused into one body, one Activation instruction.
func.func @sigmoid(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %one = arith.constant dense<1.0> : tensor<128x64xf32>
  %n = arith.negf %x : tensor<128x64xf32>
  %e = math.exp %n : tensor<128x64xf32>
  %d = arith.addf %one, %e : tensor<128x64xf32>
  %r = arith.divf %one, %d : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

func.func @silu(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %one = arith.constant dense<1.0> : tensor<128x64xf32>
  %n = arith.negf %x : tensor<128x64xf32>
  %e = math.exp %n : tensor<128x64xf32>
  %d = arith.addf %e, %one : tensor<128x64xf32>
  %r = arith.divf %x, %d : tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}

// x * sigmoid(x), in one linalg.generic body.
func.func @silu_product(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e0 = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<128x64xf32>) outs(%e0 : tensor<128x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %one, %e : f32
    %s = arith.divf %one, %d : f32
    %p = arith.mulf %a, %s : f32
    linalg.yield %p : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}
