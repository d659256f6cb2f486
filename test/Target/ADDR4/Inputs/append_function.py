"""Writes a container whose entry functions are those of A followed by
those of B (each a run of sections after the 14-byte header): two
containers of the same function give a container with a duplicate name.

usage: python3 append_function.py A B OUT
"""
import sys

a = open(sys.argv[1], "rb").read()
b = open(sys.argv[2], "rb").read()
assert a[:4] == b[:4] == b"DYN4"
open(sys.argv[3], "wb").write(a + b[14:])
