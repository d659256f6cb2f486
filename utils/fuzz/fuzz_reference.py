#!/usr/bin/env python3
"""Fuzzing of the reference interpreter: dyn-sim --reference and dyn.reference.

    fuzz_reference.py [--seed S] [--count N] [--jobs J] [--tools-dir DIR]
                      [--python-package DIR] [--out DIR] [--smoke | --long]

Input k is, from k alone, one of

    compute   gen_program.py --kind compute --reshapes (seed k): rank-reducing
              extract/insert slices at static and runtime offsets,
              expand_shape, collapse_shape, generics with constant (and
              other affine) indices and broadcast maps, next to the rest
              of the compute programs (about 40%)
    plain     gen_program.py --kind compute, as the compiler sees it (10%)
    data      gen_program.py (data movement: loops, conditionals,
              gathers, scatters, slices) (15%)
    mutant    a program mutated by mutate_mlir.py's mutators (1-6 of them);
              the seeds are the repository's tensor-level programs, a few
              `--reshapes` compute programs and the examples of issue 61
              (a rank-reducing slice feeding compute, a broadcast through a
              constant index) (35%)

with arguments for its entry's signature (numpy_model.make_inputs: .npy
files of small values, bf16 as `<u2` bits; i32 scalars from -3 to the
largest extent + 3), in the original calling convention or, now and then,
the binary's (bounded tensors padded, sizes appended), and one time in ten
with an argument changed (an extent off by one, another dtype, one
dropped or added). Each input runs through

    dyn-sim PROGRAM --entry NAME --reference --arg ... --out DIR (limits)
    dyn.reference(source, *args, entry=NAME)   (in a Python process of its own)

The reference must never crash, hang or trip a sanitizer: an `error:`
(exit 1, or dyn.CompileError) is fine. The two must agree (both succeed
with byte-identical results, or both fail): a `mismatch` otherwise. On an
unmutated compute program that succeeds, the results must match the
program's NumPy model (numpy_model.py; bounded results over their valid
region): a `mismatch` otherwise.

The sanitizer tree does not build the Python package: dyn.reference is
imported from --python-package (default build/python_packages, the release
build), which the report's first line names. The last line is

    fuzz_reference: N inputs (G generated, M checked against the model), X ok, Y rejected, Z findings
"""

import argparse
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import fuzz_common as fc  # noqa: E402

ISSUE_61 = [
    ("issue 61: rank-reducing slice feeding compute", """
func.func @main(%x: tensor<8x4xf32>, %y: tensor<4xf32>, %j: i32) -> (tensor<4xf32>, tensor<3x4xf32>) {
  %row = tensor.extract_slice %x[2, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
  %e = math.exp %row : tensor<4xf32>
  %r = arith.addf %e, %y : tensor<4xf32>
  %i = arith.index_cast %j : i32 to index
  %p = tensor.extract_slice %x[%i, 0] [3, 4] [1, 1] : tensor<8x4xf32> to tensor<3x4xf32>
  %q = arith.mulf %p, %p : tensor<3x4xf32>
  return %r, %q : tensor<4xf32>, tensor<3x4xf32>
}
"""),
    ("issue 61: broadcast through a constant index", """
func.func @bcast(%r: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(h, d) -> (0, d)>, affine_map<(h, d) -> (h, d)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<1x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<3x4xf32>
  return %b : tensor<3x4xf32>
}
"""),
    ("issue 61: rank-reducing insert, reshapes", """
func.func @views(%x: tensor<2x3x4xf32>, %u: tensor<3xf32>, %j: i32, %b: tensor<?x4xf32, #dynshape.bounds<6, ?>>) -> (tensor<2x3x4xf32>, tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<?xf32, #dynshape.bounds<24>>) {
  %i = arith.index_cast %j : i32 to index
  %w = tensor.insert_slice %u into %x[1, 0, %i] [1, 3, 1] [1, 1, 1] : tensor<3xf32> into tensor<2x3x4xf32>
  %c = tensor.collapse_shape %w [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.expand_shape %w [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
  %f = tensor.collapse_shape %b [[0, 1]] : tensor<?x4xf32, #dynshape.bounds<6, ?>> into tensor<?xf32, #dynshape.bounds<24>>
  return %w, %c, %e, %f : tensor<2x3x4xf32>, tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<?xf32, #dynshape.bounds<24>>
}
"""),
]
# The worker's exit status when it cannot import dyn (being relinked).
IMPORT_FAILED = 75
# dyn.reference takes fewer dtypes than dyn-sim's .npy reader (the
# package's documented ones): such a refusal is not a disagreement.
API_DTYPE = re.compile(r"TypeError: unsupported NumPy dtype")
GENERATED_SEEDS = 24   # gen_program.py --kind compute --reshapes 1..24 join the mutants' seeds


