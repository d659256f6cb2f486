// Every reason convert-dynshape-to-bir gives for a linalg op the engines do
// not run (docs/Compute.md#diagnostics): one diagnostic, at the op.
// RUN: dyn-opt %s -split-input-file --convert-dynshape-to-bir -verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @sin(%a: memref<4x8xf32>, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'math.sin', which the engines do not run elementwise (docs/Compute.md lists the body ops they run)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %z: f32):
    %t = math.sin %x : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// powf by an exponent without an engine form, and by a runtime exponent.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @pow_by_five(%a: memref<4x8xf32>, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'math.powf' by an exponent other than the constants the engines take (-1, -0.5, 0.5, 1, 2, 3 and 4)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %z: f32):
    %c5 = arith.constant 5.0 : f32
    %t = math.powf %x, %c5 : f32
    linalg.yield %t : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @pow_by_runtime(%a: memref<4x8xf32>, %e: memref<4x8xf32>, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'math.powf' by an exponent other than the constants the engines take (-1, -0.5, 0.5, 1, 2, 3 and 4)}}
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %e : memref<4x8xf32>, memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %t = math.powf %x, %y : f32
    linalg.yield %t : f32
  }
  return
}

// -----

func.func @constant_compare(%a: memref<4x8xf32>, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has a constant compare (fold it first)}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %z: f32):
    %c = arith.cmpf true, %x, %z : f32
    %s = arith.select %c, %x, %z : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// sitofp or uitofp of an i32 to bf16 would round twice (to f32, then to
// bf16).
func.func @int_to_bf16(%a: memref<4x8xi32>, %o: memref<4x8xbf16>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body converts an i32 to a type narrower than f32, which would round twice}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xi32>) outs(%o : memref<4x8xbf16>) {
  ^bb0(%x: i32, %z: bf16):
    %f = arith.uitofp %x : i32 to bf16
    linalg.yield %f : bf16
  }
  return
}

// -----

func.func @float_to_flag(%a: memref<4x8xf32>, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'arith.fptosi' to i1; the engines convert floats to i32}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %z: f32):
    %c = arith.fptosi %x : f32 to i1
    %f = arith.uitofp %c : i1 to f32
    linalg.yield %f : f32
  }
  return
}

// -----

// The engines have no bitwise ops on i32.
func.func @int_and(%a: memref<4x8xi32>, %o: memref<4x8xi32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'arith.andi' of i32; the engines run andi, ori and xori of compares only}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xi32>) outs(%o : memref<4x8xi32>) {
  ^bb0(%x: i32, %z: i32):
    %f = arith.andi %x, %z : i32
    linalg.yield %f : i32
  }
  return
}

// -----

func.func @int_divide(%a: memref<4x8xi32>, %o: memref<4x8xi32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'arith.divsi', which the engines do not run elementwise}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xi32>) outs(%o : memref<4x8xi32>) {
  ^bb0(%x: i32, %z: i32):
    %f = arith.divsi %x, %z : i32
    linalg.yield %f : i32
  }
  return
}

// -----

func.func @i1_add(%a: memref<4x8xf32>, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'arith.addi' of i1; the Pool engine runs integer arithmetic on i32}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %z: f32):
    %c = arith.cmpf olt, %x, %z : f32
    %d = arith.addi %c, %c : i1
    %f = arith.uitofp %d : i1 to f32
    linalg.yield %f : f32
  }
  return
}

// -----

func.func @i64_body(%a: memref<4x8xi32>, %o: memref<4x8xi32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body computes on 'i64'; the engines compute on f32, bf16, f16, i32 and compares}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xi32>) outs(%o : memref<4x8xi32>) {
  ^bb0(%x: i32, %z: i32):
    %w = arith.extsi %x : i32 to i64
    %d = arith.addi %w, %w : i64
    %t = arith.trunci %d : i64 to i32
    linalg.yield %t : i32
  }
  return
}

// -----

