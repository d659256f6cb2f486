"""Compares dyn-sim --profile runs with dge-cost-report's estimate, and
checks a --trace file (test/Sim/profile.test).

usage: check_profile.py ESTIMATE.json FULL.json FEWER.json NONE.json TRACE.json

FULL ran every loop at its max_trip: its cycles, busy cycles, roofline
and time must equal the estimate's. FEWER and NONE ran fewer trips: strictly fewer cycles, in
that order. The trace must be Chrome trace-event JSON whose complete events
end at FULL's cycles.
"""

import json
import sys

estimate_path, full_path, fewer_path, none_path, trace_path = sys.argv[1:6]
[estimate] = json.load(open(estimate_path))
full, fewer, none = (json.load(open(p)) for p in (full_path, fewer_path, none_path))

if full["cycles"] != estimate["estimated_cycles"]:
    sys.exit(f"FAIL: measured {full['cycles']} != estimate {estimate['estimated_cycles']}")
if full["engines"] != estimate["engines"]:
    sys.exit(f"FAIL: busy {full['engines']} != {estimate['engines']}")
for key in ("roofline_cycles", "bound", "hbm_bytes"):
    if full[key] != estimate[key]:
        sys.exit(f"FAIL: measured {key} {full[key]} != estimate {estimate[key]}")
if abs(full["microseconds"] - estimate["estimated_us"]) > 1e-9:
    sys.exit("FAIL: microseconds differ")
print(f"estimate {estimate['estimated_cycles']} cycles; measured with 64 trips: "
      f"{full['cycles']}, equal, busy equal")
print(f"roofline {full['roofline_cycles']} cycles, bound by {full['bound']}, "
      f"efficiency {full['efficiency']:.3f}, {full['microseconds']:.3f} us: "
      f"equal to the estimate's")
if not fewer["hbm_bytes"] < full["hbm_bytes"]:
    sys.exit("FAIL: fewer trips did not move fewer HBM bytes")
if not fewer["cycles"] < full["cycles"]:
    sys.exit("FAIL: fewer trips did not cost less")
print(f"measured with 9 trips: {fewer['cycles']} < {full['cycles']}")
if not none["cycles"] < fewer["cycles"]:
    sys.exit("FAIL: no trip did not cost less")
print(f"measured with 0 trips: {none['cycles']} < {fewer['cycles']}")
# The measured trips of each loop, next to its max_trip and trip_estimate.
ops = [loop["op"] for loop in estimate["loops"]]
for profile, trips in ((full, 64), (fewer, 9), (none, 0)):
    loops = profile["loops"]
    if [loop["op"] for loop in loops] != ops:
        sys.exit(f"FAIL: profile loops {loops} are not the estimate's {ops}")
    got = [(loop["max_trip"], loop["runs"], loop["trips"]) for loop in loops]
    if got != [(64, 1, trips)]:
        sys.exit(f"FAIL: loops (max_trip, runs, trips) {got}, not "
                 f"[(64, 1, {trips})]")
print("loops: max_trip 64, measured 64, 9 and 0 trips in one run each")

trace = json.load(open(trace_path))
events = trace["traceEvents"]
names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M"}
slices = [e for e in events if e["ph"] == "X" and e["cat"] == "work"]
waits = [e for e in events if e["ph"] == "X" and e["cat"] == "wait"]
span = max(e["ts"] + e["dur"] for e in slices + waits)
if span != full["cycles"]:
    sys.exit(f"FAIL: trace span {span} != {full['cycles']}")
if len(slices) != full["instructions"] + 64:  # plus one per trip
    pass
by_track = {}
for e in slices:
    by_track.setdefault(names[e["tid"]], []).append((e["ts"], e["ts"] + e["dur"]))
overlap = any(a0 < b1 and b0 < a1
              for a0, a1 in by_track.get("pool", [])
              for b0, b1 in by_track.get("pool queue", []))
tracks = ", ".join(sorted(by_track))
print(f"trace: tracks {tracks}; {len(slices)} slices, {len(waits)} waits; span {span}; "
      f"pool and pool queue {'overlap' if overlap else 'do not overlap'}")
