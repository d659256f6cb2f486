"""Checks that a dyn-sim result file is a valid .npy and what it holds.

usage: python3 check_npy.py FILE [--dtype D] [--shape S] [--value V]
                            [--same-bits-as FILE2] [--rows N]

The file must be NumPy format 1.0 with a header padded to a multiple of 64
bytes (the format's rule), C order, and load with np.load. --dtype is a
NumPy dtype string ('<f4', '<i4', '<u2', ...), --shape a comma-separated
shape ('' for a 0-d array), --value the integer a 0-d array must hold,
--same-bits-as a .npy whose raw bytes must match (its first N rows with
--rows). Prints a one-line description; exits 1 on any mismatch.
"""

import argparse
import sys

import numpy as np


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--dtype")
    parser.add_argument("--shape")
    parser.add_argument("--value", type=int)
    parser.add_argument("--same-bits-as")
    parser.add_argument("--rows", type=int)
    args = parser.parse_args()

    with open(args.file, "rb") as f:
        version = np.lib.format.read_magic(f)
        if version != (1, 0):
            fail(f"{args.file}: format version {version}, expected (1, 0)")
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
        data_start = f.tell()
        payload = f.read()
    if data_start % 64:
        fail(f"{args.file}: the data starts at byte {data_start}, not a "
             f"multiple of 64")
    if fortran:
        fail(f"{args.file}: Fortran order")
    if len(payload) != dtype.itemsize * int(np.prod(shape, dtype=np.int64)):
        fail(f"{args.file}: {len(payload)} data bytes for shape {shape}")
    array = np.load(args.file)
    if array.dtype != dtype or array.shape != shape:
        fail(f"{args.file}: np.load disagrees with the header")
    if args.dtype is not None and array.dtype != np.dtype(args.dtype):
        fail(f"{args.file}: dtype {array.dtype.str}, expected {args.dtype}")
    if args.shape is not None:
        want = tuple(int(d) for d in args.shape.split(",") if d.strip())
        if array.shape != want:
            fail(f"{args.file}: shape {array.shape}, expected {want}")
    description = f"dtype {array.dtype.str} shape {array.shape}"
    if args.value is not None:
        if array.shape != () or int(array) != args.value:
            fail(f"{args.file}: holds {array!r}, expected the scalar "
                 f"{args.value}")
        description += f" value {int(array)}"
    if args.same_bits_as is not None:
        other = np.load(args.same_bits_as)
        a, b = array, other
        if args.rows is not None:
            a, b = a[:args.rows], b[:args.rows]
        if a.shape != b.shape or a.tobytes() != b.tobytes():
            fail(f"{args.file}: differs from {args.same_bits_as}")
        description += " bit-identical"
        if args.rows is not None:
            description += f" in rows [0, {args.rows})"
    print(f"OK {description}")


if __name__ == "__main__":
    main()
