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

#endif // DYN_TRANSFORMS_PASSES_TD
