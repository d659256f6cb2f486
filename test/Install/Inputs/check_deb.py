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
import sys

from installed import build_consumer, check_python, check_versions, \
    run_consumers, step

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
    build = build_consumer("deb-consumer", args.work, usr, "ROOT/usr")
    run_consumers(build, ("dyn-consumer-c",))
    check_python(os.path.join(usr, "lib", "python3", "dist-packages"), root)
    check_versions(os.path.join(usr, "bin"))

if __name__ == "__main__":
    main()
