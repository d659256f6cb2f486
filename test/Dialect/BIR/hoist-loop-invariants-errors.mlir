// RUN: dyn-opt %s --bir-hoist-loop-invariants=max-live-in=-1 -verify-diagnostics

// expected-error @+1 {{max-live-in must not be negative, got -1}}
func.func @f() {
  return
}
