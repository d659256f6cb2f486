// Reduced from fuzzer finds: the reference interpreter copied a loop's init
// tensor into the loop even when the loop was its last use, and did not
// count the copy. A zero-trip loop nested in a loop of up to 65536 trips
// then copied the 8 MiB cache per outer trip, unlimited: seconds per trial,
// and past the fuzzers' timeout under the sanitizers.
func.func @empty_inner(%cache: tensor<65536x32xf32>,
                       %hist: tensor<?x32xf32, #dynshape.bounds<65536, ?>>)
    -> tensor<65536x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %len = dynshape.get_dimension_size %hist, 0
      : tensor<?x32xf32, #dynshape.bounds<65536, ?>>
  %n = arith.index_cast %len : i32 to index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cache)
      -> (tensor<65536x32xf32>) {
    %r2 = scf.for %j = %c0 to %c0 step %c1 iter_args(%b = %a)
        -> (tensor<65536x32xf32>) {
      scf.yield %b : tensor<65536x32xf32>
    }
    scf.yield %r2 : tensor<65536x32xf32>
  }
  return %r : tensor<65536x32xf32>
}

// An init that is read again after its loop must be copied; the copy
// counts against --max-moved-bytes.
func.func @init_read_after(%cache: tensor<4096x32xf32>, %row: tensor<1x32xf32>,
                           %hist: tensor<?x32xf32, #dynshape.bounds<4096, ?>>)
    -> (tensor<4096x32xf32>, tensor<4096x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %len = dynshape.get_dimension_size %hist, 0
      : tensor<?x32xf32, #dynshape.bounds<4096, ?>>
  %n = arith.index_cast %len : i32 to index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cache, %x = %cache)
      -> (tensor<4096x32xf32>, tensor<4096x32xf32>) {
    %r2 = scf.for %j = %c0 to %c1 step %c1 iter_args(%b = %a)
        -> (tensor<4096x32xf32>) {
      %u = dynshape.dynamic_update_slice %row into %b[%zero, %zero]
          : tensor<1x32xf32> into tensor<4096x32xf32>
      scf.yield %u : tensor<4096x32xf32>
    }
    scf.yield %a, %r2 : tensor<4096x32xf32>, tensor<4096x32xf32>
  }
  return %r#0, %r#1 : tensor<4096x32xf32>, tensor<4096x32xf32>
}

// A conditional that yields a tensor from outside its region copies it; the
// copy counts against --max-moved-bytes.
func.func @if_yields_outer(%cache: tensor<4096x32xf32>, %row: tensor<1x32xf32>,
                           %hist: tensor<?x32xf32, #dynshape.bounds<4096, ?>>)
    -> tensor<4096x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %len = dynshape.get_dimension_size %hist, 0
      : tensor<?x32xf32, #dynshape.bounds<4096, ?>>
  %n = arith.index_cast %len : i32 to index
  %some = arith.cmpi sgt, %len, %zero : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cache)
      -> (tensor<4096x32xf32>) {
    %s = scf.if %some -> (tensor<4096x32xf32>) {
      scf.yield %cache : tensor<4096x32xf32>
    } else {
      %u = dynshape.dynamic_update_slice %row into %a[%zero, %zero]
          : tensor<1x32xf32> into tensor<4096x32xf32>
      scf.yield %u : tensor<4096x32xf32>
    }
    scf.yield %s : tensor<4096x32xf32>
  }
  return %r : tensor<4096x32xf32>
}
