"""Reads dge-cost-report's JSON (one array per -split-input-file chunk,
back to back) from stdin, checks that every function
object has the documented keys with the right types, and prints one line
per function for FileCheck, then one with its roofline."""

import json
import sys

KEYS = {"name": str, "estimated_cycles": int, "engines": dict, "loops": list,
        "critical_path": list, "dynamic_inst_estimate": int, "has_copy": bool,
        "has_reduce": bool, "total_flops": int, "total_bytes_moved": int,
        "dma_bytes_moved": int, "padded_flops": int,
        "padded_bytes_moved": int,
        "estimated_us": (int, float), "clock_mhz": int,
        "roofline_cycles": int, "bound": str, "efficiency": (int, float),
        "hbm_bytes": int}

text, pos, arrays = sys.stdin.read(), 0, []
decoder = json.JSONDecoder()
while text[pos:].strip():
    pos += len(text[pos:]) - len(text[pos:].lstrip())
    array, pos = decoder.raw_decode(text, pos)
    arrays.append(array)
for array in arrays:
    for fn in array:
        for key, kind in KEYS.items():
            if not isinstance(fn.get(key), kind):
                sys.exit(f"{fn.get('name')}: '{key}' is not a {kind}")
        if sum(fn["engines"].values()) < fn["estimated_cycles"] and len(fn["engines"]) == 1:
            sys.exit(f"{fn['name']}: one engine busy less than the span")
        loops = [(l["max_trip"], l["trip_estimate"], l["body_cycles"])
                 for l in fn["loops"]]
        line = f"{fn['name']}: estimated_cycles {fn['estimated_cycles']}, engines {fn['engines']}"
        if loops:
            line += f", loops {loops}"
        print(line)
        print(f"{fn['name']}: roofline {fn['roofline_cycles']} bound "
              f"{fn['bound']} efficiency {fn['efficiency']:.3f} us "
              f"{fn['estimated_us']:.3f}")
