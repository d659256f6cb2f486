"""Runs the StableHLO attention step, compiled (its iota/compare/select mask
raised to dynshape.mask, an affine_select on the Pool engine) and in the
reference interpreter, for several valid lengths, and compares with a
float64 NumPy attention; rows of K past the length hold NaN in a second
run, which must not change the output."""
import os
import subprocess
import sys

import numpy as np

dyn_sim, source, work = sys.argv[1:4]
rng = np.random.default_rng(3)
q = rng.standard_normal((1, 64), dtype=np.float32)
k = rng.standard_normal((128, 64), dtype=np.float32)
v = rng.standard_normal((128, 64), dtype=np.float32)


def run(mode, n, kk):
    out = os.path.join(work, "%s%d" % (mode.strip("-"), n))
    for name, a in (("q", q), ("k", kk), ("v", v)):
        np.save(os.path.join(work, name + ".npy"), a)
    subprocess.run([dyn_sim, source, "--entry", "attention",
                    "--arg", os.path.join(work, "q.npy"),
                    "--arg", os.path.join(work, "k.npy"),
                    "--arg", os.path.join(work, "v.npy"),
                    "--arg", str(n), "--out", out] + ([mode] if mode else []),
                   check=True, stdout=subprocess.DEVNULL)
    return np.load(os.path.join(out, "result0.npy"))


worst = 0.0
same = True
for n in (1, 2, 37, 127, 128):
    s = (q.astype(np.float64) @ k.astype(np.float64).T)[:, :n]
    p = np.exp(s - s.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    want = p @ v[:n].astype(np.float64)
    ref = run("--reference", n, k)
    binary = run("", n, k)
    nan_k = k.copy()
    nan_k[n:] = np.nan
    padded = run("", n, nan_k)
    same &= ref.tobytes() == binary.tobytes() == padded.tobytes()
    worst = max(worst, float(np.max(np.abs(binary - want) / np.abs(want).max())))
print("attention: lengths 1, 2, 37, 127, 128 within 1e-5 of float64:",
      worst < 1e-5)
print("attention: binary, reference and NaN-padded K give the same bits:", same)
