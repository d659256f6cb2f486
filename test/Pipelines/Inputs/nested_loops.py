"""Writes a KV write inside DEPTH nested loops that each carry the cache.

  nested_loops.py DEPTH
"""
import sys

depth = int(sys.argv[1])
lines = ["func.func @nest(%cache: tensor<64x32xf32>, %k: tensor<1x32xf32>,"
         " %pos: i32) -> tensor<64x32xf32> {",
         "  %c0 = arith.constant 0 : i32",
         "  %lo = arith.constant 0 : index",
         "  %one = arith.constant 1 : index",
         "  %two = arith.constant 2 : index"]
carried = "%cache"
for i in range(depth):
    pad = "  " * (i + 1)
    lines.append(f"{pad}%r{i} = scf.for %j{i} = %lo to %two step %one"
                 f" iter_args(%a{i} = {carried}) -> (tensor<64x32xf32>) {{")
    carried = f"%a{i}"
pad = "  " * (depth + 1)
lines += [f"{pad}%u = dynshape.dynamic_update_slice %k into {carried}[%pos, %c0]"
          " : tensor<1x32xf32> into tensor<64x32xf32>",
          f"{pad}scf.yield %u : tensor<64x32xf32>"]
for i in reversed(range(depth)):
    pad = "  " * (i + 1)
    lines.append(f"{pad}}}")
    if i > 0:
        lines.append(f"{pad}scf.yield %r{i} : tensor<64x32xf32>")
lines += ["  return %r0 : tensor<64x32xf32>", "}"]
print("\n".join(lines))
