// A KV write whose row comes from bitwise operations and shifts on runtime
// scalars: row = shrsi(shli(shrui(shli((p & 63) ^ 5, s), s), 1), 1), then
// clamped into [0, 63] by the write. A shift amount outside [0, 32) is
// undefined upstream (--compare skips such trials).
func.func @bitwise(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,
                   %p: i32, %s: i32) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %c63 = arith.constant 63 : i32
  %a = arith.andi %p, %c63 : i32
  %x = arith.xori %a, %c5 : i32
  %up = arith.shli %x, %s : i32
  %down = arith.shrui %up, %s : i32
  %two = arith.shli %down, %c1 : i32
  %row = arith.shrsi %two, %c1 : i32
  %w = dynshape.dynamic_update_slice %k into %cache[%row, %c0]
      : tensor<1x32xf32> into tensor<64x32xf32>
  return %w : tensor<64x32xf32>
}
