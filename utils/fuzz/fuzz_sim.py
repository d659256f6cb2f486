#!/usr/bin/env python3
"""Fuzzing of dyn-sim's inputs: .npy files and the command line.

    fuzz_sim.py [--seed S] [--count N] [--jobs J] [--tools-dir DIR]
                [--out DIR] [--smoke | --long]

The target is examples/decode_step.mlir (five arguments: two f32 tensors,
an i32, a bounded tensor of at most 64 rows, an f32 tensor), as the
tensor-level .mlir and as the container dyn-translate --serialize-addr4
makes of it, and, for one input in five, test/Sim/Inputs/gather-bf16.mlir
(a bf16 table, read as `<u2`, and a bounded i32 index vector). Input k
builds, from k alone, a valid call in either calling convention (the
original arguments, or the binary's: bounded tensors padded, sizes
appended) and changes 1-3 things about it:

    npy header   the magic, the version (1.0, 2.0, 3.0 and unknown ones),
                 the header length (short, long, past the end), the header
                 dictionary (keys missing, doubled, unknown or reordered;
                 descr, fortran_order and shape values of every kind:
                 negative, zero, huge, non-integer, unbalanced, ...),
                 padding, newline, NUL and non-ASCII bytes
    npy data     a valid header for another shape (rank, extents, the
                 bounded tensor at every runtime extent 0..70) or dtype,
                 the payload short, long or empty, NaN and infinities
    arguments    an argument dropped, repeated, added or two swapped; a
                 scalar as an odd integer string (' 3', '+3', '0x10',
                 '2147483648', '-2147483649', '1e3', '', ...); a file
                 that does not exist, is empty, is a directory, or is the
                 program itself
    options      --trials, --seed, --max-tensor-bytes, --max-trips,
                 --max-moved-bytes,
                 --pipeline-options (valid and invalid), --entry, --out,
                 --reference, --compare (with --arg too), unknown options

A run that succeeds with valid arguments on the tensor-level program is run
again with --reference; the two result sets must be identical (a
`mismatch` finding otherwise). --compare runs use at most 3 trials. The
last line is

    fuzz_sim: N inputs (V with valid arguments), X ok, Y rejected, Z findings
"""

import argparse
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import fuzz_common as fc  # noqa: E402

import numpy as np  # noqa: E402

DECODE = os.path.join(fc.SRC_ROOT, "examples", "decode_step.mlir")
GATHER = os.path.join(fc.SRC_ROOT, "test", "Sim", "Inputs", "gather-bf16.mlir")

# (kind, shape, dtype, bound): kind "t" tensor, "b" bounded tensor (dim 0
# runtime, at most `bound`), "s" i32 scalar, "n" appended size of the
# previous bounded tensor.
DECODE_ARGS = [("t", (64, 32), "<f4"), ("t", (1, 32), "<f4"), ("s",),
               ("b", (64, 32), "<f4"), ("t", (64, 32), "<f4")]
GATHER_ARGS = [("t", (64, 8), "<u2"), ("b", (6,), "<i4")]
TARGETS = {"decode": (DECODE, "decode_step", DECODE_ARGS),
           "gather": (GATHER, "gather_bf16", GATHER_ARGS)}

ODD_INTS = ["", " 3", "3 ", "+3", "-0", "0x10", "010", "1e3", "3.0", "abc",
            "2147483647", "2147483648", "-2147483648", "-2147483649",
            "4294967296", "99999999999999999999999", "--3", "-", "\u0663",
            "3\n", "0b1", "1_000", "63", "64", "65", "-1", "-64", "1000000"]
