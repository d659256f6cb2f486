#!/usr/bin/env python3
"""Structure-aware mutation fuzzing of dyn's .mlir inputs.

    mutate_mlir.py [--seed S] [--count N] [--jobs J] [--tools-dir DIR]
                   [--out DIR] [--smoke | --long]

Seeds are the valid programs of the repository (examples/, test/Sim/Inputs,
test/Target/ADDR4/Inputs, test/Pipelines, each split at `// -----` with its
comments dropped) and a few programs of gen_program.py. Input k picks a seed
and applies 1-6 mutations from k alone, at the token and op level so that
most mutants still parse and reach the passes:

    int       an integer literal -> 0, 1, -1, 2^31-1, 2^31, 2^32, 2^63-1, ...
              or a value next to a shape extent
    dim       a shape dimension (one occurrence, or the same type everywhere;
              a dim changed, dims swapped, a dim added or dropped, `?`)
    bounds    a #dynshape.bounds entry (changed, swapped, added, dropped)
    elem      an element type (f32, bf16, f16, i32, i8, ...), once or
              everywhere
    dup, del, swap
              whole op lines: duplicated (results renamed), deleted (uses
              redirected to a value of the same type), swapped
    ssa       an SSA operand -> another value of the same function
              (preferably of the same type)
    opname    an op -> another of its dialect (dynamic_slice <->
              dynamic_update_slice, addi -> divsi, ...), an ALU kind, an
              engine, a DGE type, a memory space
    attr      attribute values: sizes, permutation, dge.arch (also added
              around the module), reg, max_trip, ADDR4 words, budgets

Each mutant is checked by `dyn-opt MUTANT` (parse and verify: the "parsed"
count), then lowered with `dyn-opt --lower-to-addr4` and with
`--lower-to-addr4=arch=gen2` (plus now and then another pipeline option);
each lowering that succeeds is serialized with `dyn-translate
--serialize-addr4`, and each container listed with `--addr4-listing`. A
dge-level mutant is also serialized directly. With --long (and for every
4th input with --smoke) a mutant that lowers is also run with
`dyn-sim --compare --trials 2`, so a silent miscompile is a finding too.

The last line is

    mutate_mlir: N inputs (P parsed), X ok, Y rejected, Z findings

and the exit status is 1 when Z > 0 (README.md: how to read the report).
"""

import argparse
import glob
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import fuzz_common as fc  # noqa: E402
import gen_program  # noqa: E402

SEED_GLOBS = ["examples/*.mlir", "test/Sim/Inputs/*.mlir",
              "test/Target/ADDR4/Inputs/*.mlir", "test/Pipelines/*.mlir"]
GENERATED_SEEDS = 12   # gen_program.py seeds 1..12 join the corpus
# The back half of the pipeline, for memref-level (bir/dge) seeds, as
# test/Sim/compute-loop.test runs it.
BACKEND_PIPELINE = ("--pass-pipeline=builtin.module(func.func("
                    "bir-lower-symbolic-ap,canonicalize,cse,"
                    "bir-allocate-registers,convert-bir-to-dge,dge-scan,"
                    "dge-assign-engine,dge-cleanup,dge-lower-dynamic-dma,"
                    "addr4-encode))")


def memref_level(text):
    """Whether a program is already lowered to bir/dge (memref arguments)."""
    return "#bir.mem<" in text or "dge.block" in text

ELEM_TYPES = ["f32", "bf16", "f16", "f64", "i32", "i8", "i16", "i64", "i1",
              "index", "f8E4M3FN", "i4", "ui32", "si32", "complex<f32>"]
COMMON_ELEM_TYPES = ["f32", "bf16", "f16", "i32", "i8", "i16", "i64", "f64"]
ARCHS = ["gen2", "gen3", "core_v4", "core_v5"] * 4 + ["gen9", "gen1"]
EXTRA_OPTIONS = ["max-descriptor-bytes=64", "max-descriptor-bytes=1",
                 "vector-route=swdge", "vector-route=hwdge",
                 "max-descriptor-bytes=4096", "engine=sp", "engine=act",
                 "dynamic-dma-scratch-size-per-partition=4",
                 "dynamic-dma-scratch-size-per-partition=0",
                 "dynamic-dma-sbuf-bytes=128 dynamic-dma-scratch-size-per-partition=1",
                 "arch=core_v5", "arch=core_v4", "scalar-route=hwdge"]