# ------------------------------------------------------------ the worker

def python_worker(argv):
    """`--python-worker PACKAGE PROGRAM ENTRY OUT ARG...`: dyn.reference
    on the arguments (.npy paths or integers), its results written as
    OUT/result<i>.npy. A CompileError or a refused argument is an
    `error:` and exit status 1."""
    package, program, entry, out = argv[:4]
    sys.path.insert(0, package)
    import numpy as np
    try:
        import dyn
    except ImportError as e:
        # Being rebuilt (a short file): the fuzzer waits and tries again.
        sys.stderr.write("cannot import dyn: %s\n" % e)
        return IMPORT_FAILED
    args = []
    for a in argv[4:]:
        if not a.endswith(".npy"):
            args.append(int(a))
            continue
        try:
            args.append(np.load(a))
        except (OSError, ValueError) as e:
            sys.stderr.write("error: cannot read %s: %s\n" % (a, e))
            return 1
    with open(program) as f:
        source = f.read()
    try:
        results = dyn.reference(source, *args, entry=entry)
    except dyn.CompileError as e:
        sys.stderr.write("error: dyn.CompileError: %s\n" % e)
        return 1
    except (TypeError, ValueError, OverflowError) as e:
        sys.stderr.write("error: %s: %s\n" % (type(e).__name__, e))
        return 1
    os.makedirs(out, exist_ok=True)
    for i, r in enumerate(results):
        np.save(os.path.join(out, "result%d.npy" % i), r)
    return 0


# ------------------------------------------------------------ the inputs

def load_seeds():
    import gen_program
    import mutate_mlir
    seeds = [(n, t) for n, t in mutate_mlir.load_seeds()
             if not mutate_mlir.memref_level(t)]
    for k in range(1, GENERATED_SEEDS + 1):
        text = gen_program.generate(k, kind="compute", reshapes=True)
        seeds.append(("gen_program.py %d --kind compute --reshapes" % k,
                      "\n".join(l for l in text.splitlines()
                                if not l.startswith("//")) + "\n"))
    seeds += [(n, t.strip() + "\n") for n, t in ISSUE_61]
    return seeds


def make_program(rng, number, seeds):
    """(text, entry, notes, generator or None, kind)."""
    import gen_program
    import mutate_mlir
    r = rng.random()
    if r < 0.65:
        kind = "compute" if r < 0.5 else "data"
        reshapes = r < 0.4
        g = gen_program.make(number, kind=kind, reshapes=reshapes)
        note = "gen_program.py %d%s" % (number, g.flags())
        return g.text, "fuzz", note, g if kind == "compute" else None, \
            "generated"
    name, seed = seeds[rng.randrange(len(seeds))]
    text, notes = mutate_mlir.mutate(rng, seed)
    return text, mutate_mlir.entry_name(text), "seed %s; %s" % (
        name, "; ".join(notes) or "unmutated"), None, "mutant"


