#!/usr/bin/env python3
"""Builds the Debian package of a dyn build tree and uses it unpacked.

    check_deb.py --build DIR --work DIR

Runs `cpack -G DEB` with the build tree's CPackConfig.cmake into WORK/pkg,
prints the package's name and control fields and checks where its files
go, unpacks it with `dpkg-deb -x` into WORK/root (the package's /usr is
WORK/root/usr), then: configures Inputs/deb-consumer with only that /usr
on CMAKE_PREFIX_PATH (find_package(Dyn)), builds its C API program and
runs it; imports the Python package from the package's own directory,
usr/lib/python3/dist-packages (the one place PYTHONPATH names: installed
with dpkg, that directory is /usr/lib/python3/dist-packages, which Debian's
python3 searches without it), and compiles and simulates the decode step
with it; and runs the packaged tools' --version. A failing step prints its
output and exits 1.
"""

import argparse
import glob
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
print("python: import dyn from",
      os.path.relpath(os.path.dirname(dyn.__file__), sys.argv[2]), "|",
      len(got), "results, same as the reference:", same)
"""

# Paths the package must hold (relative to its root), one per kind.
EXPECTED = [
    "usr/bin/dyn-opt", "usr/bin/dyn-translate", "usr/bin/dyn-sim",
    "usr/bin/dyn-lsp-server",
    "usr/lib/libDynPipelines.a", "usr/lib/libDynCAPI.a",
    "usr/include/dyn/InitAll.h", "usr/include/dyn/Version.h",
    "usr/include/dyn-c/Registration.h",
    "usr/lib/cmake/dyn/DynConfig.cmake", "usr/lib/cmake/dyn/DynTargets.cmake",
    "usr/lib/python3/dist-packages/dyn/__init__.py",
    "usr/share/doc/dyn/LICENSE",
]


def step(what, command, env=None, cwd=None):
    run = subprocess.run(command, capture_output=True, text=True, env=env,
                         cwd=cwd)
    if run.returncode != 0:
        sys.exit(f"{what} failed ({' '.join(command)}):\n"
                 f"{run.stdout[-3000:]}{run.stderr[-3000:]}")
    return run.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    pkg = os.path.join(args.work, "pkg")
    root = os.path.join(args.work, "root")
    os.makedirs(pkg)

    cpack = os.path.join(os.path.dirname(shutil.which("cmake")), "cpack")
    step("cpack", [cpack, "-G", "DEB", "--config",
                   os.path.join(args.build, "CPackConfig.cmake"), "-B", pkg])
    debs = glob.glob(os.path.join(pkg, "*.deb"))
    if len(debs) != 1:
        sys.exit(f"cpack made {len(debs)} packages: {debs}")
    deb = debs[0]
    print("package:", os.path.basename(deb))
    fields = step("dpkg-deb", ["dpkg-deb", "-f", deb, "Package", "Version",
                               "Architecture", "Depends"])
    print(fields, end="")

    files = [line.split()[-1].lstrip(".").lstrip("/") for line in
             step("dpkg-deb", ["dpkg-deb", "-c", deb]).splitlines()]
    missing = [p for p in EXPECTED if p not in files]
    python = [p for p in files if "python" in p and p.endswith(".so")]
    print("contents:", len(files), "entries; missing:", missing or "none")
    print("python extension:", *[os.path.dirname(p) for p in python])
    print("outside usr/:", [p for p in files if p and not p.startswith("usr")]
          or "none", "| python_packages/:",
          [p for p in files if "python_packages" in p] or "none")

    step("dpkg-deb -x", ["dpkg-deb", "-x", deb, root])
    usr = os.path.join(root, "usr")
    configure = ["cmake", "-S",
                 os.path.join(os.path.dirname(__file__), "deb-consumer"),
                 "-B", os.path.join(args.work, "consumer"), "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_PREFIX_PATH={usr}"]
    for line in step("configure", configure).splitlines():
        if "dyn " in line and " from " in line:
            print(line.replace(root, "ROOT").lstrip("- "))
    step("build", ["cmake", "--build", os.path.join(args.work, "consumer")])
    kv_write = os.path.join(os.path.dirname(__file__), "..", "..", "CAPI",
                            "Inputs", "kv-write.mlir")
    print(step("run", [os.path.join(args.work, "consumer", "dyn-consumer-c"),
                       kv_write]), end="")

    env = dict(os.environ,
               PYTHONPATH=os.path.join(usr, "lib", "python3", "dist-packages"))
    example = os.path.join(os.path.dirname(__file__), "..", "..", "..",
                           "examples", "decode_step.mlir")
    print(step("python", [sys.executable, "-c", PYTHON_CHECK, example, root],
               env=env), end="")
    for tool in ("dyn-opt", "dyn-translate", "dyn-sim", "dyn-lsp-server"):
        version = step(tool, [os.path.join(usr, "bin", tool), "--version"])
        print(tool, "|".join(l.strip() for l in version.splitlines()))


if __name__ == "__main__":
    main()
