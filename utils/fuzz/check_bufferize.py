#!/usr/bin/env python3
"""Checks that dynshape-bufferize gives One-Shot Bufferize's IR.

    check_bufferize.py --dyn-opt PATH [--count N] [--seed S] [INPUT.mlir...]

`dynshape-bufferize` skips One-Shot's in-place analysis for the functions of
straight-line code, whose decisions a scan makes in O(N log^2 N). This
script holds it to its promise: on the IR that the `lower-to-bir` pipeline feeds the pass, the
output of `--dynshape-bufferize` must be byte-identical to that of upstream

    --one-shot-bufferize="bufferize-function-boundaries
                          function-boundary-type-conversion=identity-layout-map"

with the same exit status. The inputs are the given files, N programs of
the differential fuzzer (gen_program.py, seeds S..S+N-1), and N straight-line
programs (below) that update, view, copy rows between, gather, scatter,
read-modify-write tiles of and compute on (linalg elementwise ops, generics
reading their init, fills) two to four buffers in a random order, with
older versions read after newer ones are written now and then, so that the
scan's in-place and out-of-place decisions and One-Shot's analysis (where
the scan gives up: loops, conditionals) are all exercised. The one intended difference: a loop whose
yielded tensor One-Shot would not keep in the iter_arg's buffer, which
upstream rejects ("... is not equivalent to the corresponding iter bbArg")
and dynshape-bufferize copies back into it; and a conditional whose
branches One-Shot would have yield different buffers, which does not lower
and dynshape-bufferize copies into one. Such inputs are counted apart.
The last line is

    N inputs (F functions: C straight-line, O of them with operands out of
    place, A analyzed): identical output;
    L loops copied back where One-Shot rejects them; I conditionals copied
    into one buffer
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gen_program  # noqa: E402
from fuzz_common import require_tool  # noqa: E402
from passes_alone import dumps  # noqa: E402

ONE_SHOT = ("--one-shot-bufferize=bufferize-function-boundaries "
            "function-boundary-type-conversion=identity-layout-map")
CHAIN = "straight-line code"
OUT_OF_PLACE = "out of place (a value read after a write to its buffer"
ANALYZED = "after One-Shot's analysis"
NOT_EQUIVALENT = "is not equivalent to the corresponding iter bbArg"
ONE_BUFFER = "the branches copy into one buffer"


T = "tensor<16x8xf32>"
ROW = "tensor<1x8xf32>"
BLOCK = "tensor<2x8xf32>"


def compute(rng, new, version, other, fresh):
    """`new` = linalg compute writing `version` (its init) that may read
    `other`, another version of any buffer: elementwise arith (an init
    that is also an input), a generic that reads its init, or a fill of a
    new tensor."""
    kind = rng.random()
    if kind < 0.6:
        a, b = (version, other) if rng.random() < 0.7 else (other, version)
        op = rng.choice(["addf", "mulf", "maximumf", "subf"])
        return f"{new} = arith.{op} {a}, {b} : {T}"
    if kind < 0.85:
        x, y, z = fresh("x"), fresh("y"), fresh("z")
        return (f"{new} = linalg.generic {{indexing_maps = [affine_map<(d0, "
                f"d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], "
                f"iterator_types = [\"parallel\", \"parallel\"]}} "
                f"ins({other} : {T}) outs({version} : "
                f"{T}) {{\n  ^bb0({x}: f32, {y}: f32):\n    "
                f"{z} = arith.addf {x}, {y} : f32\n    linalg.yield {z} : "
                f"f32\n  }} -> {T}")
    empty = fresh("t")
    return (f"{empty} = tensor.empty() : {T}\n  {new} = "
            f"linalg.fill ins(%one : f32) outs({empty} : {T}) -> {T}")


def straight_line(seed):
    """A loop-free function over two to four 16x8 buffers: updates, views
    and copies of rows between them (dynshape and tensor slices, at runtime
    and constant positions), gathers, scatters, compute on whole buffers
    and on views, and read-modify-writes of a tile (an extract_slice and an
    insert_slice at the same place). Mostly of the latest version of each
    buffer, but now and then of an older one, after a newer one was
    written, so that some writes must go out of place."""
    rng = random.Random(seed)
    lines, count = [], [0]

    def fresh(prefix):
        count[0] += 1
        return f"%{prefix}{count[0]}"

    buffers = rng.randint(2, 4)
    versions = [[f"%a{b}"] for b in range(buffers)]
    rows = ["%k"]        # tensor<1x8xf32> values
    blocks = []          # tensor<2x8xf32> values

    def pick(b):
        return (versions[b][-1] if rng.random() < 0.8
                else rng.choice(versions[b]))

    for _ in range(rng.randint(1, 30)):
        b = rng.randrange(buffers)
        version = pick(b)
        index = rng.choice(["%i", "%j", "%c0"])
        offset = rng.choice(["%ii", "%jj", "3"])
        kind = rng.random()
        if kind < 0.2:
            new = fresh("e")
            lines.append(compute(rng, new, version,
                                 pick(rng.randrange(buffers)), fresh))
            versions[b].append(new)
        elif kind < 0.5 and (kind < 0.45 or blocks):
            if kind < 0.35:
                update = (f"dynshape.dynamic_update_slice {rng.choice(rows)} "
                          f"into {version}[{index}, %c0] : {ROW} into {T}")
            elif kind < 0.45:
                update = (f"tensor.insert_slice {rng.choice(rows)} into "
                          f"{version}[{offset}, 0] [1, 8] [1, 1] : {ROW} "
                          f"into {T}")
            else:
                update = (f"dynshape.scatter {rng.choice(blocks)} into "
                          f"{version}[%ids] : ({BLOCK}, tensor<2xi32>) -> {T}")
            new = fresh("v")
            lines.append(f"{new} = {update}")
            versions[b].append(new)
        elif kind < 0.65:
            new = fresh("s")
            lines.append(f"{new} = dynshape.dynamic_slice {version}"
                         f"[{index}, %c0] sizes [1, 8] : {T} -> {ROW}")
            rows.append(new)
        elif kind < 0.75:
            new = fresh("s")
            lines.append(f"{new} = tensor.extract_slice {version}"
                         f"[{offset}, 0] [1, 8] [1, 1] : {T} to {ROW}")
            rows.append(new)
        elif kind < 0.82:
            # A tile read, changed and written back where it was read:
            # One-Shot's subset rules. Now and then into another version.
            tile, sum_, new = fresh("s"), fresh("r"), fresh("v")
            into = version if rng.random() < 0.8 else pick(b)
            lines += [f"{tile} = tensor.extract_slice {version}[{offset}, "
                      f"0] [1, 8] [1, 1] : {T} to {ROW}",
                      f"{sum_} = arith.addf {tile}, {rng.choice(rows)} : "
                      f"{ROW}",
                      f"{new} = tensor.insert_slice {sum_} into {into}"
                      f"[{offset}, 0] [1, 8] [1, 1] : {ROW} into {T}"]
            rows += [tile, sum_]
            versions[b].append(new)
        elif kind < 0.9:
            # Compute on a row, often a view of a buffer.
            new = fresh("r")
            a, c = rng.choice(rows), rng.choice(rows)
            lines.append(f"{new} = arith.addf {a}, {c} : {ROW}")
            rows.append(new)
        else:
            new = fresh("g")
            lines.append(f"{new} = dynshape.gather {version}[%ids] : "
                         f"({T}, tensor<2xi32>) -> {BLOCK}")
            blocks.append(new)
    results = [v[-1] for v in versions]
    for _ in range(rng.choice([0, 0, 1, 2])):
        results.append(pick(rng.randrange(buffers)))
    if rng.random() < 0.3:
        results.append(rng.choice(rows))
    types = ", ".join(ROW if r in rows else T for r in results)
    args = ", ".join(f"%a{b}: {T}" for b in range(buffers))
    body = "\n  ".join(lines)
    return (f"func.func @chain({args}, %k: {ROW}, %ids: tensor<2xi32>, "
            f"%i: i32, %j: i32, %ii: index, %jj: index) -> ({types}) {{\n"
            f"  %c0 = arith.constant 0 : i32\n"
            f"  %one = arith.constant 1.0 : f32\n  {body}\n"
            f"  return {', '.join(results)} : {types}\n}}\n")


def before_bufferize(dyn_opt, path):
    for name, text in dumps(dyn_opt, path, "--lower-to-bir"):
        if name == "dynshape-bufferize":
            return text
    return None


def run(dyn_opt, path, option):
    result = subprocess.run([dyn_opt, path, option], capture_output=True,
                            text=True, timeout=120)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dyn-opt", required=True)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("inputs", nargs="*")
    args = parser.parse_args()
    args.dyn_opt = require_tool(args.dyn_opt, "--dyn-opt")
    inputs, chains, analyzed, copied_back, mismatches = 0, 0, 0, 0, []
    out_of_place = 0
    one_buffer = 0
    with tempfile.TemporaryDirectory() as tmp:
        sources = list(args.inputs)
        for seed in range(args.seed, args.seed + args.count):
            for kind, text in (("fuzz", gen_program.generate(seed)),
                               ("chain", straight_line(seed))):
                path = os.path.join(tmp, f"{kind}-{seed}.mlir")
                with open(path, "w") as f:
                    f.write(text)
                sources.append(path)
        for source in sources:
            text = before_bufferize(args.dyn_opt, source)
            if text is None:
                continue  # rejected before bufferization
            before = os.path.join(tmp, "before.mlir")
            with open(before, "w") as f:
                f.write(text)
            ours = run(args.dyn_opt, before,
                       "--dynshape-bufferize=emit-remarks")
            upstream = run(args.dyn_opt, before, ONE_SHOT)
            inputs += 1
            chains += ours.stderr.count(CHAIN)
            out_of_place += ours.stderr.count(OUT_OF_PLACE)
            analyzed += ours.stderr.count(ANALYZED)
            if (ours.returncode == 0 and upstream.returncode != 0 and
                    NOT_EQUIVALENT in upstream.stderr):
                copied_back += 1
            elif ours.returncode == 0 and ONE_BUFFER in ours.stderr:
                one_buffer += 1
            elif (ours.returncode, ours.stdout) != (upstream.returncode,
                                                    upstream.stdout):
                mismatches.append(source)
                print(f"MISMATCH on {source} (exit {ours.returncode} vs "
                      f"{upstream.returncode}); IR before the pass:\n{text}")
    if mismatches:
        return 1
    print(f"{inputs} inputs ({chains + analyzed} functions: {chains} "
          f"straight-line, {out_of_place} of them with operands out of place, "
          f"{analyzed} analyzed): identical output; {copied_back} "
          f"loops copied back where One-Shot rejects them; {one_buffer} "
          f"conditionals copied into one buffer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