def arguments(rng, text, entry, inp):
    """The --arg values (paths or integers) for `entry`, the inputs by
    name (None if the signature is not one make_inputs knows), notes."""
    import warnings
    import numpy as np
    import numpy_model as nm
    warnings.simplefilter("ignore")   # casts of NaN to int, say
    sig = nm.parse_signature(text, entry) or []
    inputs = nm.make_inputs(sig, rng)
    notes = []
    if inputs is None:
        # Types make_inputs does not know: something for each.
        inputs = {n: (np.zeros(1) if "tensor" in t else 0) for n, t in sig}
        notes.append("arguments of unknown types")
        values = [(n, inputs[n], "tensor<1xf32>" if "tensor" in t else t)
                  for n, t in sig]
        known = False
    else:
        values = [(n, inputs[n], t) for n, t in sig]
        known = True
    sizes = []
    def paddable(v, ty):
        if not (isinstance(ty, nm.TensorType) and any(ty.dyn) and
                v is not None and all(e is not None for e in ty.shape) and
                all(b >= e for b, e in zip(ty.shape, v.shape))):
            return False
        n = 1
        for b in ty.shape:
            n *= b
        return n <= 1 << 22
    if known and rng.random() < 0.2:
        # The binary's convention: bounded tensors padded, sizes appended.
        out = []
        for n, v, t in values:
            ty = nm.parse_type(t)
            if paddable(v, ty):
                pad = [(0, b - e) for b, e in zip(ty.shape, v.shape)]
                out.append((n, np.pad(v, pad), t))
                sizes += [e for e, d in zip(v.shape, ty.dyn) if d]
            else:
                out.append((n, v, t))
        if sizes:
            values = out
            notes.append("binary convention")
    argv = []
    for k, (n, v, t) in enumerate(values):
        if isinstance(v, int):
            argv.append(str(v))
        elif v is None:
            # Too large to make: a file that does not exist (the tools
            # must refuse it, if not from the type alone).
            argv.append(inp.path("missing-arg%d.npy" % k))
            known = False
        else:
            argv.append(nm.write_npy(inp.path("arg%d.npy" % k), v, t))
    argv += [str(s) for s in sizes]
    changed = False
    if argv and rng.random() < 0.1:
        changed = True
        k = rng.randrange(len(argv))
        how = rng.choice(["extent", "dtype", "drop", "add", "int"])
        if how == "extent" and argv[k].endswith(".npy"):
            a = np.load(argv[k])
            if a.ndim:
                d = rng.randrange(a.ndim)
                shape = list(a.shape)
                shape[d] = max(0, shape[d] + rng.choice([-1, 1, 1]))
                np.save(argv[k], np.resize(a, shape))
                notes.append("argument %d: extent %d -> %d" % (
                    k, a.shape[d], shape[d]))
        elif how == "dtype" and argv[k].endswith(".npy"):
            a = np.load(argv[k])
            dt = rng.choice(["<f8", "<i4", "<f2", "<u2", "<f4", "<i8"])
            np.save(argv[k], a.astype(dt))
            notes.append("argument %d: dtype %s" % (k, dt))
        elif how == "drop":
            del argv[k]
            notes.append("argument %d dropped" % k)
        elif how == "add":
            argv.append(rng.choice(["1", "-1", argv[k]]))
            notes.append("an argument added")
        else:
            v = rng.choice(["2147483647", "-2147483648", "0", "-3", "100"])
            argv[k] = v
            notes.append("argument %d: %s" % (k, v))
    return argv, inputs if known and not changed else None, notes


def same_results(a, b):
    import numpy as np
    names = sorted(os.listdir(a)) if os.path.isdir(a) else []
    others = sorted(os.listdir(b)) if os.path.isdir(b) else []
    if names != others:
        return "result files %s vs %s" % (names, others)
    for n in names:
        x, y = np.load(os.path.join(a, n)), np.load(os.path.join(b, n))
        if x.dtype != y.dtype or x.shape != y.shape or \
                x.tobytes() != y.tobytes():
            return "%s: %s %s vs %s %s" % (n, x.dtype, x.shape, y.dtype,
                                           y.shape)
    return None


LIMIT = re.compile(r"--max-(tensor-bytes|trips|moved-bytes)|raise --max")


