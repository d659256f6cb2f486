#!/usr/bin/env bash
# Sets up, builds, and runs every test; the last line is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
log=$(mktemp)
/usr/bin/python3 /usr/lib/llvm-22/bin/lit -v build/test 2>&1 | tee "$log" \
  || true
count() { sed -n "s/^ *$1: *\([0-9]*\).*/\1/p" "$log" | tail -n 1; }
passed=$(( $(count Passed || true) + 0 ))
failed=$(( $(count Failed || true) + $(count 'Unresolved' || true) + 0 ))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
