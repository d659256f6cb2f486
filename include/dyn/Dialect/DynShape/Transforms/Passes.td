//===- Passes.td - dynshape front-end passes ----------------*- tablegen -*-===//

#ifndef DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_TD
#define DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DynShapeCheckIndexWidth : Pass<"dynshape-check-index-width"> {
  let summary = "Reject index constants that do not fit the 32-bit registers "
                "they become";
  let description = [{
    An `index` value is a 32-bit register value in the backend, and the
    reference semantics wrap it to 32 bits, but upstream folding computes
    `index` arithmetic in 64 bits. A constant outside the signed 32-bit
    range would therefore fold differently from how the program runs: a
    loop from `-9223372036854775808` to `4` is deleted by canonicalization
    (the bound is below `4`), yet runs four trips once the bound wraps to
    `0`. The lowering pipeline runs this pass first, before anything folds.

    It rejects an `index` (or `i32`) constant outside the range, and an
    `arith` or `affine` op whose operands are all constants and whose
    folded `index` result is outside it:

    ```mlir
    %c = arith.constant 65536 : index
    %n = arith.muli %c, %c : index
    // error: 'arith.muli' op folds to constant 4294967296, which does not
    // fit in a 32-bit register
    ```

    Arithmetic that should wrap is written on `i32`, whose folding wraps
    as the registers do. The pass changes nothing.
  }];
}

