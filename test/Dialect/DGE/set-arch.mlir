// dge-set-arch records the target once, on the module, even when nothing in
// the module uses the dge dialect yet; the verifier keeps it there.
// RUN: dyn-opt %s -split-input-file -dge-set-arch=arch=core_v4 -verify-diagnostics | FileCheck %s

// CHECK: module attributes {dge.arch = #dge<arch core_v4>}
// CHECK-NEXT: func.func @empty()
func.func @empty() {
  return
}

// -----

// expected-error @+1 {{'dge.arch' belongs on the module, once}}
func.func @on_a_function() attributes {dge.arch = #dge<arch gen2>} {
  return
}

// -----

// expected-error @+1 {{'dge.arch' must be a #dge.arch<...> attribute}}
module attributes {dge.arch = 30 : i32} {
}

// -----

// expected-error @+1 {{unknown dge attribute 'dge.arch_level'}}
module attributes {dge.arch_level = 30 : i32} {
}
