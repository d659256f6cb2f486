// Reduced from a fuzzer find: an inner loop bounded by a value of the outer
// loop. Its trip bound is computed before the conversion rewrites the outer
// loop (the analysis once walked into the converted loop and crashed).
func.func @fuzz(%arg0: tensor<2x4x8xi32>, %arg1: i32, %arg2: i32, %arg3: tensor<?x?xi32, #dynshape.bounds<7, 5>>, %arg4: tensor<3x7x6xf32>, %arg5: tensor<1xi32>, %arg6: i32, %arg7: tensor<1x1xi32>, %arg8: i32, %arg9: tensor<3xi32>)
    -> (tensor<3x7x6xf32>, tensor<3x7x6xf32>, tensor<1x4x4xi32>, i32) {
  %c18 = arith.constant 18 : i32
  %c9 = arith.constant 9 : i32
  %c1_i = arith.constant 1 : index
  %c5_i = arith.constant 5 : index
  %c4 = arith.constant 4 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c2_i = arith.constant 2 : index
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c0_i = arith.constant 0 : index
  %c8 = arith.constant 8 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %cm2 = arith.constant -2 : i32
  %c17 = arith.constant 17 : i32
  %c12 = arith.constant 12 : i32
  %c16 = arith.constant 16 : i32
  %c15 = arith.constant 15 : i32
  %c5 = arith.constant 5 : i32
  %c14 = arith.constant 14 : i32
  %s2 = arith.addi %arg2, %c9 : i32
  %e3 = tensor.extract %arg0[%c1_i, %c1_i, %c5_i] : tensor<2x4x8xi32>
  %s4 = arith.maxsi %e3, %c4 : i32
  %s5 = arith.subi %c6, %arg1 : i32
  %s6 = arith.maxsi %s5, %c7 : i32
  %v1 = dynshape.dynamic_slice %arg0[%s2, %s4, %s6] sizes [1, 4, 4] : tensor<2x4x8xi32> -> tensor<1x4x4xi32>
  %n7 = dynshape.get_dimension_size %arg3, 0 : tensor<?x?xi32, #dynshape.bounds<7, 5>>
  %ub8 = arith.index_cast %n7 : i32 to index
  %r10:2 = scf.for %iv9 = %c1_i to %ub8 step %c2_i iter_args(%acc11 = %arg4, %acc12 = %arg4) -> (tensor<3x7x6xf32>, tensor<3x7x6xf32>) {
    %i13 = arith.index_cast %iv9 : index to i32
    %v14 = dynshape.gather %acc12[%arg5] : (tensor<3x7x6xf32>, tensor<1xi32>) -> tensor<1x7x6xf32>
    %v15 = dynshape.scatter %v14 into %arg4[%arg5] : (tensor<1x7x6xf32>, tensor<1xi32>) -> tensor<3x7x6xf32>
    %ub17 = arith.index_cast %i13 : i32 to index
    %r19:2 = scf.for %iv18 = %c2_i to %ub17 step %c1_i iter_args(%acc20 = %arg3, %acc21 = %v14) -> (tensor<?x?xi32, #dynshape.bounds<7, 5>>, tensor<1x7x6xf32>) {
      %i22 = arith.index_cast %iv18 : index to i32
      %v23 = dynshape.set_dimension_size %acc20, %arg6, 0 : (tensor<?x?xi32, #dynshape.bounds<7, 5>>) -> tensor<?x?xi32, #dynshape.bounds<7, 5>>
      %s24 = arith.maxsi %arg8, %cm1 : i32
      %e25 = tensor.extract %arg5[%c0_i] : tensor<1xi32>
      %s26 = arith.maxsi %c8, %e25 : i32
      %v27 = dynshape.dynamic_update_slice %arg7 into %acc20[%i22, %s26] : tensor<1x1xi32> into tensor<?x?xi32, #dynshape.bounds<7, 5>>
      %s29 = arith.addi %i13, %c1 : i32
      %v28 = dynshape.dynamic_slice %arg3[%arg2, %s29] sizes [1, 5] : tensor<?x?xi32, #dynshape.bounds<7, 5>> -> tensor<1x5xi32>
      %s30 = arith.subi %n7, %c1 : i32
      %s31 = arith.muli %s6, %c2 : i32
      %s32 = arith.muli %i22, %c3 : i32
      %v33 = dynshape.dynamic_update_slice %v28 into %v27[%s32, %s31] : tensor<1x5xi32> into tensor<?x?xi32, #dynshape.bounds<7, 5>>
      %v34 = dynshape.dynamic_slice %v14[%arg9 : tensor<3xi32>] sizes [1, 7, 1] : tensor<1x7x6xf32> -> tensor<1x7x1xf32>
      %s35 = arith.minsi %s2, %cm2 : i32
      %s36 = arith.addi %s35, %c3 : i32
      %s37 = arith.divsi %arg2, %c4 : i32
      %s38 = arith.subi %i22, %c1 : i32
      %v39 = dynshape.dynamic_update_slice %v34 into %acc21[%s38, %s37, %c17] : tensor<1x7x1xf32> into tensor<1x7x6xf32>
      scf.yield %v33, %v39 : tensor<?x?xi32, #dynshape.bounds<7, 5>>, tensor<1x7x6xf32>
    }
    %s41 = arith.remsi %arg8, %c2 : i32
    %s42 = arith.addi %c1, %s41 : i32
    %e43 = tensor.extract %arg0[%c1_i, %c2_i, %c5_i] : tensor<2x4x8xi32>
    %s44 = arith.minsi %c7, %e43 : i32
    %s45 = arith.subi %n7, %c3 : i32
    %v40 = dynshape.dynamic_slice %r19#1[%s42, %s44, %s45] sizes [1, 7, 1] : tensor<1x7x6xf32> -> tensor<1x7x1xf32>
    %s47 = arith.maxsi %i13, %c0 : i32
    %s48 = arith.addi %i13, %c1 : i32
    %e49 = tensor.extract %arg7[%c0_i, %c0_i] : tensor<1x1xi32>
    %s50 = arith.minsi %e49, %c0 : i32
    %s51 = arith.addi %c1, %s50 : i32
    %v46 = dynshape.dynamic_slice %r19#1[%s47, %s48, %s51] sizes [1, 1, 1] : tensor<1x7x6xf32> -> tensor<1x1x1xf32>
    %e52 = tensor.extract %arg5[%c0_i] : tensor<1xi32>
    %s53 = arith.minsi %cm2, %e52 : i32
    %s54 = arith.maxsi %s53, %c6 : i32
    %v55 = dynshape.dynamic_update_slice %v46 into %acc11[%i13, %arg8, %s54] : tensor<1x1x1xf32> into tensor<3x7x6xf32>
    %s57 = arith.maxsi %c6, %arg1 : i32
    %s58 = arith.minsi %s57, %cm1 : i32
    %v56 = dynshape.dynamic_slice %acc12[%s58, %c12, %c16] sizes [3, 2, 6] : tensor<3x7x6xf32> -> tensor<3x2x6xf32>
    %s59 = arith.minsi %s42, %c2 : i32
    %e60 = tensor.extract %arg5[%c0_i] : tensor<1xi32>
    %s61 = arith.maxsi %c4, %e60 : i32
    %s62 = arith.addi %c1, %e43 : i32
    %s63 = arith.subi %c15, %s62 : i32
    %v64 = dynshape.dynamic_update_slice %v56 into %v55[%s59, %i13, %s63] : tensor<3x2x6xf32> into tensor<3x7x6xf32>
    %s66 = arith.maxsi %c3, %arg8 : i32
    %s67 = arith.divsi %s66, %c4 : i32
    %v65 = dynshape.dynamic_slice %r19#1[%cm1, %s67, %c5] sizes [1, 1, 6] : tensor<1x7x6xf32> -> tensor<1x1x6xf32>
    %s68 = arith.addi %i13, %c2 : i32
    %v69 = dynshape.dynamic_update_slice %v65 into %acc12[%i13, %s66, %s63] : tensor<1x1x6xf32> into tensor<3x7x6xf32>
    %s70 = arith.maxsi %cm1, %s54 : i32
    %e71 = tensor.extract %arg7[%c0_i, %c0_i] : tensor<1x1xi32>
    %v72 = dynshape.dynamic_update_slice %v46 into %v69[%i13, %c14, %e71] : tensor<1x1x1xf32> into tensor<3x7x6xf32>
    scf.yield %v64, %v72 : tensor<3x7x6xf32>, tensor<3x7x6xf32>
  }
  %s73 = arith.muli %n7, %c2 : i32
  return %r10#1, %r10#0, %v1, %s73 : tensor<3x7x6xf32>, tensor<3x7x6xf32>, tensor<1x4x4xi32>, i32
}
