#!/usr/bin/env python3
"""Field-aware mutation fuzzing of dyn ADDR4 containers.

    mutate_container.py [--seed S] [--count N] [--jobs J] [--tools-dir DIR]
                        [--out DIR] [--smoke | --long]

It first makes valid containers: every seed program of mutate_mlir.py is
lowered with `dyn-opt --lower-to-addr4` (at gen3, gen2 and core_v5, and at
gen3 with max-descriptor-bytes=64) and serialized with `dyn-translate
--serialize-addr4`; the dge-level seeds are serialized directly. Each
container is parsed here with the layout of docs/ADDR4.md into a model
that writes back to the same bytes, with the offset, size and kind of every
field. Input k picks a container and applies 1-4 mutations from k alone:

    field     one field set to a value interesting for its kind: counts,
              lengths, ids and location/record/block indices, opcodes,
              engine codes, register ids, ALU ops, DGE types, queue
              engines, ADDR4 words (mode bits, register ids, immediates),
              pattern steps and counts, element codes, ranks, dims, loop
              bounds, steps, max_trip, body lengths, immediates, budgets,
              byte counts, record kinds, index sizes, row strides,
              section tags and lengths, the magic, version, ArchLevel
              and the writer's version
    struct    the model changed and written back with correct framing:
              a list element (argument, result, location, instruction,
              block, descriptor, record, pattern pair, dim) removed,
              duplicated or moved; the function name emptied, lengthened
              or made binary; a loop body length changed; a descriptor's
              pattern resized with its byte count (so the reader accepts
              it and the simulator must check the accesses); a static
              side moved with its word kept consistent
    frame     truncation (at a field boundary or anywhere), extension
              (bytes appended, a section repeated), bytes inserted or
              flipped, sections swapped or dropped

Each mutant is read by `dyn-translate --deserialize-addr4` and
`--addr4-listing`. When the listing succeeds, the entry's name and
arguments are read from it, a .npy file of the listed shape and element
type is made for each tensor (small random values) and a small integer for
each scalar, and when the container also deserializes it is run with

    dyn-sim FILE.addr4 --entry NAME --arg ... --max-trips 100000
            --max-tensor-bytes 16777216 --max-moved-bytes 268435456

(the lower limits keep a mutated loop bound or tensor size from taking
minutes; dyn-sim must report them, not run into them). The last line is

    mutate_container: N inputs (A read, D deserialized), X ok, Y rejected, Z findings

"read" counts the mutants the container reader accepted (the listing ran).
"""

import argparse
import concurrent.futures
import os
import random
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import fuzz_common as fc  # noqa: E402
import mutate_mlir  # noqa: E402

# The layout's constants, as lib/Target/ADDR4 defines them; the fuzzer runs
# without the built package, so test/Fuzz/container-layout.test checks
# every one against the C++ (dyn.addr4_format()).
MAGIC = b"DYN4"
TAGS = [b"FUNC", b"LOCS", b"INST", b"BLKS", b"IREC", b"SRCS"]
ELEM_BYTES = {0: 4, 1: 4, 2: 2, 3: 2, 4: 1, 5: 2, 6: 8, 7: 8}
ELEM_NAMES = {"f32": "<f4", "i32": "<i4", "bf16": "<u2", "f16": "<f2",
              "i8": "|i1", "i16": "<i2", "i64": "<i8", "f64": "<f8"}
ENGINES = [1, 2, 3, 4, 6]
OPCODES = [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
           21, 106]
ALU_OPS = [4, 5, 6, 7, 8, 9, 27] + list(range(32, 48))
# Flag bits: a location's (format::LocationFlag) and a compute
# instruction's (format::ComputeFlag, lib/Target/ADDR4/Format.h).
SCRATCH = 1
REVERSE = 1
REGISTER_SCALAR = 2
BIAS_OPERAND = 2
SUM_OPERAND = 4
IMMEDIATE_SOURCE = 2
# Operands after opcode and engine: (name, struct format, field kind).
OPERANDS = {
    1: [("dst", "B", "reg"), ("slot", "H", "slot")],
    2: [("dst", "B", "reg"), ("imm", "i", "imm")],
    3: [("dst", "B", "reg"), ("alu", "B", "alu"), ("lhs", "B", "reg"),
        ("rhs", "B", "reg")],
    4: [("dst", "B", "reg"), ("alu", "B", "alu"), ("lhs", "B", "reg"),
        ("imm", "i", "imm")],
    5: [("ind", "B", "reg"), ("lb", "i", "bound"), ("ub", "i", "bound"),
        ("step", "i", "step"), ("body", "I", "body")],
    106: [("ind", "B", "reg"), ("ubreg", "B", "reg"), ("lb", "i", "bound"),
          ("step", "i", "step"), ("coef", "i", "coef"),
          ("const", "i", "bound"), ("max_trip", "I", "max_trip"),
          ("body", "I", "body")],
    7: [("dge", "B", "dge_type"), ("queue", "B", "queue"),
        ("block", "I", "block_index")],
    8: [("dst", "B", "reg"), ("loc", "I", "loc_index"),
        ("elem", "I", "elem_index")],
    # sem_signal, sem_wait: a semaphore id (below 32, the core's count).
    19: [("sem", "B", "semaphore")],
    20: [("sem", "B", "semaphore")],
    # 9 (memset) and the compute instructions 10-18 and 21 are
    # variable-length:
    # see parse_inst.
}
# Compute instructions (transferInstruction in
# lib/Target/ADDR4/InstructionLayout.h): which parts follow opcode and
# engine, then that many operands (location, element offset, ADDR4 word,
# pattern).
# Activation (16) has 2 operands, plus one if its bias is a register
# operand (BIAS_OPERAND, else a u32 bias follows the scale) and one for its
# row sum (SUM_OPERAND); copy_predicated (18) has 3, or 2 when its source is
# an immediate (IMMEDIATE_SOURCE, an i32 after the flags): see
# operand_count.
COMPUTE = {10: (["kind"], 3), 13: (["kind"], 2), 11: (["kind", "scalar"], 2),
           12: ([], 2), 14: (["affine"], 1),
           15: (["kind", "scalar", "affine", "fill"], 2),
           16: (["kind", "activation"], None), 17: (["flags"], 3),
           18: (["flags", "source"], None), 21: ([], 2)}


