# Writes .npy files whose header dictionaries are malformed in one way each
# (npy-header.test): the data is a valid 64x32 f32 array.
import struct
import sys

out = sys.argv[1]
headers = {
    "unknown": "{'descr': '<f4', 'fortran_order': False, 'shape': (64, 32), 'x': 1, }",
    "twice": "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (64, 32), }",
    "missing": "{'descr': '<f4', 'shape': (64, 32), }",
    "trailing": "{'descr': '<f4', 'fortran_order': False, 'shape': (64, 32), } x",
    "order": "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (64, 32), }",
    "shape": "{'descr': '<f4', 'fortran_order': False, 'shape': (64, -32), }",
    "noclose": "{'descr': '<f4', 'fortran_order': False, 'shape': (64, 32)",
    "reordered": "{'shape': (64, 32), 'fortran_order': False, 'descr': '<f4'}",
}
for name, header in headers.items():
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(f"{out}/{name}.npy", "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode() + bytes(64 * 32 * 4))
