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
import sys

from installed import build_consumer, check_python, check_versions, \
    run_consumers, step


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
    build = build_consumer("consumer", args.work, prefix, "PREFIX")
    run_consumers(build, ("dyn-consumer", "dyn-consumer-c"))
    # The installed Python package, with only PYTHONPATH set.
    check_python(os.path.join(prefix, "python_packages"), prefix)
    check_versions(os.path.join(prefix, "bin"))


if __name__ == "__main__":
    main()