def operand_count(inst):
    parts, n = COMPUTE[inst["op"]]
    if n is None and inst["op"] == 18:
        n = 2 if inst["flags"] & IMMEDIATE_SOURCE else 3
    elif n is None:
        n = 2 + (1 if inst["flags"] & BIAS_OPERAND else 0) + \
            (1 if inst["flags"] & SUM_OPERAND else 0)
    return n
ARCH_LEVELS = {"gen2": 20, "gen3": 30, "core_v4": 40, "core_v5": 50}
NONE = 0xFFFFFFFF


class Truncated(Exception):
    pass


# ---------------------------------------------------------------- the model

class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def get(self, fmt):
        size = struct.calcsize("<" + fmt)
        if self.pos + size > len(self.data):
            raise Truncated()
        (v,) = struct.unpack_from("<" + fmt, self.data, self.pos)
        self.pos += size
        return v

    def raw(self, n):
        if self.pos + n > len(self.data):
            raise Truncated()
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b


def parse(data):
    """The model of a well-framed container (a dict of lists), or None."""
    r = Reader(data)
    try:
        if r.raw(4) != MAGIC:
            return None
        m = {"version": r.get("H"), "arch": r.get("H"),
             "writer": [r.get("H") for _ in range(3)]}
        ends = []
        for tag in TAGS:
            if r.raw(4) != tag:
                return None
            length = r.get("I")
            ends.append(r.pos + length)
            if tag == b"FUNC":
                m["name"] = r.raw(r.get("I"))
                m["args"] = []
                for _ in range(r.get("I")):
                    kind = r.get("B")
                    if kind == 0:
                        m["args"].append([0, *tensor(r)])
                    else:
                        m["args"].append([kind])
                m["results"] = []
                for _ in range(r.get("I")):
                    kind = r.get("B")
                    if kind == 0:
                        m["results"].append([0, r.get("I")])
                    else:
                        m["results"].append([kind, r.get("B"), r.get("B")])
            elif tag == b"LOCS":
                m["locs"] = []
                for _ in range(r.get("I")):
                    kind = r.get("B")
                    if kind == 0:
                        m["locs"].append([0, r.get("H")])
                    else:
                        space = r.get("B")
                        elem, dims = tensor(r)
                        m["locs"].append([kind, space, elem, dims, r.get("I"),
                                          r.get("B")])
            elif tag == b"INST":
                m["insts"] = [parse_inst(r) for _ in range(r.get("I"))]
            elif tag == b"BLKS":
                m["blocks"] = []
                for _ in range(r.get("I")):
                    budget, n = r.get("I"), r.get("I")
                    descs = []
                    for _ in range(n):
                        words = [r.get("I"), r.get("I")]
                        sides = [side(r), side(r)]
                        descs.append({"words": words, "sides": sides,
                                      "bytes": r.get("I")})
                    m["blocks"].append([budget, descs])
            elif tag == b"IREC":
                m["records"] = [[r.get("B"), r.get("I"), r.get("B"),
                                 r.get("I"), r.get("I"), r.get("I")]
                                for _ in range(r.get("I"))]
            else:
                m["files"] = [r.raw(r.get("I")) for _ in range(r.get("I"))]
                m["srcs"] = [[r.get("I"), r.get("I"), r.get("I")]
                             for _ in range(r.get("I"))]
            if r.pos != ends[-1]:
                return None
        # Further entry functions are kept as they are.
        m["rest"] = data[r.pos:]
        if m["rest"] and not m["rest"].startswith(b"FUNC"):
            return None
        return m
    except Truncated:
        return None


def tensor(r):
    elem, rank = r.get("B"), r.get("B")
    return elem, [r.get("I") for _ in range(rank)]


def side(r):
    loc, off, rec, pairs = r.get("I"), r.get("I"), r.get("I"), r.get("B")
    return {"loc": loc, "off": off, "rec": rec,
            "pattern": [[r.get("I"), r.get("I")] for _ in range(pairs)]}


def parse_inst(r):
    op, eng = r.get("B"), r.get("B")
    if op == 9:
        loc, elem, pairs = r.get("I"), r.get("I"), r.get("B")
        pattern = [[r.get("I"), r.get("I")] for _ in range(pairs)]
        return {"op": 9, "engine": eng, "loc": loc, "elem": elem,
                "pattern": pattern, "fill": r.get("Q")}
    if op in COMPUTE:
        parts, n = COMPUTE[op]
        inst = {"op": op, "engine": eng}
        for part in parts:
            if part == "kind":
                inst["kind"] = r.get("B")
            elif part == "scalar":
                inst["flags"] = r.get("B")
                inst["scalar"] = r.get("B") \
                    if inst["flags"] & REGISTER_SCALAR else \
                    r.get("i")
            elif part == "affine":
                inst["base"], inst["partition"] = r.get("i"), r.get("i")
                inst["free"] = [r.get("i") for _ in range(r.get("B"))]
            elif part == "activation":
                inst["flags"], inst["scale"] = r.get("B"), r.get("i")
                if not inst["flags"] & BIAS_OPERAND:
                    inst["fill"] = r.get("I")
            elif part == "flags":
                inst["flags"] = r.get("B")
            elif part == "source":
                if inst["flags"] & IMMEDIATE_SOURCE:
                    inst["imm"] = r.get("i")
            else:
                inst["fill"] = r.get("I")
        inst["operands"] = []
        for _ in range(operand_count(inst)):
            loc, off, word, pairs = r.get("I"), r.get("I"), r.get("I"), \
                r.get("B")
            inst["operands"].append({
                "loc": loc, "off": off, "word": word,
                "pattern": [[r.get("I"), r.get("I")] for _ in range(pairs)]})
        return inst
    if op not in OPERANDS:
        raise Truncated()
    inst = {"op": op, "engine": eng}
    for name, fmt, _ in OPERANDS[op]:
        inst[name] = r.get(fmt)
    return inst


