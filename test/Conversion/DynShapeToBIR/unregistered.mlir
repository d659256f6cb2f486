// RUN: dyn-opt %s -allow-unregistered-dialect --convert-dynshape-to-bir -verify-diagnostics
// The passes before the conversion take an op of no dialect too (one of
// them used to crash on its missing dialect).
// RUN: dyn-opt %s -allow-unregistered-dialect --lower-to-bir -verify-diagnostics

func.func @unregistered(%t: memref<4xf32>) {
  // expected-error @+2 {{'test.use' op cannot be lowered by convert-dynshape-to-bir}}
  // expected-note @+1 {{convert-dynshape-to-bir lowers}}
  "test.use"(%t) : (memref<4xf32>) -> ()
  return
}