# Ops that may stand for each other (same dialect, similar shape).
OP_GROUPS = [
    ["dynshape.dynamic_slice", "dynshape.dynamic_update_slice",
     "dynshape.gather", "dynshape.scatter", "dynshape.mask"],
    ["dynshape.get_dimension_size", "dynshape.set_dimension_size"],
    ["arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui",
     "arith.remsi", "arith.remui", "arith.minsi", "arith.maxsi",
     "arith.minui", "arith.maxui", "arith.andi", "arith.ori", "arith.xori",
     "arith.shli", "arith.shrsi", "arith.shrui", "arith.ceildivsi",
     "arith.floordivsi"],
    ["arith.index_cast", "arith.index_castui"],
    ["tensor.extract_slice", "tensor.insert_slice"],
    ["tensor.extract", "tensor.insert"],
    ["bir.alu", "bir.alu_imm"],
    ["bir.for", "bir.dynamic_for"],
    ["bir.ap", "bir.reg_ap", "bir.sym_ap"],
    ["bir.read_var", "bir.mov_imm"],
    ["bir.dma", "dge.dma"],
]
WORD_GROUPS = [
    ["add", "sub", "mult", "divide", "max", "min", "mod", "xor", "pow"],
    ["pool", "sp", "act", "dve", "pe", "gpsimd"],
    ["swdge", "hwdge", "none"],
    ["dram", "sbuf", "psum", "hbm"],
    ["INDIRECT16B", "INDIRECT20B", "MXINDIRECT16B"],
]

SAME_SYNTAX = [OP_GROUPS[2], OP_GROUPS[3]] + WORD_GROUPS[:4]

SSA = re.compile(r"%[A-Za-z_$.\d][\w$.]*")
INT = re.compile(r"(?<![\w%#@.^])-?\d+(?![\w.])")
HEX = re.compile(r"\b0x[0-9a-fA-F]+\b")
SHAPED = re.compile(r"\b(tensor|memref|vector)<")
BOUNDS = re.compile(r"#dynshape\.bounds<([^<>]*)>")
ELEM = re.compile(r"(?<=[x<])(f32|bf16|f16|f64|i32|i8|i16|i64|i1|index)\b|"
                  r"(?<=: )(i32|index|i64|f32)\b")
OPNAME = re.compile(r"\b(dynshape|arith|tensor|bir|dge|scf|linalg)\.\w+")


# ---------------------------------------------------------------- seeds

def load_seeds():
    seeds = []
    for pattern in SEED_GLOBS:
        for path in sorted(glob.glob(os.path.join(fc.SRC_ROOT, pattern))):
            with open(path) as f:
                text = f.read()
            rel = os.path.relpath(path, fc.SRC_ROOT)
            for i, chunk in enumerate(re.split(r"^// -----.*$", text,
                                               flags=re.M)):
                lines = [l for l in chunk.splitlines()
                         if not l.lstrip().startswith("//")]
                body = "\n".join(lines).strip() + "\n"
                if "func.func" in body:
                    seeds.append(("%s#%d" % (rel, i), body))
    for k in range(1, GENERATED_SEEDS + 1):
        text = gen_program.generate(k)
        seeds.append(("gen_program.py %d" % k, "\n".join(
            l for l in text.splitlines() if not l.startswith("//")) + "\n"))
    return seeds


# ---------------------------------------------------------------- helpers

def split_top(s, seps=","):
    """Splits `s` at `seps` outside <>, (), [], {}."""
    parts, depth, cur = [], 0, []
    for c in s:
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        if c in seps and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return parts


def shaped_spans(text):
    """(start, end) of every `tensor<...>`/`memref<...>` type, `<` to `>`."""
    spans = []
    for m in SHAPED.finditer(text):
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == "<":
                depth += 1
            elif text[i] == ">":
                depth -= 1
                if depth == 0:
                    spans.append((m.start(), i + 1))
                    break
            i += 1
    return spans


def replace_span(text, start, end, new):
    return text[:start] + new + text[end:]


def extents(text):
    vals = set()
    for s, e in shaped_spans(text):
        for d in re.findall(r"(?<=[<x])(\d+)(?=x)", text[s:e]):
            vals.add(int(d))
    return sorted(vals) or [1, 8]


