"""Inputs of npy.test and the results plain NumPy expects from them.

usage: python3 make_npy_inputs.py DIR
"""

import os
import sys

import numpy as np


def bf16_bits(values):
    """bf16 bit patterns (as uint16, NumPy has no bf16) by truncation."""
    return (np.asarray(values, dtype=np.float32).view(np.uint32) >> 16).astype(
        np.uint16)


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    save = lambda name, a: np.save(os.path.join(d, name), a)

    save("x84.npy", np.arange(32, dtype=np.float32).reshape(8, 4) - np.float32(7.5))

    table = bf16_bits(np.arange(64 * 8, dtype=np.float32).reshape(64, 8) * 0.5 - 3)
    save("table_bf16.npy", table)
    ids3 = np.array([5, -2, 70], dtype=np.int32)  # extent 3 of the bound 6
    save("ids3.npy", ids3)
    save("want_gather3.npy", table[np.clip(ids3, 0, 63)])
    ids6 = np.array([1, 63, 64, -1, 9, 2], dtype=np.int32)  # padded to 6
    save("ids6.npy", ids6)
    save("want_gather6.npy", table[np.clip(ids6, 0, 63)])

    t = np.arange(6 * 10 * 12, dtype=np.int32).reshape(6, 10, 12) - 300
    u = -np.arange(1, 25, dtype=np.int32).reshape(2, 3, 4) * 1000
    save("t3d.npy", t)
    save("u3d.npy", u)
    i, j, k = 5, -1, 9  # the scalars npy.test passes
    clamp = lambda v, dim, size: min(max(v, 0), dim - size)
    si, sj, sk = clamp(i, 6, 2), clamp(j, 10, 3), clamp(k, 12, 4)
    save("want_slice.npy", t[si:si + 2, sj:sj + 3, sk:sk + 4].copy())
    wk, wi, wj = clamp(k, 6, 2), clamp(i, 10, 3), clamp(j, 12, 4)
    w = t.copy()
    w[wk:wk + 2, wi:wi + 3, wj:wj + 4] = u
    save("want_update.npy", w)


if __name__ == "__main__":
    main()
