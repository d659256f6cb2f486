// A Pool-triggered DMA on SP's queue (scalar-route=hwdge: Pool owns no
// hardware DGE queue at gen3), which SP's own triggers share:
// test/Sim/scalar-route.test. From utils/fuzz/gen_program.py 161 --kind data.
func.func @fuzz(%arg0: tensor<8x16xf32>, %arg1: tensor<8x1x1xi32>, %arg2: tensor<1x9xi32>, %arg3: i32, %arg4: i32, %arg5: tensor<?xi32, #dynshape.bounds<3>>, %arg6: i32, %arg7: tensor<5xi32>, %arg8: tensor<5x16xf32>, %arg9: index)
    -> (tensor<3x1x1xi32>, tensor<1x9xi32>, tensor<1x1x1xi32>) {
  %cm1 = arith.constant -1 : i32
  %c2_i = arith.constant 2 : index
  %c0_i = arith.constant 0 : index
  %c2 = arith.constant 2 : i32
  %cm2 = arith.constant -2 : i32
  %c7 = arith.constant 7 : i32
  %c12 = arith.constant 12 : i32
  %c0 = arith.constant 0 : i32
  %s2 = arith.minsi %arg4, %cm1 : i32
  %v1 = dynshape.dynamic_slice %arg2[%arg4, %s2] sizes [1, 3] : tensor<1x9xi32> -> tensor<1x3xi32>
  %e3 = tensor.extract %arg1[%c2_i, %c0_i, %c0_i] : tensor<8x1x1xi32>
  %s4 = arith.addi %s2, %cm1 : i32
  %s5 = arith.shrsi %s4, %c2 : i32
  %v6 = dynshape.dynamic_update_slice %v1 into %arg2[%e3, %s5] : tensor<1x3xi32> into tensor<1x9xi32>
  %v7 = dynshape.gather %arg1[%arg5] : (tensor<8x1x1xi32>, tensor<?xi32, #dynshape.bounds<3>>) -> tensor<?x1x1xi32, #dynshape.bounds<3, ?, ?>>
  %s9 = arith.ori %arg6, %c7 : i32
  %v8 = dynshape.dynamic_slice %v7[%cm2, %arg6, %s9] sizes [3, 1, 1] : tensor<?x1x1xi32, #dynshape.bounds<3, ?, ?>> -> tensor<3x1x1xi32>
  %v10 = dynshape.scatter %arg8 into %arg0[%arg7] : (tensor<5x16xf32>, tensor<5xi32>) -> tensor<8x16xf32>
  %s13 = arith.shrsi %arg4, %c0 : i32
  %s14 = arith.xori %c12, %s13 : i32
  %x12 = arith.index_cast %s14 : i32 to index
  %s15 = arith.ori %arg3, %arg4 : i32
  %v11 = dynshape.dynamic_slice %v7[%x12, %arg9, %s15 : index, index, i32] sizes [1, 1, 1] : tensor<?x1x1xi32, #dynshape.bounds<3, ?, ?>> -> tensor<1x1x1xi32>
  return %v8, %v6, %v11 : tensor<3x1x1xi32>, tensor<1x9xi32>, tensor<1x1x1xi32>
}