class Program:
    """The statements of a program: line spans, blocks, definitions, types.

    A statement is an op: its first line (starting with `%`, an op name or
    `return`) and its continuation lines; an op with regions extends to the
    line that closes them. Blocks are region bodies; a value is visible at a
    line if it is defined earlier in that line's block or in an enclosing
    one."""

    def __init__(self, text):
        self.text = text
        self.lines = text.split("\n")
        self.stmts = []        # (first line, end line, depth, block id)
        self.parent = {0: None}
        self.line_block = []   # block id of each line
        self.types = {}        # ssa name -> type text
        self.defs = {}         # ssa name -> (line, block id)
        self._scan()

    def _define(self, name, line, block, type_text=None):
        name = name.split("#")[0]
        if name not in self.defs:
            self.defs[name] = (line, block)
        if type_text and name not in self.types:
            self.types[name] = type_text.strip()

    def _scan(self):
        depth = 0
        stack = [0]
        next_block = 1
        cur = None                  # statement being continued
        owners = []                 # statement owning each open region
        for i, line in enumerate(self.lines):
            s = line.strip()
            self.line_block.append(stack[-1])
            if not s:
                continue
            starts = (s.startswith("%") or s.startswith("return")
                      or re.match(r"[a-z_]+\.[\w.]+", s))
            header = s.startswith("func.func") or s.startswith("module") \
                or s.startswith("#")
            if header:
                cur = None
            elif cur is not None and not starts and not s.startswith("}") \
                    and not s.startswith("^"):
                first, _, d, b = self.stmts[cur]
                self.stmts[cur] = (first, i + 1, d, b)
            elif starts and depth >= 1:
                self.stmts.append((i, i + 1, depth, stack[-1]))
                cur = len(self.stmts) - 1
            else:
                cur = None
            if s.startswith("^"):
                for m in re.finditer(r"(%[\w$.]+)\s*:\s*([^,)]+)", s):
                    self._define(m.group(1), i, stack[-1], m.group(2))
            opens = line.count("{") - line.count("}")
            if opens > 0:
                owner = cur if cur is not None else None
                for _ in range(opens):
                    depth += 1
                    self.parent[next_block] = stack[-1]
                    stack.append(next_block)
                    next_block += 1
                    owners.append(owner)
                # Region arguments of the opening statement (or function).
                if owner is not None:
                    first = self.stmts[owner][0]
                    head = " ".join(self.lines[first:i + 1])
                else:
                    head = s
                    j = i
                    while j > 0 and "func.func" not in head:
                        j -= 1
                        head = self.lines[j].strip() + " " + head
                    first = j
                self._region_args(head, first, stack[-1], owner is None)
                cur = None
            elif opens < 0:
                for _ in range(-opens):
                    depth = max(0, depth - 1)
                    if len(stack) > 1:
                        stack.pop()
                    owner = owners.pop() if owners else None
                    if owner is not None:
                        first, _, d, b = self.stmts[owner]
                        self.stmts[owner] = (first, i + 1, d, b)
                cur = None
        for k, (first, end, _, block) in enumerate(self.stmts):
            head = " ".join(l.strip() for l in self.lines[first:end])
            names = self.defined_names(k)
            if not names:
                continue
            t = None
            if len(names) == 1 and ":" not in names[0]:
                h = head.split("{")[0] if "{" in head and not \
                    head.split("{")[0].rstrip().endswith("attributes") else head
                h = h.split(" attributes ")[0]
                if "->" in h:
                    t = h.rsplit("->", 1)[1]
                else:
                    t = split_top(h, ":")[-1]
                    for word in (" to ", " into "):
                        if word in t:
                            t = t.rsplit(word, 1)[1]
                if "get_dimension_size" in h:
                    t = "i32"
                elif "tensor.extract " in h:
                    e = re.search(r"x?(\w+)>\s*$", t.strip())
                    t = e.group(1) if e else t
                elif "arith.cmpi" in h:
                    t = "i1"
                t = t.strip().rstrip("{").strip()
                if t.startswith("(") and t.endswith(")"):
                    t = t[1:-1]
            for n in names:
                self._define(n.split(":")[0], first, block, t)

    def _region_args(self, head, line, block, is_func):
        if is_func:
            m = re.search(r"@[\w$.]+\s*\((.*)", head)
            if m:
                args = m.group(1)
                depth, end = 1, 0
                for j, c in enumerate(args):
                    depth += c == "("
                    depth -= c == ")"
                    if depth == 0:
                        end = j
                        break
                for a in split_top(args[:end], ","):
                    mm = re.match(r"\s*(%[\w$.]+)\s*:\s*(.*)", a)
                    if mm:
                        self._define(mm.group(1), line, block,
                                     mm.group(2).split("{")[0])
            return
        m = re.search(r"(?:scf\.for|bir\.for|bir\.dynamic_for)\s+(%[\w$.]+)",
                      head)
        if m:
            self._define(m.group(1), line, block, "index")
        m = re.search(r"iter_args\((.*?)\)\s*->\s*\((.*?)\)\s*\{", head)
        if m:
            names = re.findall(r"(%[\w$.]+)\s*=", m.group(1))
            types = split_top(m.group(2), ",")
            for n, t in zip(names, types):
                self._define(n, line, block, t)

    def visible(self, name, line):
        """Whether `name` may be used on `line`."""
        d = self.defs.get(name.split("#")[0])
        if not d or d[0] >= line or line >= len(self.line_block):
            return False
        b = self.line_block[line]
        while b is not None:
            if b == d[1]:
                return True
            b = self.parent.get(b)
        return False

    def stmt_text(self, k):
        first, end, _, _ = self.stmts[k]
        return "\n".join(self.lines[first:end])

    def defined_names(self, k):
        first, end, _, _ = self.stmts[k]
        m = re.match(r"\s*((?:%[\w$.]+(?::\d+)?\s*,?\s*)+)=(?!=)",
                     self.lines[first])
        return SSA.findall(m.group(1)) if m else []


