//===- Passes.td - dynshape front-end passes ----------------*- tablegen -*-===//

#ifndef DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_TD
#define DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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
                           "::mlir::tensor::TensorDialect"];
}

#endif // DYN_DIALECT_DYNSHAPE_TRANSFORMS_PASSES_TD
