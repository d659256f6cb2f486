// RUN: dyn-opt %s -allow-unregistered-dialect --convert-dynshape-to-bir -verify-diagnostics

func.func @unregistered(%t: memref<4xf32>) {
  // expected-error @+1 {{'test.use' op cannot be lowered by convert-dynshape-to-bir}}
  "test.use"(%t) : (memref<4xf32>) -> ()
  return
}