def same_type_names(prog, name, line, any_type=False):
    """Values visible on `line`, of the type of `name` (unless any_type)."""
    t = prog.types.get(name.split("#")[0])
    out = []
    for n in prog.defs:
        if n == name.split("#")[0] or not prog.visible(n, line):
            continue
        if any_type or (t is not None and prog.types.get(n) == t):
            out.append(n)
    return out


# ---------------------------------------------------------------- mutations

def _covered(text, pattern):
    return [(m.start(), m.end()) for m in re.finditer(pattern, text)]


def m_int(rng, text, prog):
    # Slice sizes and bounds have their own, consistent mutations.
    skip = _covered(text, r"sizes \[[^\]]*\]|#dynshape\.bounds<[^>]*>")
    hits = [m for m in INT.finditer(text)
            if not any(s <= m.start() < e for s, e in skip)]
    if not hits:
        return None
    m = rng.choice(hits)
    v = int(m.group(0))
    new = fc.interesting_int(rng, extents(text) + [v])
    return replace_span(text, m.start(), m.end(), str(new)), \
        "int %s -> %s" % (m.group(0), new)


def _dims_of(type_text):
    """The shape part `64x32` of `tensor<64x32xf32, ...>` and its offset."""
    inner_start = type_text.index("<") + 1
    m = re.match(r"((?:(?:\d+|\?)x)*)", type_text[inner_start:])
    return inner_start, m.group(1)


def m_dim(rng, text, prog):
    spans = shaped_spans(text)
    if not spans:
        return None
    s, e = rng.choice(spans)
    old = text[s:e]
    off, shape = _dims_of(old)
    dims = [d for d in shape.split("x") if d]
    ext = extents(text)
    how = rng.choice(["extent"] * 6 + ["change", "change", "swap", "add",
                                       "drop", "dynamic"])
    if how == "extent":
        return m_extent(rng, text, ext)
    if how == "change" or (how == "swap" and len(dims) < 2):
        if not dims:
            return None
        k = rng.randrange(len(dims))
        dims[k] = str(abs(fc.interesting_int(rng, ext + [int(d) for d in dims
                                                         if d != "?"])))
    elif how == "swap":
        a, b = rng.sample(range(len(dims)), 2)
        dims[a], dims[b] = dims[b], dims[a]
    elif how == "add":
        dims.insert(rng.randrange(len(dims) + 1), str(rng.choice(ext + [1])))
    elif how == "drop":
        if not dims:
            return None
        dims.pop(rng.randrange(len(dims)))
    else:
        if not dims:
            return None
        k = rng.randrange(len(dims))
        dims[k] = "?" if dims[k] != "?" else str(rng.choice(ext))
    new = old[:off] + "".join(d + "x" for d in dims) + old[off + len(shape):]
    if rng.random() < 0.75:
        # The same type everywhere: keeps operand and result types agreeing.
        return text.replace(old, new), "dim %s -> %s everywhere" % (old, new)
    return replace_span(text, s, e, new), "dim %s -> %s once" % (old, new)


def m_extent(rng, text, ext):
    """One extent value changed wherever it is a dim, a slice size or a
    bound: the program stays consistent (mostly)."""
    v = rng.choice(ext)
    w = abs(fc.interesting_int(rng, ext)) or 1
    dim = re.compile(r"(?<=[<x])%d(?=x)" % v)
    new = dim.sub(str(w), text)

    def fix_list(m):
        items = [x.strip() for x in m.group(2).split(",")]
        items = [str(w) if x == str(v) else x for x in items]
        return m.group(1) + ", ".join(items) + m.group(3)
    new = re.sub(r"(sizes \[)([^\]]*)(\])", fix_list, new)
    new = re.sub(r"(#dynshape\.bounds<)([^>]*)(>)", fix_list, new)
    return new, "extent %d -> %d everywhere" % (v, w)


