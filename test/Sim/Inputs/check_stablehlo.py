"""Prints what stablehlo.test checks: the rows each run wrote or read."""
import sys

import numpy as np

d = sys.argv[1] + "/"


def load(run, i=0):
    return np.load(d + run + "/result%d.npy" % i)


def marked(a, value):
    return np.nonzero(a[:, 0] == value)[0].tolist()


for run in ("kv5", "kv100"):
    print(run, marked(load(run, 0), 7), marked(load(run, 1), 9))
# History row r holds r + 1.
print("window", [int(v) - 1 for v in load("window")[:, 0]])
print("gather", [int(v) - 1 for v in load("gather")[:, 0]])
print("scatter", marked(load("scatter", 1), -1))
print("reverse", [int(v) - 1 for v in load("reverse")[:5, 0]])
for run in ("shift_a", "shift_b"):
    print(run, marked(load(run), 7))
