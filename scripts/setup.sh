#!/usr/bin/env bash
# Installs what dyn needs on Debian 12 (as root), then configures and builds
# it in ./build. Safe to run again: it installs only what is missing and
# rebuilds incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
          pybind11-dev python3-dev python3-pytest
          cmake ninja-build g++ python3 python3-numpy ccache libjemalloc-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# `setup.sh` builds the release configuration in build/; `setup.sh
# --example` only the tools scripts/run-example.sh runs (the rest of
# build/ is left to the test command); `setup.sh --sanitizers` the tools
# the tests run, instrumented with ASan + UBSan, in build-asan/.
dir=build
flags=()
targets=(all mlir-doc)
case "${1:-}" in
  "") ;;
  --example) targets=(dyn-opt dyn-translate dyn-sim) ;;
  --sanitizers)
    dir=build-asan
    flags=(-DDYN_ENABLE_SANITIZERS=ON)
    targets=(dyn-opt dyn-translate dyn-sim dyn-capi-test dyn-lsp-server mlir-doc) ;;
  *) echo "usage: scripts/setup.sh [--example | --sanitizers]" >&2; exit 2 ;;
esac
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DPython3_EXECUTABLE=/usr/bin/python3 "${flags[@]}" \
    "${launcher[@]}" >/dev/null
fi
echo "== building $dir"
buildlog=$(mktemp)
if ! ninja -C "$dir" "${targets[@]}" >"$buildlog" 2>&1; then
  grep -E "error|FAILED" -A5 "$buildlog" | head -60
  exit 1
fi
echo "== built in $dir: ${targets[*]}"
