"""A program with N runtime offsets live at once, and its NumPy check.

usage: python3 many_live_offsets.py mlir N > OUT.mlir
       python3 many_live_offsets.py args DIR N      (writes the .npy inputs
                                                     and prints the --arg list)
       python3 many_live_offsets.py check DIR RESULTS N

@live writes %row into a 256x8 cache at rows p0, p1, ..., p(N-1) (each
clamped into [0, 255]), then copies row p_i of the written cache into
%out at row p_i, for i = N-1 down to 0. Every offset is used once in each
half, so all N are live between the halves.
"""

import os
import sys

import numpy as np

ROWS = 256


def mlir(n):
    args = ", ".join(f"%p{i}: i32" for i in range(n))
    lines = [f"func.func @live(%cache: tensor<{ROWS}x8xf32>, "
             f"%out: tensor<{ROWS}x8xf32>, %row: tensor<1x8xf32>, {args})",
             f"    -> (tensor<{ROWS}x8xf32>, tensor<{ROWS}x8xf32>) {{",
             "  %c0 = arith.constant 0 : i32"]
    cache = "%cache"
    for i in range(n):
        lines.append(f"  %w{i} = dynshape.dynamic_update_slice %row into "
                     f"{cache}[%p{i}, %c0] : tensor<1x8xf32> into "
                     f"tensor<{ROWS}x8xf32>")
        cache = f"%w{i}"
    out = "%out"
    for i in reversed(range(n)):
        lines.append(f"  %r{i} = dynshape.dynamic_slice {cache}[%p{i}, %c0] "
                     f"sizes [1, 8] : tensor<{ROWS}x8xf32> -> tensor<1x8xf32>")
        lines.append(f"  %o{i} = dynshape.dynamic_update_slice %r{i} into "
                     f"{out}[%p{i}, %c0] : tensor<1x8xf32> into "
                     f"tensor<{ROWS}x8xf32>")
        out = f"%o{i}"
    lines.append(f"  return {cache}, {out} : tensor<{ROWS}x8xf32>, "
                 f"tensor<{ROWS}x8xf32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def positions(n):
    # In range, repeated, negative and past the end.
    rng = np.random.RandomState(n)
    return [int(p) for p in rng.randint(-20, ROWS + 20, size=n)]


def make_args(d, n):
    os.makedirs(d, exist_ok=True)
    np.save(os.path.join(d, "cache.npy"),
            np.arange(ROWS * 8, dtype=np.float32).reshape(ROWS, 8))
    np.save(os.path.join(d, "out.npy"), -np.ones((ROWS, 8), np.float32))
    np.save(os.path.join(d, "row.npy"), np.full((1, 8), 0.5, np.float32))
    names = [os.path.join(d, f) for f in ("cache.npy", "out.npy", "row.npy")]
    print(" ".join(f"--arg {a}" for a in names + [str(p) for p in positions(n)]))


def check(d, results, n):
    cache = np.load(os.path.join(d, "cache.npy"))
    out = np.load(os.path.join(d, "out.npy"))
    row = np.load(os.path.join(d, "row.npy"))
    rows = [min(max(p, 0), ROWS - 1) for p in positions(n)]
    for r in rows:
        cache[r] = row[0]
    for r in reversed(rows):
        out[r] = cache[r]
    for k, want in enumerate((cache, out)):
        got = np.load(os.path.join(results, f"result{k}.npy"))
        if not np.array_equal(got.view(np.uint32), want.view(np.uint32)):
            sys.exit(f"FAIL: result{k} differs from NumPy")
    print(f"OK: {n} offsets, {len(set(rows))} distinct rows")


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "mlir":
        sys.stdout.write(mlir(int(sys.argv[2])))
    elif mode == "args":
        make_args(sys.argv[2], int(sys.argv[3]))
    else:
        check(sys.argv[2], sys.argv[3], int(sys.argv[4]))
