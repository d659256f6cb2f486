"""dyn from Python: compile dynamic-offset tensor programs to ADDR4 binaries,
list them, simulate them and run the reference interpreter.

    import dyn, numpy as np
    program = dyn.compile(source)                 # lower-to-addr4
    cache, out = program.simulate(cache, k, 21, hist, out_init, 9)
    expected = dyn.reference(source, cache, k, 21, hist, out_init, 9)

Arguments are NumPy arrays of the element types dyn carries
(element_types(): float32, float16, float64, int8/16/32/64, and uint16 for
bf16 bits) and Python ints (i32 scalars), in the binary's calling
convention or the tensor-level one, as dyn-sim accepts them
(docs/FrontEnd.md, "Function boundary"). Results are NumPy arrays; an i32
scalar result is a 0-d int32 array. Failures raise CompileError, whose
message holds the located diagnostics ("-:LINE:COL: error: ...", where "-"
is the source string).

The package binds dyn's C API (include/dyn-c/) with pybind11; see
docs/Embedding.md.
"""

import json

from . import _dyn

CompileError = _dyn.CompileError
CompileError.__doc__ = (
    "A failure to parse, lower, serialize, read or simulate; the message "
    "holds the located diagnostics.")

__all__ = ["CompileError", "Program", "addr4_format", "compile",
           "element_types", "load", "reference", "run_pipeline"]


class Program:
    """A program lowered with a dyn pipeline, or read from a binary."""

    def __init__(self, handle):
        self._handle = handle

    @property
    def ir(self):
        """The module after the pipeline (or read from the binary), as MLIR
        text."""
        return self._handle.ir

    @property
    def binary(self):
        """The ADDR4 container as bytes (programs lowered with
        lower-to-addr4, and loaded ones)."""
        return self._handle.binary

    def listing(self):
        """The container's listing: sections, records and each ADDR4 word
        next to its decoded fields, as dyn-translate --addr4-listing
        prints it."""
        return self._handle.listing()

    def simulate(self, *args, entry=None):
        """Runs the binary on the simulator and returns its results as a
        list of NumPy arrays. `entry` names the function; by default the
        one function with a body."""
        return self._handle.simulate(*args, entry=entry)


def compile(source, *, pipeline="lower-to-addr4", options=""):
    """Parses `source` (tensor-level MLIR text) and runs a registered
    pipeline on it (lower-to-addr4, lower-to-dge or lower-to-bir) with the
    pipeline's option string, e.g. options="arch=gen2". Returns a Program;
    raises CompileError with the located diagnostics."""
    return Program(_dyn.compile(source, pipeline, options))


def load(binary):
    """Reads an ADDR4 container (bytes) into a Program; raises CompileError
    when the bytes are malformed."""
    return Program(_dyn.load(bytes(binary)))


def reference(source, *args, entry=None):
    """Interprets the tensor-level `source` on `args` with dyn's reference
    interpreter (no compilation) and returns its results as NumPy arrays."""
    return _dyn.reference(source, *args, entry=entry)


def run_pipeline(source, pipeline):
    """Runs any registered pass pipeline on `source` and returns the
    resulting MLIR text, e.g. run_pipeline(src, "dynshape-pad-to-bound") or
    "builtin.module(lower-to-bir{arch=gen2})"."""
    return _dyn.run_pipeline(source, pipeline)


def element_types():
    """The element types dyn carries, from its one table (the C API's
    dyn-c/ElementTypes.h): a dict from the MLIR name ("f32", "bf16", ...)
    to (bytes per element, NumPy dtype string); bf16 is "<u2", its bits."""
    return _dyn.element_types()


def addr4_format():
    """The ADDR4 container's layout as the C++ reader and writer define it
    (the C API's dynPrintADDR4Format), as a dict: magic, version, section
    tags, codes, flag bits and each instruction's fields."""
    return json.loads(_dyn.addr4_format())
