#!/usr/bin/env python3
"""Runs every dyn pass alone on the IR the pipeline feeds it.

    passes_alone.py --dyn-opt PATH [--pipeline P]... [--jobs J] INPUT.mlir...

For each input and pipeline (default: --lower-to-addr4 at gen2 and gen3) it
records the module before each pass the pipeline runs
(-mlir-print-ir-before-all at module scope), then runs each dynshape-, bir-,
dge-, convert- and addr4- pass on its own on that module with default
options. A pass may succeed or reject its input with a located `error:`; a
crash, an assertion, a hang (10 s) or a failure without a located
diagnostic is reported with the input, pipeline and pass that reproduce
it, and the exit status is 1. The last line is

    N runs of P passes on M inputs: all succeeded or gave a located error

Each distinct (pass, module) pair runs once. The modules of one pass go to
one dyn-opt process as `--split-input-file` chunks, since starting dyn-opt
costs far more than running a pass on a test-sized module: a batch that
exits 0, or whose every failing chunk names itself in a located error, is
settled; anything else (a crash, a hang, a failure nobody located) is rerun
one module per process, and those runs give the verdict.
"""

import argparse
import bisect
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

OWN = ("dynshape-", "bir-", "dge-", "convert-", "addr4-")
HEADER = re.compile(r"^// -----// IR Dump Before \S+ \(([\w-]+)\)")
LOCATED = re.compile(r"^[^\s:]+:\d+:\d+: error: ", re.M)
SEPARATOR = "// -----"
TIMEOUT = 10  # seconds a pass may take on one test-sized module


def dumps(dyn_opt, path, pipeline):
    """[(pass argument, module text)] before each pass of `pipeline`."""
    run = subprocess.run(
        [dyn_opt, path, pipeline, "-mlir-print-ir-before-all",
         "-mlir-print-ir-module-scope", "-mlir-disable-threading",
         "-o", os.devnull],
        capture_output=True, text=True, timeout=60)
    # A pipeline that rejects the input still shows the IR before each pass
    # it ran, up to the one that rejected it.
    result, current, lines = [], None, []
    for line in run.stderr.splitlines():
        match = HEADER.match(line)
        if match:
            if current:
                result.append((current, "\n".join(lines)))
            current, lines = match.group(1), []
        elif current:
            lines.append(line)
    if current:
        result.append((current, "\n".join(lines)))
    return result


def run_alone(dyn_opt, tmp, name, index, text):
    """The failure of pass `name` alone on one module, or None."""
    before = os.path.join(tmp, f"{name}-{index}.mlir")
    with open(before, "w") as f:
        f.write(text)
    try:
        run = subprocess.run([dyn_opt, before, f"--{name}", "-o", os.devnull],
                             capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "hang"
    if run.returncode == 0 or (run.returncode == 1
                               and LOCATED.search(run.stderr)):
        return None
    return f"exit {run.returncode}: {run.stderr[-2000:]}"


def unsettled(dyn_opt, tmp, name, texts):
    """Indices of `texts` that one batched run of `name` does not settle."""
    batch = os.path.join(tmp, f"{name}.mlir")
    starts, line = [], 1
    with open(batch, "w") as f:
        for i, text in enumerate(texts):
            chunk = (f"\n{SEPARATOR}\n" if i else "") + text
            starts.append(line + (2 if i else 0))
            line += chunk.count("\n")
            f.write(chunk)
    try:
        run = subprocess.run(
            [dyn_opt, batch, "--split-input-file", f"--{name}",
             "-o", os.devnull],
            capture_output=True, text=True,
            timeout=TIMEOUT + len(texts))
    except subprocess.TimeoutExpired:
        return list(range(len(texts)))
    if run.returncode == 0:
        return []
    if run.returncode != 1:
        return list(range(len(texts)))
    located = set()
    for match in re.finditer(rf"^{re.escape(batch)}:(\d+):\d+: error: ",
                             run.stderr, re.M):
        located.add(bisect.bisect_right(starts, int(match.group(1))) - 1)
    # A chunk that reported no error may still have failed silently: the
    # rest go round again until a batch passes or nothing new is located.
    rest = [i for i in range(len(texts)) if i not in located]
    if not located or not rest:
        return rest
    return [rest[i] for i in unsettled(dyn_opt, tmp, name,
                                       [texts[i] for i in rest])]


def check_pass(dyn_opt, tmp, name, modules):
    """[(origin, failure)] of pass `name` on its distinct modules."""
    texts = list(modules)
    failures = []
    for i in unsettled(dyn_opt, tmp, name, texts):
        what = run_alone(dyn_opt, tmp, name, i, texts[i])
        if what:
            failures.append((modules[texts[i]], what))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dyn-opt", required=True)
    parser.add_argument("--pipeline", action="append")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    pipelines = args.pipeline or ["--lower-to-addr4=arch=gen2",
                                  "--lower-to-addr4=arch=gen3"]
    jobs = [(path, pipeline) for path in args.inputs for pipeline in pipelines]
    # pass -> {module text: (input, pipeline) it first came from}
    by_pass = {}
    with ThreadPoolExecutor(args.jobs) as pool:
        for origin, found in zip(jobs, pool.map(
                lambda job: dumps(args.dyn_opt, *job), jobs)):
            for name, text in found:
                if name.startswith(OWN):
                    by_pass.setdefault(name, {}).setdefault(text, origin)
        with tempfile.TemporaryDirectory() as tmp:
            results = list(pool.map(
                lambda item: check_pass(args.dyn_opt, tmp, *item),
                sorted(by_pass.items())))
    failures = [(name, *f) for name, found in zip(sorted(by_pass), results)
                for f in found]
    for name, (path, pipeline), what in failures:
        print(f"FAIL {name} alone, on {path} before it in {pipeline}: {what}")
    if failures:
        return 1
    runs = sum(len(modules) for modules in by_pass.values())
    print(f"{runs} runs of {len(by_pass)} passes on {len(args.inputs)} "
          "inputs: all succeeded or gave a located error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
