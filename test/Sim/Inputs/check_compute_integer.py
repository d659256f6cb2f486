"""Runs the entries of compute-integer.mlir (compiled, and in the reference
interpreter) on i32 inputs that f32 cannot hold exactly and that overflow
(the extremes, values past 2^24), and compares with NumPy's int32
arithmetic bit for bit."""
import sys

import numpy as np
from sim_runs import Runs

dyn_sim, source, work = sys.argv[1:4]
rng = np.random.default_rng(11)
edges = np.array([0, 1, -1, 7, -3, -2, 2**31 - 1, -2**31, 2**31 - 2,
                  -2**31 + 1, 16777217, -16777217, 16777219, 123456789,
                  -987654321, 65536], dtype=np.int64).astype(np.int32)


run = Runs(dyn_sim, source, work).run


def ints(shape):
    """Every pair of edge values first, then random i32 of every size."""
    n = int(np.prod(shape))
    pairs = np.concatenate([edges, rng.integers(-2**31, 2**31, n,
                                                dtype=np.int64)
                            .astype(np.int32)])[:n]
    return pairs.reshape(shape)


def same(got, want):
    return got.dtype == want.dtype and got.tobytes() == want.tobytes()


i32 = np.int32
a = np.repeat(edges, 16).reshape(8, 32)
b = np.tile(edges, 16).reshape(8, 32)
with np.errstate(over="ignore"):
    d = a * b - a
    s = a + i32(7)
    m = np.maximum(d, s)
    want = m - np.minimum(m, b)
print("arith:", same(run("arith", a, b), want))

a = np.repeat(edges, 4).reshape(4, 16)
b = np.tile(edges, 4).reshape(4, 16)
ua, ub = a.view(np.uint32), b.view(np.uint32)
bits = [a == b, a != b, a < b, a <= b, a > b, a >= b, ua < ub, ua <= ub,
        ua > ub, ua >= ub, ua < np.uint32(2**32 - 3)]
want = sum(np.float32(2.0 ** i) * m.astype(np.float32)
           for i, m in enumerate(bits)).astype(np.float32)
print("compares:", same(run("compares", a, b), want))

with np.errstate(over="ignore"):
    diff = a - b
# NumPy's int32 -> float32 conversion rounds to nearest even, once.
print("convert:", same(run("convert", a, b), diff.astype(np.float32)))

for trial in range(2):
    scores = rng.standard_normal((16, 64)).astype(np.float32)
    qpos = rng.integers(-5, 70, 16).astype(np.int32)
    kpos = (np.arange(64) if trial == 0 else
            rng.integers(-2**31, 2**31, 64, dtype=np.int64)).astype(np.int32)
    want = np.where(kpos[None, :] <= qpos[:, None], scores,
                    np.float32(-np.inf)).astype(np.float32)
    print("causal %d:" % trial, same(run("causal", scores, qpos, kpos), want))

a, b = ints((8, 32)), ints((8, 32))[::-1].copy()
x = rng.standard_normal((8, 32)).astype(np.float32)
x[0, :4] = [np.nan, -0.0, 0.0, np.inf]
m = np.where(a < b, a, i32(2**31 - 1))
want = np.where(x > 0, m, i32(-16777217)).astype(np.int32)
print("select:", same(run("select", a, b, x), want))

# uitofp: the edges, values whose f32 rounding is a tie (ties to even) and
# just past one, and random bits; NumPy's uint32 -> float32 rounds once.
ties = [2**31 + 128, 2**31 + 384, 2**31 + 129, 2**32 - 128, 2**32 - 1,
        2**24 + 1, 2**24 + 3, 2**30 + 129, 3 * 2**30 + 128 + 2**8]
u = np.concatenate([edges.view(np.uint32), np.array(ties, dtype=np.uint32),
                    rng.integers(0, 2**32, 256 - len(edges) - len(ties),
                                 dtype=np.uint64).astype(np.uint32)])
print("unsigned:", same(run("unsigned", u.view(np.int32).reshape(4, 64)),
                        u.astype(np.float32).reshape(4, 64)))

# fptosi of bf16 values (in range, fractions and negatives), plus an i32.
def bf16(v):
    bits = np.asarray(v, dtype=np.float32).view(np.uint32)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


x = bf16(np.concatenate([[0.5, -0.5, 1.99, -1.99, -0.0, 3e9 / 2, -2**31,
                          123.75, -7.25], rng.standard_normal(55) * 1e4]))
xf = (x.astype(np.uint32) << 16).view(np.float32)
i = ints((4, 16))
with np.errstate(over="ignore"):
    want = np.trunc(xf).astype(np.int64).astype(np.int32).reshape(4, 16) + i
print("truncate:", same(run("truncate", x.reshape(4, 16), i), want))
