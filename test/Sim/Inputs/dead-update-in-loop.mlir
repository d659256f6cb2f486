// A fuzzer mutant (utils/fuzz/mutate_mlir.py, seed 202296): a loop of up to
// 524288 trips whose body updates a 20 MiB bounded argument and never uses
// the result. The reference interpreter copied the tensor for the dead
// update on every trip (hours); it now skips dead pure ops, and the trip
// limit ends the run.
func.func @fuzz(%arg0: tensor<6x8x2xf32>, %arg1: i32, %arg2: i32, %arg3: tensor<5xi32>, %arg4: tensor<?x5x?xi32, #dynshape.bounds<1, ?, 1048577>>, %arg5: tensor<6x6xi32>, %arg6: tensor<6xi32>, %arg7: tensor<6x6xi32>, %arg8: tensor<3xi32>)
    -> (tensor<6x6xi32>, tensor<5x8x2xf32>, tensor<6x8x2xf32>, tensor<6x6xi32>) {
  %c2_i = arith.constant 2 : index
  %c11 = arith.constant 11 : i32
  %c17 = arith.constant 17 : i32
  %cm3 = arith.constant -3 : i32
  %c7 = arith.constant 7 : i32
  %c7_fz181 = arith.constant 7 : i32
  %c18 = arith.constant 18 : i32
  %v1 = dynshape.gather %arg0[%arg3] : (tensor<6x8x2xf32>, tensor<5xi32>) -> tensor<5x8x2xf32>
  %v2 = dynshape.scatter %v1 into %arg0[%arg3] : (tensor<5x8x2xf32>, tensor<5xi32>) -> tensor<6x8x2xf32>
  %n3 = dynshape.get_dimension_size %arg4, 2 : tensor<?x5x?xi32, #dynshape.bounds<1, ?, 1048577>>
  %ub4 = arith.index_cast %n3 : i32 to index
  %r6 = scf.for %iv5 = %c2_i to %ub4 step %c2_i iter_args(%acc7 = %arg5) -> (tensor<6x6xi32>) {
    %i8 = arith.index_cast %iv5 : index to i32
    %v9 = dynshape.scatter %arg7 into %acc7[%arg6] : (tensor<6x6xi32>, tensor<6xi32>) -> tensor<6x6xi32>
    %v10 = dynshape.dynamic_slice %arg4[%arg8 : tensor<3xi32>] sizes [1, 1, 1] : tensor<?x5x?xi32, #dynshape.bounds<1, ?, 1048577>> -> tensor<1x1x1xi32>
    %s11 = arith.subi %c17, %i8 : i32
    %e12 = tensor.extract %arg3[%c2_i] : tensor<5xi32>
    %s13 = arith.maxsi %cm3, %e12 : i32
    %v14 = dynshape.dynamic_update_slice %v10 into %arg4[%c11, %s11, %s13] : tensor<1x1x1xi32> into tensor<?x5x?xi32, #dynshape.bounds<1, ?, 1048577>>
    %v15 = dynshape.gather %arg7[%arg6] : (tensor<6x6xi32>, tensor<6xi32>) -> tensor<6x6xi32>
    %v16 = dynshape.scatter %v15 into %arg5[%arg6] : (tensor<6x6xi32>, tensor<6xi32>) -> tensor<6x6xi32>
    %s18 = arith.maxsi %c7, %i8 : i32
    %v17 = dynshape.dynamic_slice %v16[%s18, %arg1] sizes [4, 1] : tensor<6x6xi32> -> tensor<4x1xi32>
    %v19 = dynshape.dynamic_update_slice %v17 into %v9[%arg2, %i8] : tensor<4x1xi32> into tensor<6x6xi32>
    scf.yield %v19 : tensor<6x6xi32>
  }
  return %r6, %v1, %v2, %r6 : tensor<6x6xi32>, tensor<5x8x2xf32>, tensor<6x8x2xf32>, tensor<6x6xi32>
}
