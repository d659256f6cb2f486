// A runtime loop whose body writes %row at row j % 15 of the accumulator,
// then reads that row as it was before the write and writes it one row
// further: the update cannot be in place, and the loop carries a copy.
func.func @oldread(%t: tensor<16x8xf32>, %row: tensor<1x8xf32>, %n: i32) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %c64 = arith.constant 64 : i32
  %nb = arith.minsi %n, %c64 : i32
  %ni = arith.index_cast %nb : i32 to index
  %r = scf.for %j = %c0i to %ni step %c1i iter_args(%acc = %t) -> (tensor<16x8xf32>) {
    %jj = arith.index_cast %j : index to i32
    %i = arith.remsi %jj, %c15 : i32
    %acc1 = dynshape.dynamic_update_slice %row into %acc[%i, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    %i1 = arith.addi %i, %c1 : i32
    %old = dynshape.dynamic_slice %acc[%i, %c0] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
    %acc2 = dynshape.dynamic_update_slice %old into %acc1[%i1, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %acc2 : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}
