// Programs the compiler rejects or that upstream leaves undefined, run
// through the reference interpreter (reference-hostile.test).

// Integer extensions from i8: sign- and zero-extension of the value, not
// only of an i1 flag.
func.func @extsi(%a: i32) -> i32 {
  %c = arith.constant 5 : i8
  %e = arith.extsi %c : i8 to i32
  %r = arith.addi %a, %e : i32
  return %r : i32
}
func.func @extui(%a: i32) -> i32 {
  %c = arith.constant -1 : i8
  %e = arith.extui %c : i8 to i32
  %r = arith.addi %a, %e : i32
  return %r : i32
}

// Tensors past --max-tensor-bytes, and one whose byte count overflows.
func.func @big(%i: i32) -> tensor<100000x100000x10xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<100000x100000x10xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<100000x100000x10xf32>) -> tensor<100000x100000x10xf32>
  return %f : tensor<100000x100000x10xf32>
}
func.func @wrap(%i: i32) -> tensor<4611686018427387904x4xf32> {
  %e = tensor.empty() : tensor<4611686018427387904x4xf32>
  return %e : tensor<4611686018427387904x4xf32>
}

// A bounded transpose: each side at its own row length.
func.func @transpose(%x: tensor<?x4xf32, #dynshape.bounds<8, ?>>) -> tensor<4x?xf32, #dynshape.bounds<?, 16>> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32, #dynshape.bounds<8, ?>>
  %e = tensor.empty(%n) : tensor<4x?xf32, #dynshape.bounds<?, 16>>
  %t = linalg.transpose ins(%x : tensor<?x4xf32, #dynshape.bounds<8, ?>>) outs(%e : tensor<4x?xf32, #dynshape.bounds<?, 16>>) permutation = [1, 0]
  return %t : tensor<4x?xf32, #dynshape.bounds<?, 16>>
}

// An indexing map that points outside its operand (bounded, so that the
// verifier cannot see it).
func.func @outside(%x: tensor<?xf32, #dynshape.bounds<4>>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 * 100000000)>,
                                        affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32, #dynshape.bounds<4>>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// Rows of a table with none.
func.func @no_rows(%table: tensor<0x64xf32>, %ids: tensor<2xi32>) -> tensor<2x64xf32> {
  %g = dynshape.gather %table[%ids] : (tensor<0x64xf32>, tensor<2xi32>) -> tensor<2x64xf32>
  return %g : tensor<2x64xf32>
}

// f64 compute and constants, which the engines do not compute.
func.func @f64_add(%a: tensor<4xf64>) -> tensor<4xf64> {
  %r = arith.addf %a, %a : tensor<4xf64>
  return %r : tensor<4xf64>
}
func.func @f64_constant(%i: i32) -> tensor<4xf64> {
  %c = arith.constant dense<[1.5, 2.5, -3.0, 1.0e10]> : tensor<4xf64>
  return %c : tensor<4xf64>
}

// A matmul's work grows as M*N*K: charged before it runs.
func.func @matmul(%i: i32) -> tensor<256x256xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%a, %a : tensor<256x256xf32>, tensor<256x256xf32>) outs(%a : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %m : tensor<256x256xf32>
}

// A tensor of index elements (the interpreter holds integer and float
// elements only; it crashed sizing one).
func.func @index_tensor(%x: tensor<4xf32>) -> tensor<2xf32> {
  %t = arith.constant dense<[4294967296]> : tensor<1xindex>
  %c0 = arith.constant 0 : index
  %i = tensor.extract %t[%c0] : tensor<1xindex>
  %r = dynshape.dynamic_slice %x[%i : index] sizes [2] : tensor<4xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// A 3-D transpose (the reference took 2-D ones only).
func.func @transpose3d(%a: tensor<3x4x5xf32>) -> tensor<5x3x4xf32> {
  %e = tensor.empty() : tensor<5x3x4xf32>
  %r = linalg.transpose ins(%a : tensor<3x4x5xf32>) outs(%e : tensor<5x3x4xf32>) permutation = [2, 0, 1]
  return %r : tensor<5x3x4xf32>
}

// A rounding mode other than nearest even: refused (the engines round to
// nearest even; it used to be ignored).
func.func @truncf_upward(%a: tensor<4xf32>) -> tensor<4xbf16> {
  %r = arith.truncf %a upward : tensor<4xf32> to tensor<4xbf16>
  return %r : tensor<4xbf16>
}

// A slice with a runtime size leaves its padding unspecified (the binary
// holds the rest of the source's window there); growing its extent over
// that padding has no reference result, while growing a bounded
// argument's extent exposes the caller's data.
func.func @grow_slice(%x: tensor<1x6x4xi32>, %n: i32, %m: i32) -> tensor<?x3x3xi32, #dynshape.bounds<1, ?, ?>> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %k = arith.index_cast %n : i32 to index
  %v = tensor.extract_slice %x[%c0, %c2, %c0] [%k, 3, 3] [1, 1, 1] : tensor<1x6x4xi32> to tensor<?x3x3xi32, #dynshape.bounds<1, ?, ?>>
  %w = dynshape.set_dimension_size %v, %m, 0 : (tensor<?x3x3xi32, #dynshape.bounds<1, ?, ?>>) -> tensor<?x3x3xi32, #dynshape.bounds<1, ?, ?>>
  return %w : tensor<?x3x3xi32, #dynshape.bounds<1, ?, ?>>
}

func.func @grow_argument(%x: tensor<?x4xf32, #dynshape.bounds<8, ?>>, %m: i32) -> tensor<?x4xf32, #dynshape.bounds<8, ?>> {
  %w = dynshape.set_dimension_size %x, %m, 0 : (tensor<?x4xf32, #dynshape.bounds<8, ?>>) -> tensor<?x4xf32, #dynshape.bounds<8, ?>>
  return %w : tensor<?x4xf32, #dynshape.bounds<8, ?>>
}

// tensor.dim at a constant index outside the rank: undefined upstream (a
// fuzzer find: the reference read past its extents, and crashed).
func.func @dim_outside(%a: tensor<3x4xf32>) -> index {
  %c = arith.constant 1024 : index
  %n = tensor.dim %a, %c : tensor<3x4xf32>
  return %n : index
}

// An argument of an element type dyn does not carry.
func.func @i24_argument(%x: tensor<4xi24>) -> tensor<4xi24> {
  return %x : tensor<4xi24>
}
