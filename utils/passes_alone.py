#!/usr/bin/env python3
"""Runs every dyn pass alone on the IR the pipeline feeds it.

    passes_alone.py --dyn-opt PATH [--pipeline P]... INPUT.mlir...

For each input and pipeline (default: --lower-to-addr4 at gen2 and gen3) it
records the module before each pass the pipeline runs (-mlir-print-ir-before-all at module
scope), then runs each dynshape-, bir-, dge-, convert- and addr4- pass on
its own on that module with default options. A pass may succeed or reject
its input with a located `error:`; a crash, an assertion, a hang (10 s) or
a failure without a located diagnostic is reported, with the command that
reproduces it, and the exit status is 1. The last line is

    N runs of P passes on M inputs: all succeeded or gave a located error
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

OWN = ("dynshape-", "bir-", "dge-", "convert-", "addr4-")
HEADER = re.compile(r"^// -----// IR Dump Before \S+ \(([\w-]+)\)")
LOCATED = re.compile(r"^[^\s:]+:\d+:\d+: error: ", re.M)


def dumps(dyn_opt, path, pipeline):
    """(pass argument, module text) before each pass of `pipeline`."""
    run = subprocess.run(
        [dyn_opt, path, pipeline, "-mlir-print-ir-before-all",
         "-mlir-print-ir-module-scope", "-mlir-disable-threading",
         "-o", os.devnull],
        capture_output=True, text=True, timeout=60)
    # A pipeline that rejects the input still shows the IR before each pass
    # it ran, up to the one that rejected it.
    current, lines = None, []
    for line in run.stderr.splitlines():
        match = HEADER.match(line)
        if match:
            if current:
                yield current, "\n".join(lines)
            current, lines = match.group(1), []
        elif current:
            lines.append(line)
    if current:
        yield current, "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dyn-opt", required=True)
    parser.add_argument("--pipeline", action="append")
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    pipelines = args.pipeline or ["--lower-to-addr4=arch=gen2",
                                  "--lower-to-addr4=arch=gen3"]
    runs, passes, failures = 0, set(), []
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.inputs:
            for pipeline in pipelines:
                for i, (name, text) in enumerate(dumps(args.dyn_opt, path,
                                                       pipeline)):
                    if not name.startswith(OWN):
                        continue
                    before = os.path.join(tmp, f"{len(failures)}-{i}.mlir")
                    with open(before, "w") as f:
                        f.write(text)
                    command = [args.dyn_opt, before, f"--{name}",
                               "-o", os.devnull]
                    runs += 1
                    passes.add(name)
                    try:
                        run = subprocess.run(command, capture_output=True,
                                             text=True, timeout=10)
                    except subprocess.TimeoutExpired:
                        failures.append((path, pipeline, name, "hang", text))
                        continue
                    ok = run.returncode == 0 or (
                        run.returncode == 1 and LOCATED.search(run.stderr))
                    if not ok:
                        failures.append((path, pipeline, name,
                                         f"exit {run.returncode}: "
                                         f"{run.stderr[-2000:]}", text))
    for path, pipeline, name, what, text in failures:
        print(f"FAIL {name} alone, on {path} before it in {pipeline}: {what}")
    if failures:
        return 1
    print(f"{runs} runs of {len(passes)} passes on {len(args.inputs)} "
          "inputs: all succeeded or gave a located error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
