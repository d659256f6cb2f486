// Start indices computed by affine.apply, affine.min and affine.max (as
// upstream folds composed views into them), over runtime scalars that the
// harness also draws negative: floordiv, ceildiv and mod of a negative
// value round toward minus infinity, plus infinity and to a non-negative
// remainder.
#row = affine_map<(d0) -> (d0 * 2 + 1)>
#lo = affine_map<(d0)[s0] -> ((d0 - 7) floordiv 3 + 4, s0 mod 5 + 6)>
#hi = affine_map<(d0)[s0] -> ((d0 - 7) ceildiv 4, s0 * -1 + 9)>
func.func @kv(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %pos: i32, %n: i32) -> (tensor<16x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %p = arith.index_cast %pos : i32 to index
  %q = arith.index_cast %n : i32 to index
  %r = affine.apply #row(%p)
  %lo = affine.min #lo(%r)[%q]
  %hi = affine.max #hi(%p)[%q]
  %a = dynshape.dynamic_update_slice %k into %cache[%lo, %c0 : index, index] : tensor<1x8xf32> into tensor<16x8xf32>
  %b = dynshape.dynamic_update_slice %k into %a[%hi, %c0 : index, index] : tensor<1x8xf32> into tensor<16x8xf32>
  %m = affine.apply affine_map<(d0) -> (d0 mod 16)>(%r)
  %s = dynshape.dynamic_slice %b[%m, %c0 : index, index] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return %b, %s : tensor<16x8xf32>, tensor<1x8xf32>
}

// A semi-affine divisor is a runtime value; the lowering takes only a
// positive constant, the reference any positive value.
func.func @semi_affine(%x: i32, %d: i32) -> i32 {
  %a = arith.index_cast %x : i32 to index
  %b = arith.index_cast %d : i32 to index
  %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%a)[%b]
  %r = arith.index_cast %q : index to i32
  return %r : i32
}
