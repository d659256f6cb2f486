//===- DynShapeOps.td - dynshape operations -----------------*- tablegen -*-===//
//
// The public textual contract (docs/FrontEnd.md). Keep the assembly formats
// exactly; extend compatibly.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEOPS_TD
#define DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEOPS_TD

include "dyn/Dialect/DynShape/IR/DynShapeDialect.td"
include "dyn/Dialect/DynShape/IR/DynShapeAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

// A start index: an `i32` or `index` scalar, or (index-vector form) a 1-D
// `i32` tensor holding one index per operand dimension.
def DynShape_StartIndex : AnyTypeOf<[I32, Index, 1DTensorOf<[I32]>],
    "i32 or index scalar, or 1-D i32 index tensor">;
def DynShape_IndexTensor : 1DTensorOf<[I32]>;
def DynShape_DimAttr : ConfinedAttr<I64Attr, [IntNonNegative]>;

//===----------------------------------------------------------------------===//
// Dimension sizes
//===----------------------------------------------------------------------===//

def DynShape_GetDimensionSizeOp : DynShape_Op<"get_dimension_size", [Pure]> {
  let summary = "The runtime extent of one dimension, as an i32";
  let description = [{
    Returns the extent of dimension `dimension` of `operand`. For a static
    dimension this is a constant (the op folds); for a bounded dynamic
    dimension it is a runtime value in `[0, bound]`.

    ```mlir
    %n = dynshape.get_dimension_size %x, 0 : tensor<?x128xf32, #dynshape.bounds<1024, ?>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$operand, DynShape_DimAttr:$dimension);
  let results = (outs I32:$result);
  let assemblyFormat = "$operand `,` $dimension attr-dict `:` type($operand)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def DynShape_SetDimensionSizeOp : DynShape_Op<"set_dimension_size", [Pure]> {
  let summary = "Make a static dimension dynamic, bounded by its extent";
  let description = [{
    Returns `operand` with dimension `dimension` given the runtime extent
    `size`. The result type has `?` at that dimension and keeps the operand's
    static extent there (or the operand's bound, if the dimension was already
    dynamic) as its bound in `#dynshape.bounds`; every other dimension and
    bound is unchanged. A `size` outside `[0, bound]` is clamped into it.
    Elements at positions `>= size` are padding: their value is unspecified,
    and `dynshape-pad-to-bound` masks them wherever they could reach a result.

    ```mlir
    %y = dynshape.set_dimension_size %s, %n, 0
           : (tensor<1024x128xf32>) -> tensor<?x128xf32, #dynshape.bounds<1024, ?>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$operand, I32:$size,
                       DynShape_DimAttr:$dimension);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` $dimension attr-dict `:`
    functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Runtime-offset accesses
//===----------------------------------------------------------------------===//

def DynShape_DynamicSliceOp : DynShape_Op<"dynamic_slice", [Pure]> {
  let summary = "A static-size slice at a runtime position";
  let description = [{
    Extracts the `slice_sizes` window of `operand` that starts at
    `start_indices`. The indices are either one scalar per dimension, `i32`
    or `index` (whose types follow a colon when any is `index`, e.g.
    `[%i, %c0 : index, i32]`), or, in the index-vector form of the XLA front
    end, a single 1-D `i32` tensor with one element per dimension
    (`dynshape-split-indices` rewrites that form into scalars). An `index`
    start is a 32-bit register value in the backend, like an `i32` one.

    Semantics (StableHLO): each start index is clamped so the slice fits,
    `clamp(0, idx, dim - size)`, where `dim` is the operand's static extent
    (the bound for a bounded dimension). Any runtime index is therefore valid.

    ```mlir
    %r = dynshape.dynamic_slice %cache[%i, %c0] sizes [1, 128]
           : tensor<1024x128xf32> -> tensor<1x128xf32>
    %v = dynshape.dynamic_slice %cache[%idx : tensor<2xi32>] sizes [1, 128]
           : tensor<1024x128xf32> -> tensor<1x128xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$operand,
                       Variadic<DynShape_StartIndex>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs AnyStaticShapeTensor:$result);
  let assemblyFormat = [{
    $operand `` custom<StartIndices>($start_indices, type($start_indices))
    `sizes` $slice_sizes attr-dict `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// True when the start indices are one i32 scalar per dimension.
    bool hasScalarIndices() { return ::dyn::dynshape::hasScalarIndices(getStartIndices()); }
  }];
}

def DynShape_DynamicUpdateSliceOp : DynShape_Op<"dynamic_update_slice",
    [Pure, AllTypesMatch<["operand", "result"]>]> {
  let summary = "Overwrite a window at a runtime position";
  let description = [{
    Returns `operand` with the window that starts at `start_indices`
    replaced by `update`. Indices take the same two forms as in
    `dynamic_slice`. Each start index is clamped to
    `clamp(0, idx, dim - update_dim)`, where both extents are static ones
    (bounds, for bounded dimensions), so the update always lands inside the
    operand. This is the KV-cache write of a decode step.

    ```mlir
    %w = dynshape.dynamic_update_slice %row into %cache[%pos, %c0]
           : tensor<1x128xf32> into tensor<1024x128xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$update, AnyRankedTensor:$operand,
                       Variadic<DynShape_StartIndex>:$start_indices);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $update `into` $operand `` custom<StartIndices>($start_indices, type($start_indices))
    attr-dict `:` type($update) `into` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    bool hasScalarIndices() { return ::dyn::dynshape::hasScalarIndices(getStartIndices()); }
  }];
}

def DynShape_GatherOp : DynShape_Op<"gather", [Pure]> {
  let summary = "Gather rows of a table through an index tensor";
  let description = [{
    Row `i` of the result is row `indices[i]` of `operand` (dimension 0 is
    the indexed one): the result has shape `[N] ++ operand.shape[1:]` for an
    index tensor of `N` elements. Each index is clamped to `[0, dim - 1]`,
    StableHLO's rule for a slice of size 1, where `dim` is dimension 0's
    static extent (its bound, if bounded). This is an embedding lookup or an
    MoE routing read.

    ```mlir
    %g = dynshape.gather %table[%ids]
           : (tensor<4096x128xf32>, tensor<8xi32>) -> tensor<8x128xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$operand, DynShape_IndexTensor:$indices);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def DynShape_ScatterOp : DynShape_Op<"scatter",
    [Pure, AllTypesMatch<["operand", "result"]>]> {
  let summary = "Write rows of a table through an index tensor";
  let description = [{
    Returns `operand` with row `indices[i]` replaced by row `i` of `updates`,
    for every `i` in order. The rule is XLA's (project-defined, docs/FrontEnd.md
    "Ops"): a row whose index is outside `[0, dim)` is skipped, and rows
    are applied in order, so when an index repeats the last row wins.
    `updates` has shape `[N] ++ operand.shape[1:]` for an index tensor of `N`
    elements.

    ```mlir
    %s = dynshape.scatter %rows into %table[%ids]
           : (tensor<8x128xf32>, tensor<8xi32>) -> tensor<4096x128xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$updates, AnyRankedTensor:$operand,
                       DynShape_IndexTensor:$indices);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $updates `into` $operand `[` $indices `]` attr-dict `:`
    `(` type($updates) `,` type($indices) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Buffer forms (what bufferization makes of gather and scatter)
//===----------------------------------------------------------------------===//

def DynShape_BufferGatherOp : DynShape_Op<"buffer_gather"> {
  let summary = "gather on buffers: rows of a table into an output buffer";
  let description = [{
    The bufferized `dynshape.gather`: writes row `clamp(indices[i], 0,
    dim - 1)` of `table` into row `i` of `output`, for every `i`. It keeps the
    gather one operation, so the backend can lower it to one indirect DMA.

    ```mlir
    dynshape.buffer_gather %table[%ids] into %out
      : memref<4096x128xf32>, memref<8xi32>, memref<8x128xf32>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$table,
                       Arg<MemRefRankOf<[I32], [1]>, "", [MemRead]>:$indices,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$output);
  let assemblyFormat = [{
    $table `[` $indices `]` `into` $output attr-dict `:`
    type($table) `,` type($indices) `,` type($output)
  }];
  let hasVerifier = 1;
  // Folds a memref.cast that only hides static layout information.
  let hasFolder = 1;
}

def DynShape_BufferScatterOp : DynShape_Op<"buffer_scatter"> {
  let summary = "scatter on buffers: rows written into a table in place";
  let description = [{
    The bufferized `dynshape.scatter`: for every `i` in order, writes row `i`
    of `updates` into row `indices[i]` of `table`, skipping rows whose index
    is outside `[0, dim)`; a repeated index keeps the last row.

    ```mlir
    dynshape.buffer_scatter %rows into %table[%ids]
      : memref<8x128xf32>, memref<4096x128xf32>, memref<8xi32>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$updates,
                       Arg<AnyStaticShapeMemRef, "", [MemRead, MemWrite]>:$table,
                       Arg<MemRefRankOf<[I32], [1]>, "", [MemRead]>:$indices);
  let assemblyFormat = [{
    $updates `into` $table `[` $indices `]` attr-dict `:`
    type($updates) `,` type($table) `,` type($indices)
  }];
  let hasVerifier = 1;
  // Folds a memref.cast that only hides static layout information.
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Padding masks (what dynshape-pad-to-bound emits)
//===----------------------------------------------------------------------===//

def DynShape_MaskOp : DynShape_Op<"mask",
    [Pure, AttrSizedOperandSegments, AllTypesMatch<["input", "result"]>]> {
  let summary = "Replace the padding of a padded tensor";
  let description = [{
    The padder's mask, named so that the backend need not recognise it in a
    loop body: element `i` of the result is the replacement where
    `i[dims[k]] >= sizes[k]` for any `k` (the padding beyond a runtime
    extent), and `input[i]` elsewhere. The replacement is either a tensor of
    the input's type, read at the same position (the old window of a padded
    update, XLA's rewrite), or a `fill` constant of the element type (a
    reduction's identity, or `-1` for the ids of a padded scatter, which
    scatter skips).

    ```mlir
    %u = dynshape.mask %update : tensor<64x32xf32> dims [0] sizes(%n)
           with %window : tensor<64x32xf32>
    %ids1 = dynshape.mask %ids : tensor<16xi32> dims [0] sizes(%n) fill -1 : i32
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       Optional<AnyRankedTensor>:$replacement,
                       Variadic<I32>:$sizes, DenseI64ArrayAttr:$dims,
                       OptionalAttr<TypedAttrInterface>:$fill);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `:` type($input) `dims` $dims `sizes` `(` $sizes `)`
    (`with` $replacement^ `:` type($replacement))? (`fill` $fill^)? attr-dict
  }];
  let hasVerifier = 1;
}

def DynShape_BufferMaskOp : DynShape_Op<"buffer_mask",
    [AttrSizedOperandSegments]> {
  let summary = "mask on buffers: the input with its padding replaced";
  let description = [{
    The bufferized `dynshape.mask`: writes into `output` the input with every
    element at or beyond `sizes[k]` along `dims[k]` replaced by the
    replacement buffer's element or by `fill`.

    ```mlir
    dynshape.buffer_mask %update : memref<64x32xf32> dims [0] sizes(%n)
      with %window : memref<64x32xf32, strided<[32, 1], offset: ?>>
      into %out : memref<64x32xf32>
    ```
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "", [MemRead]>:$input,
                       Arg<Optional<AnyStaticShapeMemRef>, "", [MemRead]>:$replacement,
                       Variadic<I32>:$sizes, DenseI64ArrayAttr:$dims,
                       OptionalAttr<TypedAttrInterface>:$fill,
                       Arg<AnyStaticShapeMemRef, "", [MemWrite]>:$output);
  let assemblyFormat = [{
    $input `:` type($input) `dims` $dims `sizes` `(` $sizes `)`
    (`with` $replacement^ `:` type($replacement))? (`fill` $fill^)?
    `into` $output `:` type($output) attr-dict
  }];
  let hasVerifier = 1;
  // Folds a memref.cast that only hides static layout information.
  let hasFolder = 1;
}

#endif // DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEOPS_TD