def DynShapeSplitIndices : Pass<"dynshape-split-indices"> {
  let summary = "Rewrite index-vector start indices into i32 scalars";
  let description = [{
    XLA's DynamicIndexSplitter. `dynamic_slice` and `dynamic_update_slice`
    accept their start indices as one 1-D `i32` tensor; this pass extracts
    each element into its own `i32` scalar (`tensor.extract`), the form every
    later pass expects. A later pass that meets the index-vector form rejects
    it with "Dynamic indexing instruction with non-scalar index is not
    supported".

    ```mlir
    %r = dynshape.dynamic_slice %t[%idx : tensor<2xi32>] sizes [1, 8]
           : tensor<16x8xf32> -> tensor<1x8xf32>
    // becomes
    %i = tensor.extract %idx[%c0] : tensor<2xi32>
    %j = tensor.extract %idx[%c1] : tensor<2xi32>
    %r = dynshape.dynamic_slice %t[%i, %j] sizes [1, 8]
           : tensor<16x8xf32> -> tensor<1x8xf32>
    ```
  }];
  // tensor.extract reads the elements; arith.constant makes the positions.
  let dependentDialects = ["::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def DynShapeRaiseMasks : Pass<"dynshape-raise-masks"> {
  let summary = "Raise a select on an iota compared with a size to dynshape.mask";
  let description = [{
    A front end that pads by itself (JAX) masks the padding of a tensor with
    `select(iota < n, x, c)`: an iota along one dim, compared with a
    broadcast runtime size, choosing a splat constant beyond it. That is the
    padder's `dynshape.mask`, which the engines run as one mask instruction
    reading the size register (and which a reduction folds into its read);
    the integer iota and compare would otherwise be integer tensors, which
    the engines do not compute. The pass matches, on tensors:

    * `arith.select %c, %x, %fill` with `%c = arith.cmpi slt, %iota, %n`,
      or `arith.select %c, %fill, %x` with `sge` (either compare may have
      its operands swapped, as `sgt` or `sle`);
    * `%iota`: a `linalg.generic` with no inputs whose body yields
      `arith.index_cast (linalg.index d)` as `i32`;
    * `%n`: a `linalg.fill` of an `i32` scalar, or an `i32` splat constant;
    * `%fill`: a splat constant;
    * `%c` may also be a broadcast of such a compare of fewer dims (a
      `linalg.broadcast`, or a `linalg.generic` that copies its one input
      into an identity-mapped output, as the StableHLO import writes
      `broadcast_in_dim`): `jnp.arange(32) < n` broadcast to the scores'
      shape masks the dim the iota's dim is broadcast to.

    ```mlir
    %m = arith.select %valid, %s, %ninf : tensor<1x128xi1>, tensor<1x128xf32>
    // becomes
    %m = dynshape.mask %s : tensor<1x128xf32> dims [1] sizes(%n) fill 0xFF800000 : f32
    ```

    Both are the same for every `n`, negative or past the dim included. The
    iota, the broadcast size and the compare are left to dead-code
    elimination.
  }];
  let dependentDialects = ["::dyn::dynshape::DynShapeDialect",
                           "::mlir::arith::ArithDialect"];
}

def DynShapePadToBound : Pass<"dynshape-pad-to-bound", "::mlir::ModuleOp"> {
  let summary = "Pad every bounded dynamic dimension to its bound and mask";
  let description = [{
    XLA's DynamicPadder. Every tensor with a bounded dynamic dimension becomes
    the static tensor of its bound, carried together with one runtime `i32`
    size per dynamic dimension:

    * `get_dimension_size` becomes that size (a constant for a static dim);
      `set_dimension_size` disappears, leaving the size clamped into
      `[0, bound]` (the clamp is omitted when integer range analysis proves
      the size already in range), so every size stays provably bounded;
    * reductions over a dynamic dimension mask `[size, bound)` of their input
      with `iota >= size` + `select` to the combiner's identity (0 for add,
      1 for mul, -inf for max, +inf for min);
    * a `dynamic_update_slice` whose update is itself padded first slices the
      base at the clamped position, selects the update's valid region over
      it, and writes that, so padding never overwrites the base (XLA's
      rewrite); a `scatter` with padded indices redirects padded rows to an
      out-of-range index, which scatter skips;
    * at function boundaries (docs/FrontEnd.md, "Function boundary (ABI)") a bounded argument becomes
      its bound-sized tensor plus one `i32` size argument per dynamic
      dimension, appended after the original arguments in order; bounded
      results likewise append their sizes after the original results.

    After the pass no `?` dimension and no `#dynshape.bounds` remain. An
    operation the pass cannot pad is reported with a located diagnostic
    naming it, and the pass fails.
  }];
  // linalg.generic carries the masks; tensor.empty/extract_slice the XLA
  // update rewrite; arith the clamps and comparisons.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def DynShapeBufferize : Pass<"dynshape-bufferize", "::mlir::ModuleOp"> {
  let summary = "One-Shot Bufferize whose in-place analysis takes "
                "O(N log^2 N) on straight-line code";
  let description = [{
    Bufferizes the module as `one-shot-bufferize` with
    `bufferize-function-boundaries` and `identity-layout-map` function
    boundaries does, and gives the same IR. One-Shot's in-place analysis
    compares every read of an alias set with every write to it, so a
    function that keeps updating and reading its caches costs about N^3
    (measured in `bench/README.md`). This pass makes
    the same decisions, operand by operand, in O(N log^2 N) for every
    function of *straight-line code*:

    * its body is one block, whose tensors are function arguments and the
      results of `dynshape` `dynamic_slice`, `dynamic_update_slice`,
      `scatter`, `gather` and `mask`, `tensor.extract_slice`,
      `tensor.insert_slice`, `tensor.empty` and linalg ops on tensors (one
      init each, no tensor in their bodies), read by those ops,
      `tensor.extract` and `func.return`; other ops may be there if they
      neither take nor hold tensors.

    It numbers the ops once and visits them last to first, as One-Shot's
    analysis does. A read of a value last written (or passed in) at
    position d, read at r, conflicts with an in-place write at w into its
    buffer when d < w <= r (w = r only for another operand of the reading
    op, unless it accesses both element by element, or an insert_slice
    writes back where its source was extracted). Each alias set keeps its
    write positions and its read spans in sorted sets; an operand goes in
    place unless joining its alias set with its result's puts a write of one
    in a read span of the other (or a write into an argument marked
    `bufferization.writable = false`); the smaller set is checked against
    the larger, which then takes it. So an update writes in place when no
    read of the value it overwrites comes after it, and a view read after
    its buffer is updated is copied (a row, not the cache), as One-Shot
    decides.

    The decisions go to One-Shot's copy insertion. Functions with loops or
    conditionals carrying tensors, or with other tensor ops (tensor
    constants, reshapes, `tensor.insert`), go through One-Shot's analysis
    as usual; modules with calls are analyzed whole. In a module without
    calls, no function's decisions depend on another's: the scan runs on
    the context's threads, and each function it decides is bufferized there
    at once, as One-Shot's module bufferization would, before the analysis
    runs on the rest (diagnostics keep function order).
    `utils/fuzz/check_bufferize.py` compares the output with upstream's on
    random straight-line programs.

    A runtime loop keeps each carried tensor in its iter_arg's buffer: a
    yielded tensor that the analysis would give a buffer of its own (a body
    that overwrites the whole accumulator, or reads it after updating it)
    is first copied back by a full-window `dynamic_update_slice` into the
    iter_arg, which is in place. One-Shot Bufferize itself rejects such
    loops ("Yield operand #0 is not equivalent to the corresponding iter
    bbArg").

    One-Shot's analysis takes time exponential in the depth of nested ops
    with tensor results (loops carrying tensors, conditionals yielding
    them; measured in `bench/README.md`, "Figures behind choices in the
    code"). A nest deeper than `max-tensor-nesting` (16 by default) is
    rejected with an error at the op past the limit.

    With `merge-constants`, which the lowering pipelines set, the pass then
    merges equal constants in each function and gathers the rest at the
    front of its body, exactly as the greedy rewrite driver does before it
    rewrites anything (upstream's `OperationFolder`). Each window's clamp
    brings its own 0 and upper bound; merged here, the canonicalization
    that follows finds nothing to do on an update chain, so the pass
    manager skips the verification after it (mostly `memref.subview`'s
    verifier; measured in `bench/README.md`).
    Without it, the output is One-Shot Bufferize's, byte for byte.

    ```mlir
    %r = dynshape.dynamic_slice %a[%p, %c0] sizes [1, 32] ...
    %b1 = dynshape.dynamic_update_slice %r into %b[%q, %c0] ...
    %a1 = dynshape.dynamic_update_slice %k into %a[%q, %c0] ...
    return %a1, %b1 : ...
    // every update writes its argument's buffer in place: no copy
    ```
  }];
  let options = [
    Option<"analyzeAll", "analyze-all", "bool", /*default=*/"false",
           "Run One-Shot's analysis on every function, straight-line code "
           "too (the same output, slower; for checking the fast path)">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Say at each function whether the scan decided it (and how "
           "many operands are out of place) or it went "
           "through One-Shot's analysis">,
    Option<"maxTensorNesting", "max-tensor-nesting", "int64_t",
           /*default=*/"16",
           "Deepest nest of loops and conditionals with tensor results that "
           "the pass takes (One-Shot's analysis time doubles per level)">,
    Option<"mergeConstants", "merge-constants", "bool", /*default=*/"false",
           "Then merge equal constants and gather them at the front of each "
           "function, as the canonicalizer does first">
  ];
  // dynshape and arith: a branch or loop whose results need one buffer is
  // rewritten with dynamic_update_slice and index constants first, in a
  // module that may hold no dynshape op yet.
  let dependentDialects = ["::dyn::dynshape::DynShapeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect"];
}

def DynShapeAccumulateOnChip
    : Pass<"dynshape-accumulate-on-chip", "::mlir::func::FuncOp"> {
  let summary = "Run a reduction whose init crosses the function boundary "
                "in a buffer of its own";
  let description = [{
    A buffer that crosses the function boundary (an argument, or a buffer
    the function returns) lives in DRAM, where the caller owns it. A
    reduction or contraction whose init is such a buffer would read its
    running value from DRAM and write it back. On buffers (after
    bufferization), this pass gives each such linalg op (one with a
    reduction loop) a buffer of its own for that init, which the lowering
    keeps on chip, and copies the result back once, after the op:

    * when the init's last write before the op is a `linalg.fill` of the
      whole buffer, with nothing between them that touches the buffer, the
      fill writes the new buffer instead, and nothing is copied in;
    * when the init's last write is this pass's copy back of an earlier
      op's buffer, that buffer is used again, and the copy moves after this
      op (two matmuls accumulating into one result share one buffer);
    * otherwise the init is copied into the new buffer before the op.

    So a matmul whose result the function returns starts from a memset on
    chip, not from a memset sent to DRAM and brought back, and its result
    leaves for DRAM once. `dynshape-tile-bounded` runs after this pass, so
    a reduction it tiles accumulates on chip across its trips.

    Example:

    ```mlir
    linalg.fill ins(%zero : f32) outs(%out : memref<1x64xf32>)
    linalg.matmul ins(%p, %v : memref<1x128xf32>, memref<128x64xf32>)
        outs(%out : memref<1x64xf32>)
    return %out : memref<1x64xf32>
    ```

    becomes

    ```mlir
    %acc = memref.alloc() : memref<1x64xf32>
    linalg.fill ins(%zero : f32) outs(%acc : memref<1x64xf32>)
    linalg.matmul ins(%p, %v : memref<1x128xf32>, memref<128x64xf32>)
        outs(%acc : memref<1x64xf32>)
    memref.copy %acc, %out : memref<1x64xf32> to memref<1x64xf32>
    return %out : memref<1x64xf32>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def DynShapeTileBounded : Pass<"dynshape-tile-bounded", "::mlir::func::FuncOp"> {
  let summary = "Run bounded compute over the valid tiles only: a runtime "
                "loop of ceil(n / T) trips";
  let description = [{
    After `dynshape-pad-to-bound`, every bounded dimension is its bound and
    the engines would compute over all of it. On buffers (after
    bufferization), this pass puts each linalg op, and each fill
    `dynshape.buffer_mask`, that works along such a dimension in an
    `scf.for` from 0 to the runtime size `n` with step `T`: `ceil(n / T)`
    trips of a static `T`-wide tile, addressed by the induction variable.
    The buffers stay sized for the bound.

    Which loop of an op is tiled, and by which size:

    * a reduction loop (a sum, a max, the `k` of a contraction) whose input
      is the output of a padding mask along that dim, with a fill neutral
      for the combiner (0 for `addf` and for a contraction, -inf for
      `maximumf`/`maxnumf`, +inf for `minimumf`/`minnumf`, 1 for `mulf`):
      the mask's size. The elements skipped are fill, which does not change
      the result; across trips the op accumulates into its init (a running
      max or sum on chip, PSUM for a matmul; `dynshape-accumulate-on-chip`,
      which runs before, has given an init in DRAM a buffer of its own);
    * a parallel loop whose every written buffer is read, by every reader,
      only up to the same runtime size: the reads are those of masks and of
      ops tiled by that size (a fixed point, optimistic on chains of
      elementwise ops). Elements of the buffer past `ceil(n / T) * T` are
      then never written nor read.

    Sizes are the same when they are the same value clamped to the same
    range (`maxsi`/`minsi` with constants, `index_cast`). An op is tiled
    along at most one loop; a dimension whose bound is not a multiple of
    `T`, or is not larger than one tile, stays whole. A mask inside a tile
    keeps its size relative to the tile's start (`n - iv`), so only the
    last tile's mask removes anything. A mask whose output only feeds one
    tiled op moves into that op's loop, on a tile-sized buffer, where the
    lowering folds it into the op's read.

    `T` is 128 (`tile-size`): the partitions a row tile spans, and the
    columns of a row that one PSUM bank holds four times over in f32. One
    size for every op keeps a producer's tiles and its consumer's aligned.
  }];
  let options = [
    Option<"tileSize", "tile-size", "int64_t", /*default=*/"128",
           "Elements of a bounded dimension per trip (a power of two)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_TD
