"""Runs examples/attention_tiles.mlir for runtime lengths 128, 200, 640,
1000 and 1024 (1, 1, 5, 7 and 8 whole tiles): the simulated binary must
equal the reference bit for bit and be within 1e-5 (relative to the largest
output) of a float64 NumPy attention over the whole tiles. For the longest
run, the Chrome trace must show the engines' loops overlapping: the time
during which two engines (or an engine and a DMA queue) are busy at once,
summed over the pairs, is printed and must be positive."""
import json
import os
import subprocess
import sys

import numpy as np

dyn_sim, source, work = sys.argv[1:4]
rng = np.random.default_rng(11)


def run(args, out, *extra):
    cmd = [dyn_sim, source, "--entry", "attention_tiles", "--out", out]
    for a in args:
        cmd += ["--arg", a]
    subprocess.run(cmd + list(extra), check=True, stdout=subprocess.DEVNULL)
    return np.load(os.path.join(out, "result0.npy"))


def busy_overlap(trace_path):
    """Cycles during which two tracks are busy at once, summed over pairs."""
    with open(trace_path) as f:
        events = json.load(f)
    events = events["traceEvents"] if isinstance(events, dict) else events
    tracks = {}
    for e in events:
        if e.get("ph") == "X" and e.get("cat") != "wait":
            tracks.setdefault(e["tid"], []).append((e["ts"], e["ts"] + e["dur"]))
    total, ids = 0, sorted(tracks)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            for s1, e1 in tracks[a]:
                for s2, e2 in tracks[b]:
                    total += max(0, min(e1, e2) - max(s1, s2))
    return total


worst = 0.0
for n in (128, 200, 640, 1000, 1024):
    q = rng.standard_normal((1, 64)).astype(np.float32)
    kt = rng.standard_normal((64, n)).astype(np.float32)
    vc = rng.standard_normal((n, 64)).astype(np.float32)
    args = []
    for name, a in (("q", q), ("kt", kt), ("vc", vc)):
        path = os.path.join(work, "%s%d.npy" % (name, n))
        np.save(path, a)
        args.append(path)
    extra = ("--trace", os.path.join(work, "trace.json")) if n == 1024 else ()
    got = run(args, os.path.join(work, "sim%d" % n), *extra)
    ref = run(args, os.path.join(work, "ref%d" % n), "--reference")
    if got.tobytes() != ref.tobytes():
        sys.exit("n=%d: the binary differs from the reference" % n)
    t = n // 128 * 128
    s = q.astype(np.float64) @ kt[:, :t].astype(np.float64)
    p = np.exp(s - s.max())
    want = (p @ vc[:t].astype(np.float64)) / p.sum()
    err = np.abs(got - want).max() / np.abs(want).max()
    worst = max(worst, err)
    if err > 1e-5:
        sys.exit("n=%d: relative error %g against NumPy" % (n, err))
print("5 lengths: bit-exact against the reference, within %.1e of NumPy" % worst)
overlap = busy_overlap(os.path.join(work, "trace.json"))
if overlap <= 0:
    sys.exit("no two engines or queues are busy at once")
print("engines overlap: %d busy cycles shared" % overlap)