OPTION_VALUES = {
    "--trials": ["0", "1", "2", "3", "-1", "4294967295", "4294967296",
                 "abc", "", "1e3", "0x2"],
    "--seed": ["0", "1", "4294967295", "4294967296", "-1", "x", "",
               "2147483648", "12345"],
    "--max-tensor-bytes": ["0", "1", "-1", "127", "128", "8191", "8192",
                           "8193", "9223372036854775807",
                           "9223372036854775808", "-9223372036854775808",
                           "abc", "", "4096"],
    "--max-trips": ["0", "1", "-1", "63", "64", "65", "9223372036854775807",
                    "9223372036854775808", "x", "2"],
    "--max-moved-bytes": ["0", "1", "-1", "767", "768", "769",
                          "9223372036854775807", "9223372036854775808",
                          "x", ""],
    "--pipeline-options": [
        "arch=gen2", "arch=gen3", "arch=core_v4", "arch=core_v5",
        "arch=gen3 max-descriptor-bytes=64", "max-descriptor-bytes=1",
        "vector-route=swdge", "vector-route=hwdge", "engine=sp", "",
        "arch=gen9", "arch", "=", "foo=bar", "max-descriptor-bytes=-1",
        "max-descriptor-bytes=0", "max-descriptor-bytes=99999999999999999999",
        "dynamic-dma-sbuf-bytes=100", "dynamic-dma-scratch-size-per-partition=0",
        "dynamic-dma-scratch-size-per-partition=200000", "{", "}", "arch=gen2}",
        " arch=gen2 ", "\"arch=gen2\"", "arch=gen2 arch=gen3", "a" * 5000,
        "arch=gen2,arch=gen3", "arch=", "arch=core_v5 vector-route=swdge",
        "max-descriptor-bytes=128"],
    "--entry": ["decode_step", "", "nonexistent", "@decode_step",
                "gather_bf16", "decode_step ", "main"],
}


# ---------------------------------------------------------------- .npy

def shape_text(shape):
    return "(" + ", ".join(str(d) for d in shape) + (
        "," if len(shape) == 1 else "") + ")"


def npy_header_text(descr, fortran, shape):
    s = shape_text(shape) if isinstance(shape, tuple) else shape
    return "{'descr': %s, 'fortran_order': %s, 'shape': %s, }" % (
        descr if descr.startswith("'") else "'%s'" % descr, fortran, s)


def npy_bytes(header, payload, version=1, magic=b"\x93NUMPY", length=None,
              pad=True, newline=True):
    """A .npy file with `header` (text or bytes), as numpy writes it unless
    told otherwise."""
    h = header.encode("latin-1") if isinstance(header, str) else header
    prefix = 10 if version == 1 else 12
    if pad:
        total = prefix + len(h) + (1 if newline else 0)
        h += b" " * ((64 - total % 64) % 64)
    if newline:
        h += b"\n"
    n = len(h) if length is None else length
    size = struct.pack("<H", n & 0xFFFF) if version == 1 else \
        struct.pack("<I", n & 0xFFFFFFFF)
    return magic + bytes([version & 0xFF, 0]) + size + h + payload


def payload_for(rng, shape, dtype):
    count = 1
    for d in shape:
        count *= d
    r = np.random.default_rng(rng.randrange(1 << 30))
    if dtype in ("<i4", "<u2"):
        hi = 0x3F80 if dtype == "<u2" else 70
        a = r.integers(-3 if dtype == "<i4" else 0, hi + 1, size=count)
    else:
        a = r.integers(-8, 9, size=count).astype(dtype)
        if rng.random() < 0.1 and count and np.dtype(dtype).kind == "f":
            a[r.integers(0, count)] = rng.choice([np.nan, np.inf, -np.inf,
                                                  -0.0])
    return np.asarray(a).astype(dtype).tobytes()


