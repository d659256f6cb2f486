"""Drops each of a function's semaphores in turn (the pipeline's
test-drop-semaphore option) and checks that dyn-sim reports a race naming
two instructions every time, and no race without a drop.

usage: check_races.py DYN_SIM FILE ENTRY PAIRS [REDUNDANT]

REDUNDANT, a comma-separated list of pair numbers, names the pairs the
caller explains as redundant: their drop must run clean (no race, the
reference's numbers), and every other drop must be caught."""
import re
import subprocess
import sys

sim, path, entry, pairs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
redundant = {int(n) for n in sys.argv[5].split(",")} if len(sys.argv) > 5 else set()


def run(drop):
    cmd = [sim, path, "--entry", entry, "--compare", "--trials", "2"]
    if drop is not None:
        cmd += ["--pipeline-options", "test-drop-semaphore=%d" % drop]
    return subprocess.run(cmd, capture_output=True, text=True)


clean = run(None)
if clean.returncode != 0:
    sys.exit("no drop: dyn-sim failed:\n" + clean.stderr)
race = re.compile(r"error: race: \S+ at \S+( \(its transfer\))? "
                  r"(reads|writes) bytes that \S+ at \S+")
caught = 0
for n in range(pairs + 1):
    result = run(n)
    if n == pairs or n in redundant:
        if result.returncode != 0:
            sys.exit("drop %d (%s) failed:\n%s" % (
                n, "redundant" if n in redundant else "past the last pair",
                result.stderr))
        continue
    if result.returncode == 1 and race.search(result.stderr):
        caught += 1
    else:
        print("drop %d not caught:\n%s" % (n, result.stderr))
print("%d of %d dropped semaphores caught as races%s; clean without a drop"
      % (caught, pairs - len(redundant),
         ", %d redundant ones clean" % len(redundant) if redundant else ""))
