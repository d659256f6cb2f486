// Compute inside a runtime loop, on the loop's engine (engine=dve).
// Rows of an on-chip intermediate scaled in a loop (with engine=dve): row j
// of the SBUF tile is a kind-2 pattern of the induction register, which
// Stage 3a turns into register-ALU address code on the Vector engine.
func.func @scale_rows(%x: tensor<16x32xf32>, %y: tensor<16x32xf32>, %n: i32) -> (tensor<16xf32>, tensor<16x32xf32>) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %s = arith.addf %x, %y : tensor<16x32xf32>
  %m = arith.minsi %n, %c16 : i32
  %ub = arith.index_cast %m : i32 to index
  %r = scf.for %j = %c0i to %ub step %c1i iter_args(%acc = %s) -> (tensor<16x32xf32>) {
    %ji = arith.index_cast %j : index to i32
    %row = dynshape.dynamic_slice %acc[%ji, %c0] sizes [1, 32] : tensor<16x32xf32> -> tensor<1x32xf32>
    %t = tensor.empty() : tensor<1x32xf32>
    %h = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%row : tensor<1x32xf32>) outs(%t : tensor<1x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = arith.mulf %a, %half : f32
      linalg.yield %v : f32
    } -> tensor<1x32xf32>
    %acc1 = dynshape.dynamic_update_slice %h into %acc[%ji, %c0] : tensor<1x32xf32> into tensor<16x32xf32>
    scf.yield %acc1 : tensor<16x32xf32>
  }
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %o = linalg.reduce ins(%r : tensor<16x32xf32>) outs(%z : tensor<16xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %v = arith.addf %a, %acc : f32
      linalg.yield %v : f32
    }
  %d = arith.subf %x, %y : tensor<16x32xf32>
  return %o, %d : tensor<16xf32>, tensor<16x32xf32>
}
