// Runtime sizes computed in index arithmetic that leaves i32: the target
// computes index values in 32-bit registers, so a size that is provably in
// [0, bound] in 64 bits may not be at run time, and its clamp stays.

// index_castui of a negative i32 is negative in a 32-bit register.
func.func @castui(%n: i32) -> i32 {
  %ni = arith.index_castui %n : i32 to index
  %e = tensor.empty(%ni) : tensor<?xf32, #dynshape.bounds<8>>
  %d = dynshape.get_dimension_size %e, 0 : tensor<?xf32, #dynshape.bounds<8>>
  return %d : i32
}

// A product of a non-negative value that wraps to a negative one.
func.func @product(%n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c65536 = arith.constant 65536 : index
  %ni = arith.index_cast %n : i32 to index
  %a = arith.maxsi %ni, %c0 : index
  %s = arith.muli %a, %c65536 : index
  %e = tensor.empty(%s) : tensor<?xf32, #dynshape.bounds<8>>
  %d = dynshape.get_dimension_size %e, 0 : tensor<?xf32, #dynshape.bounds<8>>
  return %d : i32
}
