"""Measures the engines' math functions against float64.

usage: check_activation_functions.py DYN_SIM MLIR DIR [--bound-scale S]

Each function of activation-functions.mlir runs through dyn-sim (the
binary) on 8,192 inputs: a sweep of its domain, random values and the
special values. Each result is compared with the float64 value of the
function, in units in the last place of the f32 result (the distance to
the float64 value, over the spacing of f32 values there). Prints each
function's largest error, and fails when one is over the bound that
docs/Numerics.md states, when a special value is not what IEEE-754 and
docs/Numerics.md give, or when negf is not an exact sign flip (exit
status 1). `--bound-scale` multiplies every bound: the test shows with it
that the check fails when a measured error is over its bound.
"""
import argparse
import math
import subprocess
import sys

import numpy as np

parser = argparse.ArgumentParser()
parser.add_argument("dyn_sim")
parser.add_argument("mlir")
parser.add_argument("out")
parser.add_argument("--bound-scale", type=float, default=1.0)
args = parser.parse_args()
dyn_sim, mlir, out = args.dyn_sim, args.mlir, args.out
rng = np.random.default_rng(11)
SHAPE = (128, 64)
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0,
                    1e-45, -1e-45, 1e-38, 3.4e38, -3.4e38], np.float32)

erf = np.vectorize(math.erf)
FUNCTIONS = {
    # name: (float64 function, positive domain only, bound in ulps)
    "exp": (np.exp, False, 0.5),
    "rsqrt": (lambda x: 1.0 / np.sqrt(x), True, 0.5),
    "sqrt": (np.sqrt, True, 0.5),
    "tanh": (np.tanh, False, 0.5),
    "log": (np.log, True, 0.5),
    "erf": (erf, False, 0.5),
    "pow_m1": (lambda x: 1.0 / x, False, 0.5),
    "pow_m05": (lambda x: 1.0 / np.sqrt(x), True, 0.5),
    "pow_05": (np.sqrt, True, 0.5),
    "pow_2": (lambda x: x * x, False, 0.5),
    "pow_3": (lambda x: x * x * x, False, 1.5),
    "pow_4": (lambda x: (x * x) * (x * x), False, 2.5),
    "sigmoid": (lambda x: 1.0 / (1.0 + np.exp(-x)), False, 0.5),
    "silu": (lambda x: x / (1.0 + np.exp(-x)), False, 0.5),
    "silu_product": (lambda x: x / (1.0 + np.exp(-x)), False, 0.5),
}


def inputs(positive):
    n = SHAPE[0] * SHAPE[1] - len(SPECIAL)
    if positive:
        sweep = np.logspace(-37, 37, n // 2)
        rand = np.exp(rng.uniform(-80, 80, n - n // 2))
    else:
        sweep = np.linspace(-12, 12, n // 2)
        rand = rng.standard_normal(n - n // 2) * 4
    x = np.concatenate([sweep, rand]).astype(np.float32)
    return np.concatenate([x, SPECIAL]).reshape(SHAPE)


def run(entry, x):
    path = f"{out}/{entry}.npy"
    np.save(path, x)
    subprocess.run([dyn_sim, mlir, "--entry", entry, "--arg", path,
                    "--out", f"{out}/{entry}"], check=True,
                   capture_output=True)
    return np.load(f"{out}/{entry}/result0.npy")


def ulps(got, want):
    """|got - want| in f32 ulps at want, where both are finite."""
    w32 = want.astype(np.float32)
    spacing = np.abs(np.spacing(w32)).astype(np.float64)
    spacing[spacing == 0] = np.float64(np.spacing(np.float32(0)))
    return np.abs(got.astype(np.float64) - want) / spacing


failed = False
for name, (f, positive, bound) in FUNCTIONS.items():
    x = inputs(positive)
    got = run(name, x)
    with np.errstate(all="ignore"):
        want = f(x.astype(np.float64))
        w32 = want.astype(np.float32)
    # Finite float64 values that are finite in f32: measured in ulps.
    finite = np.isfinite(want) & np.isfinite(w32) & ~np.isnan(x)
    err = ulps(got[finite], want[finite])
    worst = float(err.max())
    # Everything else (overflow, infinities, NaN) exactly as f32 rounds it;
    # every NaN is the canonical 0x7FC00000.
    rest = ~finite
    same = np.where(np.isnan(w32[rest]),
                    got[rest].view(np.uint32) == 0x7FC00000,
                    got[rest].view(np.uint32) == w32[rest].view(np.uint32))
    # Computed in double and rounded once, a function is within 0.5 ulp
    # but for the double's own error (under 2^-28 ulp).
    bound *= args.bound_scale
    ok = worst <= bound + 1e-6 and bool(same.all())
    failed |= not ok
    print(f"{name}: {finite.sum()} finite results within {worst:.3f} ulp "
          f"(bound {bound}), {rest.sum()} special values "
          f"{'exact' if same.all() else 'WRONG'}")

x = inputs(False)
got = run("negf", x)
flipped = x.view(np.uint32) ^ np.uint32(0x80000000)
num = ~np.isnan(x)
exact = bool((got.view(np.uint32)[num] == flipped[num]).all())
failed |= not exact
print(f"negf: a sign flip {'exactly' if exact else 'NOT exactly'} "
      f"(-0.0 for 0.0)")
print("FAILED" if failed else "ok")
sys.exit(1 if failed else 0)
