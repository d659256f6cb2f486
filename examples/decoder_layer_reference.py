"""Float64 NumPy reference for examples/decoder_layer.mlir (@decoder_layer),
checked against dyn-sim.

For each position it writes the layer's inputs as .npy files (or loads them
from --inputs DIR: x.npy, attn_norm.npy, wq.npy, wk.npy, wv.npy, cos.npy,
sin.npy, kcache.npy, vcache.npy, wo.npy, mlp_norm.npy, wg.npy, wu.npy, wd.npy
and pos.npy, a 0-d int32), runs the simulated binary (and, with --reference,
the reference interpreter), and compares the results with a float64
computation of the same layer:

  - the output, within --tol of float64 relative to its largest element;
  - the caches: row clamp(pos, 0, 31) of each KV head within --tol of
    float64, every other row exactly the input's;
  - with --reference, the binary bit for bit against the reference.

The caches hold NaN in the rows past the valid length n = pos + 1 (the
"dirty" variant, --clean for random values there): those rows must not
reach the output.

usage: python3 examples/decoder_layer_reference.py [--dyn-sim PATH]
           [--source FILE] [--work DIR] [--inputs DIR] [--pos P ...]
           [--reference] [--clean] [--seed S] [--tol T]
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

D, HEADS, KV_HEADS, HD, HIDDEN, BOUND, EPS = 64, 4, 2, 16, 128, 32, 1e-5
NAMES = ("x", "attn_norm", "wq", "wk", "wv", "cos", "sin", "kcache",
         "vcache", "wo", "mlp_norm", "wg", "wu", "wd")
HERE = os.path.dirname(os.path.abspath(__file__))


def make_inputs(rng, pos, clean):
    """Random weights scaled by 1/sqrt(fan_in), real RoPE tables, caches
    with random rows below pos and NaN (or random values) from n on."""
    def w(rows, cols):
        return rng.standard_normal((rows, cols)) / np.sqrt(rows)

    inv = 10000.0 ** (-np.arange(HD // 2) * 2.0 / HD)
    angles = np.arange(BOUND)[:, None] * inv[None, :]
    caches = []
    for _ in range(2):
        c = rng.standard_normal((KV_HEADS, BOUND, HD))
        if not clean:
            c[:, max(pos + 1, 0):, :] = np.nan
        caches.append(c)
    a = {
        "x": rng.standard_normal((1, D)),
        "attn_norm": 1.0 + 0.1 * rng.standard_normal((1, D)),
        "wq": w(D, HEADS * HD), "wk": w(D, KV_HEADS * HD),
        "wv": w(D, KV_HEADS * HD),
        "cos": np.cos(angles), "sin": np.sin(angles),
        "kcache": caches[0], "vcache": caches[1],
        "wo": w(HEADS * HD, D),
        "mlp_norm": 1.0 + 0.1 * rng.standard_normal((1, D)),
        "wg": w(D, HIDDEN), "wu": w(D, HIDDEN), "wd": w(HIDDEN, D),
    }
    return {k: v.astype(np.float32) for k, v in a.items()}


def rmsnorm(x, weight):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + EPS) * weight


def rope(t, cos, sin):
    """t: [heads, HD]; rotate-half with the position's cos/sin rows."""
    t1, t2 = t[:, :HD // 2], t[:, HD // 2:]
    return np.concatenate([t1 * cos - t2 * sin, t2 * cos + t1 * sin], axis=1)


def layer(a, pos):
    """The layer in float64, with dynshape's clamps: the KV row and the
    cos/sin row are clamp(pos, 0, 31), the valid length clamp(pos+1, 0, 32)."""
    a = {k: v.astype(np.float64) for k, v in a.items()}
    row = min(max(pos, 0), BOUND - 1)
    n = min(max(pos + 1, 0), BOUND)
    x = a["x"]
    xn = rmsnorm(x, a["attn_norm"])
    q = (xn @ a["wq"]).reshape(HEADS, HD)
    k = (xn @ a["wk"]).reshape(KV_HEADS, HD)
    v = (xn @ a["wv"]).reshape(KV_HEADS, HD)
    cos, sin = a["cos"][row], a["sin"][row]
    q, k = rope(q, cos, sin), rope(k, cos, sin)
    kc, vc = a["kcache"].copy(), a["vcache"].copy()
    kc[:, row, :], vc[:, row, :] = k, v
    o = np.zeros((HEADS, HD))
    if n > 0:
        for h in range(HEADS):
            g = h // (HEADS // KV_HEADS)
            s = (kc[g, :n] @ q[h]) / np.sqrt(HD)
            p = np.exp(s - s.max())
            p /= p.sum()
            o[h] = p @ vc[g, :n]
    h1 = x + o.reshape(1, HEADS * HD) @ a["wo"]
    hn = rmsnorm(h1, a["mlp_norm"])
    gate, up = hn @ a["wg"], hn @ a["wu"]
    silu = gate / (1.0 + np.exp(-gate))
    out = h1 + (silu * up) @ a["wd"]
    return out, kc, vc, row


def run(dyn_sim, source, paths, pos, out, *extra):
    cmd = [dyn_sim, source, "--entry", "decoder_layer", "--out", out]
    cmd += list(extra)
    for p in paths:
        cmd += ["--arg", p]
    cmd += ["--arg", str(pos)]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    if proc.returncode:
        return None, proc.stderr.strip()
    return [np.load(os.path.join(out, "result%d.npy" % i))
            for i in range(3)], None


def rel(got, want):
    scale = np.max(np.abs(want))
    return float(np.max(np.abs(got.astype(np.float64) - want)) /
                 (scale if scale else 1.0))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dyn-sim", default=os.path.join(HERE, "..", "build",
                                                      "bin", "dyn-sim"))
    ap.add_argument("--source", default=os.path.join(HERE,
                                                     "decoder_layer.mlir"))
    ap.add_argument("--work")
    ap.add_argument("--inputs", help="load the inputs from this directory")
    ap.add_argument("--pos", type=int, nargs="*",
                    default=[0, 1, 7, 30, 31, 40, -3])
    ap.add_argument("--reference", action="store_true",
                    help="also run dyn-sim --reference, compare bit for bit")
    ap.add_argument("--clean", action="store_true",
                    help="random values, not NaN, past the valid length")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--tol", type=float, default=1e-5)
    args = ap.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="decoder_layer.")
    rng = np.random.default_rng(args.seed)

    cases = []
    if args.inputs:
        arrays = {k: np.load(os.path.join(args.inputs, k + ".npy"))
                  for k in NAMES}
        cases.append((int(np.load(os.path.join(args.inputs, "pos.npy"))),
                      arrays, args.inputs))
    else:
        for pos in args.pos:
            d = os.path.join(work, "pos%d" % pos)
            os.makedirs(d, exist_ok=True)
            arrays = make_inputs(rng, pos, args.clean)
            for k, v in arrays.items():
                np.save(os.path.join(d, k + ".npy"), v)
            np.save(os.path.join(d, "pos.npy"), np.int32(pos))
            cases.append((pos, arrays, d))

    failed = False
    for pos, arrays, d in cases:
        paths = [os.path.join(d, k + ".npy") for k in NAMES]
        want, kc, vc, row = layer(arrays, pos)
        runs = [("binary", [])]
        if args.reference:
            runs.append(("reference", ["--reference"]))
        results = {}
        for label, extra in runs:
            got, err = run(args.dyn_sim, args.source, paths, pos,
                           os.path.join(d, label), *extra)
            if got is None:
                print("pos=%d %s: dyn-sim failed: %s" % (pos, label,
                                                        err.splitlines()[0]))
                failed = True
                continue
            results[label] = got
            e_out = rel(got[0], want)
            e_row = max(rel(got[1][:, row], kc[:, row]),
                        rel(got[2][:, row], vc[:, row]))
            others = [r for r in range(BOUND) if r != row]
            same = all(np.array_equal(got[1 + i][:, others],
                                      arrays[c][:, others], equal_nan=True)
                       for i, c in enumerate(("kcache", "vcache")))
            ok = e_out < args.tol and e_row < args.tol and same
            failed |= not ok
            print("pos=%d %s: output rel err %.3g, written rows rel err "
                  "%.3g, other cache rows %s: %s"
                  % (pos, label, e_out, e_row,
                     "exact" if same else "CHANGED", "ok" if ok else "FAIL"))
        if len(results) == 2:
            b, r = results["binary"], results["reference"]
            bits = all(x.tobytes() == y.tobytes() for x, y in zip(b, r))
            failed |= not bits
            print("pos=%d binary vs reference: %s"
                  % (pos, "bit-exact" if bits else "DIFFER"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
