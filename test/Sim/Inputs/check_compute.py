"""Runs dyn-sim on the compute programs and compares with NumPy.

usage: check_compute.py dve|loop|softmax|pool DYN_SIM BINARY DIR

dve: x + y, its row max, (x + y - max) * 0.5 (f32, and bf16 rounded to
nearest even), columns >= n set to -inf; inputs include NaN, +-inf and -0.
loop: rows j < n of x get + 1.0, for n = 0, 1, the bound 4 and -2.
pool: iota as f32 and i32, affine_select, register scalars, compares,
divide, sum and min reductions, an f16 copy; bit for bit.
softmax: s = q^T k (f32 products and sums, k ascending, as two matmuls
into PSUM), then softmax(s) with exp computed in double and rounded; also
within 1e-5 relative of a float64 softmax.
Every comparison is bit for bit. Prints one line per check, then "ok".
"""
import os
import subprocess
import sys

import numpy as np

mode, dyn_sim, binary, out = sys.argv[1:5]


def run(entry, args, tag):
    cmd = [dyn_sim, binary, "--entry", entry, "--out", f"{out}/{tag}"]
    for a in args:
        cmd += ["--arg", a]
    subprocess.run(cmd, check=True, capture_output=True)
    results, i = [], 0
    while os.path.exists(f"{out}/{tag}/result{i}.npy"):
        results.append(np.load(f"{out}/{tag}/result{i}.npy"))
        i += 1
    return results


def bf16_bits(a):
    bits = a.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(a)
    rounded[nan] = (bits[nan] >> 16) | 0x40  # quiet NaN keeps its sign
    return rounded.astype(np.uint16)


def canonical(a):
    """Arithmetic NaNs are the canonical quiet NaN 0x7FC00000 on the engines."""
    a = np.array(a, dtype=np.float32)
    a[np.isnan(a)] = np.float32(np.nan)
    return a


def same(a, b):
    return np.array_equal(a.view(np.uint8), b.view(np.uint8))


if mode == "dve":
    rng = np.random.default_rng(7)
    x = rng.standard_normal((4, 8)).astype(np.float32)
    y = rng.standard_normal((4, 8)).astype(np.float32)
    x[1, 2], x[2, 3], y[2, 4], x[3, 0], y[3, 0] = np.inf, -np.inf, np.nan, -0.0, 0.0
    for name, a in (("x", x), ("y", y), ("o", np.zeros((4, 8), np.float32)),
                    ("r", np.zeros((4, 1), np.float32)),
                    ("h", np.zeros((4, 8), np.uint16))):
        np.save(f"{out}/{name}.npy", a)
    for n in (0, 5, 8):
        o, r, h = run("dve", [f"{out}/x.npy", f"{out}/y.npy", str(n),
                              f"{out}/o.npy", f"{out}/r.npy", f"{out}/h.npy"],
                      f"n{n}")
        with np.errstate(invalid="ignore"):
            s = canonical(x + y)
            mx = s.max(axis=1, keepdims=True)  # NaN propagates, as on DVE
            d = canonical(canonical(s - mx) * np.float32(0.5))
        want = d.copy()
        want[:, n:] = -np.inf
        assert same(r, mx), (n, r, mx)
        assert same(o, want), (n, o, want)
        assert same(h, bf16_bits(d)), (n, h, bf16_bits(d))
        print(f"dve n={n}: sum, row max, scaled f32 and bf16, mask match")
elif mode == "loop":
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    np.save(f"{out}/lx.npy", x)
    np.save(f"{out}/lo.npy", np.zeros((4, 8), np.float32))
    for n in (0, 1, 4, -2):
        (o,) = run("rows", [f"{out}/lx.npy", str(n), f"{out}/lo.npy"], f"l{n}")
        want = x.copy()
        want[:max(0, min(n, 4))] += 1
        assert same(o, want), (n, o, want)
        print(f"loop n={n}: rows below n incremented")
elif mode == "pool":
    rng = np.random.default_rng(5)
    x = (rng.integers(-8, 8, (4, 8)) / 2).astype(np.float32)
    np.save(f"{out}/px.npy", x)
    for name, shape, dtype in (("z32", (4, 8), np.float32),
                               ("zi", (4, 8), np.int32),
                               ("z2", (4, 2), np.float32),
                               ("zh", (4, 8), np.float16)):
        np.save(f"{out}/{name}.npy", np.zeros(shape, dtype))
    p, j = np.meshgrid(np.arange(4), np.arange(8), indexing="ij")
    for n in (-1, 2, 7):
        a, i32, c, r, h = run("pool", [f"{out}/px.npy", str(n),
                                       f"{out}/z32.npy", f"{out}/zi.npy",
                                       f"{out}/z32.npy", f"{out}/z2.npy",
                                       f"{out}/zh.npy"], f"p{n}")
        iota = (10 * p + j).astype(np.float32)
        sel = np.where(2 * j - p >= 3, iota, np.float32(0.5)).astype(np.float32)
        flag = (np.float32(n) - x >= sel).astype(np.float32) + np.float32(1)
        quot = sel / flag
        total = np.zeros(4, np.float32)
        for col in range(8):
            total = total + quot[:, col]
        assert same(i32, (10 * p + j - 3).astype(np.int32))
        assert same(a, flag)
        assert same(c, quot)
        assert same(r, np.stack([total, quot.min(axis=1)], axis=1))
        assert same(h, quot.astype(np.float16))
        print(f"pool n={n}: iota, select, compare, divide, reductions, f16 match")
elif mode == "softmax":
    rng = np.random.default_rng(11)
    q = rng.standard_normal((8, 4)).astype(np.float32)
    k = rng.standard_normal((8, 16)).astype(np.float32)
    np.save(f"{out}/q.npy", q)
    np.save(f"{out}/k.npy", k)
    np.save(f"{out}/z.npy", np.zeros((4, 16), np.float32))
    got, scores = run("softmax", [f"{out}/q.npy", f"{out}/k.npy",
                                  f"{out}/z.npy", f"{out}/z.npy"], "sm")
    s = np.zeros((4, 16), np.float32)
    for i in range(8):
        s = s + q[i][:, None] * k[i][None, :]
    assert same(scores, s)
    print("softmax: scores match the f32 contraction bit for bit")
    e = np.exp((s + (-s.max(axis=1, keepdims=True))).astype(np.float64))
    e = e.astype(np.float32)
    total = np.zeros((4, 1), np.float32)
    for j in range(16):
        total[:, 0] = total[:, 0] + e[:, j]
    want = e * (np.float32(1) / total)
    assert same(got, want)
    print("softmax: probabilities match the stated numerics bit for bit")
    exact = q.T.astype(np.float64) @ k.astype(np.float64)
    exact = np.exp(exact - exact.max(axis=1, keepdims=True))
    exact /= exact.sum(axis=1, keepdims=True)
    assert np.max(np.abs(got - exact) / np.abs(exact)) < 1e-5
    print("softmax: within 1e-5 of float64")
print("ok")
