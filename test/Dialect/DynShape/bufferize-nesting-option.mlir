// RUN: dyn-opt %s --dynshape-bufferize=max-tensor-nesting=-1 -verify-diagnostics

// expected-error @+1 {{max-tensor-nesting must not be negative, got -1}}
module {
  func.func @f() {
    return
  }
}
