func.func @fuzz(%a: tensor<128x256xf32>, %n: i32) -> tensor<128x256xf32> {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c0_i = arith.constant 0 : index
  %c1_i = arith.constant 1 : index
  %m = arith.minsi %n, %c2 : i32
  %ub = arith.index_cast %m : i32 to index
  %r = scf.for %iv = %c0_i to %ub step %c1_i iter_args(%acc = %a) -> (tensor<128x256xf32>) {
    %i = arith.index_cast %iv : index to i32
    %s = dynshape.dynamic_slice %acc[%c0, %c0] sizes [96, 256] : tensor<128x256xf32> -> tensor<96x256xf32>
    %w = dynshape.dynamic_update_slice %s into %acc[%i, %c0] : tensor<96x256xf32> into tensor<128x256xf32>
    scf.yield %w : tensor<128x256xf32>
  }
  %v = dynshape.dynamic_slice %r[%n, %n] sizes [1, 1] : tensor<128x256xf32> -> tensor<1x1xf32>
  %x = dynshape.dynamic_update_slice %v into %a[%c2, %c0] : tensor<1x1xf32> into tensor<128x256xf32>
  return %x : tensor<128x256xf32>
}
