"""Checks the fuzzers' copies of dyn's formats against the C++.

    check_container_layout.py UTILS_FUZZ_DIR

utils/fuzz runs without the built package, so mutate_container.py keeps its
own copy of the ADDR4 container's layout and numpy_model.py its dtypes of
the element types. This compares every constant of those copies with
dyn.addr4_format() and dyn.element_types() (the C API), and parses, with
the fuzzer's parse_inst, an instruction of every opcode laid out as the C++
lays it out, without flags and with every flag. Prints one line per
mismatch and then "layout: N checks, M mismatches"; exits 1 on any."""

import struct
import sys

import dyn

sys.path.insert(0, sys.argv[1])
sys.dont_write_bytecode = True
import mutate_container as mc  # noqa: E402
import numpy_model  # noqa: E402

layout = dyn.addr4_format()
element_types = dyn.element_types()
checks, mismatches = 0, []


def check(what, fuzzer, cxx):
    global checks
    checks += 1
    if fuzzer != cxx:
        mismatches.append("%s: the fuzzer has %r, the C++ %r" %
                          (what, fuzzer, cxx))


check("MAGIC", mc.MAGIC, layout["magic"].encode())
check("TAGS", mc.TAGS, [t.encode() for t in layout["sections"]])
check("NONE", mc.NONE, layout["none"])
codes = layout["element_codes"]
check("ELEM_BYTES", mc.ELEM_BYTES,
      {c["code"]: c["bytes"] for c in codes.values()})
check("ELEM_NAMES", mc.ELEM_NAMES, {n: c["numpy"] for n, c in codes.items()})
check("numpy_model.ELEM_DTYPES (the carried types)",
      {n: d for n, d in numpy_model.ELEM_DTYPES.items() if n in element_types},
      {n: d for n, (_, d) in element_types.items()})
check("ENGINES", sorted(mc.ENGINES), sorted(layout["engines"].values()))
check("ALU_OPS", sorted(mc.ALU_OPS), sorted(layout["alu_ops"].values()))
check("ARCH_LEVELS", mc.ARCH_LEVELS, layout["arch_levels"])
check("OPCODES", sorted(mc.OPCODES),
      sorted(int(op) for op in layout["instructions"]))
for name in ("SCRATCH",):
    check(name, getattr(mc, name), layout["location_flags"][name.lower()])
for name in ("REVERSE", "REGISTER_SCALAR", "BIAS_OPERAND", "SUM_OPERAND",
             "IMMEDIATE_SOURCE"):
    check(name, getattr(mc, name), layout["compute_flags"][name.lower()])

# Every opcode: the fixed fields of OPERANDS, and parse_inst on an
# instruction laid out as the C++ says (no pattern entries, no affine
# coefficients), without flags and with every flag it allows.
for op, spec in layout["instructions"].items():
    op = int(op)
    if op in mc.OPERANDS:
        check("OPERANDS[%d]" % op, "".join(f for _, f, _ in mc.OPERANDS[op]),
              spec["fields"])
    for flags, fields in ((0, spec["fields"]),
                          (spec["flags"], spec["fields_with_flags"])):
        data = bytes([op, 3])
        for f in fields:
            if f == "F":
                data += bytes([flags])
            elif f in "PC":
                data += b"\0"                       # no entries
            elif f == "O":
                data += struct.pack("<IIIB", 0, 0, 0, 0)
            else:
                data += b"\0" * struct.calcsize("<" + f)
        reader = mc.Reader(data)
        try:
            inst = mc.parse_inst(reader)
            used = reader.pos
        except mc.Truncated:
            inst, used = {}, None
        check("parse_inst of opcode %d with flags %d: bytes read" %
              (op, flags), used, len(data))
        if "F" in fields:
            check("parse_inst of opcode %d: its flags" % op,
                  inst.get("flags"), flags)

for m in mismatches:
    print("mismatch:", m)
print("layout: %d checks, %d mismatches" % (checks, len(mismatches)))
sys.exit(1 if mismatches else 0)
