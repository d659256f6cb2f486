// An op whose staged tiles overflow the SBUF below the one-row bound of
// planCompute: bir-allocate-memory reports it at the op the user wrote,
// without naming the bir.alloc tiles it never wrote.
// RUN: dyn-opt %s --lower-to-bir -verify-diagnostics -o /dev/null

func.func @add(%a: tensor<2x20000xf32>, %b: tensor<2x20000xf32>) -> tensor<2x20000xf32> {
  // expected-error @+3 {{SBUF overflows: the locations live here need 240000 bytes per partition, capacity 196608; live locations:}}
  // expected-note @+2 {{80000 bytes at 0}}
  // expected-note @+1 {{80000 bytes at 80000}}
  %r = arith.addf %a, %b : tensor<2x20000xf32>
  return %r : tensor<2x20000xf32>
}
