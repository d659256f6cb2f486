"""Runs examples/attention_gqa.mlir (32 query heads in 8 groups sharing 8
bf16 KV heads, a cache bounded at 4,096 rows) at runtime lengths 1, 127,
128, 129, 2,000 and 4,096, with this token written at position n - 1:

* the output must be within 1e-2 (relative to the largest output) of a
  float64 NumPy attention over the first n rows, and the returned caches
  must hold exactly the rows written;
* the simulated cycles must follow a + b * ceil(n / 128) within 5% (a
  least-squares fit over the six lengths), and cycles(128) must be at most
  0.1 x cycles(4,096).

usage: check_attention_gqa.py DYN_SIM SOURCE WORK [tiled|full [BOUND]]

With `full` the program is compiled with bounded-compute=full instead: the
engines then compute over the whole bound at every n, and the cycles must
stay within 5% of each other (only the DMA that copies the valid rows of a
masked cache follows n). BOUND (4,096 by default) is the
cache bound of SOURCE, the last length run. Prints one line per length and
a summary line."""
import json
import os
import subprocess
import sys

import numpy as np

dyn_sim, source, work = sys.argv[1:4]
mode = sys.argv[4] if len(sys.argv) > 4 else "tiled"
bound = int(sys.argv[5]) if len(sys.argv) > 5 else 4096
lengths = (1, 127, 128, 129, 2000, bound)
groups, heads, width, tile = 8, 4, 128, 128


def to_bf16_bits(a):
    """Rounds to bf16 (nearest even), as <u2 bits."""
    bits = a.astype(np.float32).view(np.uint32)
    bits = bits + 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16).astype(np.uint16)


def from_bits(a):
    return (a.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def attention(q, kc, vc, n):
    q, kc, vc = (from_bits(x) for x in (q, kc, vc))
    s = q @ np.swapaxes(kc[:, :n, :], -1, -2) / np.sqrt(width)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return p @ vc[:, :n, :]


rng = np.random.default_rng(5)
cycles, worst = {}, 0.0
for n in lengths:
    arrays = {
        "q": rng.standard_normal((groups, heads, width)),
        "kc": rng.standard_normal((groups, n, width)),
        "vc": rng.standard_normal((groups, n, width)),
        "k": rng.standard_normal((groups, 1, width)),
        "v": rng.standard_normal((groups, 1, width)),
    }
    bits = {name: to_bf16_bits(a) for name, a in arrays.items()}
    args = []
    for name, a in bits.items():
        path = os.path.join(work, "%s%d.npy" % (name, n))
        np.save(path, a)
        args.append(path)
    pos = n - 1
    out = os.path.join(work, "out%d" % n)
    profile = os.path.join(work, "profile%d.json" % n)
    cmd = [dyn_sim, source, "--entry", "attention_gqa", "--out", out,
           "--profile", profile, "--pipeline-options=bounded-compute=" + mode]
    for a in args + [str(pos)]:
        cmd += ["--arg", a]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    got = [np.load(os.path.join(out, "result%d.npy" % i)) for i in range(3)]
    kc, vc = bits["kc"].copy(), bits["vc"].copy()
    kc[:, pos, :], vc[:, pos, :] = bits["k"][:, 0, :], bits["v"][:, 0, :]
    if not (np.array_equal(got[1][:, :n], kc) and
            np.array_equal(got[2][:, :n], vc)):
        sys.exit("n=%d: the returned caches differ from the rows written" % n)
    want = attention(bits["q"], kc, vc, n)
    err = np.abs(got[0] - want).max() / np.abs(want).max()
    worst = max(worst, err)
    if err > 1e-2:
        sys.exit("n=%d: relative error %g against NumPy" % (n, err))
    with open(profile) as f:
        cycles[n] = json.load(f)["cycles"]
    print("n=%d: %d cycles, error %.1e" % (n, cycles[n], err))

if mode == "full":
    low, high = min(cycles.values()), max(cycles.values())
    if high > 1.05 * low:
        sys.exit("bounded-compute=full: the cycles vary by more than 5%")
    print("full: %d to %d cycles at every length (%.1f%% apart), within "
          "%.1e of NumPy" % (low, high, 100.0 * (high / low - 1), worst))
    sys.exit(0)
tiles = np.array([-(-n // tile) for n in lengths], dtype=np.float64)
measured = np.array([cycles[n] for n in lengths], dtype=np.float64)
b, a = np.polyfit(tiles, measured, 1)
fit = np.abs(a + b * tiles - measured) / measured
if fit.max() > 0.05:
    sys.exit("the cycles do not follow a + b * tiles within 5%% (worst %.3f)"
             % fit.max())
ratio = cycles[128] / cycles[bound]
if ratio > 0.1:
    sys.exit("cycles(128) / cycles(%d) = %.3f, above 0.1" % (bound, ratio))
print("tiled: cycles = %.0f + %.0f * ceil(n / 128) within %.1f%%, "
      "cycles(128) / cycles(%d) = %.3f, within %.1e of NumPy"
      % (a, b, 100 * fit.max(), bound, ratio, worst))
