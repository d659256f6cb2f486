"""Checks what the hand-written docs say about passes and options against
what dyn-opt registers: every pass or pipeline a document names in
backquotes (`bir-insert-sync`, `--lower-to-dge`) must be one, and every
option it gives a pipeline or pass (`--lower-to-bir=engine=act`,
`test-drop-semaphore=N`, `--pipeline-options="arch=gen2"`) must be one of
theirs. Then docs/ExecutionModel.md's table of the report's names must
give each a status: implemented, adapted, project-defined or absent.

usage: check_doc_claims.py BIN_DIR SRC_ROOT [FILE...]

FILEs, when given, are checked instead of docs/*.md and README.md."""
import glob
import os
import re
import subprocess
import sys

bin_dir, root, files = sys.argv[1], sys.argv[2], sys.argv[3:]


def help_of(tool):
    return subprocess.run([os.path.join(bin_dir, tool), "--help"],
                          capture_output=True, text=True, check=True).stdout


help_text = help_of("dyn-opt")
flags = set(re.findall(r"^ {6}--([a-z0-9][a-z0-9-]*)", help_text, re.M))
options = set(re.findall(r"^ {8}--([a-z0-9][a-z0-9-]*)=", help_text, re.M))
# dyn-translate's translations (addr4-listing, serialize-addr4) are names too.
flags |= set(re.findall(r"^ {6}--([a-z0-9][a-z0-9-]*)",
                        help_of("dyn-translate"), re.M))
# Tools and build targets that share the prefixes.
tools = {os.path.basename(p) for p in glob.glob(os.path.join(root, "tools", "*"))}
with open(os.path.join(root, "CMakeLists.txt")) as f:
    tools |= set(re.findall(r"add_custom_target\(([\w-]+)", f.read()))
tools |= {"dyn-capi-test"}
PASS = re.compile(r"(?<![\w./-])(?:--)?((?:bir|dge|dynshape|convert|addr4|"
                  r"lower-to|dyn)-[a-z0-9]+(?:-[a-z0-9]+)*)(?![\w/.-])")
KEY = re.compile(r"(?<![\w-])([a-z][a-z0-9-]*)=")

docs = files or sorted(glob.glob(os.path.join(root, "docs", "*.md"))) + [
    os.path.join(root, "README.md")]
problems, names, pairs = [], 0, 0
for path in docs:
    rel = os.path.relpath(path, root)
    with open(path) as f:
        text = f.read()
    for lineno, line in enumerate(text.splitlines(), 1):
        for span in re.findall(r"`([^`]+)`", line):
            for name in PASS.findall(span):
                if name in tools:
                    continue
                names += 1
                if name not in flags:
                    problems.append("%s:%d: `%s` is not a registered pass or "
                                    "pipeline" % (rel, lineno, name))
            # Options: what a pass or pipeline is given after `=`, what
            # --pipeline-options carries, or a bare `name-with-hyphen=value`.
            given = []
            m = re.match(r"(?:--)?([a-z][a-z0-9-]*)[= ]\"?([^\"]*)", span)
            if m and (m.group(1) in flags - tools or
                      m.group(1) == "pipeline-options") and "=" in span:
                given = KEY.findall(m.group(2))
            elif re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+=\S*", span):
                given = [span.split("=", 1)[0]]
            else:
                m = re.search(r"--(?:lower-to-[a-z0-9]+|pipeline-options)[= ]"
                              r"\"?([^\"]*)", span)
                if m:
                    given = KEY.findall(m.group(1))
            for key in given:
                pairs += 1
                if key not in options:
                    problems.append("%s:%d: `%s` is not an option of any "
                                    "pass or pipeline" % (rel, lineno, key))

# The report's names, each with a status.
with open(os.path.join(root, "docs", "ExecutionModel.md")) as f:
    model = f.read()
m = re.search(r"^## The report's names\n(.*?)(?=^## )", model, re.M | re.S)
statuses = 0
if not m:
    problems.append("docs/ExecutionModel.md: no section \"The report's names\"")
else:
    for row in re.findall(r"^\| `?([A-Za-z][^|`]*)`? \| ([^|]*) \|", m.group(1),
                          re.M):
        name, status = row[0].strip(), row[1].strip()
        if name == "report name":
            continue
        statuses += 1
        if status not in ("implemented", "adapted", "project-defined",
                          "absent"):
            problems.append("docs/ExecutionModel.md: %s has status %r" % (
                name, status))
for p in problems:
    print(p)
print("%d pass names and %d options checked in %d documents; %d report "
      "names with a status; %d problems" % (names, pairs, len(docs), statuses,
                                            len(problems)))
sys.exit(1 if problems else 0)
