"""Runs the compiled entries of compute-linalg.mlir on chosen inputs and
compares with NumPy: a sum over a bounded dim, an elementwise op on a row
sliced at a runtime position, a bf16 dot product accumulated in f32, and the
tiled exp and matmul."""
import os
import subprocess
import sys

import numpy as np

dyn_sim, source, work = sys.argv[1:4]
rng = np.random.default_rng(11)


def to_bf16_bits(a):
    bits = a.astype(np.float32).view(np.uint32)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16_bits(a):
    return (a.astype(np.uint32) << 16).view(np.float32)


def run(entry, *args):
    out = os.path.join(work, entry)
    cmd = [dyn_sim, source, "--entry", entry, "--out", out]
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray):
            path = os.path.join(work, "%s_%d.npy" % (entry, i))
            np.save(path, a)
            a = path
        cmd += ["--arg", str(a)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return np.load(os.path.join(out, "result0.npy"))


def close(got, want, tol):
    return bool(np.max(np.abs(got - want)) <= tol * np.max(np.abs(want)))


for n in (1, 37, 128, 200):
    x = rng.standard_normal((n, 16)).astype(np.float32)
    got = run("bounded_sum", x)
    print("bounded_sum n=%d:" % n, close(got, x.astype(np.float64).sum(0), 1e-6))

x = rng.standard_normal((8, 32)).astype(np.float32)
for i in (0, 5, 7, 12, -4):
    row = x[min(max(i, 0), 7)].astype(np.float64)
    got = run("row_op", x, i)
    print("row_op i=%d:" % i, close(got[0], np.exp(row), 1e-6))

for n in (1, 64, 128):
    xb = to_bf16_bits(rng.standard_normal(n))
    wb = to_bf16_bits(rng.standard_normal((n, 64)))
    want = from_bf16_bits(xb).astype(np.float64) @ from_bf16_bits(wb).astype(np.float64)
    got = run("dot_bf16", xb, wb)
    print("dot_bf16 n=%d:" % n, close(got, want, 1e-5))

a = rng.standard_normal((300, 16)).astype(np.float32)
l = rng.standard_normal((130, 200)).astype(np.float32)
r = rng.standard_normal((200, 600)).astype(np.float32)
out = os.path.join(work, "tiled")
got = run("tiled", a, l, r)
print("tiled exp:", close(got, np.exp(a.astype(np.float64)), 1e-6))
mm = np.load(os.path.join(out, "result1.npy"))
print("tiled matmul:", close(mm, 0.5 + l.astype(np.float64) @ r, 1e-5))

a = rng.standard_normal((300, 16)).astype(np.float32)
b = rng.standard_normal((300, 16)).astype(np.float32)
e = np.exp(a.astype(np.float64))
got = run("scratch", a, b)
product = np.load(os.path.join(work, "scratch", "result1.npy"))
print("scratch:", close(got, e + b, 1e-6) and close(product, e * b, 1e-6))
