// Every refusal of a compile is reported, each at its location, and the
// list of what the conversion lowers comes once, as a note of the first. An
// op that only reads a refused one is not reported again.
// RUN: dyn-opt %s -split-input-file --convert-dynshape-to-bir -verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @three(%t: memref<4x4xf32>, %o: memref<4x4xf32>) {
  %c = arith.constant 1.0 : f32
  %i = arith.constant 1 : index
  // expected-error @+2 {{'memref.store' op cannot be lowered by convert-dynshape-to-bir}}
  // expected-note @+1 {{convert-dynshape-to-bir lowers i32/index arith}}
  memref.store %c, %t[%i, %i] : memref<4x4xf32>
  // expected-error @+1 {{'linalg.generic' op cannot be lowered by convert-dynshape-to-bir: its body has 'math.sin', which the engines do not run elementwise (docs/Compute.md lists the body ops they run)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<4x4xf32>) outs(%o : memref<4x4xf32>) {
  ^bb0(%x: f32, %z: f32):
    %s = math.sin %x : f32
    linalg.yield %s : f32
  }
  // expected-error @+1 {{'memref.alloc' op cannot become a location: element type must be one dyn carries (f32, i32, bf16, f16, i8, i16, i64, f64), got 'i4'}}
  %a = memref.alloc() : memref<4x8xi4>
  // The copy of the refused allocation is not reported.
  memref.copy %a, %a : memref<4x8xi4> to memref<4x8xi4>
  return
}