def header_mutation(rng, spec):
    """A malformed or unusual .npy for `spec` = (shape, dtype)."""
    shape, dtype = spec
    payload = lambda shp=shape, dt=dtype: payload_for(rng, shp, dt)
    good = npy_header_text(dtype, "False", shape)
    how = rng.choice(["magic", "version", "length", "keys", "descr",
                      "fortran", "shape", "shape", "text", "text", "payload",
                      "payload"])
    if how == "magic":
        m = rng.choice([b"\x93NUMPZ", b"\x93NUMP", b"", b"PK\x03\x04",
                        b"\x93numpy", b"\x93NUMPY\x01"])
        return npy_bytes(good, payload(), magic=m), "magic %r" % m
    if how == "version":
        v = rng.choice([0, 2, 3, 4, 9, 255])
        return npy_bytes(good, payload(), version=v), "version %d.0" % v
    if how == "length":
        real = len(npy_bytes(good, b"")) - 10
        n = rng.choice([0, 1, real - 1, real + 1, real + 64, 0xFFFF,
                        real // 2])
        v = rng.choice([1, 1, 2])
        if v == 2:
            n = rng.choice([n, 0xFFFFFFFF, 0x80000000])
        return npy_bytes(good, payload(), version=v, length=n), \
            "header length %d (v%d)" % (n, v)
    if how == "keys":
        parts = ["'descr': '%s'" % dtype, "'fortran_order': False",
                 "'shape': %s" % shape_text(shape)]
        k = rng.choice(["drop", "dup", "extra", "shuffle", "empty",
                        "no-comma", "double-quotes"])
        if k == "drop":
            parts.pop(rng.randrange(3))
        elif k == "dup":
            parts.append(rng.choice(parts))
        elif k == "extra":
            parts.insert(rng.randrange(4), "'extra': 1")
        elif k == "shuffle":
            rng.shuffle(parts)
        elif k == "empty":
            parts = []
        elif k == "double-quotes":
            parts = [p.replace("'", '"') for p in parts]
        sep = " " if k == "no-comma" else ", "
        return npy_bytes("{" + sep.join(parts) + "}", payload()), "keys %s" % k
    if how == "descr":
        d = rng.choice(["'>f4'", "'=f4'", "'f4'", "'<f8'", "'<i4'", "'|u1'",
                        "'<u2'", "'<f2'", "'|b1'", "'<c8'", "'|O'", "'<U3'",
                        "'|V4'", "[('a', '<f4')]", "''", "'<f4", "<f4",
                        "'<f4''", "'\\x00'", "'<i8'", "'|i1'"])
        return npy_bytes(npy_header_text(d, "False", shape), payload()), \
            "descr %s" % d
    if how == "fortran":
        f = rng.choice(["True", "0", "1", "'False'", "None", "false", "",
                        "TrueFalse"])
        return npy_bytes(npy_header_text(dtype, f, shape), payload()), \
            "fortran_order %s" % f
    if how == "shape":
        # The dims reversed (a 0-d tensor has none to reverse).
        swapped = "(%d, %d)" % (shape[-1], shape[0]) if shape else "(1, 1)"
        s = rng.choice([swapped, "()", "(0, 32)",
                        "(-1, 32)", "(64, -32)", "(2147483648, 32)",
                        "(9223372036854775807, 1)", "(9223372036854775808,)",
                        "(100000000000000000000, 1)", "(64.0, 32)",
                        "('64', 32)", "[64, 32]", "64", "(64 32)",
                        "((64,), 32)", "(True, 32)", "(64,, 32)", "(,)",
                        "(", "(64, 32", "(4294967296, 4294967296)",
                        "(1, 1, 1, 1, 1, 1, 1, 1, 1, 64, 32)", "( 64 , 32 , )",
                        "(+64, 32)", "(0x40, 32)", "(6,)", "(0,)", "(7,)",
                        "(64, 32, 0)"])
        return npy_bytes(npy_header_text(dtype, "False", s), payload()), \
            "shape %s" % s
    if how == "text":
        t = rng.choice(["", "{}", "{", "}", good[:-2], good + "}",
                        good.replace(", }", "}"), good + " x",
                        good.replace(" ", "\t"), good.replace(" ", "\0"),
                        good + "\0", "\xff" + good, good.replace("'", ""),
                        "{'descr': '<f4', 'fortran_order': False, 'shape': "
                        "__import__('os').getpid(), }", good * 2,
                        good[:-1] + " " * 70000 + "}"])
        return npy_bytes(t, payload(), newline=rng.random() < 0.7,
                         pad=rng.random() < 0.8,
                         version=2 if len(t) > 60000 else 1), \
            "header text %r" % t[:40]
    n = len(payload())
    k = rng.choice([0, 1, n - 1, n + 1, n // 2, n * 2, n + 4096])
    data = (payload() * 3)[:k] if k <= 3 * n else payload() + b"\0" * (k - n)
    return npy_bytes(good, data), "payload of %d bytes (needs %d)" % (k, n)


# ---------------------------------------------------------------- a case

def valid_call(rng, target, binary_convention):
    """[(kind, value)]: ("npy", (shape, dtype)) or ("int", text)."""
    _, _, specs = TARGETS[target]
    args, sizes = [], []
    for spec in specs:
        if spec[0] == "t":
            args.append(["npy", (spec[1], spec[2])])
        elif spec[0] == "s":
            args.append(["int", str(rng.choice(
                [rng.randint(-3, 67)] * 6 + [2 ** 31 - 1, -2 ** 31, 63, 64,
                                             2 ** 30, -2 ** 30]))])
        else:
            bound = spec[1][0]
            n = rng.choice([0, 1, 2, bound - 1, bound, rng.randint(0, bound)])
            if binary_convention:
                args.append(["npy", (spec[1], spec[2])])
                sizes.append(["int", str(rng.choice([n, n, -1, bound + 1]))])
            else:
                args.append(["npy", ((n,) + tuple(spec[1][1:]), spec[2])])
    return args + sizes


def build_case(rng, number):
    """(target, input file kind, [args], [options], notes)."""
    target = "gather" if rng.random() < 0.2 else "decode"
    form = "addr4" if rng.random() < 0.35 else "mlir"
    binary_conv = form == "addr4" or rng.random() < 0.4
    args = valid_call(rng, target, binary_conv)
    options = []
    notes = ["%s.%s" % (target, form),
             "binary convention" if binary_conv else "original arguments"]
    mode = rng.random()
    if form == "mlir" and mode < 0.15:
        options.append("--reference")
        notes.append("--reference")
    elif form == "mlir" and mode < 0.3:
        options += ["--compare", "--trials", str(rng.choice([0, 1, 2, 3])),
                    "--seed", str(rng.choice([1, 7, 4294967295, 0]))]
        notes.append("--compare")
        if rng.random() < 0.8:
            args = []
    changes = rng.choice([0, 0, 1, 1, 1, 2, 2, 3]) if number % 20 else 0
    mutated = False
    for _ in range(changes):
        what = rng.choice(["npy", "npy", "npy", "data", "count", "int",
                           "file", "option", "option", "option"])
        npys = [a for a in args if a[0] == "npy"]
        ints = [a for a in args if a[0] == "int"]
        if what == "npy" and npys:
            a = rng.choice(npys)
            a[0] = "raw"
            a[1], note = header_mutation(rng, a[1])
            notes.append("npy: " + note)
        elif what == "data" and npys:
            a = rng.choice(npys)
            shape, dtype = a[1]
            r = rng.random()
            if r < 0.5:
                shape = rng.choice([(), (64,), (64, 32, 1), (0, 32), (65, 32),
                                    (70, 32), (1, 32), (32, 64), (2048,),
                                    (6,), (0,), (7,), (64, 8), (3, 8)])
                notes.append("shape %s" % (shape,))
            else:
                dtype = rng.choice(["<f8", ">f4", "<i4", "|u1", "<f2", "<u2",
                                    "<i8", "|b1", "<f4"])
                notes.append("dtype %s" % dtype)
            a[1] = (shape, dtype)
        elif what == "count":
            r = rng.random()
            if r < 0.3 and args:
                args.pop(rng.randrange(len(args)))
                notes.append("an argument dropped")
            elif r < 0.6 and args:
                args.insert(rng.randrange(len(args) + 1),
                            list(rng.choice(args)))
                notes.append("an argument repeated")
            elif r < 0.8 and len(args) > 1:
                i, j = rng.sample(range(len(args)), 2)
                args[i], args[j] = args[j], args[i]
                notes.append("arguments %d and %d swapped" % (i, j))
            else:
                args.append(["int", "1"])
                notes.append("an argument added")
        elif what == "int":
            v = rng.choice(ODD_INTS)
            if ints:
                rng.choice(ints)[1] = v
            elif args:
                args[rng.randrange(len(args))] = ["int", v]
            notes.append("integer %r" % v)
        elif what == "file" and args:
            k = rng.randrange(len(args))
            args[k] = ["path", rng.choice(["missing", "empty", "dir",
                                           "program", "devnull"])]
            notes.append("argument %d is %s" % (k, args[k][1]))
        elif what == "option":
            opt = rng.choice(list(OPTION_VALUES) + ["--out", "unknown",
                                                    "--compare", "--reference",
                                                    "--arg-forms"])
            if opt in OPTION_VALUES:
                val = rng.choice(OPTION_VALUES[opt])
                if opt == "--trials" and "--compare" in options:
                    val = rng.choice(["0", "1", "3", "abc", "-1"])
                if opt == "--entry":
                    options += ["--entry=" + val]
                else:
                    options += [opt + "=" + val] if rng.random() < 0.5 else \
                        [opt, val]
                notes.append("%s %r" % (opt, val[:30]))
            elif opt == "--out":
                options += ["--out", rng.choice(["a-file", "new/sub/dir", ""])]
                notes.append("--out %s" % options[-1])
            elif opt == "unknown":
                options.append(rng.choice(["--bogus", "-x", "--arg", "--",
                                           "--entry", "--trials"]))
                notes.append("option %s" % options[-1])
            elif opt == "--arg-forms":
                options.append("arg-forms")
                notes.append("--arg=V forms")
            elif opt not in options and form == "mlir":
                options.append(opt)
                if opt == "--compare":
                    options += ["--trials", "2"]
                notes.append(opt)
            elif opt not in options:
                options.append(opt)
                notes.append(opt + " on a container")
        mutated = True
    return target, form, args, options, notes, not mutated


def check(opts, inp, ctx):
    rng = random.Random("fuzz_sim-%d" % inp.number)
    target, form, args, options, notes, valid = build_case(rng, inp.number)
    inp.note = "; ".join(notes)
    inp.write("case.txt", inp.note + "\n")
    source, entry, _ = TARGETS[target]
    # The program is copied next to the arguments: a reproducer is whole.
    if form == "addr4":
        program = inp.write(target + ".addr4", ctx[target])
    else:
        with open(source) as f:
            program = inp.write(os.path.basename(source), f.read())
    with open(inp.path("a-file"), "w") as f:
        f.write("not a directory\n")
    os.makedirs(inp.path("dir"), exist_ok=True)
    open(inp.path("empty"), "w").close()
    argv = []
    arg_forms = "arg-forms" in options
    options = [o for o in options if o != "arg-forms"]
    for i, (kind, value) in enumerate(args):
        if kind == "int":
            text = value
        elif kind == "npy":
            shape, dtype = value
            text = inp.write("arg%d.npy" % i, npy_bytes(
                npy_header_text(dtype, "False", shape),
                payload_for(rng, shape, dtype)))
        elif kind == "raw":
            text = inp.write("arg%d.npy" % i, value)
        else:
            text = {"missing": inp.path("missing.npy"),
                    "empty": inp.path("empty"), "dir": inp.path("dir"),
                    "program": program, "devnull": os.devnull}[value]
        argv += ["--arg=" + text] if arg_forms or rng.random() < 0.2 else \
            ["--arg", text]
    has_entry = any(o.startswith("--entry") for o in options)
    cmd = [fc.tool(opts, "dyn-sim"), program] + \
        ([] if has_entry else ["--entry", entry]) + argv + options
    if "--out" not in options:
        cmd += ["--out", inp.path("results")]
    valid = valid and not any(a[0] != "npy" and a[0] != "int" for a in args)
    inp.parsed = valid
    r = inp.run(opts, cmd)
    # The binary and the reference must agree on valid arguments.
    if r.kind == "ok" and valid and form == "mlir" and target == "decode" \
            and "--reference" not in options and "--compare" not in options:
        ref = [c if c != inp.path("results") else inp.path("reference")
               for c in without_pipeline_options(cmd)] + ["--reference"]
        rr = inp.run(opts, ref)
        if rr.kind == "ok":
            diff = compare_results(inp.path("results"), inp.path("reference"))
            if diff:
                inp.add_finding(ref, "mismatch", "the binary's results and "
                                "the reference's differ: " + diff)


def without_pipeline_options(cmd):
    """`cmd` without --pipeline-options, which --reference refuses (it
    compiles nothing)."""
    out, value_next = [], False
    for c in cmd:
        if value_next:
            value_next = False
        elif c == "--pipeline-options":
            value_next = True
        elif not c.startswith("--pipeline-options="):
            out.append(c)
    return out


def compare_results(a, b):
    names = sorted(os.listdir(a))
    if names != sorted(os.listdir(b)):
        return "result files %s vs %s" % (names, sorted(os.listdir(b)))
    for n in names:
        with open(os.path.join(a, n), "rb") as f, \
                open(os.path.join(b, n), "rb") as g:
            if f.read() != g.read():
                return n
    return None


def setup(opts, workdir):
    """The container of each target."""
    out = {}
    for name, (source, _, _) in TARGETS.items():
        low = os.path.join(workdir, name + "-lowered.mlir")
        binary = os.path.join(workdir, name + ".addr4")
        r = fc.run([fc.tool(opts, "dyn-opt"), source, "--lower-to-addr4",
                    "-o", low], 60)
        r2 = fc.run([fc.tool(opts, "dyn-translate"), "--serialize-addr4", low,
                     "-o", binary], 60) if r.rc == 0 else r
        if r2.rc != 0:
            raise SystemExit("fuzz_sim: cannot compile %s: %s" % (source, r2.err))
        with open(binary, "rb") as f:
            out[name] = f.read()
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    fc.add_arguments(p, smoke_count=500, long_count=20000)
    opts = p.parse_args()
    fc.finish_arguments(opts)
    return fc.drive("fuzz_sim", opts, check, "with valid arguments",
                    setup=setup)


if __name__ == "__main__":
    sys.exit(main())
