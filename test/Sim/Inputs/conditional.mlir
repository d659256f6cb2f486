// Runtime conditionals: scf.if on flags computed from runtime scalars,
// lowered to 0/1-trip dynamic loops.

// Both branches update the cache, each in place: K at %pos when the flag
// is set, V at %pos + 1 otherwise.
func.func @both(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %v: tensor<1x8xf32>, %pos: i32, %flag: i32) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %set = arith.cmpi ne, %flag, %c0 : i32
  %r = scf.if %set -> tensor<16x8xf32> {
    %w = dynshape.dynamic_update_slice %k into %cache[%pos, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %w : tensor<16x8xf32>
  } else {
    %p = arith.addi %pos, %c1 : i32
    %w = dynshape.dynamic_update_slice %v into %cache[%p, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %w : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}

// Only the then-branch writes; the else-branch yields the cache as it is.
func.func @guarded(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %pos: i32, %n: i32) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi slt, %pos, %n : i32
  %r = scf.if %ok -> tensor<16x8xf32> {
    %w = dynshape.dynamic_update_slice %k into %cache[%pos, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %w : tensor<16x8xf32>
  } else {
    scf.yield %cache : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}

// A conditional in a runtime loop, on a flag of the induction variable
// and a runtime scalar, with select and extui picking the row.
func.func @in_loop(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %n: i32, %m: i32) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : i32
  %c2 = arith.constant 2 : i32
  %c0i = arith.constant 0 : i32
  %c1i = arith.constant 1 : i32
  %nn = arith.minsi %n, %c6 : i32
  %ub = arith.index_cast %nn : i32 to index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %cache) -> tensor<16x8xf32> {
    %ii = arith.index_cast %i : index to i32
    %odd = arith.andi %ii, %c1i : i32
    %isodd = arith.cmpi eq, %odd, %c1i : i32
    %big = arith.cmpi sge, %m, %c2 : i32
    %both = arith.andi %isodd, %big : i1
    %sel = arith.select %both, %m, %ii : i32
    %x = scf.if %both -> tensor<16x8xf32> {
      %w = dynshape.dynamic_update_slice %k into %acc[%sel, %c0i] : tensor<1x8xf32> into tensor<16x8xf32>
      scf.yield %w : tensor<16x8xf32>
    } else {
      %e = arith.extui %isodd : i1 to i32
      %p = arith.addi %e, %sel : i32
      %w = dynshape.dynamic_update_slice %k into %acc[%p, %c0i] : tensor<1x8xf32> into tensor<16x8xf32>
      scf.yield %w : tensor<16x8xf32>
    }
    scf.yield %x : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}

// The old cache is read after the conditional: the branches copy into one
// buffer (dynshape-bufferize), and the old row comes back unchanged.
func.func @read_after(%cache: tensor<16x8xf32>, %k: tensor<1x8xf32>, %pos: i32, %flag: i32) -> (tensor<16x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : i32
  %set = arith.cmpi ne, %flag, %c0 : i32
  %r = scf.if %set -> tensor<16x8xf32> {
    %w = dynshape.dynamic_update_slice %k into %cache[%pos, %c0] : tensor<1x8xf32> into tensor<16x8xf32>
    scf.yield %w : tensor<16x8xf32>
  } else {
    scf.yield %cache : tensor<16x8xf32>
  }
  %old = dynshape.dynamic_slice %cache[%pos, %c0] sizes [1, 8] : tensor<16x8xf32> -> tensor<1x8xf32>
  return %r, %old : tensor<16x8xf32>, tensor<1x8xf32>
}
