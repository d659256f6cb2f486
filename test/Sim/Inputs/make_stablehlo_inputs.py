"""Inputs of stablehlo.test: row r of a history or table holds r + 1."""
import sys

import numpy as np

d = sys.argv[1]


def rows(n, cols):
    return np.repeat(np.arange(1, n + 1, dtype=np.float32)[:, None], cols, 1)


np.save(d + "/zeros64.npy", np.zeros((64, 32), np.float32))
np.save(d + "/zeros16.npy", np.zeros((16, 32), np.float32))
np.save(d + "/k.npy", np.full((1, 32), 7, np.float32))
np.save(d + "/v.npy", np.full((1, 32), 9, np.float32))
np.save(d + "/hist128.npy", rows(128, 32))
np.save(d + "/hist16.npy", rows(16, 32))
np.save(d + "/table.npy", rows(64, 32))
np.save(d + "/new.npy", np.full((4, 32), -1, np.float32))
np.save(d + "/gather_ids.npy", np.array([3, 0, 63, 70], np.int32))
np.save(d + "/scatter_ids.npy", np.array([1, 2, 70, -1], np.int32))
