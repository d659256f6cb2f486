// A defect of the MLIR 22 libraries that dyn links, found by
// utils/fuzz/mutate_mlir.py (input 400 of `--smoke`): the custom parsers of
// linalg.transpose, linalg.broadcast and linalg.reduce store a null
// attribute when their dense i64 array fails to parse, and dyn-opt crashes
// after the located error. dyn cannot reach that code, so the fuzzers list
// it in KNOWN_UPSTREAM (utils/fuzz/fuzz_common.py) and report it apart from
// their findings. This test expects what a fixed parser does, the located
// error alone; it fails (XFAIL) while the packaged LLVM has the defect, and
// passes once it is fixed: then drop the XFAIL and the KNOWN_UPSTREAM entry.

// XFAIL: *
// RUN: dyn-opt %s -split-input-file -verify-diagnostics

func.func @transpose(%a: tensor<8x9xf32>, %b: tensor<9x8xf32>) -> tensor<9x8xf32> {
  // expected-error @+2 {{integer value too large}}
  // expected-error @+1 {{expected ']'}}
  %t = linalg.transpose ins(%a : tensor<8x9xf32>) outs(%b : tensor<9x8xf32>) permutation = [9223372036854775808, 1]
  return %t : tensor<9x8xf32>
}

// -----

func.func @broadcast(%a: tensor<8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{integer value too large}}
  // expected-error @+1 {{expected ']'}}
  %t = linalg.broadcast ins(%a : tensor<8xf32>) outs(%b : tensor<8x4xf32>) dimensions = [9223372036854775808]
  return %t : tensor<8x4xf32>
}
