"""Prints a function of N elementwise additions, each reading the previous
result and the argument: `t_i = t_{i-1} + x`, with t_{-1} = x."""
import sys

n = int(sys.argv[1])
print("func.func @chain(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {")
prev = "%x"
for i in range(n):
    print(f"  %t{i} = arith.addf {prev}, %x : tensor<128x64xf32>")
    prev = f"%t{i}"
print(f"  return {prev} : tensor<128x64xf32>")
print("}")
