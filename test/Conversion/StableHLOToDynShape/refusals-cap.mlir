// Every op the import refuses is reported in one run, each at its location,
// up to 20; then the import says it stopped.
// RUN: not dyn-opt %s --convert-stablehlo-to-dynshape 2>&1 | FileCheck %s
// CHECK: error: 'stablehlo.cosine' op has no import to dynshape
// CHECK-NEXT: cosine
// CHECK: note: the import takes stablehlo.constant
// CHECK-COUNT-19: error: 'stablehlo.sine' op has no import to dynshape
// CHECK: error: the StableHLO import stops after 20 refusals; there may be more
// CHECK-NOT: note:
"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "many"}> ({
^bb0(%x: tensor<4xf32>):
  %c = "stablehlo.cosine"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s0 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s1 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s2 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s3 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s4 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s5 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s6 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s7 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s8 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s9 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s10 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s11 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s12 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s13 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s14 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s15 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s16 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s17 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s18 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s19 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s20 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %s21 = "stablehlo.sine"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%c) : (tensor<4xf32>) -> ()
}) : () -> ()
