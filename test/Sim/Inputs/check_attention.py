"""Runs the reference on the StableHLO attention step for several valid
lengths and compares with a float64 NumPy attention."""
import os
import subprocess
import sys

import numpy as np

dyn_sim, source, work = sys.argv[1:4]
rng = np.random.default_rng(3)
q = rng.standard_normal((1, 64), dtype=np.float32)
k = rng.standard_normal((128, 64), dtype=np.float32)
v = rng.standard_normal((128, 64), dtype=np.float32)
for name, a in (("q", q), ("k", k), ("v", v)):
    np.save(os.path.join(work, name + ".npy"), a)
worst = 0.0
for n in (1, 2, 37, 127, 128):
    out = os.path.join(work, "n%d" % n)
    subprocess.run([dyn_sim, source, "--entry", "attention", "--reference",
                    "--arg", os.path.join(work, "q.npy"),
                    "--arg", os.path.join(work, "k.npy"),
                    "--arg", os.path.join(work, "v.npy"),
                    "--arg", str(n), "--out", out], check=True)
    got = np.load(os.path.join(out, "result0.npy"))
    s = (q.astype(np.float64) @ k.astype(np.float64).T)[:, :n]
    p = np.exp(s - s.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    want = p @ v[:n].astype(np.float64)
    worst = max(worst, float(np.max(np.abs(got - want) / np.abs(want).max())))
print("attention: lengths 1, 2, 37, 127, 128 within 1e-5 of float64:",
      worst < 1e-5)