def m_bounds(rng, text, prog):
    hits = list(BOUNDS.finditer(text))
    if not hits:
        return None
    m = rng.choice(hits)
    entries = [x.strip() for x in m.group(1).split(",")]
    numeric = [k for k, x in enumerate(entries) if x != "?"]
    how = rng.choice(["change"] * 12 + ["swap"] * 2 + ["add", "drop",
                                                      "dynamic"])
    if how == "change" and numeric:
        k = rng.choice(numeric)
        entries[k] = str(abs(fc.interesting_int(
            rng, extents(text) + [int(entries[j]) for j in numeric])))
    elif how == "change" or (how == "swap" and len(entries) < 2):
        k = rng.randrange(len(entries))
        entries[k] = str(fc.interesting_int(rng, extents(text)))
    elif how == "swap":
        a, b = rng.sample(range(len(entries)), 2)
        entries[a], entries[b] = entries[b], entries[a]
    elif how == "add":
        entries.insert(rng.randrange(len(entries) + 1),
                       rng.choice(["?", "4", "64"]))
    elif how == "drop":
        entries.pop(rng.randrange(len(entries)))
    else:
        k = rng.randrange(len(entries))
        entries[k] = "?" if entries[k] != "?" else "8"
    new = "#dynshape.bounds<%s>" % ", ".join(entries)
    if rng.random() < 0.75:
        return text.replace(m.group(0), new), "bounds %s -> %s everywhere" % (
            m.group(0), new)
    return replace_span(text, m.start(), m.end(), new), \
        "bounds %s -> %s once" % (m.group(0), new)


def m_elem(rng, text, prog):
    # Not the type of an attribute's value (`{reg = 0 : i32}`).
    hits = [m for m in ELEM.finditer(text)
            if not re.search(r"=\s*-?\d+\s*:\s*$", text[:m.start()])]
    if not hits:
        return None
    m = rng.choice(hits)
    old = m.group(0)
    everywhere = rng.random() < 0.6
    pool = COMMON_ELEM_TYPES if everywhere or rng.random() < 0.7 else ELEM_TYPES
    if rng.random() < 0.7:
        # Same kind: float for float, integer for integer.
        kind = old[0] == "i"
        pool = [t for t in pool if (t[0] == "i") == kind] or pool
    if text[m.start() - 1] not in "x<":
        pool = ["i64", "i16", "i8", "index", "i32", "i1", "f32"]
    new = rng.choice([t for t in pool if t != old])
    if everywhere:
        # Every occurrence in shaped types (or every scalar annotation).
        pat = re.compile(r"(?<=[x<])%s\b" % re.escape(old)) if \
            text[m.start() - 1] in "x<" else re.compile(
                r"(?<=: )%s\b" % re.escape(old))
        return pat.sub(new, text), "elem %s -> %s everywhere" % (old, new)
    return replace_span(text, m.start(), m.end(), new), \
        "elem %s -> %s once" % (old, new)


def _body_stmts(prog, terminators=False):
    out = []
    for k, (first, end, depth, block) in enumerate(prog.stmts):
        s = prog.lines[first].strip()
        if not terminators and (s.startswith("return") or
                                s.startswith("scf.yield") or
                                s.startswith("func.return")):
            continue
        out.append(k)
    return out


def m_dup(rng, text, prog):
    ks = _body_stmts(prog)
    if not ks:
        return None
    k = rng.choice(ks)
    first, end, _, _ = prog.stmts[k]
    body = prog.lines[first:end]
    names = prog.defined_names(k)
    renamed = "\n".join(body)
    fresh = {}
    for n in names:
        fresh[n] = n + "_fz%d" % rng.randrange(1000)
        renamed = re.sub(re.escape(n) + r"(?![\w$.])", fresh[n], renamed,
                         count=1)
    lines = list(prog.lines)
    after = rng.random() < 0.7
    at = end if after else first
    lines[at:at] = renamed.split("\n")
    new_text = "\n".join(lines)
    note = "dup line %d" % (first + 1)
    if after and names and rng.random() < 0.5:
        # Let one later use read the duplicate.
        n = names[0]
        tail_start = len("\n".join(lines[:end + len(body)]))
        uses = list(re.finditer(re.escape(n) + r"(?![\w$.])",
                                new_text[tail_start:]))
        if uses:
            u = rng.choice(uses)
            new_text = replace_span(new_text, tail_start + u.start(),
                                    tail_start + u.end(), fresh[n])
            note += ", one later use rewired"
    return new_text, note


def _uses_after(prog, name, line):
    pat = re.compile(re.escape(name) + r"(?![\w$.])")
    return any(pat.search(l) for l in prog.lines[line:])


def m_del(rng, text, prog):
    ks = _body_stmts(prog, terminators=rng.random() < 0.1)
    if not ks:
        return None
    for attempt in range(6):
        k = rng.choice(ks)
        first, end, _, _ = prog.stmts[k]
        names = prog.defined_names(k)
        subst = {}
        for n in names:
            alts = same_type_names(prog, n, first)
            if alts:
                subst[n] = rng.choice(alts)
            elif _uses_after(prog, n, end) and attempt < 5:
                break   # its uses would be left undefined: another one
        else:
            lines = list(prog.lines)
            del lines[first:end]
            new_text = "\n".join(lines)
            for n, alt in subst.items():
                new_text = re.sub(re.escape(n) + r"(?![\w$.])", alt, new_text)
            return new_text, "del line %d%s" % (first + 1, "".join(
                ", %s -> %s" % kv for kv in subst.items()))
    return None


