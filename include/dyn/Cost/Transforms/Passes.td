//===- Passes.td - passes over the cost model --------------*- tablegen -*-===//

#ifndef DYN_COST_TRANSFORMS_PASSES_TD
#define DYN_COST_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DGECostReport : Pass<"dge-cost-report", "::mlir::ModuleOp"> {
  let summary = "Static cost estimate of lowered functions (report Section 5)";
  let description = [{
    Estimates each function of routed, lowered IR (after
    `bir-insert-sync`) with the latency model of `docs/CostModel.md`: the
    instructions are scheduled on engines and DMA queues in their streams'
    order and by their semaphores, a loop costs
    one trip's schedule times its trip estimate (`max_trip`, or a
    `trip_estimate` profile value), and the coarse and precise
    estimators of data-dependent work are added. Prints per function the
    estimated cycles, each resource's busy cycles, the loops, the critical
    path, the coarse dynamic instruction estimate, the FLOPs and the bytes
    moved; as a table or as JSON. The IR is not changed.
  }];
  let options = [
    Option<"format", "format", "std::string", "\"table\"",
           "Output format: table or json">,
    Option<"output", "output", "std::string", "\"-\"",
           "Where to write the report (- for standard error)">,
    Option<"latencyTable", "latency-table", "std::string", "\"\"",
           "A JSON file whose entries replace the default latencies">
  ];
}

#endif // DYN_COST_TRANSFORMS_PASSES_TD
