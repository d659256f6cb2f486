"""Runs the entries of compute-select.mlir (compiled, and in the reference
interpreter) on inputs full of the cases
compares and selects get wrong (NaN, inf, -0.0, equal values) and compares
with NumPy bit for bit: each cmpf predicate against IEEE's, and selects
whose unselected side is inf or NaN."""
import sys

import numpy as np
from sim_runs import Runs

dyn_sim, source, work = sys.argv[1:4]
rng = np.random.default_rng(5)
special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.5],
                   dtype=np.float32)


run = Runs(dyn_sim, source, work).run


def same(got, want):
    """Equal bits, any NaN equal to any NaN."""
    both_nan = np.isnan(got) & np.isnan(want)
    return bool(np.all(both_nan | (got.view(np.uint32) == want.view(np.uint32))))


# Every pair of special values, and random ones.
x = np.repeat(special, 8)
y = np.tile(special, 8)
a = x.reshape(4, 16)
b = y.reshape(4, 16)
with np.errstate(invalid="ignore"):
    ordered = ~np.isnan(a) & ~np.isnan(b)
    one = (a < b) | (a > b)
    bits = [a == b, a > b, a >= b, a < b, a <= b, one, ordered, ~one,
            ~(a <= b), ~(a < b), ~(a >= b), ~(a > b), a != b, ~ordered,
            (a > b) & ordered, (a < b) | ~ordered, (a >= b) ^ ~(a < b),
            a == b]
want = sum(np.float32(2.0 ** i) * m.astype(np.float32)
           for i, m in enumerate(bits))
print("predicates:", same(run("predicates", a, b), want.astype(np.float32)))

for trial in range(3):
    a = rng.choice(special, (8, 32)) if trial else rng.standard_normal((8, 32))
    a = a.astype(np.float32)
    b = rng.choice(special, (8, 32)).astype(np.float32)
    with np.errstate(invalid="ignore"):
        want = np.where(a > 0, a, b * np.float32(0.5)).astype(np.float32)
    print("where %d:" % trial, same(run("where", a, b), want))


def to_bf16_bits(v):
    bits = v.astype(np.float32).view(np.uint32)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16_bits(v):
    return (v.astype(np.uint32) << 16).view(np.float32)


v = to_bf16_bits(np.concatenate([special, rng.standard_normal(24) * 2]))
init = to_bf16_bits(rng.standard_normal(32)).reshape(4, 8)
v = v.reshape(4, 8)
fv = from_bf16_bits(v)
want = np.where(np.isnan(fv), init, to_bf16_bits(np.clip(fv, -1, 1)))
got = run("clamp_bf16", v, init)
print("clamp_bf16:", bool(np.array_equal(got.view(np.uint16), want)))

# i32 values that f32 rounds (ties to even), the extremes, and small ones.
x = np.array(([16777217, 16777219, 33554435, -16777217, 2**31 - 1, -2**31,
               2**31 - 65, 123456789, 0, -1, 1, 7] * 3)[:32],
             dtype=np.int64).astype(np.int32).reshape(4, 8)
y = rng.standard_normal((4, 8)).astype(np.float32) * np.float32(1e8)
fx = x.astype(np.float32)
with np.errstate(invalid="ignore", over="ignore"):
    want = np.where(fx > y, fx, y - fx).astype(np.float32)
print("int_to_float:", same(run("int_to_float", x, y), want))
