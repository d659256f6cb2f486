"""Runs one entry of a program with dyn-sim on NumPy arguments, compiled and
in the reference interpreter, for the check_*.py scripts."""
import os
import subprocess

import numpy as np


class Runs:
    def __init__(self, dyn_sim, source, work):
        self.dyn_sim, self.source, self.work = dyn_sim, source, work

    def once(self, entry, args, mode):
        """Result 0 of `entry` on `args`; `mode` "" (the binary) or
        "--reference"."""
        out = os.path.join(self.work, entry + mode)
        cmd = [self.dyn_sim, self.source, "--entry", entry, "--out", out] + (
            [mode] if mode else [])
        for i, a in enumerate(args):
            path = os.path.join(self.work, "%s_%d.npy" % (entry, i))
            np.save(path, a)
            cmd += ["--arg", path]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        return np.load(os.path.join(out, "result0.npy"))

    def run(self, entry, *args):
        """The binary's result; the reference interpreter's must have the
        same bits (else a line saying they differ)."""
        got = self.once(entry, args, "")
        ref = self.once(entry, args, "--reference")
        if got.tobytes() != ref.tobytes():
            print("%s: the binary and the reference differ" % entry)
        return got