class Writer:
    """Writes a model; records (offset, format, kind) of every field."""

    def __init__(self):
        self.out = bytearray()
        self.fields = []
        self.boundaries = []   # offsets where a record or section starts

    def put(self, fmt, value, kind):
        self.fields.append((len(self.out), fmt, kind))
        self.out += struct.pack("<" + fmt, value & _mask(fmt) if fmt in "BHIQ"
                                else _wrap(fmt, value))

    def raw(self, data, kind):
        self.fields.append((len(self.out), "%ds" % len(data), kind))
        self.out += data

    def mark(self):
        self.boundaries.append(len(self.out))


def _mask(fmt):
    return (1 << (8 * struct.calcsize("<" + fmt))) - 1


def _wrap(fmt, v):
    bits = 8 * struct.calcsize("<" + fmt)
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def write(m):
    w = Writer()
    w.raw(MAGIC, "magic")
    w.put("H", m["version"], "version")
    w.put("H", m["arch"], "arch")
    for part in m["writer"]:
        w.put("H", part, "writer")

    def section(tag, body):
        w.mark()
        w.raw(tag, "tag")
        w.put("I", 0, "section_length")
        at = len(w.out)
        body()
        struct.pack_into("<I", w.out, at - 4, len(w.out) - at)

    def tens(elem, dims):
        w.put("B", elem, "elem")
        w.put("B", len(dims), "rank")
        for d in dims:
            w.put("I", d, "dim")

    def func():
        w.put("I", len(m["name"]), "string_length")
        w.raw(m["name"], "name")
        w.put("I", len(m["args"]), "count")
        for a in m["args"]:
            w.mark()
            w.put("B", a[0], "arg_kind")
            if a[0] == 0:
                tens(a[1], a[2])
        w.put("I", len(m["results"]), "count")
        for res in m["results"]:
            w.mark()
            w.put("B", res[0], "result_kind")
            if res[0] == 0:
                w.put("I", res[1], "loc_index")
            else:
                w.put("B", res[1], "engine")
                w.put("B", res[2], "reg")

    def locs():
        w.put("I", len(m["locs"]), "count")
        for loc in m["locs"]:
            w.mark()
            w.put("B", loc[0], "loc_kind")
            if loc[0] == 0:
                w.put("H", loc[1], "slot")
            else:
                w.put("B", loc[1], "space")
                tens(loc[2], loc[3])
                w.put("I", loc[4], "address")
                w.put("B", loc[5], "flags")

    def insts():
        w.put("I", len(m["insts"]), "count")
        for inst in m["insts"]:
            w.mark()
            w.put("B", inst["op"], "opcode")
            w.put("B", inst["engine"], "engine")
            if inst["op"] == 9:
                w.put("I", inst["loc"], "loc_index")
                w.put("I", inst["elem"], "elem_index")
                w.put("B", len(inst["pattern"]), "pattern_length")
                for step, num in inst["pattern"]:
                    w.put("I", step, "pattern_step")
                    w.put("I", num, "pattern_num")
                w.put("Q", inst["fill"], "fill")
                continue
            if inst["op"] in COMPUTE:
                for part in COMPUTE[inst["op"]][0]:
                    if part == "kind":
                        w.put("B", inst["kind"], "compute_kind")
                    elif part == "scalar":
                        w.put("B", inst["flags"], "compute_flags")
                        if inst["flags"] & REGISTER_SCALAR:
                            w.put("B", inst["scalar"], "reg")
                        else:
                            w.put("i", inst["scalar"], "imm")
                    elif part == "affine":
                        w.put("i", inst["base"], "imm")
                        w.put("i", inst["partition"], "imm")
                        w.put("B", len(inst["free"]), "pattern_length")
                        for c in inst["free"]:
                            w.put("i", c, "imm")
                    elif part == "activation":
                        w.put("B", inst["flags"], "compute_flags")
                        w.put("i", inst["scale"], "imm")
                        if not inst["flags"] & BIAS_OPERAND:
                            w.put("I", inst["fill"], "fill")
                    elif part == "flags":
                        w.put("B", inst["flags"], "compute_flags")
                    elif part == "source":
                        if inst["flags"] & IMMEDIATE_SOURCE:
                            w.put("i", inst["imm"], "imm")
                    else:
                        w.put("I", inst["fill"], "fill")
                for o in inst["operands"]:
                    w.put("I", o["loc"], "loc_index")
                    w.put("I", o["off"], "offset")
                    w.put("I", o["word"], "word")
                    w.put("B", len(o["pattern"]), "pattern_length")
                    for step, num in o["pattern"]:
                        w.put("I", step, "pattern_step")
                        w.put("I", num, "pattern_num")
                continue
            for name, fmt, kind in OPERANDS[inst["op"]]:
                w.put(fmt, inst.get(name, 0), kind)

    def blocks():
        w.put("I", len(m["blocks"]), "count")
        for budget, descs in m["blocks"]:
            w.mark()
            w.put("I", budget, "budget")
            w.put("I", len(descs), "count")
            for d in descs:
                w.mark()
                w.put("I", d["words"][0], "word")
                w.put("I", d["words"][1], "word")
                for s in d["sides"]:
                    w.put("I", s["loc"], "loc_index")
                    w.put("I", s["off"], "offset")
                    w.put("I", s["rec"], "record_index")
                    w.put("B", len(s["pattern"]), "pattern_length")
                    for step, num in s["pattern"]:
                        w.put("I", step, "pattern_step")
                        w.put("I", num, "pattern_num")
                w.put("I", d["bytes"], "bytes")

    def records():
        w.put("I", len(m["records"]), "count")
        for rec in m["records"]:
            w.mark()
            w.put("B", rec[0], "record_kind")
            w.put("I", rec[1], "loc_index")
            w.put("B", rec[2], "index_size")
            w.put("I", rec[3], "first_index")
            w.put("I", rec[4], "index_count")
            w.put("I", rec[5], "row_stride")

    def sources():
        w.put("I", len(m["files"]), "count")
        for name in m["files"]:
            w.put("I", len(name), "string_length")
            w.raw(name, "name")
        # One location per instruction, whatever the instruction list
        # became (a list mutation would otherwise only break this count).
        srcs = (m["srcs"] + [[NONE, 0, 0]] * len(m["insts"]))[:len(m["insts"])]
        w.put("I", len(srcs), "count")
        for f, line, col in srcs:
            w.mark()
            w.put("I", f, "source_file")
            w.put("I", line, "line")
            w.put("I", col, "column")

    for tag, body in zip(TAGS, [func, locs, insts, blocks, records, sources]):
        section(tag, body)
    w.mark()
    w.raw(m["rest"], "rest")
    return w