def m_swap(rng, text, prog):
    ks = _body_stmts(prog, terminators=rng.random() < 0.1)
    by_block = {}
    for k in ks:
        by_block.setdefault(prog.stmts[k][3], []).append(k)
    blocks = [b for b in by_block.values() if len(b) >= 2]
    if not blocks:
        return None
    b = rng.choice(blocks)
    lines = prog.lines
    for attempt in range(8):
        if rng.random() < 0.6:
            i = rng.randrange(len(b) - 1)
            a, c = b[i], b[i + 1]
        else:
            a, c = sorted(rng.sample(b, 2))
        fa, ea, _, _ = prog.stmts[a]
        fc_, ec, _, _ = prog.stmts[c]
        if ea > fc_:
            continue
        # Mostly swap ops that do not use each other's results (the rest
        # test dominance checks).
        after_a = "\n".join(lines[ea:ec])
        c_text = "\n".join(lines[fc_:ec])
        before_c = SSA.findall(" ".join(
            re.split(r"=(?!=)", l)[0] for l in lines[fa:fc_] if "=" in l))
        used = any(re.search(re.escape(n) + r"(?![\w$.])", after_a)
                   for n in prog.defined_names(a)) or \
            any(re.search(re.escape(n) + r"(?![\w$.])", c_text)
                for n in before_c)
        if not used or attempt == 7 or rng.random() < 0.1:
            break
    else:
        return None
    if ea > fc_:
        return None
    new = lines[:fa] + lines[fc_:ec] + lines[ea:fc_] + lines[fa:ea] + lines[ec:]
    return "\n".join(new), "swap lines %d and %d" % (fa + 1, fc_ + 1)


def _use_lines(prog):
    """Lines that hold operands: each statement up to where its regions
    open."""
    out = []
    for first, end, _, _ in prog.stmts:
        for i in range(first, end):
            out.append(i)
            line = prog.lines[i]
            if line.count("{") > line.count("}"):
                break
    return sorted(set(out))


def m_ssa(rng, text, prog):
    uses = []
    offsets = [0]
    for line in prog.lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for i in _use_lines(prog):
        line = prog.lines[i]
        if line.lstrip().startswith("^"):
            continue
        for m in re.finditer(r"%[\w$.]+(?:#\d+)?", line):
            if re.match(r"\s*(:\d+)?\s*,?\s*(%[\w$.]+\s*,?\s*)*=(?!=)",
                        line[m.end():]):
                continue   # a definition
            uses.append((offsets[i] + m.start(), offsets[i] + m.end(),
                         m.group(0), i))
    if not uses:
        return None
    s, e, name, line = rng.choice(uses)
    alts = []
    if "#" not in name and rng.random() < 0.95:
        alts = same_type_names(prog, name, line)
    if not alts and rng.random() < 0.15:
        # No value of the type: any visible one (tests the type checks).
        alts = same_type_names(prog, name, line, any_type=True)
    if not alts:
        return None
    alt = rng.choice(alts)
    return replace_span(text, s, e, alt), "ssa %s -> %s on line %d" % (
        name, alt, line + 1)


def m_opname(rng, text, prog):
    hits = []
    for group in OP_GROUPS:
        for op in group:
            for m in re.finditer(r"\b%s\b(?![\w.])" % re.escape(op), text):
                hits.append((m, group))
    for group in WORD_GROUPS:
        for w in group:
            for m in re.finditer(r"(?<=[ <])%s(?=[ >,\]]|$)" % re.escape(w),
                                 text, flags=re.M):
                hits.append((m, group))
    if not hits:
        return None
    # Ops of one syntax (arith binaries, casts, ALU kinds, engines, ...)
    # keep the mutant parseable; the others (dynamic_slice <->
    # dynamic_update_slice, ...) mostly test the parsers.
    weights = [4 if g in SAME_SYNTAX else 1 for _, g in hits]
    m, group = rng.choices(hits, weights)[0]
    new = rng.choice([g for g in group if g != m.group(0)])
    return replace_span(text, m.start(), m.end(), new), "op %s -> %s" % (
        m.group(0), new)


