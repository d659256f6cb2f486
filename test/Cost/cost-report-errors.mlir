// dge-cost-report's option errors, each located at the module. The
// latency table's own errors name the file and the entry.
// RUN: dyn-opt %s --dge-cost-report=format=xml -verify-diagnostics -o /dev/null
// RUN: not dyn-opt %s --dge-cost-report=output=%t.missing/report.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: cost-report-errors.mlir:[[# @LINE + 19]]:1: error: dge-cost-report: cannot open output file '{{.*}}report.json'
// A write that fails (a full disk) is an error too, not an abort.
// RUN: not dyn-opt %s --dge-cost-report=output=/dev/full -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: cost-report-errors.mlir:[[# @LINE + 16]]:1: error: dge-cost-report: cannot write /dev/full: No space left on device
// RUN: not dyn-opt %s --dge-cost-report=latency-table=%S/Inputs/unknown-key.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: {{.*}}unknown-key.json: unknown latency entry 'alu_latency'
// RUN: not dyn-opt %s --dge-cost-report=latency-table=%S/Inputs/zero.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: {{.*}}zero.json: latency entry 'dma_queue_mb_per_s' must be a positive integer
// A cycle count may be 0, not negative:
// RUN: not dyn-opt %s --dge-cost-report=latency-table=%S/Inputs/negative.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: {{.*}}negative.json: latency entry 'compute_min_cycles.dve' must be a non-negative integer
// RUN: not dyn-opt %s --dge-cost-report=latency-table=%S/Inputs/bad-engine.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENGINE
// ENGINE: error: {{.*}}bad-engine.json: 'compute_fixed_cycles' names unknown engine 'gpu'
// RUN: not dyn-opt %s --dge-cost-report=latency-table=%S/Inputs/not-json.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: error: {{.*}}not-json.json: not JSON:
// RUN: not dyn-opt %s --dge-cost-report=latency-table=%t.none.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: {{.*}}none.json: cannot read the latency table:

// expected-error @+1 {{dge-cost-report: format must be table or json, not 'xml'}}
module {
  func.func @f() {
    return
  }
}
