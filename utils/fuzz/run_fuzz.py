#!/usr/bin/env python3
"""Differential fuzzing of dyn: random programs, binary vs reference.

    run_fuzz.py [--count N] [--seed S] [--trials T] [--dyn-opt PATH]
                [--dyn-sim PATH] [--jobs J] [--keep-going]
                [--kind data|compute|both]

For each seed in S..S+N-1 it generates a program with gen_program.py (data
movement; tensor compute with --kind compute; --kind both: compute for even
seeds), checks that `dyn-opt` verifies it, and runs

    dyn-sim PROG --entry fuzz --compare --trials T --seed K
            --pipeline-options="arch=A"

for A = gen2 and gen3 (and core_v5 for every fourth seed, core_v4 for
every seventh), where K is derived from the seed. dyn-sim lowers the program
with --lower-to-addr4, serializes, deserializes, simulates and compares with
the reference interpreter on T random inputs (out-of-range scalars and
indices included). On a failure it prints

    FAIL seed=<seed> arch=<arch> (<class>): <output>

and the command that reproduces it, and exits 1 (after the first failure,
unless --keep-going), <class> being one of fuzz_common.py's (mismatch,
rejected: an error diagnostic, crash, ...). Otherwise the last line is

    N programs, M runs, all match

With --model (compute programs), each program is also run on inputs of
its own, as a binary (`dyn-sim PROG --arg ...`, first arch) and with
`--reference`, and both results are compared with the program's NumPy
model (numpy_model.py): a difference is a `model` failure. With
--allow-refused, a program the compiler refuses with a diagnostic located
in it (exit 1, `error:`, about an op of the program) is counted as
refused, not as a failure; a diagnostic about an op the compiler made
(bir, dge, memref, bufferization), a verifier failure or a fault of the
simulated binary still fails. The last line then also counts the
programs refused, and those whose model the inputs leave unspecified.
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import shlex
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import fuzz_common as fc  # noqa: E402
import gen_program  # noqa: E402
import numpy_model  # noqa: E402


def archs_for(seed):
    archs = ["gen2", "gen3"]
    if seed % 4 == 0:
        archs.append("core_v5")
    if seed % 7 == 0:
        archs.append("core_v4")
    return archs


def trial_seed(seed):
    # Distinct inputs per program, reproducible from the seed alone.
    return (seed * 7919 + 1) % (2 ** 31)


def kind_for(seed, kind):
    if kind == "both":
        return "data" if seed % 2 else "compute"
    return kind


def run(cmd, timeout):
    """(class, output) of one run; the class is fuzz_common's."""
    r = fc.run(cmd, timeout)
    return r.kind, (r.out + r.err).strip() or "exit status %d" % r.rc


# A refusal about an op the compiler made, not one of the program: a bug
# of a pass (a verifier error, an access pattern outside its location),
# or a fault of the simulated binary.
INTERNAL = re.compile(r"error: '(bir|dge|memref|bufferization|addr4)\.[\w.]+' "
                      r"op|failed to verify|verification failed|"
                      r"see current operation|error: internal error: ")


# What a refusal says: an op outside what the compiler supports
# (docs/Compute.md, Diagnostics). Any other error on a program that
# verifies (an upstream verifier's complaint about a rewritten op, say)
# is a failure.
REFUSAL = re.compile(r"\.mlir:\d+:\d+: error: ('[\w.]+' op (cannot be lowered|"
                     r"[^\n]*(is not supported|SBUF overflows|more than|"
                     r"has no rule to pad it))|SBUF overflows)")
REFUSALS = collections.Counter()


def refused(cls, out):
    """Whether a run failed with a located refusal of one of the program's
    own ops (not a finding with --allow-refused); counted by message."""
    if cls != "rejected" or "error: mismatch" in out or INTERNAL.search(out):
        return False
    m = REFUSAL.search(out)
    if m:
        line = out[m.start():].split("\n")[0]
        REFUSALS[re.sub(r"\d+", "N", line.split(" error: ", 1)[1])[:150]] += 1
    return bool(m)


