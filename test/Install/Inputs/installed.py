"""What the install test and the Debian package test share: running a step,
and using an installed dyn (a consumer project, the Python package, the
tools' --version) once it is found in a tree."""

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KV_WRITE = os.path.join(HERE, "..", "..", "CAPI", "Inputs", "kv-write.mlir")
EXAMPLE = os.path.join(HERE, "..", "..", "..", "examples", "decode_step.mlir")
TOOLS = ("dyn-opt", "dyn-translate", "dyn-sim", "dyn-lsp-server")

# Compiles and simulates the decode step with the installed package, checks
# it against the reference, and prints where `dyn` was imported from,
# relative to argv[2].
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
print("python: import dyn from",
      os.path.relpath(os.path.dirname(dyn.__file__), sys.argv[2]), "|",
      len(got), "results, same as the reference:", same)
"""


def step(what, command, env=None):
    """Runs `command`; exits 1 with its output when it fails."""
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"{what} failed ({' '.join(command)}):\n"
                 f"{run.stdout[-3000:]}{run.stderr[-3000:]}")
    return run.stdout


def build_consumer(source, work, prefix, label):
    """Configures and builds the consumer project `source` (a directory of
    Inputs) with only `prefix` on CMAKE_PREFIX_PATH; prints the line that
    says where dyn was found, `prefix` shown as `label`. Returns the build
    directory."""
    build = os.path.join(work, "consumer")
    configure = ["cmake", "-S", os.path.join(HERE, source), "-B", build,
                 "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                 f"-DCMAKE_PREFIX_PATH={prefix}"]
    if shutil.which("ccache"):
        configure += ["-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                      "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
    for line in step("configure", configure).splitlines():
        if "dyn " in line and " from " in line:
            print(line.replace(prefix, label).lstrip("- "))
    step("build", ["cmake", "--build", build])
    return build


def run_consumers(build, names):
    """Runs each consumer on a KV write and prints what it printed."""
    for name in names:
        print(step("run", [os.path.join(build, name), KV_WRITE]), end="")


def check_python(python_path, root):
    """The decode step through the Python package found on `python_path`."""
    env = dict(os.environ, PYTHONPATH=python_path)
    print(step("python", [sys.executable, "-c", PYTHON_CHECK, EXAMPLE, root],
               env=env), end="")


def check_versions(bindir):
    """Prints each installed tool's --version, its lines joined by `|`."""
    for tool in TOOLS:
        version = step(tool, [os.path.join(bindir, tool), "--version"])
        print(tool, "|".join(l.strip() for l in version.splitlines()))
