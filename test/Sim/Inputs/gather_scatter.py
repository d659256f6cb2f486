"""Inputs for Inputs/gather_scatter.mlir, and the NumPy check of its results.

usage: python3 gather_scatter.py make DIR [--random SEED]
                                          [--sizes ROWS,COLS,IDS,SROWS]
       python3 gather_scatter.py check DIR RESULTS [RESULTS...]

make writes table.npy (ROWSxCOLS f32, every element distinct; 512x64 by
default), ids.npy (IDS i32; 16), rows.npy (SROWSxCOLS f32, distinct from the
table; 12) and sids.npy (SROWS i32). By default the ids are fixed by hand:
in range, repeated, negative, past the end, and the i32 extremes; longer
id lists repeat the hand-picked ones. With --random SEED they are drawn
from [-40, ROWS + 40) and the scatter's ids bunched so that repeats are
certain.

check computes, with plain NumPy and independently of dyn-sim (the sizes
are read from the inputs):
  s    = table; for i in order: if 0 <= sids[i] < ROWS: s[sids[i]] = rows[i]
  old  = table[clip(ids, 0, ROWS - 1)]
  new  = s[clip(ids, 0, ROWS - 1)]
and requires each RESULTS directory to hold exactly result0.npy (old),
result1.npy (s) and result2.npy (new), bit-identical. It prints what the
inputs exercised, so the test can pin it, and exits 1 on a difference.
"""

import os
import sys

import numpy as np

I32_MIN, I32_MAX = -(2**31), 2**31 - 1


def make(out_dir, seed=None, sizes=(512, 64, 16, 12)):
    rows_, cols, n_ids, n_rows = sizes
    os.makedirs(out_dir, exist_ok=True)
    table = np.arange(rows_ * cols, dtype=np.float32).reshape(rows_, cols)
    rows = -(np.arange(n_rows * cols, dtype=np.float32).reshape(n_rows, cols)
             + np.float32(0.5))
    last = rows_ - 1
    if seed is None:
        ids = [0, 5, last, -1, rows_, 100000, I32_MIN, I32_MAX,
               7, 7, 300, 42, last, 1, 256, 9]
        sids = [7, 42, -1, 7, rows_, 300, 7, 0, I32_MIN, I32_MAX, last, 42]
        ids = np.resize(ids, n_ids)
        sids = np.resize(sids, n_rows)
    else:
        rng = np.random.RandomState(seed)
        ids = rng.randint(-40, rows_ + 40, size=n_ids)
        # A few hot rows (some out of range) so that ids repeat.
        hot = np.array([3, 3, 200, last, -5, rows_ + 88])
        sids = hot[rng.randint(0, len(hot), size=n_rows)]
    np.save(os.path.join(out_dir, "table.npy"), table)
    np.save(os.path.join(out_dir, "ids.npy"), np.array(ids, dtype=np.int32))
    np.save(os.path.join(out_dir, "rows.npy"), rows)
    np.save(os.path.join(out_dir, "sids.npy"), np.array(sids, dtype=np.int32))


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def load(path, dtype, shape):
    array = np.load(path)
    if array.dtype != np.dtype(dtype) or array.shape != shape:
        fail(f"{path}: dtype {array.dtype}, shape {array.shape}; expected "
             f"{np.dtype(dtype)} {shape}")
    return array


def check(in_dir, result_dirs):
    table = np.load(os.path.join(in_dir, "table.npy"))
    ids = np.load(os.path.join(in_dir, "ids.npy")).astype(np.int64)
    rows = np.load(os.path.join(in_dir, "rows.npy"))
    sids = np.load(os.path.join(in_dir, "sids.npy")).astype(np.int64)
    ROWS = table.shape[0]

    scattered = table.copy()
    winner, skipped = {}, 0
    for i, sid in enumerate(sids):
        if 0 <= sid < ROWS:
            scattered[sid] = rows[i]
            winner.setdefault(int(sid), []).append(i)
        else:
            skipped += 1
    clamped = np.clip(ids, 0, ROWS - 1)
    want = [table[clamped], scattered, scattered[clamped]]

    repeated = {sid: idx for sid, idx in winner.items() if len(idx) > 1}
    summary = [f"gather clamps {int(np.sum(clamped != ids))} of {len(ids)} ids",
               f"scatter skips {skipped} of {len(sids)} rows"]
    summary += [f"id {sid} <- row {idx[-1]} of {idx}"
                for sid, idx in sorted(repeated.items())]

    for results in result_dirs:
        names = sorted(os.listdir(results))
        expected_names = ["result0.npy", "result1.npy", "result2.npy"]
        if names != expected_names:
            fail(f"{results} holds {names}, expected {expected_names}")
        for n, expect in enumerate(want):
            got = load(os.path.join(results, f"result{n}.npy"), "<f4",
                       expect.shape)
            diff = np.argwhere(got.view(np.uint32) != expect.view(np.uint32))
            if len(diff):
                at = tuple(int(i) for i in diff[0])
                fail(f"{results}: result{n} differs first at {at}: got "
                     f"{float(got[at])}, expected {float(expect[at])}")
        print(f"OK {os.path.basename(results.rstrip('/'))}: "
              + "; ".join(summary))


def main():
    if sys.argv[1] == "make":
        seed, sizes, rest = None, (512, 64, 16, 12), sys.argv[3:]
        while rest:
            if rest[0] == "--random":
                seed = int(rest[1])
            elif rest[0] == "--sizes":
                sizes = tuple(int(n) for n in rest[1].split(","))
            else:
                sys.exit(f"gather_scatter.py: unknown option {rest[0]}")
            rest = rest[2:]
        make(sys.argv[2], seed, sizes)
    elif sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3:])
    else:
        sys.exit("usage: gather_scatter.py make|check ...")


if __name__ == "__main__":
    main()
