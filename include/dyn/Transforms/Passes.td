//===- Passes.td - dyn's general-purpose passes -------------*- tablegen -*-===//

#ifndef DYN_TRANSFORMS_PASSES_TD
#define DYN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DynCanonicalize : Pass<"dyn-canonicalize"> {
  let summary = "Canonicalize, and tell the pass manager when nothing "
                "changed";
  let description = [{
    Upstream's `canonicalize`: the canonicalization patterns of every loaded
    dialect and registered op, and the ops' folders, applied greedily. The
    one difference: when they change nothing, the pass marks every analysis
    preserved. The pass manager verifies the IR after each pass that does
    not (`--verify-each`, dyn-opt's default), and upstream's pass does not
    say when it changed nothing, so an unchanged function would be verified
    again. The `lower-to-*` pipelines use this pass for their
    canonicalizations.

    ```
    dyn-opt --pass-pipeline='builtin.module(func.func(dyn-canonicalize{top-down=false}))'
    ```
  }];
  let options = [
    Option<"topDown", "top-down", "bool", /*default=*/"true",
           "Visit the ops top-down (as upstream's `top-down` option)">,
    Option<"regionSimplify", "region-simplify",
           "mlir::GreedySimplifyRegionLevel",
           /*default=*/"mlir::GreedySimplifyRegionLevel::Normal",
           "Region simplification (as upstream's `region-simplify` option)",
           [{::llvm::cl::values(
             clEnumValN(mlir::GreedySimplifyRegionLevel::Disabled, "disabled",
                        "no region simplification"),
             clEnumValN(mlir::GreedySimplifyRegionLevel::Normal, "normal",
                        "dead code and unreachable blocks"),
             clEnumValN(mlir::GreedySimplifyRegionLevel::Aggressive,
                        "aggressive", "also merge identical blocks"))}]>,
  ];
}

def DynDecomposeAggregates : Pass<"dyn-decompose-aggregates"> {
  let summary = "Decompose linalg's aggregated ops (linalg.softmax) into the "
                "structured ops they stand for";
  let description = [{
    Each op that implements upstream's `AggregatedOpInterface` (as
    `linalg.softmax` does) is replaced by its own decomposition
    (`decomposeOperation`): for a softmax, a `maxnumf` reduction, an
    elementwise `exp(x - max)`, an `addf` reduction and a division. The
    `lower-to-*` pipelines run it first, so that `dynshape-pad-to-bound`
    masks the reductions of a softmax over a bounded dimension with their
    identities, as it does for reductions a user writes.
  }];
}

def DynFuseElementwise : Pass<"dyn-fuse-elementwise"> {
  let summary = "Fuse chains of elementwise linalg.generic ops on tensors "
                "into one body";
  let description = [{
    An all-parallel `linalg.generic` on tensors whose result only one other
    all-parallel `linalg.generic` reads is fused into it (upstream's
    `linalg::fuseElementwiseOps`): `x / (1 + exp(-x))` written as four ops
    on tensors becomes one body, so the lowering sees the whole expression
    (and runs a SiLU or a sigmoid as one Activation instruction) and needs
    no buffer between the ops. A `linalg.broadcast` that one such op
    reads is generalized and fused the same way: the op then reads the
    broadcast's input along the broadcast dims (a softmax's `s - max`
    needs no `[rows, n]` buffer of maxima). Reductions and contractions are
    left alone:
    the padder masks their inputs, which fusion would hide. Every body op
    keeps its type, so each result is rounded as before.
  }];
}

def DynExpandRankZero : Pass<"dyn-expand-rank-zero"> {
  let summary = "Linalg ops on rank-0 tensors become ops on one-element "
                "tensors";
  let description = [{
    The engines write tiles of rank 1 or more. A linalg op on tensors with
    a rank-0 result (a dot product's or a norm's scalar) becomes a
    `linalg.generic` with one more parallel loop, of one trip, that indexes
    its rank-0 operands as `[1]` tensors:
    `tensor.expand_shape` before the op, `tensor.collapse_shape` of its
    result after it. (A rank-0 input of an op with a result of higher rank
    is a broadcast, which the lowering reads as it is.) Named ops are
    generalized first. A contraction of two
    operands into a scalar (a dot product) also gives its first operand the
    new loop as a trailing unit dimension, so that it is a matmul with one
    row, which the PE array computes. The `lower-to-*` pipelines run it
    before bufferization; the reshapes become views.

    ```mlir
    %r = linalg.dot ins(%a, %b : tensor<64xf32>, tensor<64xf32>)
                    outs(%init : tensor<f32>) -> tensor<f32>
    // becomes
    %i = tensor.expand_shape %init [] output_shape [1]
        : tensor<f32> into tensor<1xf32>
    %a1 = tensor.expand_shape %a [[0, 1]] output_shape [64, 1]
        : tensor<64xf32> into tensor<64x1xf32>
    %g = linalg.generic {indexing_maps = [(d0, d1) -> (d0, d1),
                                          (d0, d1) -> (d0), (d0, d1) -> (d1)],
                         iterator_types = ["reduction", "parallel"]}
        ins(%a1, %b : ...) outs(%i : tensor<1xf32>) { ... }
    %r = tensor.collapse_shape %g [] : tensor<1xf32> into tensor<f32>
    ```
  }];
  let dependentDialects = ["mlir::tensor::TensorDialect",
                           "mlir::linalg::LinalgDialect"];
}

def DynFoldSplatInputs : Pass<"dyn-fold-splat-inputs"> {
  let summary = "Fold splat tensor constants that linalg.generic reads into "
                "its body as scalars";
  let description = [{
    A splat tensor constant that a `linalg.generic` on tensors reads (what
    `convert-elementwise-to-linalg` makes of `arith.addf %x, %one` with
    `%one = arith.constant dense<1.0> : tensor<...>`), or, read by an
    all-parallel generic, the result of a `linalg.fill` of a constant on
    tensors (a splat of a runtime-sized tensor, which no tensor constant
    can be; a contraction keeps it, or it would no longer be one), becomes
    a scalar
    `arith.constant` in the body, and the input goes. The engines take
    such a scalar as an immediate or a memset; a tensor constant would be a
    buffer the program never wrote. The `lower-to-*` pipelines run it after
    `convert-elementwise-to-linalg`.

    Upstream has the same rewrite (`FoldScalarOrSplatConstant`), but only
    among the elementwise-fusion patterns, whose other patterns would fuse
    ops and replace `outs` operands.

    ```mlir
    %one = arith.constant dense<1.0> : tensor<4xf32>
    %r = linalg.generic {...} ins(%x, %one : tensor<4xf32>, tensor<4xf32>) ...
      ^bb0(%a: f32, %b: f32, %o: f32):
        %s = arith.addf %a, %b : f32
    // becomes
    %r = linalg.generic {...} ins(%x : tensor<4xf32>) ...
      ^bb0(%a: f32, %o: f32):
        %b = arith.constant 1.0 : f32
        %s = arith.addf %a, %b : f32
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

#endif // DYN_TRANSFORMS_PASSES_TD