func.func @captured(%a: memref<4x8xf32>, %o: memref<4x8xf32>, %k: f32) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body reads a value from outside it that is not a constant}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>) {
  ^bb0(%x: f32, %z: f32):
    %s = arith.addf %x, %k : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @captured_yield(%a: memref<4x8xi32>, %k: i32, %o: memref<4x8xi32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body reads a value from outside it that is not a constant}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xi32>) outs(%o : memref<4x8xi32>) {
  ^bb0(%x: i32, %z: i32):
    linalg.yield %k : i32
  }
  return
}

// -----

// The engines reduce floats only.
func.func @int_sum(%a: memref<4x8xi32>, %o: memref<4xi32>) {
  // expected-error @+1 {{'linalg.reduce' op cannot be lowered by convert-dynshape-to-bir: operand #0 of element type 'i32'; the engines compute on f32, bf16 and f16 (and on i32 in fills and all-parallel ops)}}
  linalg.reduce ins(%a : memref<4x8xi32>) outs(%o : memref<4xi32>) dimensions = [1]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  return
}

// -----

func.func @runtime_scalar(%f: f32, %o: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.fill' op cannot be lowered by convert-dynshape-to-bir: scalar operand #0 that is not a constant}}
  linalg.fill ins(%f : f32) outs(%o : memref<4x8xf32>)
  return
}

// -----