def m_attr(rng, text, prog):
    choices = []
    for m in re.finditer(r"sizes \[([^\]]*)\]", text):
        choices.append(("sizes", m))
    for m in re.finditer(r"permutation = \[([^\]]*)\]", text):
        choices.append(("perm", m))
    for m in re.finditer(r"#dge<arch (\w+)>", text):
        choices.append(("arch", m))
    for m in re.finditer(r"\breg = (\d+)", text):
        choices.append(("reg", m))
    for m in re.finditer(r"max_trip (\d+)", text):
        choices.append(("max_trip", m))
    for m in HEX.finditer(text):
        choices.append(("word", m))
    for m in re.finditer(r"max_descriptor_bytes = (\d+)", text):
        choices.append(("budget", m))
    for m in re.finditer(r"DynamicDMAScratchLoc, ", text):
        choices.append(("scratch", m))
    choices.append(("module", None))
    kind, m = rng.choice(choices)
    if kind == "sizes":
        entries = [x.strip() for x in m.group(1).split(",")]
        k = rng.randrange(len(entries))
        how = rng.random()
        if how < 0.8:
            entries[k] = str(fc.interesting_int(rng, extents(text)))
            # The result type of the slice follows its sizes.
            rest = text[m.end():]
            line_end = rest.find("\n%")
            stmt = rest[:line_end if line_end >= 0 else len(rest)]
            arrow = stmt.find("->")
            spans = shaped_spans(stmt[arrow:]) if arrow >= 0 else []
            if spans and rng.random() < 0.85:
                s, e = spans[0]
                s, e = s + arrow, e + arrow
                old_t = stmt[s:e]
                off, shape = _dims_of(old_t)
                dims = [d for d in shape.split("x") if d]
                if k < len(dims):
                    dims[k] = entries[k].lstrip("-")
                    new_t = old_t[:off] + "".join(d + "x" for d in dims) + \
                        old_t[off + len(shape):]
                    stmt = stmt[:s] + new_t + stmt[e:]
            new = "sizes [%s]" % ", ".join(entries)
            text2 = text[:m.start()] + new + stmt + rest[len(stmt):]
            return text2, "sizes %s -> %s with its result type" % (
                m.group(0), new)
        elif how < 0.9:
            entries.pop(k)
        else:
            entries.append("1")
        new = "sizes [%s]" % ", ".join(entries)
    elif kind == "perm":
        entries = [x.strip() for x in m.group(1).split(",")]
        r = rng.random()
        if r < 0.4:
            rng.shuffle(entries)
        elif r < 0.7:
            entries[rng.randrange(len(entries))] = str(rng.choice([0, 1, 2, -1, 5]))
        else:
            entries.append(str(len(entries)))
        new = "permutation = [%s]" % ", ".join(entries)
    elif kind == "arch":
        new = "#dge<arch %s>" % rng.choice(ARCHS)
    elif kind == "reg":
        new = "reg = %d" % rng.choice([0, 1, 2, 5, 62, 63, 64, 127, 255, 2 ** 31 - 1])
    elif kind == "max_trip":
        new = "max_trip %d" % rng.choice([0, 1, 2, 3, 63, 64, 65, 2 ** 31 - 1,
                                          2 ** 32, 2 ** 63 - 1])
    elif kind == "word":
        v = int(m.group(0), 16)
        r = rng.random()
        if r < 0.4:
            v ^= 1 << rng.randrange(32)
        elif r < 0.6:
            v = rng.choice([0, 0x80000000, 0x8000003F, 0x80000040, 0x20000000,
                            0x40000000, 0x60000000, 0xFFFFFFFF, 0x1FFFFFFF,
                            0x80000100])
        else:
            v = (v + rng.choice([-4, 4, 1, 128, 0x40000])) & 0xFFFFFFFF
        new = "0x%08x" % v
    elif kind == "budget":
        new = "max_descriptor_bytes = %d" % rng.choice([0, 1, 4, 64, 127, 128,
                                                        2 ** 31, 2 ** 32 + 1])
    elif kind == "scratch":
        new = ""
    else:
        # Wrap the module in (or swap) a module with dge.arch.
        arch = rng.choice(ARCHS)
        if text.lstrip().startswith("module"):
            return None
        # Attribute aliases (`#id = affine_map<...>`) stay outside.
        lines = text.split("\n")
        k = 0
        while k < len(lines) and (lines[k].startswith("#") or
                                  not lines[k].strip()):
            k += 1
        return ("\n".join(lines[:k]) + "\nmodule attributes {dge.arch = "
                "#dge<arch %s>} {\n%s}\n" % (arch, "\n".join(lines[k:]))), \
            "module dge.arch = %s" % arch
    return replace_span(text, m.start(), m.end(), new), "%s %s -> %s" % (
        kind, m.group(0), new)


MUTATIONS = [(m_int, 16), (m_dim, 12), (m_bounds, 5), (m_elem, 8),
             (m_dup, 8), (m_del, 7), (m_swap, 6), (m_ssa, 12), (m_opname, 12),
             (m_attr, 10)]