# ---------------------------------------------------------------- mutations

def interesting_for(rng, kind, old, m):
    """A value for a field of `kind` whose current value is `old`."""
    nlocs = len(m["locs"]) if m else 4
    r = rng.random()
    if kind in ("reg",):
        return rng.choice([0, 1, 2, 3, 5, 0x3E, 0x3F, 0x40, 0x7F, 0xFF,
                           old + 1, old - 1])
    if kind == "engine":
        return rng.choice(ENGINES + [0, 5, 7, 0xFF])
    if kind == "queue":
        return rng.choice(ENGINES + [0xFF, 0xFF, 0, 5])
    if kind == "opcode":
        return rng.choice(OPCODES + [0, 6, 10, 105, 107, 0xFF])
    if kind == "alu":
        return rng.choice(ALU_OPS + [0, 1, 3, 10, 26, 28, 0xFF])
    if kind == "compute_kind":
        return rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 31, 0xFF,
                           old + 1, old - 1])
    if kind == "compute_flags":
        return rng.choice([0, REVERSE, REGISTER_SCALAR,
                           REVERSE | REGISTER_SCALAR, SUM_OPERAND, 0xFF])
    if kind == "dge_type":
        return rng.choice([0, 1, 2, 3, 0xFF])
    if kind == "semaphore":
        return rng.choice([0, 1, 31, 32, 0xFF, old + 1])
    if kind == "elem":
        return rng.choice(list(ELEM_BYTES) + [8, 9, 0xFF])
    if kind == "rank":
        return rng.choice([0, 1, 2, 3, 4, old + 1, old - 1, 0xFF])
    if kind in ("arg_kind", "result_kind", "loc_kind"):
        return rng.choice([0, 1, 2, 0xFF])
    if kind == "space":
        return rng.choice([1, 4, 5, 0, 2, 3, 6, 0xFF])
    if kind == "record_kind":
        return rng.choice([0, 1, 2, 3, 0xFF])
    if kind == "index_size":
        return rng.choice([4, 0, 1, 2, 8, 0xFF])
    if kind == "flags":
        return rng.choice([0, SCRATCH, SCRATCH << 1, 0xFF])
    if kind == "arch":
        return rng.choice(list(ARCH_LEVELS.values()) + [0, 10, 29, 31, 60,
                                                        0xFFFF])
    if kind == "version":
        return rng.choice([0, 2, 3, 4, 6, 0xFFFF, 0x100])
    if kind == "writer":
        # The writer's dyn version is not checked: any value reads.
        return rng.choice([0, 1, 0xFFFF])
    if kind == "source_file":
        return rng.choice([0, 1, len(m["files"]) if m else 1, NONE, NONE - 1,
                           old + 1])
    if kind in ("line", "column"):
        return rng.choice([0, 1, NONE, 0x7FFFFFFF])
    if kind in ("loc_index", "record_index", "block_index", "slot"):
        if kind == "record_index" and r < 0.3:
            return NONE
        return rng.choice([0, 1, 2, nlocs - 1, nlocs, nlocs + 1, old + 1,
                           old - 1, 0xFFFF, NONE, NONE - 1, 0x7FFFFFFF])
    if kind == "word":
        return mutate_word(rng, old)
    if kind in ("pattern_num", "pattern_step", "dim"):
        return rng.choice([0, 1, 2, old + 1, old - 1, old * 2, old // 2,
                           0x7FFFFFFF, 0x80000000, NONE, 0x10000, 0x10001,
                           1 << 20, 0x40000])
    if kind == "body":
        return rng.choice([0, 1, old + 1, old - 1, old + 2, 0xFFFF, NONE,
                           0x7FFFFFFF])
    if kind in ("bound", "imm", "coef", "step"):
        return rng.choice([0, 1, -1, 2, old + 1, old - 1, -old, old * 2,
                           0x7FFFFFFF, -0x80000000, 63, 64, 65, 127, 128,
                           129, 0x40000, -128, 0x1FFFFFFF])
    if kind == "max_trip":
        return rng.choice([0, 1, 2, old - 1, old + 1, old * 2, NONE,
                           0x7FFFFFFF, 1 << 20])
    if kind in ("budget", "bytes", "offset", "address", "index_count",
                "first_index",
                "row_stride", "elem_index", "string_length",
                "section_length", "count"):
        return rng.choice([0, 1, 2, 4, old + 1, old - 1, old + 4, old - 4,
                           old * 2, old // 2, 63, 64, 128, 4096, 65536,
                           0x40000, 0x2000000, 0x1FFFFFFF, 0x20000000,
                           0x7FFFFFFF, 0x80000000, NONE - 1, NONE])
    if kind == "fill":
        return rng.choice([0, 1, NONE, (1 << 64) - 1, 0x7FC00000])
    return rng.choice(fc.INTERESTING) & 0xFFFFFFFF