def check(opts, inp, seeds):
    import numpy_model as nm
    rng = random.Random("fuzz_reference-%d" % inp.number)
    text, entry, note, g, kind = make_program(rng, inp.number, seeds)
    inp.note = note
    program = inp.write("program.mlir", text)
    argv, inputs, notes = arguments(rng, text, entry, inp)
    if notes:
        inp.note += "; " + "; ".join(notes)
    inp.write("note.txt", inp.note + "\n")
    inp.parsed = kind == "generated"
    cli = [fc.tool(opts, "dyn-sim"), program, "--entry", entry,
           "--reference"] + [x for a in argv for x in ("--arg", a)] + [
        "--out", inp.path("cli")] + fc.SIM_LIMITS
    r = inp.run(opts, cli)
    if r.kind not in ("ok", "rejected") or (
            r.kind == "rejected" and LIMIT.search(r.err)):
        # A finding, or over the fuzzing limits (dyn.reference has the
        # default ones, higher): not through Python.
        return
    py = [sys.executable, os.path.abspath(__file__), "--python-worker",
          opts.python_package, program, entry, inp.path("python")] + argv
    for attempt in range(7):
        p = fc.run(py, opts.timeout, cwd=inp.dir)
        if p.rc != IMPORT_FAILED:
            break
        time.sleep(10)
    else:
        raise SystemExit("cannot import dyn from %s: %s" % (
            opts.python_package, p.err))
    inp.runs.append(p)
    if p.kind not in ("ok", "rejected") or API_DTYPE.search(p.err):
        return
    if (r.kind == "ok") != (p.kind == "ok"):
        inp.add_finding(py, "mismatch", "dyn-sim --reference %s, dyn.reference"
                        " %s: %s" % ("succeeds" if r.kind == "ok" else
                                     "fails", "succeeds" if p.kind == "ok"
                                     else "fails", (r.err + p.err).strip()))
        return
    if r.kind != "ok":
        return
    diff = same_results(inp.path("cli"), inp.path("python"))
    if diff:
        inp.add_finding(py, "mismatch", "dyn-sim --reference and "
                        "dyn.reference give different results: " + diff)
        return
    if g is None or inputs is None:
        return
    # The reference against the program's NumPy model.
    try:
        model = nm.models(g.model(), g.args, g.results, inputs)
    except (nm.Unspecified, nm.Unmodelled, KeyError):
        return
    inp.verified = True
    got, sizes = nm.read_results(inp.path("cli"), len(g.results))
    diff = "no result files" if got is None else nm.compare(
        got, sizes, model, g.results)
    if diff:
        inp.add_finding(cli, "mismatch", "the reference and the NumPy model "
                        "differ: " + diff)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--python-worker":
        return python_worker(sys.argv[2:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    fc.add_arguments(p, smoke_count=300, long_count=20000)
    p.add_argument("--python-package", default=None,
                   help="where the Python package dyn is (default: the "
                        "tools' build tree's python_packages, else "
                        "build/python_packages: the sanitizer tree does "
                        "not build the package)")
    opts = p.parse_args()
    fc.finish_arguments(opts)
    opts.batch = 1   # dyn-sim and Python run once per input
    if opts.python_package is None:
        for d in (os.path.join(os.path.dirname(opts.tools_dir),
                               "python_packages"),
                  os.path.join(fc.SRC_ROOT, "build", "python_packages")):
            if os.path.isdir(os.path.join(d, "dyn")):
                opts.python_package = d
                break
        else:
            raise SystemExit("cannot find the Python package dyn "
                             "(--python-package)")
    opts.python_package = os.path.abspath(opts.python_package)
    if not os.path.isdir(os.path.join(opts.python_package, "dyn")):
        raise SystemExit("cannot find the Python package dyn in %s "
                         "(--python-package)" % opts.python_package)
    print("fuzz_reference: dyn-sim from %s, dyn.reference from %s" % (
        opts.tools_dir, opts.python_package))
    seeds = load_seeds()
    return fc.drive("fuzz_reference", opts,
                    lambda o, inp, ctx: check(o, inp, seeds),
                    "generated", "checked against the model")


if __name__ == "__main__":
    sys.exit(main())
