// Elementwise ops whose intermediates go into their output (docs/Compute.md,
// "Temporaries"): test/Sim/compute-in-place.test. Each reads a matmul's
// result, which it cannot fuse with, bufferization writes its result over
// that input, and a second matmul reads it, so both stay on chip.

#id = affine_map<(d0, d1) -> (d0, d1)>

// The input the output reuses is read again after the first op: the first
// op's result takes a temporary, the last op writes the output.
func.func @read_twice(%a: tensor<8x16xf32>, %m: tensor<16x32xf32>, %m2: tensor<32x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = linalg.matmul ins(%a, %m : tensor<8x16xf32>, tensor<16x32xf32>)
      outs(%z : tensor<8x32xf32>) -> tensor<8x32xf32>
  %two = arith.constant 2.0 : f32
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x32xf32>) outs(%x : tensor<8x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.mulf %v, %two : f32
    %u = arith.addf %t, %v : f32
    linalg.yield %u : f32
  } -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %p = linalg.matmul ins(%y, %m2 : tensor<8x32xf32>, tensor<32x4xf32>)
      outs(%z2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %p : tensor<8x4xf32>
}

// Nothing read later lives in the output: every op writes it.
func.func @chain(%a: tensor<8x16xf32>, %m: tensor<16x32xf32>, %m2: tensor<32x4xf32>, %b: tensor<8x32xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = linalg.matmul ins(%a, %m : tensor<8x16xf32>, tensor<16x32xf32>)
      outs(%z : tensor<8x32xf32>) -> tensor<8x32xf32>
  %two = arith.constant 2.0 : f32
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<8x32xf32>, tensor<8x32xf32>) outs(%x : tensor<8x32xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %t = arith.subf %v, %w : f32
    %u = arith.mulf %t, %two : f32
    %r = math.exp %u : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %p = linalg.matmul ins(%y, %m2 : tensor<8x32xf32>, tensor<32x4xf32>)
      outs(%z2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %p : tensor<8x4xf32>
}

// A select whose condition a compare computes from the reused input, and
// whose choices are that input and a product: the compare and the product
// take temporaries (the select reads them after its first write), and the
// select leaves the input in place where it chooses it.
func.func @select_in_place(%a: tensor<8x16xf32>, %m: tensor<16x32xf32>, %m2: tensor<32x4xf32>, %b: tensor<8x32xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %x = linalg.matmul ins(%a, %m : tensor<8x16xf32>, tensor<16x32xf32>)
      outs(%z : tensor<8x32xf32>) -> tensor<8x32xf32>
  %half = arith.constant 0.5 : f32
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<8x32xf32>, tensor<8x32xf32>) outs(%x : tensor<8x32xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %c = arith.cmpf ogt, %v, %w : f32
    %h = arith.mulf %w, %half : f32
    %s = arith.select %c, %v, %h : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %p = linalg.matmul ins(%y, %m2 : tensor<8x32xf32>, tensor<32x4xf32>)
      outs(%z2 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %p : tensor<8x4xf32>
}