def mutate_word(rng, w):
    r = rng.random()
    if r < 0.25:
        return w ^ (1 << rng.choice([29, 30, 31, rng.randrange(32)]))
    if r < 0.45:
        # Register mode with some id (valid or not), or junk in bits 8-30.
        return 0x80000000 | rng.choice([0, 1, 2, 3, 0x3F, 0x40, 0xFF,
                                        0x100, 0x7FFFFF00])
    if r < 0.6:
        # Patched (mode 10) naming some argument slot, or reserved (11).
        return rng.choice([0x40000000, 0x60000000]) | rng.choice(
            [0, 1, 2, 3, 5, 0xFFFF, 0x1FFFFFFF])
    if r < 0.8:
        mode = w & 0xE0000000
        imm = (w & 0x1FFFFFFF) + rng.choice([-4, -1, 1, 4, 128, 0x40000,
                                             -0x40000, 0x2000000])
        return mode | (imm & 0x1FFFFFFF)
    return rng.choice([0, 0x1FFFFFFF, 0x20000000, 0xFFFFFFFF, 0x2000000])


def field_mutation(rng, data, m):
    """One field of the well-framed `data` set in place."""
    w = write(m)
    if bytes(w.out) != data:
        return None
    weights = {"word": 5, "reg": 4, "pattern_num": 3, "pattern_step": 3,
               "bound": 3, "imm": 3, "body": 2, "max_trip": 2, "offset": 3,
               "loc_index": 3, "opcode": 2, "engine": 2, "elem": 2, "dim": 2,
               "count": 1, "section_length": 1, "tag": 1, "magic": 0.3}
    fields = [f for f in w.fields if weights.get(f[2], 1) > 0]
    off, fmt, kind = rng.choices(fields, [weights.get(f[2], 1)
                                          for f in fields])[0]
    out = bytearray(data)
    if fmt.endswith("s"):
        n = int(fmt[:-1])
        if kind == "tag":
            new = rng.choice(TAGS + [b"\0\0\0\0", b"func", b"FUNK"])
        elif kind == "magic":
            new = rng.choice([b"DYN3", b"DYN5", b"dyn4", b"\0YN4"])
        else:
            new = bytes(rng.randrange(256) for _ in range(n))
        out[off:off + n] = new[:n].ljust(n, b"\0")
        return bytes(out), "%s at byte %d -> %r" % (kind, off, new[:n])
    (old,) = struct.unpack_from("<" + fmt, data, off)
    new = interesting_for(rng, kind, old, m)
    new = new & _mask(fmt) if fmt in "BHIQ" else _wrap(fmt, new)
    struct.pack_into("<" + fmt, out, off, new)
    return bytes(out), "%s at byte %d: %d -> %d" % (kind, off, old, new)


def value_mutation(rng, m):
    """A value changed within the range the reader accepts, so that the
    mutant reaches the deserializer, the verifiers and the simulator."""
    insts = m["insts"]
    regs = sorted({i[k] for i in insts for k in ("dst", "lhs", "rhs", "ind")
                   if k in i}) or [0]
    scalar_slots = [k for k, a in enumerate(m["args"]) if a[0] == 1]
    descs = [d for _, ds in m["blocks"] for d in ds]
    choices = []
    for i in insts:
        for name, fmt, kind in OPERANDS.get(i["op"], []):
            choices.append((i, name, kind))
    for d in descs:
        for k in range(2):
            choices.append((d, k, "word"))
    for res in m["results"]:
        if res[0] == 1:
            choices.append((res, 2, "result_reg"))
    if not choices:
        return None
    obj, key, kind = rng.choice(choices)
    if kind == "reg":
        new = rng.choice(regs + [rng.randrange(64)])
    elif kind == "alu":
        new = rng.choice(ALU_OPS)
    elif kind in ("imm", "bound"):
        old = obj[key]
        new = rng.choice([0, 1, -1, old + 1, old - 1, old * 2, -old, old + 64,
                          old * 128, 0x7FFFFFFF, -0x80000000, 0x40000000,
                          rng.randint(-300, 300)])
    elif kind == "coef":
        new = rng.choice([1, -1, 2, 3, 128, -128, 0x7FFFFFFF, -0x80000000])
    elif kind == "step":
        new = rng.choice([1, 2, 3, 64, 0x7FFFFFFF])
    elif kind == "max_trip":
        new = rng.choice([0, 1, 2, obj[key] - 1, obj[key] + 1, obj[key] * 2,
                          1000, NONE])
    elif kind == "slot":
        new = rng.choice(scalar_slots or [0])
    elif kind == "body":
        new = max(0, obj[key] + rng.choice([-1, 1]))
    elif kind == "dge_type":
        new = rng.choice([0, 1, 2])
    elif kind == "queue":
        new = rng.choice([0xFF, 6, 2, 4])
    elif kind == "loc_index":
        new = rng.randrange(max(1, len(m["locs"])))
    elif kind == "elem_index":
        new = rng.choice([0, 1, obj[key] + 1, 1000, NONE])
    elif kind == "block_index":
        new = rng.randrange(max(1, len(m["blocks"])))
    elif kind == "word":
        old = obj["words"][key]
        if old & 0x80000000:
            new = 0x80000000 | rng.choice(regs + [rng.randrange(64)])
        elif (old >> 29) == 2:
            new = 0x40000000 | rng.choice(scalar_slots or [0])
        else:
            return None
        obj["words"][key] = new
        return "word %#x -> %#x" % (old, new)
    elif kind == "result_reg":
        new = rng.choice(regs)
    else:
        return None
    old = obj[key]
    obj[key] = new
    return "%s %s: %s -> %s" % (kind, key, old, new)


