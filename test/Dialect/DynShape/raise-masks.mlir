// RUN: dyn-opt %s -split-input-file --dynshape-raise-masks | FileCheck %s

// JAX's padding mask: select(iota < n, x, -inf) is the padder's mask.
// CHECK-LABEL: func.func @iota_lt
// CHECK-SAME: (%[[X:.*]]: tensor<2x8xf32>, %[[N:.*]]: i32)
// CHECK: %[[M:.*]] = dynshape.mask %[[X]] : tensor<2x8xf32> dims [1] sizes(%[[N]]) fill 0xFF800000 : f32
// CHECK-NOT: arith.select
// CHECK: return %[[M]]
func.func @iota_lt(%x: tensor<2x8xf32>, %n: i32) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xi32>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<2x8xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<2x8xi32>
  %e2 = tensor.empty() : tensor<2x8xi32>
  %nb = linalg.fill ins(%n : i32) outs(%e2 : tensor<2x8xi32>) -> tensor<2x8xi32>
  %valid = arith.cmpi slt, %iota, %nb : tensor<2x8xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<2x8xf32>
  %m = arith.select %valid, %x, %ninf : tensor<2x8xi1>, tensor<2x8xf32>
  return %m : tensor<2x8xf32>
}

// -----

// The compare's operands swapped (n > iota), and `iota >= n` choosing the
// fill first; a constant size; the iota along dim 0.
// CHECK-LABEL: func.func @swapped_and_ge
// CHECK: %[[A:.*]] = dynshape.mask %{{.*}} : tensor<4x3xf32> dims [0] sizes(%{{.*}}) fill 0.000000e+00 : f32
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK: dynshape.mask %[[A]] : tensor<4x3xf32> dims [0] sizes(%[[C3]]) fill 1.000000e+00 : f32
func.func @swapped_and_ge(%x: tensor<4x3xf32>, %n: i32) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xi32>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<4x3xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<4x3xi32>
  %e2 = tensor.empty() : tensor<4x3xi32>
  %nb = linalg.fill ins(%n : i32) outs(%e2 : tensor<4x3xi32>) -> tensor<4x3xi32>
  %valid = arith.cmpi sgt, %nb, %iota : tensor<4x3xi32>
  %zero = arith.constant dense<0.0> : tensor<4x3xf32>
  %a = arith.select %valid, %x, %zero : tensor<4x3xi1>, tensor<4x3xf32>
  %three = arith.constant dense<3> : tensor<4x3xi32>
  %beyond = arith.cmpi sge, %iota, %three : tensor<4x3xi32>
  %one = arith.constant dense<1.0> : tensor<4x3xf32>
  %b = arith.select %beyond, %one, %a : tensor<4x3xi1>, tensor<4x3xf32>
  return %b : tensor<4x3xf32>
}

// -----

// Not masks: iota <= n (n + 1 would overflow at INT_MAX), an unsigned
// compare, a padding that is not a splat, and an iota that is not i32.
// CHECK-LABEL: func.func @not_masks
// CHECK-NOT: dynshape.mask
// CHECK-COUNT-4: arith.select
// CHECK-NOT: dynshape.mask
func.func @not_masks(%x: tensor<8xf32>, %y: tensor<8xf32>, %n: i32)
    -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xi32>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                          iterator_types = ["parallel"]}
      outs(%e : tensor<8xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<8xi32>
  %nb = linalg.fill ins(%n : i32) outs(%e : tensor<8xi32>) -> tensor<8xi32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %le = arith.cmpi sle, %iota, %nb : tensor<8xi32>
  %a = arith.select %le, %x, %zero : tensor<8xi1>, tensor<8xf32>
  %ult = arith.cmpi ult, %iota, %nb : tensor<8xi32>
  %b = arith.select %ult, %x, %zero : tensor<8xi1>, tensor<8xf32>
  %lt = arith.cmpi slt, %iota, %nb : tensor<8xi32>
  %c = arith.select %lt, %x, %y : tensor<8xi1>, tensor<8xf32>
  %e64 = tensor.empty() : tensor<8xi64>
  %iota64 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                            iterator_types = ["parallel"]}
      outs(%e64 : tensor<8xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %c64 = arith.index_cast %i : index to i64
    linalg.yield %c64 : i64
  } -> tensor<8xi64>
  %n64 = arith.constant dense<3> : tensor<8xi64>
  %lt64 = arith.cmpi slt, %iota64, %n64 : tensor<8xi64>
  %d = arith.select %lt64, %x, %zero : tensor<8xi1>, tensor<8xf32>
  return %a, %b, %c, %d : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// jnp.arange(8) < n broadcast to the scores' shape (as jnp lowers it): the
// 1-D mask's dim is broadcast to dim 1, which the mask masks; and the same
// through linalg.broadcast.
// CHECK-LABEL: func.func @broadcast_mask
// CHECK-SAME: (%[[X:.*]]: tensor<2x8xf32>, %[[N:.*]]: i32)
// CHECK: %[[M:.*]] = dynshape.mask %[[X]] : tensor<2x8xf32> dims [1] sizes(%[[N]]) fill 0xFF800000 : f32
// CHECK: %[[M2:.*]] = dynshape.mask %[[M]] : tensor<2x8xf32> dims [1] sizes(%[[N]]) fill 0xFF800000 : f32
// CHECK-NOT: arith.select
// CHECK: return %[[M2]]
func.func @broadcast_mask(%x: tensor<2x8xf32>, %n: i32) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<8xi32>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                          iterator_types = ["parallel"]}
      outs(%e : tensor<8xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<8xi32>
  %nb = linalg.fill ins(%n : i32) outs(%e : tensor<8xi32>) -> tensor<8xi32>
  %valid = arith.cmpi slt, %iota, %nb : tensor<8xi32>
  %eb = tensor.empty() : tensor<2x8xi1>
  %vb = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%valid : tensor<8xi1>) outs(%eb : tensor<2x8xi1>) {
  ^bb0(%v: i1, %o: i1):
    linalg.yield %v : i1
  } -> tensor<2x8xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<2x8xf32>
  %m = arith.select %vb, %x, %ninf : tensor<2x8xi1>, tensor<2x8xf32>
  %vb2 = linalg.broadcast ins(%valid : tensor<8xi1>) outs(%eb : tensor<2x8xi1>) dimensions = [0]
  %m2 = arith.select %vb2, %m, %ninf : tensor<2x8xi1>, tensor<2x8xf32>
  return %m2 : tensor<2x8xf32>
}
