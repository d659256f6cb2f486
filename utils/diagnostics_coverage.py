#!/usr/bin/env python3
"""Lists the diagnostics a part of dyn can emit and the tests that check them.

    diagnostics_coverage.py [--root DIR] [--verbose] DIR...

Each `emitError(...)`, `emitOpError(...)` or `emitWarning(...)` in the C++
files under the given directories (relative to the repository root) is a
site. Its message is the longest string literal of the statement that
emits it; the site is covered when a test under test/ checks that text: a
RUN line, a FileCheck directive or a -verify-diagnostics expectation of a
lit test, or the code (not the comments) of a test script.
A site whose statement has no literal of 8 characters or more forwards a
message made elsewhere (`emitOpError(*why)`, a reader's error string): it
is listed as forwarding and not counted; the texts it forwards are checked
where the tests of those callers quote them. A site after a comment that
starts "Internal invariant" reports a bug of dyn, not of its input, and is
not counted either. Every site is printed with its
covering tests (--verbose), or only the uncovered ones; the last line is

    N sites, M covered, K uncovered (F forwarding, I internal invariants)

and the exit status is 1 when any site is uncovered.
"""

import argparse
import os
import re
import sys

EMIT = re.compile(r"\bemit(?:Op)?(?:Error|Warning)\s*\(")
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def statement_at(text, start):
    """The text from `start` to the end of its statement (the next `;` at
    nesting depth zero, outside string literals)."""
    depth = 0
    quoted = False
    for i in range(start, len(text)):
        c = text[i]
        if quoted:
            if c == "\\":
                continue
            if c == '"' and text[i - 1] != "\\":
                quoted = False
            continue
        if c == '"':
            quoted = True
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return text[start:i]
        elif c == ";" and depth == 0:
            return text[start:i]
    return text[start:]


def sites(root, dirs):
    for d in dirs:
        for base, _, files in os.walk(os.path.join(root, d)):
            for name in sorted(files):
                if not name.endswith(".cpp"):
                    continue
                path = os.path.join(base, name)
                text = open(path).read()
                for match in EMIT.finditer(text):
                    # A site marked as an internal invariant cannot be
                    # reached from any input: it is not counted.
                    before = text[max(0, match.start() - 400):match.start()]
                    if "Internal invariant" in before.split(";")[-1] + \
                            before.split("{")[-1]:
                        yield os.path.relpath(path, root), None, None
                        continue
                    statement = statement_at(text, match.start())
                    # Adjacent literals ("a " "b") are one message.
                    joined = re.sub(r'"\s*\n\s*"', "", statement)
                    literals = [m.group(1) for m in LITERAL.finditer(joined)]
                    message = max(literals, key=len) if literals else ""
                    line = text.count("\n", 0, match.start()) + 1
                    yield os.path.relpath(path, root), line, message


# The lines of a lit test that check something: RUN lines, FileCheck
# directives (an upper-case prefix and a colon) and -verify-diagnostics
# expectations. Prose comments around them do not cover a diagnostic.
CHECKED = re.compile(r"^\s*(//|#|;)\s*(RUN:|[A-Z][A-Z0-9_]*(-[A-Z]+)?:)|"
                     r"expected-(error|warning|note|remark)")


def checked_text(name, text):
    """The part of a test file that checks: in a lit test (.mlir, .test, .c)
    the checking lines, in a script the code without its comments."""
    lines = text.splitlines()
    if name.endswith((".mlir", ".test", ".c")):
        return "\n".join(l for l in lines if CHECKED.search(l))
    return "\n".join(l for l in lines if not l.lstrip().startswith("#"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    tests = {}
    for base, _, files in os.walk(os.path.join(args.root, "test")):
        for name in files:
            path = os.path.join(base, name)
            try:
                tests[os.path.relpath(path, args.root)] = checked_text(
                    name, open(path).read())
            except UnicodeDecodeError:
                continue
    total = covered = forwarding = 0
    invariants = 0
    for path, line, message in sites(args.root, args.dirs):
        if line is None:
            invariants += 1
            continue
        # Messages are checked as written; escapes as the test writes them.
        text = message.replace('\\"', '"').replace("\\\\", "\\").strip()
        if len(text) < 8:
            forwarding += 1
            if args.verbose:
                print(f"{path}:{line}: forwards a message made elsewhere")
            continue
        total += 1
        hits = [t for t, body in tests.items() if text in body]
        if hits:
            covered += 1
            if args.verbose:
                print(f"{path}:{line}: \"{text}\" -- {', '.join(sorted(hits))}")
        else:
            print(f"UNCOVERED {path}:{line}: \"{text}\"")
    print(f"{total} sites, {covered} covered, {total - covered} uncovered "
          f"({forwarding} forwarding, {invariants} internal invariants)")
    return 1 if covered != total else 0


if __name__ == "__main__":
    sys.exit(main())