def check_model(seed, g, path, arch, opts, workdir):
    """Runs the program on inputs of its own, as a binary and with
    --reference, and compares both with its NumPy model. Returns
    (runs, failures, note) with note "unspecified", "unmodelled" or
    "refused" when the model was not checked."""
    rng = random.Random("model-%d" % seed)
    fns = g.model()
    for attempt in range(4):
        inputs = numpy_model.make_inputs(g.args, rng,
                                         special=0.1 if attempt < 2 else 0)
        if inputs is None:
            return 0, [], "unmodelled"
        try:
            model = numpy_model.models(fns, g.args, g.results, inputs)
            break
        except numpy_model.Unspecified:
            continue
        except (numpy_model.Unmodelled, KeyError):
            return 0, [], "unmodelled"
    else:
        return 0, [], "unspecified"
    base = os.path.join(workdir, "model-%d" % seed)
    os.makedirs(base, exist_ok=True)
    argv = []
    for k, (name, ty) in enumerate(g.args):
        v = inputs[name]
        if isinstance(v, int):
            argv += ["--arg", str(v)]
        else:
            argv += ["--arg", numpy_model.write_npy(
                os.path.join(base, "arg%d.npy" % k), v, ty)]
    runs, failures, note = 0, [], None
    for how in ("binary", "reference"):
        out_dir = os.path.join(base, how)
        cmd = [opts.dyn_sim, path, "--entry", "fuzz"] + argv + [
            "--out", out_dir] + (["--reference"] if how == "reference" else
                                 ["--pipeline-options=arch=%s%s" % (
                                     arch, opts.extra)])
        cls, out = run(cmd, opts.timeout)
        runs += 1
        repro = "%s (inputs: %s)" % (" ".join(map(shlex.quote, cmd)), base)
        if cls != "ok":
            if how == "reference" and cls == "rejected" and \
                    "(reference) undefined behaviour" in out:
                note = "unspecified"
                continue
            if how == "binary" and opts.allow_refused and refused(cls, out):
                note = "refused"
                continue
            failures.append((seed, "model/" + how, cls, out, repro, path))
            continue
        got, sizes = numpy_model.read_results(out_dir, len(g.results))
        diff = "no result files" if got is None else numpy_model.compare(
            got, sizes, model, g.results)
        if diff:
            failures.append((seed, "model/" + how, "model",
                             "%s: %s" % (how, diff), repro, path))
    return runs, failures, note


