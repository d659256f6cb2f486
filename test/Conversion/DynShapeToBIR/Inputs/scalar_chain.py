"""Writes a KV write whose runtime position is DEPTH multiplications deep,
each squaring the one before (so every level reads its operand twice).

  scalar_chain.py DEPTH
"""
import sys

depth = int(sys.argv[1])
lines = ["func.func @chain(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,"
         " %pos: i32) -> tensor<64x32xf32> {",
         "  %c0 = arith.constant 0 : i32",
         "  %x0 = arith.addi %pos, %pos : i32"]
lines += [f"  %x{i + 1} = arith.muli %x{i}, %x{i} : i32" for i in range(depth)]
lines += [f"  %v = dynshape.dynamic_update_slice %k into %cache[%x{depth}, %c0]"
          " : tensor<1x32xf32> into tensor<64x32xf32>",
          "  return %v : tensor<64x32xf32>", "}"]
print("\n".join(lines))
