#!/usr/bin/env python3
"""Shrink a failing fuzz program while dyn-sim keeps failing the same way.

    reduce_program.py IN.mlir OUT.mlir --needle TEXT
        [--pipeline-options "arch=gen2 ..."] [--trials T] [--seed K]
        [--dyn-sim PATH]

Repeatedly tries small edits -- drop a result, remove a loop (its results
become its inits), bypass a dynamic_update_slice or scatter (its result
becomes its operand), replace a scalar start index by 0 -- then removes dead
definitions, and keeps an edit when

    dyn-sim OUT --entry fuzz --compare --trials T --seed K \\
        --pipeline-options=OPTIONS

still prints TEXT (e.g. "mismatch", or the error message). Greedy and
line-based: it understands the text gen_program.py prints, nothing more.
The result usually needs a last manual pass.
"""

import argparse
import re
import subprocess
import sys


def split_top(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def header_idx(ls):
    return next(i for i, l in enumerate(ls) if l.strip().startswith("-> ("))


def ret_idx(ls):
    return next(i for i, l in enumerate(ls) if l.strip().startswith("return "))


def name_re(name):
    return re.compile(re.escape(name) + r"(?![\w#])")


def uses(ls, name):
    pat = name_re(name)
    return sum(len(pat.findall(l)) for l in ls)


def defined(line):
    m = re.match(r"\s*(%\w+)(:\d+)? = ", line)
    return m.group(1) if m else None


def replace_name(ls, old, new):
    pat = name_re(old)
    return [pat.sub(new, l) for l in ls]


def dce(ls):
    changed = True
    while changed:
        changed = False
        for i, l in enumerate(ls):
            d = defined(l)
            if d and "scf.for" not in l and uses(ls, d) == 1:
                ls = ls[:i] + ls[i + 1:]
                changed = True
                break
    return ls


def drop_result(ls, k):
    ls = list(ls)
    ri = ret_idx(ls)
    m = re.match(r"(\s*)return (.*) : (.*)$", ls[ri])
    vals, tys = split_top(m.group(2)), split_top(m.group(3))
    if len(vals) <= 1:
        return None
    del vals[k], tys[k]
    ls[ri] = "%sreturn %s : %s" % (m.group(1), ", ".join(vals), ", ".join(tys))
    ls[header_idx(ls)] = "    -> (%s) {" % ", ".join(tys)
    return ls


def loop_end(ls, i):
    depth = 0
    for j in range(i, len(ls)):
        depth += ls[j].count("{") - ls[j].count("}")
        if depth == 0:
            return j
    return None


def remove_loop(ls, i, m):
    inits = [x.split(" = ")[1] for x in split_top(m.group(4))]
    new = ls[:i] + ls[loop_end(ls, i) + 1:]
    if m.group(3):
        for k, v in enumerate(inits):
            new = replace_name(new, "%s#%d" % (m.group(1), k), v)
    else:
        new = replace_name(new, m.group(1), inits[0])
    return new


def zero_index(ls, i, name):
    new = list(ls)
    idx = re.search(r"\[(.*?)\]", new[i])
    if not idx or name not in idx.group(1).split(", "):
        return None
    inner = ", ".join("%zero" if x == name else x for x in idx.group(1).split(", "))
    new[i] = new[i][:idx.start(1)] + inner + new[i][idx.end(1):]
    if not any("%zero =" in x for x in new):
        new.insert(header_idx(new) + 1, "  %zero = arith.constant 0 : i32")
    return new


def candidates(ls):
    m = re.match(r"(\s*)return (.*) : (.*)$", ls[ret_idx(ls)])
    for k in range(len(split_top(m.group(2)))):
        yield lambda k=k: drop_result(ls, k)
    for i, l in enumerate(ls):
        d = defined(l)
        if "scf.for" in l:
            m = re.match(r"\s*(%\w+)(:(\d+))? = scf.for .* iter_args\((.*)\) -> "
                         r"\((.*)\) \{", l)
            if m:
                yield lambda i=i, m=m: remove_loop(ls, i, m)
            continue
        if d and ("dynamic_update_slice" in l or "dynshape.scatter" in l):
            t = re.search(r" into (%[\w#]+)", l)
            if t:
                yield lambda i=i, d=d, t=t.group(1): replace_name(
                    ls[:i] + ls[i + 1:], d, t)
        if "dynshape." in l and "tensor<" in l:
            for name in sorted(set(re.findall(r"%\w+", l))):
                if name != d and not name.startswith("%c") and name != "%zero":
                    yield lambda i=i, name=name: zero_index(ls, i, name)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--needle", required=True,
                   help="text the dyn-sim output must keep containing")
    p.add_argument("--pipeline-options", default="arch=gen2")
    p.add_argument("--trials", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dyn-sim", default="dyn-sim")
    a = p.parse_args()

    def fails(ls):
        with open(a.output, "w") as f:
            f.write("\n".join(ls) + "\n")
        r = subprocess.run([a.dyn_sim, a.output, "--entry", "fuzz", "--compare",
                            "--trials", str(a.trials), "--seed", str(a.seed),
                            "--pipeline-options=" + a.pipeline_options],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        return a.needle in r.stdout

    with open(a.input) as f:
        lines = [l for l in f.read().rstrip("\n").split("\n")
                 if not l.startswith("//")]
    if not fails(lines):
        sys.exit("reduce_program.py: %s does not fail with '%s' to begin with"
                 % (a.input, a.needle))
    progress = True
    while progress:
        progress = False
        for edit in candidates(lines):
            new = edit()
            if new is None:
                continue
            new = dce(new)
            if new != lines and fails(new):
                lines = new
                progress = True
                break
    with open(a.output, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
