// 65536 trips, each reading a row of the loop-carried cache and writing it
// one row further: the cache has two uses per trip (the read and the
// update), and the reference must not copy it for either (it did, 16 s).
func.func @shift(%t: tensor<256x64xf32>, %n: i32) -> tensor<256x64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c255 = arith.constant 255 : i32
  %cmax = arith.constant 65536 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %nb = arith.minsi %n, %cmax : i32
  %ni = arith.index_cast %nb : i32 to index
  %r = scf.for %j = %c0i to %ni step %c1i iter_args(%acc = %t) -> (tensor<256x64xf32>) {
    %jj = arith.index_cast %j : index to i32
    %from = arith.remsi %jj, %c255 : i32
    %to = arith.addi %from, %c1 : i32
    %row = dynshape.dynamic_slice %acc[%from, %c0] sizes [1, 64] : tensor<256x64xf32> -> tensor<1x64xf32>
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%to, %c0] : tensor<1x64xf32> into tensor<256x64xf32>
    scf.yield %acc1 : tensor<256x64xf32>
  }
  return %r : tensor<256x64xf32>
}
