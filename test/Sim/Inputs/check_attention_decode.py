"""Runs the attention decode examples for valid lengths 1, 2, 37, 127 and
128 (and 300 and the bound when an optional last argument gives a bound
above 128) and positions inside, at the edge of and beyond the cache: the simulated
binary must equal the reference bit for bit, its output must be within 1e-5
(relative to the largest output) of a float64 NumPy attention, and the
returned caches must hold exactly the written rows. The caches given again
with NaN and inf in their padding rows must give the same output."""
import os
import subprocess
import sys

import numpy as np

dyn_sim, source, entry, dtype, arch, work = sys.argv[1:7]
heads = entry == "attention_heads"
bound, width = (int(sys.argv[7]) if len(sys.argv) > 7 else 128), 64
lengths = (1, 2, 37, 127, 128) + ((300, bound) if bound > 128 else ())


def to_bf16_bits(a):
    """Rounds f32 to bf16 (nearest even), as <u2 bits."""
    bits = a.astype(np.float32).view(np.uint32)
    bits = bits + 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16).astype(np.uint16)


def from_bits(a):
    if a.dtype == np.uint16:
        return (a.astype(np.uint32) << 16).view(np.float32)
    return a


def attention(q, kc, vc, n):
    q, kc, vc = (from_bits(x).astype(np.float64) for x in (q, kc, vc))
    s = q @ np.swapaxes(kc[..., :n, :], -1, -2)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return p @ vc[..., :n, :]


def run(args, out, *extra):
    cmd = [dyn_sim, source, "--entry", entry, "--out", out] + list(extra)
    if "--reference" not in extra:  # the reference compiles nothing
        cmd.append("--pipeline-options=arch=" + arch)
    for a in args:
        cmd += ["--arg", a]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return [np.load(os.path.join(out, "result%d.npy" % i)) for i in range(5)]


rng = np.random.default_rng(7)
lead = (8,) if heads else ()
worst, cases = 0.0, 0
for n in lengths:
    for pos in (n // 2, n - 1, bound - 1, bound + 40, -3):
        arrays = {
            "q": rng.standard_normal(lead + (1, width)),
            "kc": rng.standard_normal(lead + (n, width)),
            "vc": rng.standard_normal(lead + (n, width)),
            "k": rng.standard_normal(lead + (1, width)),
            "v": rng.standard_normal(lead + (1, width)),
        }
        for name in arrays:
            a = arrays[name].astype(np.float32)
            arrays[name] = to_bf16_bits(a) if dtype == "bf16" else a
        paths = []
        for name, a in arrays.items():
            path = os.path.join(work, "%s.npy" % name)
            np.save(path, a)
            paths.append(path)
        paths.append(str(pos))
        got = run(paths, os.path.join(work, "bin"))
        ref = run(paths, os.path.join(work, "ref"), "--reference")
        for g, r in zip(got, ref):
            if g.tobytes() != r.tobytes():
                sys.exit("n=%d pos=%d: binary differs from the reference"
                         % (n, pos))
        # The caches: padded to the bound, row clamp(pos) replaced.
        row = min(max(pos, 0), bound - 1)
        want_caches = []
        for cache, new in (("kc", "k"), ("vc", "v")):
            c = np.zeros(lead + (bound, width), arrays[cache].dtype)
            c[..., :n, :] = arrays[cache]
            c[..., row:row + 1, :] = arrays[new]
            want_caches.append(c)
        for i, c in enumerate(want_caches):
            if got[1 + i][..., :n, :].tobytes() != c[..., :n, :].tobytes():
                sys.exit("n=%d pos=%d: cache %d differs" % (n, pos, i))
            if int(got[3 + i]) != n:
                sys.exit("n=%d pos=%d: cache %d size %d" % (n, pos, i,
                                                             int(got[3 + i])))
        want = attention(arrays["q"], want_caches[0], want_caches[1], n)
        err = float(np.max(np.abs(got[0] - want)) / np.max(np.abs(want)))
        worst = max(worst, err)
        # The same caches given padded (the binary's convention: padded
        # tensors, then their sizes) with NaN and inf in the padding rows:
        # the output must not change.
        padded = []
        for cache, fill in (("kc", np.nan), ("vc", np.inf)):
            c = np.full(lead + (bound, width), fill, np.float32)
            c[..., :n, :] = from_bits(arrays[cache])
            if dtype == "bf16":
                c = to_bf16_bits(c)
            path = os.path.join(work, "%s_padded.npy" % cache)
            np.save(path, c)
            padded.append(path)
        dirty = run([paths[0], padded[0], padded[1]] + paths[3:] +
                    [str(n), str(n)], os.path.join(work, "nan"))
        if dirty[0].tobytes() != got[0].tobytes():
            sys.exit("n=%d pos=%d: NaN or inf padding reaches the output"
                     % (n, pos))
        cases += 1
print("%s %s: %d cases bit-exact with the reference, caches exact, "
      "NaN/inf padding ignored, within 1e-5 of float64: %s" % (entry, arch, cases, worst < 1e-5))