def mutate(rng, text):
    """1-6 mutations (mostly 1 or 2); returns (text, notes)."""
    n = rng.choice([1] * 8 + [2] * 3 + [3] * 2 + [4, 6])
    notes = []
    funcs, weights = zip(*MUTATIONS)
    tries = 0
    while len(notes) < n and tries < 20:
        tries += 1
        f = rng.choices(funcs, weights)[0]
        got = f(rng, text, Program(text))
        if not got or got[0] == text:
            continue
        text, note = got
        notes.append(note)
    return text, notes


# ---------------------------------------------------------------- running

def entry_name(text):
    m = re.search(r"func\.func\s+(?:private\s+)?@([\w$.]+)\s*\(", text)
    return m.group(1) if m else "main"


def check(opts, inp, seeds):
    rng = random.Random("mutate_mlir-%d" % inp.number)
    seed_name, seed = seeds[rng.randrange(len(seeds))]
    text, notes = mutate(rng, seed)
    inp.note = "seed %s; %s" % (seed_name, "; ".join(notes) or "unmutated")
    path = inp.write("mutant.mlir", "// %s\n%s" % (inp.note.replace("\n", " "),
                                                   text))
    opt = fc.tool(opts, "dyn-opt")
    tr = fc.tool(opts, "dyn-translate")
    r = inp.run_tool(opts, opt, path, [], os.devnull)
    if r.kind == "rejected":
        # Did it parse (and fail to verify)? Only the count uses this run:
        # unverified IR is not a valid input, so nothing it does is a finding.
        probe = inp.run_tool(opts, opt, path, [
            "--mlir-very-unsafe-disable-verifier-on-parsing",
            "--mlir-print-op-generic"], os.devnull, record=False)
        inp.parsed = probe.kind == "ok"
    if r.kind != "ok":
        return
    inp.parsed = inp.verified = True
    pipelines = [("default", "--lower-to-addr4"),
                 ("gen2", "--lower-to-addr4=arch=gen2")]
    if rng.random() < 0.25:
        extra = rng.choice(EXTRA_OPTIONS)
        pipelines[1] = ("gen2", "--lower-to-addr4=arch=gen2 %s" % extra)
    if memref_level(seed):
        pipelines = [("backend", BACKEND_PIPELINE)]
    lowered_default = False
    for tag, pipeline in pipelines:
        low = inp.path("lowered-%s.mlir" % tag)
        r = inp.run_tool(opts, opt, path, [pipeline], low)
        if r.kind != "ok":
            continue
        lowered_default |= tag == "default"
        binary = inp.path("%s.addr4" % tag)
        r = inp.run_tool(opts, tr, low, ["--serialize-addr4"], binary)
        if r.kind == "ok" and (tag != "gen2" or inp.number % 2):
            inp.run_tool(opts, tr, binary, ["--addr4-listing"], os.devnull)
    if memref_level(seed):
        binary = inp.path("direct.addr4")
        r = inp.run_tool(opts, tr, path, ["--serialize-addr4"], binary)
        if r.kind == "ok":
            inp.run_tool(opts, tr, binary, ["--addr4-listing"], os.devnull)
            inp.run_tool(opts, tr, binary, ["--deserialize-addr4"], os.devnull)
    if lowered_default and (opts.mode == "long" or inp.number % 4 == 0) \
            and opts.compare:
        inp.run(opts, [fc.tool(opts, "dyn-sim"), path, "--entry",
                       entry_name(text), "--compare", "--trials", "2",
                       "--seed", str(inp.number % 100000)] + fc.SIM_LIMITS)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    fc.add_arguments(p, smoke_count=400, long_count=20000)
    p.add_argument("--no-compare", dest="compare", action="store_false",
                   help="never run dyn-sim --compare on the mutants")
    p.add_argument("--list-seeds", action="store_true",
                   help="print the seed programs' names and exit")
    p.add_argument("--print", dest="print_only", action="store_true",
                   help="print the mutants of --seed/--count, run nothing")
    opts = p.parse_args()
    seeds = load_seeds()
    if opts.list_seeds:
        for name, _ in seeds:
            print(name)
        return 0
    if opts.print_only:
        opts.count = opts.count or 1
        for n in range(opts.seed, opts.seed + opts.count):
            rng = random.Random("mutate_mlir-%d" % n)
            seed_name, seed = seeds[rng.randrange(len(seeds))]
            text, notes = mutate(rng, seed)
            print("// input %d: seed %s; %s\n%s" % (n, seed_name,
                                                   "; ".join(notes), text))
        return 0
    fc.finish_arguments(opts)
    return fc.drive("mutate_mlir", opts,
                    lambda o, inp, ctx: check(o, inp, seeds),
                    "parsed", "verified")


if __name__ == "__main__":
    sys.exit(main())
