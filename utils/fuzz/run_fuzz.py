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
"""

import argparse
import collections
import concurrent.futures
import os
import shlex
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import fuzz_common as fc  # noqa: E402
import gen_program  # noqa: E402


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


def check_seed(seed, opts, workdir):
    """Returns (runs, failures); a failure is (seed, arch, class, output,
    repro, path)."""
    kind = kind_for(seed, opts.kind)
    text = gen_program.generate(seed, opts.max_ops, opts.elems.split(","),
                                opts.scale, kind)
    path = os.path.join(workdir, "fuzz-%d.mlir" % seed)
    with open(path, "w") as f:
        f.write(text)
    gen = "python3 %s %d%s%s > fuzz-%d.mlir" % (
        shlex.quote(os.path.join(HERE, "gen_program.py")), seed,
        " --kind compute" if kind == "compute" else "", opts.gen_flags, seed)
    failures = []
    runs = 0
    if opts.verify:
        cls, out = run([opts.dyn_opt, path, "-o", os.devnull], opts.timeout)
        if cls != "ok":
            repro = "%s && %s fuzz-%d.mlir" % (gen, opts.dyn_opt, seed)
            return 0, [(seed, "verify", cls, out, repro, path)]
    k = trial_seed(seed)
    for arch in opts.archs.split(",") if opts.archs else archs_for(seed):
        cmd = [opts.dyn_sim, path, "--entry", "fuzz", "--compare",
               "--trials", str(opts.trials), "--seed", str(k),
               "--pipeline-options=arch=%s%s" % (arch, opts.extra)]
        cls, out = run(cmd, opts.timeout)
        runs += 1
        if cls == "ok" and "matches the reference" not in out:
            cls = "silent"
        if cls != "ok":
            repro = "%s && %s fuzz-%d.mlir --entry fuzz --compare --trials %d " \
                    "--seed %d --pipeline-options=\"arch=%s%s\"" % (
                        gen, opts.dyn_sim, seed, opts.trials, k, arch, opts.extra)
            failures.append((seed, arch, cls, out, repro, path))
            if not opts.keep_going:
                break
    return runs, failures


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=40, help="programs (default 40)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
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

    failed = {}  # seed -> class of its first failure
    runs = 0
    with tempfile.TemporaryDirectory(prefix="dyn-fuzz-") as workdir:
        seeds = range(opts.seed, opts.seed + opts.count)
        with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
            futures = [pool.submit(check_seed, s, opts, workdir) for s in seeds]
            for fut in futures:
                r, fails = fut.result()
                runs += r
                for seed, arch, cls, out, repro, path in fails:
                    if not opts.save_dir:
                        opts.save_dir = tempfile.mkdtemp(prefix="dyn-fuzz-fail-")
                    save = opts.save_dir
                    os.makedirs(save, exist_ok=True)
                    kept = os.path.join(save, os.path.basename(path))
                    with open(path) as src, open(kept, "w") as dst:
                        dst.write(src.read())
                    print("FAIL seed=%d arch=%s (%s): %s" % (seed, arch, cls, out))
                    print("  program: %s" % kept)
                    print("  reproduce: %s" % repro)
                    sys.stdout.flush()
                    failed.setdefault(seed, cls)
                if failed and not opts.keep_going:
                    for f in futures:
                        f.cancel()
                    break
    if failed:
        counts = collections.Counter(failed.values())
        print("%d failing program(s) (%s): seeds %s" % (
            len(failed), ", ".join("%d %s" % (n, c) for c, n in sorted(counts.items())),
            " ".join(map(str, sorted(failed)))))
        return 1
    print("%d programs, %d runs, all match" % (opts.count, runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
