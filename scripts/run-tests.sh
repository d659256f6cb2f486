#!/usr/bin/env bash
# Sets up, builds, and runs every test; the last line is "N passed, N failed".
#
# Two configurations run the lit suite: the release build in build/, and an
# AddressSanitizer + UndefinedBehaviorSanitizer build of the tools in
# build-asan/ (docs/Testing.md), where any sanitizer report fails the test.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
bash scripts/setup.sh --sanitizers || exit 1

log=$(mktemp)
lit=(/usr/bin/python3 /usr/lib/llvm-22/bin/lit -v)
"${lit[@]}" build/test 2>&1 | tee "$log" || true
# LLVM's allocator poisons memory the uninstrumented libraries then touch
# when only dyn is instrumented: allow_user_poisoning=0 avoids the false
# "use-after-poison" at context creation.
echo "== the same tests under ASan + UBSan (build-asan)"
ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "${lit[@]}" build-asan/test 2>&1 | tee -a "$log" || true

sum() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | awk '{s += $1} END {print s + 0}'; }
passed=$(( $(sum Passed) + 0 ))
# lit pads the names when a summary has several ("Passed     : 74").
failed=$(( $(sum Failed) + $(sum Unresolved) + $(sum "Timed Out") \
           + $(sum "Unexpectedly Passed") ))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