def check_seed(seed, opts, workdir):
    """Returns (runs, failures, notes); a failure is (seed, arch, class,
    output, repro, path); notes count refused, unmodelled and unspecified
    programs."""
    kind = kind_for(seed, opts.kind)
    g = gen_program.make(seed, opts.max_ops, opts.elems.split(","),
                         opts.scale, kind, opts.views, opts.reshapes)
    text = g.text
    path = os.path.join(workdir, "fuzz-%d.mlir" % seed)
    with open(path, "w") as f:
        f.write(text)
    gen = "python3 %s %d%s%s > fuzz-%d.mlir" % (
        shlex.quote(os.path.join(HERE, "gen_program.py")), seed,
        " --kind compute" if kind == "compute" else "", opts.gen_flags, seed)
    failures = []
    notes = collections.Counter()
    runs = 0
    if opts.verify:
        cls, out = run([opts.dyn_opt, path, "-o", os.devnull], opts.timeout)
        if cls != "ok":
            repro = "%s && %s fuzz-%d.mlir" % (gen, opts.dyn_opt, seed)
            return 0, [(seed, "verify", cls, out, repro, path)], notes
    k = trial_seed(seed)
    archs = opts.archs.split(",") if opts.archs else archs_for(seed)
    if opts.model and kind == "compute":
        r, fails, note = check_model(seed, g, path, archs[-1], opts, workdir)
        runs += r
        failures += fails
        if note:
            notes[note] += 1
        if note == "refused":
            return runs, failures, notes
    for arch in archs:
        cmd = [opts.dyn_sim, path, "--entry", "fuzz", "--compare",
               "--trials", str(opts.trials), "--seed", str(k),
               "--pipeline-options=arch=%s%s" % (arch, opts.extra)]
        cls, out = run(cmd, opts.timeout)
        runs += 1
        # Every trial drew inputs whose result the source leaves undefined:
        # --compare fails, having compared nothing; not a finding.
        if cls == "rejected" and "every trial was skipped" in out:
            notes["all trials skipped"] += 1
            continue
        if cls == "ok" and "matches the reference" not in out:
            cls = "silent"
        if opts.allow_refused and refused(cls, out):
            notes["refused"] += 1
            break
        if cls != "ok":
            repro = "%s && %s fuzz-%d.mlir --entry fuzz --compare --trials %d " \
                    "--seed %d --pipeline-options=\"arch=%s%s\"" % (
                        gen, opts.dyn_sim, seed, opts.trials, k, arch, opts.extra)
            failures.append((seed, arch, cls, out, repro, path))
            if not opts.keep_going:
                break
    return runs, failures, notes


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=40, help="programs (default 40)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    p.add_argument("--seeds", default=None,
                   help="comma-separated seeds to run instead of --seed and "
                        "--count")
    p.add_argument("--trials", type=int, default=3,
                   help="random inputs per program and arch (default 3)")
    p.add_argument("--dyn-opt", default="dyn-opt")
    p.add_argument("--dyn-sim", default="dyn-sim")
    p.add_argument("--kind", choices=gen_program.KINDS + ["both"],
                   default="data",
                   help="data movement (the default), tensor compute, or "
                        "both (compute for even seeds)")
    p.add_argument("--max-ops", type=int, default=None,
                   help="passed to gen_program.py (default 7; compute 8)")
    p.add_argument("--elems", default=",".join(gen_program.ELEMS),
                   help="passed to gen_program.py (default f32,i32)")
    p.add_argument("--scale", type=int, default=1,
                   help="passed to gen_program.py (default 1)")
    p.add_argument("--jobs", "-j", type=int, default=1,
                   help="programs checked in parallel (default 1)")
    p.add_argument("--no-verify", dest="verify", action="store_false",
                   help="skip the separate `dyn-opt PROGRAM` verification")
    p.add_argument("--keep-going", action="store_true",
                   help="report every failure, not just the first")
    p.add_argument("--timeout", type=int, default=120,
                   help="CPU seconds per tool run (default 120)")
    p.add_argument("--options", default="",
                   help="more --lower-to-addr4 options, e.g. "
                        "\"vector-route=swdge max-descriptor-bytes=64\"")
    p.add_argument("--archs", default=None,
                   help="comma-separated archs for every program (default: "
                        "gen2,gen3, plus core_v5 every 4th and core_v4 every "
                        "7th seed)")
    p.add_argument("--model", action="store_true",
                   help="also compare each compute program's results on "
                        "inputs of its own with its NumPy model")
    p.add_argument("--allow-refused", action="store_true",
                   help="count a program refused with a diagnostic located "
                        "in it as refused, not as a failure")
    p.add_argument("--no-views", dest="views", action="store_false",
                   help="passed to gen_program.py")
    p.add_argument("--reshapes", action="store_true",
                   help="passed to gen_program.py (the compiler refuses "
                        "them: use with --allow-refused)")
    p.add_argument("--save-dir", default=None,
                   help="where failing programs are kept (default: a new "
                        "temporary directory)")
    opts = p.parse_args()
    opts.dyn_sim = fc.require_tool(opts.dyn_sim, "--dyn-sim")
    if opts.verify:
        opts.dyn_opt = fc.require_tool(opts.dyn_opt, "--dyn-opt")
    opts.extra = (" " + opts.options) if opts.options else ""
    opts.gen_flags = ""
    if opts.max_ops is not None:
        opts.gen_flags += " --max-ops %d" % opts.max_ops
    if opts.elems != ",".join(gen_program.ELEMS):
        opts.gen_flags += " --elems " + opts.elems
    if opts.scale != 1:
        opts.gen_flags += " --scale %d" % opts.scale
    if not opts.views:
        opts.gen_flags += " --no-views"
    if opts.reshapes:
        opts.gen_flags += " --reshapes"

    failed = {}  # seed -> class of its first failure
    runs = 0
    notes = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="dyn-fuzz-") as workdir:
        seeds = range(opts.seed, opts.seed + opts.count)
        if opts.seeds:
            seeds = [int(x) for x in opts.seeds.split(",")]
            opts.count = len(seeds)
        with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
            futures = [pool.submit(check_seed, s, opts, workdir) for s in seeds]
            for fut in futures:
                r, fails, n = fut.result()
                runs += r
                notes.update(n)
                for seed, arch, cls, out, repro, path in fails:
                    if not opts.save_dir:
                        opts.save_dir = tempfile.mkdtemp(prefix="dyn-fuzz-fail-")
                    save = opts.save_dir
                    os.makedirs(save, exist_ok=True)
                    kept = os.path.join(save, os.path.basename(path))
                    with open(path) as src, open(kept, "w") as dst:
                        dst.write(src.read())
                    inputs = os.path.join(workdir, "model-%d" % seed)
                    if arch.startswith("model/") and os.path.isdir(inputs):
                        # The model's inputs, kept with the program.
                        shutil.copytree(inputs, os.path.join(
                            save, "model-%d" % seed), dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("binary", "reference"))
                        repro = repro.replace(workdir, save)
                    print("FAIL seed=%d arch=%s (%s): %s" % (seed, arch, cls, out))
                    print("  program: %s" % kept)
                    print("  reproduce: %s" % repro)
                    sys.stdout.flush()
                    failed.setdefault(seed, cls)
                if failed and not opts.keep_going:
                    for f in futures:
                        f.cancel()
                    break
    for msg, n in REFUSALS.most_common():
        print("refused %d x %s" % (n, msg))
    extra = ""
    if notes:
        extra = " (%s)" % ", ".join("%d %s" % (notes[k], k) for k in sorted(notes))
    if failed:
        counts = collections.Counter(failed.values())
        print("%d failing program(s) (%s): seeds %s%s" % (
            len(failed), ", ".join("%d %s" % (n, c) for c, n in sorted(counts.items())),
            " ".join(map(str, sorted(failed))), extra))
        return 1
    print("%d programs, %d runs, all match%s" % (opts.count, runs, extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
