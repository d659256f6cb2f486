"""Writes the inputs of the decode step (examples/decode_step.mlir) to DIR.

usage: python3 make_decode_step_inputs.py DIR

  cache.npy   64x32 f32, every element distinct
  k.npy       1x32 f32, the new row: distinct from every cache row, and
              holding -0.0, a NaN with a payload, +-inf and a denormal, so
              only a bit-exact copy compares equal
  hist.npy    64x32 f32, the history at its bound (every row distinct)
  hist5.npy   5x32 f32, a history at its runtime extent (5 rows)
  hist0.npy   0x32 f32, an empty history
  out.npy     64x32 f32, the loop's initial accumulator (distinct from hist)
"""

import os
import sys

import numpy as np


def special_row():
    row = np.arange(32, dtype=np.float32) * np.float32(-0.5) - np.float32(1000)
    bits = row.view(np.uint32)
    bits[0] = 0x80000000  # -0.0
    bits[1] = 0x7FC01234  # a quiet NaN with a payload
    bits[2] = 0x7F800000  # +inf
    bits[3] = 0xFF800000  # -inf
    bits[4] = 0x00000001  # the smallest denormal
    return row.reshape(1, 32)


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    cache = np.arange(64 * 32, dtype=np.float32).reshape(64, 32) + np.float32(0.25)
    hist = -(np.arange(64 * 32, dtype=np.float32).reshape(64, 32) + np.float32(1))
    hist[7] = special_row()[0]  # bit patterns through the loop's copy too
    out = np.full((64, 32), 12345.5, dtype=np.float32)
    out[:, 0] = np.arange(64, dtype=np.float32) + np.float32(5000)
    np.save(os.path.join(out_dir, "cache.npy"), cache)
    np.save(os.path.join(out_dir, "k.npy"), special_row())
    np.save(os.path.join(out_dir, "hist.npy"), hist)
    np.save(os.path.join(out_dir, "hist5.npy"), hist[:5].copy() + np.float32(0.5))
    np.save(os.path.join(out_dir, "hist0.npy"), np.zeros((0, 32), dtype=np.float32))
    np.save(os.path.join(out_dir, "out.npy"), out)


if __name__ == "__main__":
    main()
