"""Rank-reducing slices that feed compute, checked against float64 NumPy.

usage: rank_reducing_slices.py DYN_SIM DIR [--compare]

For each source shape (8x4, 128x7, 4x200, 130x3, 2x3x4, 3x5x6) and each
non-empty proper subset of its dims, the program slices one index of every
dim in the subset (dropping it), keeps the other dims whole, and computes
exp(slice) + y. The offsets of the dropped dims are static, or runtime
values read from i32 arguments; runtime programs run at the first, a middle
and the last index of each dropped dim. That is 40 programs.

Each run prints one line "NAME at OFFSETS: match" or "... MISMATCH" with the
values; the last line is "N programs, M runs, K mismatches". With
--compare, each program also runs `dyn-sim --compare`, which must pass and
compare at least one trial (a runtime offset drawn outside the source is
undefined upstream, and skipped).
"""
import itertools
import os
import re
import subprocess
import sys

import numpy as np

dyn_sim, out = sys.argv[1:3]
compare = "--compare" in sys.argv[3:]
SHAPES = [(8, 4), (128, 7), (4, 200), (130, 3), (2, 3, 4), (3, 5, 6)]


def tensor(shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>" if shape else \
        "tensor<f32>"


def program(shape, dropped, runtime, static_at):
    """The MLIR of one program, and the kept shape."""
    kept = [n for d, n in enumerate(shape) if d not in dropped]
    src, dst = tensor(shape), tensor(kept)
    args = [f"%x: {src}", f"%y: {dst}"]
    lines = []
    offsets = []
    for d in range(len(shape)):
        if d not in dropped:
            offsets.append("0")
        elif runtime:
            args.append(f"%j{d}: i32")
            lines.append(f"  %i{d} = arith.index_cast %j{d} : i32 to index")
            offsets.append(f"%i{d}")
        else:
            offsets.append(str(static_at[d]))
    sizes = ["1" if d in dropped else str(n) for d, n in enumerate(shape)]
    ones = ["1"] * len(shape)
    lines += [
        f"  %s = tensor.extract_slice %x[{', '.join(offsets)}] "
        f"[{', '.join(sizes)}] [{', '.join(ones)}] : {src} to {dst}",
        f"  %e = math.exp %s : {dst}",
        f"  %r = arith.addf %e, %y : {dst}",
        f"  return %r : {dst}",
    ]
    return (f"func.func @main({', '.join(args)}) -> {dst} {{\n" +
            "\n".join(lines) + "\n}\n", kept)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        print(" ".join(cmd))
        print(r.stdout + r.stderr)
    return r


programs = runs = mismatches = 0
for shape in SHAPES:
    rank = len(shape)
    for k in range(1, rank):
        for dropped in itertools.combinations(range(rank), k):
            for runtime in (False, True):
                programs += 1
                # A static program reads a middle index; a runtime one the
                # first, a middle and the last.
                middle = {d: shape[d] // 2 for d in dropped}
                text, kept = program(shape, dropped, runtime, middle)
                name = "x".join(map(str, shape)) + " drop " + \
                    ",".join(map(str, dropped)) + \
                    (" runtime" if runtime else " static")
                tag = name.replace(" ", "_").replace(",", "-")
                path = f"{out}/{tag}.mlir"
                with open(path, "w") as f:
                    f.write(text)
                rng = np.random.default_rng(programs)
                x = rng.uniform(-2, 2, shape).astype(np.float32)
                y = rng.uniform(-8, 8, kept).astype(np.float32)
                np.save(f"{out}/{tag}.x.npy", x)
                np.save(f"{out}/{tag}.y.npy", y)
                points = [middle]
                if runtime:
                    points = [{d: 0 for d in dropped}, middle,
                              {d: shape[d] - 1 for d in dropped}]
                for at in points:
                    runs += 1
                    cmd = [dyn_sim, path, "--entry", "main", "--out", f"{out}/{tag}.out",
                           "--arg", f"{out}/{tag}.x.npy",
                           "--arg", f"{out}/{tag}.y.npy"]
                    if runtime:
                        cmd += [a for d in dropped for a in ("--arg", str(at[d]))]
                    where = ",".join(str(at[d]) for d in dropped)
                    if run(cmd).returncode != 0:
                        mismatches += 1
                        print(f"{name} at {where}: FAILED")
                        continue
                    got = np.load(f"{out}/{tag}.out/result0.npy")
                    index = tuple(at[d] if d in dropped else slice(None)
                                  for d in range(rank))
                    want = np.exp(x.astype(np.float64)[index]) + y
                    ok = got.shape == want.shape and np.allclose(
                        got, want, rtol=1e-6, atol=1e-6)
                    mismatches += not ok
                    print(f"{name} at {where}: " +
                          ("match" if ok else
                           f"MISMATCH\n  got  {got.ravel()[:8]}\n"
                           f"  want {want.ravel()[:8]}"))
                if compare:
                    # Random runtime offsets fall outside the source now and
                    # then (undefined upstream, skipped); the rest compare.
                    trials = 200 if runtime else 20
                    r = run([dyn_sim, path, "--entry", "main", "--compare",
                             "--trials", str(trials)])
                    first = (r.stdout.strip().splitlines() or [""])[0]
                    m = re.search(r"\((\d+) skipped", first)
                    skipped = int(m.group(1)) if m else 0
                    if r.returncode != 0 or skipped >= trials:
                        mismatches += 1
                        print(f"{name}: --compare FAILED: {first}")
                    else:
                        print(f"{name}: --compare: {trials - skipped} "
                              "trials compared")
print(f"{programs} programs, {runs} runs, {mismatches} mismatches")