func.func @not_a_permutation(%a: memref<8xf32>, %o: memref<4x4xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: an indexing map that is not a projected permutation (each operand dim read by its own loop)}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8xf32>) outs(%o : memref<4x4xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @to_scalar(%a: memref<8xf32>, %o: memref<f32>) {
  // expected-error @+1 {{'linalg.reduce' op cannot be lowered by convert-dynshape-to-bir: a rank-0 result; the engines write tensors of rank 1 or more}}
  linalg.reduce ins(%a : memref<8xf32>) outs(%o : memref<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  return
}

// -----

func.func @product(%a: memref<4x8xf32>, %o: memref<4xf32>) {
  // expected-error @+1 {{'linalg.reduce' op cannot be lowered by convert-dynshape-to-bir: a reduction that is neither one addf, maximumf, minimumf, maxnumf or minnumf of its input (possibly extf'd) into the output, nor a matmul (acc + a * b)}}
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.mulf %x, %acc : f32
      linalg.yield %r : f32
    }
  return
}

// -----

func.func @two_contractions(%a: memref<4x8x2xf32>, %b: memref<8x2x16xf32>, %o: memref<4x16xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: a contraction other than a (batched) matmul: one contraction loop, at most one row loop and one column loop}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k, l) -> (m, k, l)>,
                                   affine_map<(m, n, k, l) -> (k, l, n)>,
                                   affine_map<(m, n, k, l) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : memref<4x8x2xf32>, memref<8x2x16xf32>) outs(%o : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @bf16_matmul_result(%a: memref<4x8xbf16>, %b: memref<8x16xbf16>, %o: memref<4x16xbf16>) {
  // expected-error @+1 {{'linalg.matmul' op cannot be lowered by convert-dynshape-to-bir: a contraction into a result that is not f32; the PE array accumulates in f32}}
  linalg.matmul ins(%a, %b : memref<4x8xbf16>, memref<8x16xbf16>) outs(%o : memref<4x16xbf16>)
  return
}

// -----

func.func @bf16_sum(%a: memref<4x8xbf16>, %o: memref<4xbf16>) {
  // expected-error @+1 {{'linalg.reduce' op cannot be lowered by convert-dynshape-to-bir: a sum into a result that is not f32; the engines accumulate in f32}}
  linalg.reduce ins(%a : memref<4x8xbf16>) outs(%o : memref<4xbf16>) dimensions = [1]
    (%x: bf16, %acc: bf16) {
      %r = arith.addf %x, %acc : bf16
      linalg.yield %r : bf16
    }
  return
}

// -----

func.func @too_wide(%a: memref<2x65536xf32>, %o: memref<2xf32>) {
  // expected-error @+1 {{'linalg.reduce' op cannot be lowered by convert-dynshape-to-bir: an op of 65537 f32 elements per partition, more than the SBUF holds (49152)}}
  linalg.reduce ins(%a : memref<2x65536xf32>) outs(%o : memref<2xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.maximumf %x, %acc : f32
      linalg.yield %r : f32
    }
  return
}

// -----

func.func @too_many_instructions(%a: memref<2x2048x4xf32>, %o: memref<2x2048xf32>) {
  // expected-error @+1 {{'linalg.reduce' op cannot be lowered by convert-dynshape-to-bir: an op that runs as 2048 separate engine instructions, more than 1024}}
  linalg.reduce ins(%a : memref<2x2048x4xf32>) outs(%o : memref<2x2048xf32>) dimensions = [2]
    (%x: f32, %acc: f32) {
      %r = arith.maximumf %x, %acc : f32
      linalg.yield %r : f32
    }
  return
}

// -----

func.func @runtime_row_transposed(%t: memref<8x200xf32>, %o: memref<200x4xf32>, %i_i32: i32) {
  %i = arith.index_cast %i_i32 : i32 to index
  %v = memref.subview %t[%i, 0] [4, 200] [1, 1] : memref<8x200xf32> to memref<4x200xf32, strided<[200, 1], offset: ?>>
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: a compute operand at a runtime offset that the engines read in another dim order, larger than the 128 x 128 tile the PE array transposes; copy it into a buffer first}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<4x200xf32, strided<[200, 1], offset: ?>>) outs(%o : memref<200x4xf32>) {
  ^bb0(%x: f32, %z: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// -----

func.func @unindexed_loop(%a: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: a parallel loop that the output does not index}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Chunks of 128 partitions count as separate instructions too (a mutated
// input once unrolled 16 million of them).
func.func @too_many_chunks(%a: memref<200000x1xf32>, %o: memref<200000x1xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: an op that runs as 1563 separate engine instructions, more than 1024}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<200000x1xf32>) outs(%o : memref<200000x1xf32>) {
  ^bb0(%x: f32, %z: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A second reduction loop that only the left-hand side reads: no role in a
// matmul, so it is refused rather than run at index 0 only.
func.func @matmul_extra_reduction(%a: memref<4x5x3xf32>, %b: memref<5x6xf32>, %o: memref<4x6xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: a loop that is not a batch, row, column or contraction loop of a (batched) matmul}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k, r) -> (m, k, r)>, affine_map<(m, n, k, r) -> (k, n)>, affine_map<(m, n, k, r) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : memref<4x5x3xf32>, memref<5x6xf32>) outs(%o : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A row loop only the output indexes.
func.func @matmul_output_only_loop(%a: memref<5xf32>, %b: memref<5x6xf32>, %o: memref<4x6xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: a loop that is not a batch, row, column or contraction loop of a (batched) matmul}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<5xf32>, memref<5x6xf32>) outs(%o : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A reduction with a parallel loop the output does not index.
func.func @reduce_unindexed_loop(%a: memref<4x3x5xf32>, %o: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: a parallel loop that the output does not index}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : memref<4x3x5xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @empty_loop(%o: memref<4xf32>) {
  %e = memref.alloc() : memref<4x0xf32>
  // expected-error @+1 {{'linalg.reduce' op cannot be lowered by convert-dynshape-to-bir: a loop of extent 0 (an empty tensor); the engines compute on non-empty tensors}}
  linalg.reduce ins(%e : memref<4x0xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

func.func @truncf_toward_zero(%a: memref<4xf32>, %o: memref<4xbf16>) {
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body truncates with rounding mode 'toward_zero'; the engines round to nearest even}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%o : memref<4xbf16>) {
  ^bb0(%x: f32, %z: bf16):
    %t = arith.truncf %x toward_zero : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}
