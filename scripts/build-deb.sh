#!/usr/bin/env bash
# Builds the Debian package build/dyn_<version>_<arch>.deb: sets up and
# builds the release configuration (scripts/setup.sh), then runs
# `cpack -G DEB` in build/ (cmake/DynPackage.cmake says what goes where).
# Install it with `apt install ./build/dyn_<version>_<arch>.deb`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== packaging: cpack -G DEB in build/"
(cd build && cpack -G DEB >/dev/null)
ls build/dyn_*.deb
