#!/usr/bin/env bash
# The README's test command: sets up, builds the release configuration in
# build/ and runs its whole lit suite (the pytest suite, the install and
# Debian package tests and the fuzzers' smoke mode run as lit tests). The
# last line is "N passed, N failed".
#
#   bash scripts/run-tests.sh               the release build, build/
#   bash scripts/run-tests.sh --sanitizers  the same suite on the tools built
#       with AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/
#       (docs/Testing.md), where any sanitizer report fails the test
#
# .ci/run runs both, the release build first.
set -uo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  "") dir=build; setup=() ;;
  --sanitizers) dir=build-asan; setup=(--sanitizers) ;;
  *) echo "usage: scripts/run-tests.sh [--sanitizers]" >&2; exit 2 ;;
esac
bash scripts/setup.sh "${setup[@]}" || exit 1

if [ "$dir" = build-asan ]; then
  # LLVM's allocator poisons memory the uninstrumented libraries then touch
  # when only dyn is instrumented: allow_user_poisoning=0 avoids the false
  # "use-after-poison" at context creation.
  echo "== the tests under ASan + UBSan (build-asan)"
  export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
else
  echo "== the tests (build)"
fi
log=$(mktemp)
/usr/bin/python3 /usr/lib/llvm-22/bin/lit -v "$dir/test" 2>&1 | tee "$log"

sum() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | awk '{s += $1} END {print s + 0}'; }
passed=$(sum Passed)
# lit pads the names when a summary has several ("Passed     : 74").
failed=$(( $(sum Failed) + $(sum Unresolved) + $(sum "Timed Out") \
           + $(sum "Unexpectedly Passed") ))
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
