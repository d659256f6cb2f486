//===- Passes.td - dyn conversion passes --------------------*- tablegen -*-===//

#ifndef DYN_CONVERSION_PASSES_TD
#define DYN_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertStableHLOToDynShape : Pass<"convert-stablehlo-to-dynshape",
                                        "::mlir::ModuleOp"> {
  let summary = "Import StableHLO (in MLIR's generic op form) to dynshape";
  let description = [{
    Reads what any StableHLO tool prints with `--mlir-print-op-generic`
    (no StableHLO dependency: the `stablehlo` namespace is registered as a
    generic-form reader) and converts it by op name and properties:

    * `#stablehlo.bounds<...>` encodings become `#dynshape.bounds<...>`, and
      StableHLO scalars (`tensor<i32>`, `tensor<i1>`) become `i32` / `i1`,
      in function signatures too;
    * `constant`, `dynamic_slice`, `dynamic_update_slice`,
      `get_dimension_size`, `set_dimension_size` become their `arith` and
      `dynshape` forms, with StableHLO's clamping of start indices;
    * `gather` and `scatter` in the row forms become `dynshape.gather` /
      `dynshape.scatter`; `slice` becomes `tensor.extract_slice`, a
      `reshape` that only adds or drops unit dimensions
      `tensor.expand_shape` / `collapse_shape`;
    * elementwise arithmetic, `compare`, `select`, `clamp` and `convert`
      become `arith` ops (on scalars, register code in the backend);
    * a `while` that counts an `i32` up by 1 to a bound (a `fori_loop`)
      becomes an `scf.for`;
    * tensor compute becomes linalg: `exponential` (`math.exp`), `negate`,
      `iota`, `broadcast_in_dim`, `reduce` with add, max or min
      (`linalg.reduce` into a filled init), and `dot_general` in its
      matmul and batch-matmul forms (`linalg.matmul` / `batch_matmul`, or a
      `linalg.generic` matmul when the right operand is transposed).

    Any other op, or an unsupported form of a listed one, gets one located
    diagnostic naming the op and the form. `--lower-to-bir` (and so
    `--lower-to-addr4` and `dyn-sim`) runs this pass first.
  }];
  let dependentDialects = ["::dyn::dynshape::DynShapeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def ConvertDynShapeToBIR : Pass<"convert-dynshape-to-bir"> {
  let summary = "Lower buffer-level IR to bir (report Stages 1 and 1b)";
  let description = [{
    Takes the output of One-Shot Bufferize (memref, scf, arith and the
    dynshape buffer ops) to `bir`:

    * function memrefs become DRAM tensors (`#bir.mem<dram>`); a
      `memref.alloc` becomes an SBUF location sized for the bound, or a DRAM
      output when the function returns it;
    * `i32`/`index` arithmetic (`constant`, `index_cast`, `addi`, `subi`,
      `muli`, `minsi`, `maxsi`, `divsi`, `remsi`) becomes register-ALU code
      on the DMA engine, runtime `i32` arguments `bir.read_var`; the clamps
      of StableHLO semantics are part of it (folded when constant);
    * an `scf.for` with a runtime upper bound becomes `bir.dynamic_for`, its
      `max_trip` derived by integer range analysis (or, failing that,
      `ValueBoundsOpInterface`); a loop without a provable bound is an error.
      Constant bounds give `bir.for`;
    * `memref.copy` between (sub)views becomes `bir.dma` when every offset
      is static, else a `bir.tensor_copy_dynamic_dst` (or `_src` when only
      the source is dynamic) whose `generic_addrs` are the offset registers;
      `dynshape.buffer_gather` / `buffer_scatter` become indirect generators;
    * a padding mask along one dimension (`iota >= size ? old : update`
      for a padded update, `? -1 : ids` for padded scatter ids) becomes a
      copy of the old window (or a `bir.memset` of the constant) plus a
      `bir.dynamic_for` over the `size` valid rows.

    Anything else is reported with a diagnostic naming the op.
  }];
  let options = [
    Option<"engine", "engine", "::dyn::bir::Engine", "::dyn::bir::Engine::pool",
           "Engine that runs the DMAs, loops and their register code "
           "(software DGE triggers from Pool by default)",
           [{::llvm::cl::values(
             clEnumValN(::dyn::bir::Engine::pe, "pe", "the PE array"),
             clEnumValN(::dyn::bir::Engine::act, "act", "the Activation engine"),
             clEnumValN(::dyn::bir::Engine::pool, "pool", "the Pool engine"),
             clEnumValN(::dyn::bir::Engine::dve, "dve", "the Vector engine"),
             clEnumValN(::dyn::bir::Engine::sp, "sp", "the SP engine"))}]>
  ];
  // bir receives everything; composing views creates affine.apply.
  let dependentDialects = ["::dyn::bir::BIRDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect"];
}

def ConvertBIRToDGE : Pass<"convert-bir-to-dge", "::mlir::func::FuncOp"> {
  let summary = "bir DMAs become dge DMAs awaiting a route";
  let description = [{
    Each `bir.dma` becomes a `dge.dma` of DGEType `unassigned` (3), triggered
    from the same engine, with the same access patterns; `dge-scan` routes
    it. Run after `bir-allocate-registers`: the patterns are kind 1 or 3.
  }];
  let dependentDialects = ["::dyn::dge::DGEDialect"];
}

#endif // DYN_CONVERSION_PASSES_TD