def location_bytes(m, loc_index):
    """(element size, row bytes, total bytes, kind) of a location."""
    loc = m["locs"][loc_index]
    if loc[0] == 0:
        arg = m["args"][loc[1]] if loc[1] < len(m["args"]) else [1]
        if arg[0] != 0:
            return None
        elem, dims, space, address = arg[1], arg[2], 1, 0
    else:
        _, space, elem, dims, address, _ = loc
    size = ELEM_BYTES.get(elem, 1)
    row = size
    for d in dims[1:]:
        row *= d
    total = row * (dims[0] if dims else 1)
    return size, row, total, space, address


def byte_address(m, loc_index, offset):
    info = location_bytes(m, loc_index)
    if not info:
        return None
    size, row, total, space, address = info
    if space == 1:
        return offset
    row = row or 1
    base = 0x2000000 if space == 5 else 0
    stride = 0x8000 if space == 5 else 0x40000
    return base + address + (offset // row) * stride + offset % row


def struct_mutation(rng, m):
    """Changes the model; returns a note, or None."""
    lists = [("args", m["args"]), ("results", m["results"]),
             ("locs", m["locs"]), ("insts", m["insts"]),
             ("blocks", m["blocks"]), ("records", m["records"])]
    descs = [d for _, ds in m["blocks"] for d in ds]
    choice = rng.choice(["list", "list", "pattern", "pattern", "resize",
                         "resize", "resize", "move", "move", "name", "body",
                         "dims", "desc", "newinst", "newinst"])
    if choice == "list":
        name, lst = rng.choice([x for x in lists if x[1]] or lists)
        if not lst:
            return None
        i = rng.randrange(len(lst))
        how = rng.choice(["remove", "duplicate", "move", "clear"])
        if how == "remove":
            lst.pop(i)
        elif how == "duplicate":
            lst.insert(rng.randrange(len(lst) + 1), _copy(lst[i]))
        elif how == "move":
            lst.insert(rng.randrange(len(lst)), lst.pop(i))
        else:
            del lst[:]
        return "%s %s #%d" % (how, name, i)
    if choice in ("pattern", "resize", "move") and not descs:
        return None
    if choice == "pattern":
        d = rng.choice(descs)
        s = rng.choice(d["sides"])
        how = rng.choice(["drop", "add", "swap", "clear"])
        if how == "drop" and s["pattern"]:
            s["pattern"].pop(rng.randrange(len(s["pattern"])))
        elif how == "add":
            s["pattern"].insert(0, [rng.choice([0, 1, 8, 64]),
                                    rng.choice([1, 2, 3])])
        elif how == "swap" and len(s["pattern"]) > 1:
            s["pattern"].reverse()
        else:
            s["pattern"] = []
        return "pattern %s" % how
    if choice == "resize":
        # Both sides move k times the rows, and the byte count follows:
        # the reader and the verifier accept it; the accesses may not fit.
        # Mostly descriptors whose sides are both found at run time (the
        # reader checks static sides itself).
        dynamic = [d for d in descs
                   if all(w & 0x80000000 or (w >> 29) in (1, 2)
                          for w in d["words"])]
        d = rng.choice(dynamic if dynamic and rng.random() < 0.7 else descs)
        k = rng.choice([2, 3, 4, 16, 64, 1 << 12, 1 << 20])
        for s in d["sides"]:
            if s["pattern"]:
                s["pattern"][0][1] *= k
        d["bytes"] = (d["bytes"] * k) & 0xFFFFFFFF
        return "resize a descriptor x%d" % k
    if choice == "move":
        # A side at another offset, its immediate word kept consistent.
        d = rng.choice(descs)
        i = rng.randrange(2)
        s = d["sides"][i]
        if s["loc"] >= len(m["locs"]):
            return None
        info = location_bytes(m, s["loc"])
        if not info:
            return None
        size, row, total = info[:3]
        s["off"] = rng.choice([s["off"] + size, s["off"] + row, total - size,
                               total, total + row, s["off"] - size,
                               max(0, total - 1)]) & 0xFFFFFFFF
        word = d["words"][i]
        if not word & 0x80000000 and (word >> 29) in (0, 1):
            addr = byte_address(m, s["loc"], s["off"])
            if addr is not None:
                d["words"][i] = (word & 0xE0000000) | (addr & 0x1FFFFFFF)
        return "move side %d to offset %d" % (i, s["off"])
    if choice == "name":
        m["name"] = rng.choice([b"", b"x", b"a" * 5000, b"\0", b"\xff\xfe",
                                b"name with spaces", b"@f", b"f\nnext",
                                m["name"] + b"\0"])
        return "name -> %r" % m["name"][:20]
    if choice == "body":
        loops = [i for i in m["insts"] if i["op"] in (5, 106)]
        if not loops:
            # Wrap a tail of the list in a new static loop.
            k = rng.randrange(len(m["insts"]) + 1)
            m["insts"].insert(k, {"op": 5, "engine": 3, "ind": 40, "lb": 0,
                                  "ub": rng.choice([1, 2, 3, 1000]),
                                  "step": 1, "body": len(m["insts"]) - k})
            return "new loop at %d" % k
        inst = rng.choice(loops)
        inst["body"] = max(0, inst["body"] + rng.choice([-1, 1, 2, -2]))
        return "loop body %d" % inst["body"]
    if choice == "dims":
        tensors = [a for a in m["args"] if a[0] == 0] + \
            [l for l in m["locs"] if l[0] == 1]
        if not tensors:
            return None
        t = rng.choice(tensors)
        dims = t[2] if t in m["args"] else t[3]
        how = rng.choice(["add", "drop", "swap", "scale"])
        if how == "add":
            dims.insert(rng.randrange(len(dims) + 1), rng.choice([1, 2, 64]))
        elif how == "drop" and dims:
            dims.pop(rng.randrange(len(dims)))
        elif how == "swap" and len(dims) > 1:
            dims.reverse()
        elif dims:
            k = rng.randrange(len(dims))
            dims[k] = max(1, dims[k] * rng.choice([2, 4, 1 << 10]) // rng.choice([1, 2]))
        return "dims %s" % how
    if choice == "desc":
        if not m["blocks"]:
            return None
        b = rng.choice(m["blocks"])
        if b[1] and rng.random() < 0.5:
            b[1].append(_copy(rng.choice(b[1])))
            return "duplicate a descriptor"
        if b[1]:
            b[1].pop(rng.randrange(len(b[1])))
        return "drop a descriptor"
    # A new instruction of a random opcode with plausible operands.
    op = rng.choice([1, 2, 3, 4, 5, 7, 8, 9, 19, 20, 106])
    inst = {"op": op, "engine": rng.choice([3, 3, 3] + ENGINES)}
    regs = [i.get("dst", 0) for i in m["insts"] if "dst" in i] or [0]
    if op == 9:
        inst.update(loc=rng.randrange(max(1, len(m["locs"]))),
                    elem=rng.choice([0, 1, 100]),
                    pattern=[[1, rng.choice([1, 4, 64, 1 << 20])]],
                    fill=rng.choice([0, NONE]))
    else:
        for name, fmt, kind in OPERANDS[op]:
            if kind == "reg":
                v = rng.choice(regs + [rng.randrange(64)])
            elif kind == "slot":
                v = rng.randrange(max(1, len(m["args"])))
            elif kind == "loc_index":
                v = rng.randrange(max(1, len(m["locs"])))
            elif kind == "block_index":
                v = rng.randrange(max(1, len(m["blocks"])))
            elif kind == "alu":
                v = rng.choice(ALU_OPS)
            elif kind == "dge_type":
                v = rng.choice([0, 1, 2])
            elif kind == "queue":
                v = rng.choice([0xFF, 6, 2])
            elif kind == "step":
                v = rng.choice([1, 2])
            elif kind == "coef":
                v = rng.choice([1, -1, 2])
            elif kind == "body":
                v = rng.choice([0, 1])
            elif kind == "max_trip":
                v = rng.choice([1, 64, NONE])
            elif kind == "semaphore":
                v = rng.choice([0, 1, 31])
            else:
                v = rng.choice([0, 1, 3, 64, -1, 0x7FFFFFFF])
            inst[name] = v
    k = rng.randrange(len(m["insts"]) + 1)
    m["insts"].insert(k, inst)
    return "new opcode %d at %d" % (op, k)


def _copy(x):
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


def frame_mutation(rng, data, m):
    if len(data) < 9:
        return data + bytes(rng.randrange(256) for _ in range(8)), \
            "8 bytes appended"
    w = write(m) if m else None
    bounds = sorted(set((w.boundaries if w else []) +
                        [f[0] for f in (w.fields if w else [])]))
    how = rng.choice(["truncate", "truncate", "extend", "insert", "flip",
                      "swap", "drop", "repeat"])
    if how == "truncate":
        if bounds and rng.random() < 0.7:
            n = rng.choice(bounds)
        else:
            n = rng.randrange(len(data))
        return data[:n], "truncated to %d bytes" % n
    if how == "extend":
        extra = rng.choice([b"\0", b"\0" * 8, bytes(rng.randrange(256)
                                                     for _ in range(16)),
                            data[-13:], b"IREC\0\0\0\0\0\0\0\0"])
        return data + extra, "%d bytes appended" % len(extra)
    if how == "insert":
        at = rng.choice(bounds) if bounds else rng.randrange(len(data))
        extra = bytes(rng.randrange(256) for _ in range(rng.choice([1, 4, 8])))
        return data[:at] + extra + data[at:], "%d bytes inserted at %d" % (
            len(extra), at)
    if how == "flip":
        out = bytearray(data)
        for _ in range(rng.choice([1, 1, 2, 4, 16])):
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        return bytes(out), "bit flips"
    secs = sections(data)
    if not secs:
        return None
    if how == "swap" and len(secs) > 1:
        i = rng.randrange(len(secs) - 1)
        parts = [data[s:e] for s, e in secs]
        parts[i], parts[i + 1] = parts[i + 1], parts[i]
        return data[:8] + b"".join(parts), "sections %d and %d swapped" % (
            i, i + 1)
    if how == "drop":
        i = rng.randrange(len(secs))
        s, e = secs[i]
        return data[:s] + data[e:], "section %d dropped" % i
    i = rng.randrange(len(secs))
    s, e = secs[i]
    return data[:e] + data[s:e] + data[e:], "section %d repeated" % i


def sections(data):
    out, pos = [], 8
    while pos + 8 <= len(data):
        (length,) = struct.unpack_from("<I", data, pos + 4)
        end = pos + 8 + length
        if end > len(data):
            break
        out.append((pos, end))
        pos = end
    return out


def mutate(rng, data):
    notes = []
    n = rng.choice([1, 1, 1, 1, 2, 2, 3, 4])
    for _ in range(n):
        m = parse(data)
        r = rng.random()
        got = None
        if m is not None and r < 0.35:
            got = field_mutation(rng, data, m)
        elif m is not None and r < 0.6:
            note = value_mutation(rng, m)
            if note:
                got = bytes(write(m).out), note
        elif m is not None and r < 0.85:
            note = struct_mutation(rng, m)
            if note:
                got = bytes(write(m).out), note
        else:
            got = frame_mutation(rng, data, m)
        if got and got[0] != data:
            data, note = got
            notes.append(note)
    return data, notes


# ---------------------------------------------------------------- running

def build_corpus(opts, workdir):
    """Valid containers from the seed programs: [(name, bytes)]."""
    seeds = mutate_mlir.load_seeds()
    jobs = []
    for name, text in seeds:
        if mutate_mlir.memref_level(text):
            jobs.append((name, text, None))
            continue
        for options in ["arch=gen3", "arch=gen2", "arch=core_v5",
                        "arch=gen3 max-descriptor-bytes=64"]:
            jobs.append((name, text, options))
    opt = fc.tool(opts, "dyn-opt")
    tr = fc.tool(opts, "dyn-translate")
    cdir = os.path.join(workdir, "corpus")
    os.makedirs(cdir, exist_ok=True)

    def one(k):
        name, text, options = jobs[k]
        src = os.path.join(cdir, "%d.mlir" % k)
        with open(src, "w") as f:
            f.write(text)
        low = os.path.join(cdir, "%d-lowered.mlir" % k)
        pipeline = "--lower-to-addr4=%s" % options if options else \
            mutate_mlir.BACKEND_PIPELINE
        r = fc.run([opt, src, pipeline, "-o", low], 60)
        if r.rc != 0:
            return None
        binary = os.path.join(cdir, "%d.addr4" % k)
        r = fc.run([tr, "--serialize-addr4", low, "-o", binary], 60)
        if r.rc != 0:
            return None
        with open(binary, "rb") as f:
            data = f.read()
        m = parse(data)
        if m is None or bytes(write(m).out) != data:
            # The format grew and this script has not: say so, go on.
            print("mutate_container: warning: cannot model the container "
                  "of %s (%s); docs/ADDR4.md and this script disagree" % (
                      name, options), flush=True)
            return None
        return ("%s [%s]" % (name, options or "backend pipeline"), data)

    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        corpus = []
        for c in pool.map(one, range(len(jobs))):
            if c and c[1] not in [d for _, d in corpus]:
                corpus.append(c)
    if not corpus:
        raise SystemExit("mutate_container: no seed program serializes")
    print("mutate_container: %d valid containers from %d seed programs" % (
        len(corpus), len(seeds)))
    return corpus


LISTING_FUNC = re.compile(rb"^function @(.*)$", re.M)
LISTING_ARG = re.compile(r"^  arg (\d+): (\S+)$", re.M)


def make_arguments(rng, inp, listing):
    """(entry name, --arg values) from the listing (bytes)."""
    fm = LISTING_FUNC.search(listing)
    # The name as the bytes it is (os.fsdecode keeps undecodable bytes for
    # the command line); a NUL cannot be passed, so it ends the name.
    name = os.fsdecode(fm.group(1).split(b"\0")[0]) if fm else ""
    listing = listing.decode("utf-8", "replace")
    args, total, extents = [], 0, [1]
    parsed = []
    for am in LISTING_ARG.finditer(listing):
        parts = am.group(2).split("x")
        dims, elem = parts[:-1], parts[-1]
        parsed.append((int(am.group(1)), [int(d) for d in dims], elem))
        extents += [int(d) for d in dims]
    emax = min(max(extents), 1 << 16)
    import numpy as np
    for i, dims, elem in parsed:
        if not dims and elem == "i32":
            args.append(str(rng.randint(-3, emax + 3)))
            continue
        count = 1
        for d in dims:
            count *= d
        nbytes = count * ELEM_BYTES.get(
            {"f32": 0, "i32": 1, "bf16": 2, "f16": 3, "i8": 4, "i16": 5,
             "i64": 6, "f64": 7}.get(elem, 0), 4)
        total += nbytes
        if total > fc.SIM_MAX_TENSOR_BYTES:
            # dyn-sim must refuse it from the listed shape alone, before it
            # opens the file.
            args.append("too-big-%d.npy" % i)
            continue
        dtype = ELEM_NAMES.get(elem, "<f4")
        r = np.random.default_rng(rng.randrange(1 << 30))
        if dtype[1] in "iu":
            hi = min(emax + 3, 100) if dtype[1] == "i" else 0x3F80
            data = r.integers(-3 if dtype[1] == "i" else 0, hi + 1,
                              size=dims).astype(dtype)
        else:
            data = r.integers(-8, 9, size=dims).astype(dtype)
        path = inp.path("arg%d.npy" % i)
        np.save(path, data)
        args.append(path)
    return name, args


def check(opts, inp, corpus):
    rng = random.Random("mutate_container-%d" % inp.number)
    # A seed program first, then one of its containers: every program is
    # as likely, however many archs it compiled for.
    programs = sorted({n.split(" [")[0] for n, _ in corpus})
    program = programs[rng.randrange(len(programs))]
    mine = [c for c in corpus if c[0].split(" [")[0] == program]
    base_name, base = mine[rng.randrange(len(mine))]
    if inp.number % 50 == 0:
        data, notes = base, []
    else:
        data, notes = mutate(rng, base)
    inp.note = "container of %s; %s" % (base_name, "; ".join(notes) or
                                        "unmutated")
    path = inp.write("mutant.addr4", data)
    inp.write("mutation.txt", inp.note + "\n")
    tr = fc.tool(opts, "dyn-translate")
    d = inp.run_tool(opts, tr, path, ["--deserialize-addr4"], os.devnull)
    listing_path = inp.path("listing.txt")
    lst = inp.run_tool(opts, tr, path, ["--addr4-listing"], listing_path)
    if lst.kind != "ok":
        return
    inp.parsed = True
    if d.kind != "ok":
        return
    inp.verified = True
    with open(listing_path, "rb") as f:
        listing = f.read()
    name, args = make_arguments(rng, inp, listing)
    cmd = [fc.tool(opts, "dyn-sim"), path, "--entry", name]
    for a in args:
        cmd += ["--arg", a]
    cmd += ["--out", inp.path("results")] + fc.SIM_LIMITS
    inp.run(opts, cmd)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    fc.add_arguments(p, smoke_count=800, long_count=20000)
    opts = p.parse_args()
    fc.finish_arguments(opts)
    return fc.drive("mutate_container", opts,
                    lambda o, inp, ctx: check(o, inp, ctx),
                    "read", "deserialized", setup=build_corpus)


if __name__ == "__main__":
    sys.exit(main())
