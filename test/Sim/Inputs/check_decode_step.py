"""Checks results of the decode step against plain NumPy.

usage: python3 check_decode_step.py INPUTS --pos P --hist FILE [--len L]
                                    RESULTS [RESULTS...]

INPUTS holds the .npy files of make_decode_step_inputs.py. --hist names the
history file that was passed; --len the size argument that was passed after
it (the binary's calling convention: the history is then its 64-row padded
array). Without --len the history was passed at its runtime extent (the
original arity) and its size is its row count. Each RESULTS directory must
hold exactly result0.npy (the cache) and result1.npy (the output), equal bit
for bit to what this script computes independently of dyn-sim:

  cache[clamp(pos, 0, 64 - 1)] = k[0]          (dynamic_update_slice)
  for j in range(clamp(len, 0, 64)): out[j] = hist[j]

Prints one line per RESULTS directory; exits 1 on the first difference.
"""

import argparse
import os
import sys

import numpy as np

ROWS, COLS = 64, 32


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def load_exact(path, shape):
    array = np.load(path)
    if array.dtype != np.dtype("<f4") or array.shape != shape:
        fail(f"{path}: dtype {array.dtype}, shape {array.shape}; expected "
             f"float32 {shape}")
    return array


def same_bits(a, b):
    return a.shape == b.shape and np.array_equal(a.view(np.uint32),
                                                 b.view(np.uint32))


def first_difference(a, b):
    bad = np.argwhere(a.view(np.uint32) != b.view(np.uint32))
    return tuple(int(i) for i in bad[0])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("inputs")
    parser.add_argument("--pos", type=int, required=True)
    parser.add_argument("--hist", required=True)
    parser.add_argument("--len", type=int, default=None)
    parser.add_argument("results", nargs="+")
    args = parser.parse_args()

    cache = np.load(os.path.join(args.inputs, "cache.npy"))
    k = np.load(os.path.join(args.inputs, "k.npy"))
    out = np.load(os.path.join(args.inputs, "out.npy"))
    hist = np.load(os.path.join(args.inputs, args.hist))

    if args.len is None:
        # Original arity: the array's extent is the size; pad to the bound.
        size = hist.shape[0]
        padded = np.zeros((ROWS, COLS), dtype=np.float32)
        padded[:size] = hist
        hist = padded
    else:
        size = args.len
        if hist.shape != (ROWS, COLS):
            fail("with --len the history must be the padded 64x32 array")

    row = min(max(args.pos, 0), ROWS - 1)
    trips = min(max(size, 0), ROWS)
    want_cache = cache.copy()
    want_cache[row] = k[0]
    want_out = out.copy()
    for j in range(trips):
        want_out[j] = hist[j]

    for results in args.results:
        names = sorted(os.listdir(results))
        if names != ["result0.npy", "result1.npy"]:
            fail(f"{results} holds {names}, expected result0.npy and "
                 f"result1.npy")
        got_cache = load_exact(os.path.join(results, "result0.npy"), (ROWS, COLS))
        got_out = load_exact(os.path.join(results, "result1.npy"), (ROWS, COLS))
        if not same_bits(got_cache, want_cache):
            at = first_difference(got_cache, want_cache)
            fail(f"{results}: cache differs first at {at}: got "
                 f"{float(got_cache[at])}, expected {float(want_cache[at])}")
        if not same_bits(got_out, want_out):
            at = first_difference(got_out, want_out)
            fail(f"{results}: out differs first at {at}: got "
                 f"{float(got_out[at])}, expected {float(want_out[at])}")
        print(f"OK {os.path.basename(results.rstrip('/'))}: k written at row "
              f"{row}, {trips} history rows copied")


if __name__ == "__main__":
    main()
