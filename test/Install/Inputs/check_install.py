#!/usr/bin/env python3
"""Installs a dyn build tree and builds a consumer project against it.

    check_install.py --build DIR --work DIR

Runs `cmake --install DIR --prefix WORK/prefix`, then configures and builds
Inputs/consumer with only the prefix on CMAKE_PREFIX_PATH (ccache as the
compiler launcher when there is one), and runs the consumers (C++ and C), the
installed Python package on the decode step (against the reference) and
the installed tools' --version. A failing step prints its output and exits 1.
"""

import argparse
import os
import shutil
import subprocess
import sys


PYTHON_CHECK = """
import os, sys, numpy as np, dyn
source = open(sys.argv[1]).read()
rng = np.random.default_rng(1)
args = (rng.random((64, 32), dtype=np.float32),
        rng.random((1, 32), dtype=np.float32), 21,
        rng.random((9, 32), dtype=np.float32), np.zeros((64, 32), np.float32))
got = dyn.compile(source).simulate(*args)
want = dyn.reference(source, *args)
same = all((g == w).all() for g, w in zip(got, want))
installed = dyn.__file__.startswith(os.environ["PYTHONPATH"])
print("python: from the prefix", installed, "|", len(got),
      "results, same as the reference:", same)
"""


def step(what, command, env=None):
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"{what} failed ({' '.join(command)}):\n"
                 f"{run.stdout[-3000:]}{run.stderr[-3000:]}")
    return run.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    prefix = os.path.join(args.work, "prefix")
    shutil.rmtree(args.work, ignore_errors=True)
    step("install", ["cmake", "--install", args.build, "--prefix", prefix])
    print("installed:", ", ".join(sorted(os.listdir(
        os.path.join(prefix, "lib", "cmake", "dyn")))))
    configure = ["cmake", "-S",
                 os.path.join(os.path.dirname(__file__), "consumer"),
                 "-B", os.path.join(args.work, "consumer"), "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_PREFIX_PATH={prefix}"]
    if shutil.which("ccache"):
        configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
    for line in step("configure", configure).splitlines():
        if "dyn " in line and " from " in line:
            print(line.replace(prefix, "PREFIX"))
    step("build", ["cmake", "--build", os.path.join(args.work, "consumer")])
    kv_write = os.path.join(os.path.dirname(__file__), "..", "..", "CAPI",
                            "Inputs", "kv-write.mlir")
    for consumer in ("dyn-consumer", "dyn-consumer-c"):
        print(step("run", [os.path.join(args.work, "consumer", consumer),
                           kv_write]), end="")
    # The installed Python package, with only PYTHONPATH set.
    env = dict(os.environ, PYTHONPATH=os.path.join(prefix, "python_packages"))
    example = os.path.join(os.path.dirname(__file__), "..", "..", "..",
                           "examples", "decode_step.mlir")
    print(step("python", [sys.executable, "-c", PYTHON_CHECK, example],
               env=env), end="")
    for tool in ("dyn-opt", "dyn-translate", "dyn-sim", "dyn-lsp-server"):
        version = step(tool, [os.path.join(prefix, "bin", tool), "--version"])
        print(tool, [l.strip() for l in version.splitlines()
                     if l.strip().startswith("dyn version")][0])


if __name__ == "__main__":
    main()
