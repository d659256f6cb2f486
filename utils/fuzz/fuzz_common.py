"""What the mutation fuzzers share: running a tool, classifying the run,
keeping reproducers, the command line and the report.

Used by mutate_mlir.py, mutate_container.py and fuzz_sim.py (README.md).
Every run of a tool is classified as

    ok          exit status 0
    rejected    exit status 1 with an `error:` diagnostic on stderr (located,
                `file:L:C: error: ...`, or not, `dyn-sim: error: ...`), or
                with a diagnostic of LLVM's command-line parser (an option
                value it cannot parse: `for the --trials option: ...`)

and everything else is a finding:

    crash       killed by a signal, exit status >= 128, "PLEASE submit a bug
                report", "LLVM ERROR" or an assertion
    hang        past --timeout seconds of CPU time, and again when run
                once more with three times the time; or, without
                computing, still running after WALL_FACTOR times that
                (CPU time, so that other processes, such as a build,
                slowing a run down do not make it a hang)
    sanitizer   an AddressSanitizer or UndefinedBehaviorSanitizer report
    mismatch    dyn-sim --compare: the binary disagrees with the reference
                (a miscompile)
    silent      a nonzero exit status without any `error:` diagnostic

A crash or sanitizer report that KNOWN_UPSTREAM lists (a defect of the LLVM
and MLIR libraries, not of dyn) is classified `upstream` instead: counted
and reported, not a finding.
"""

import argparse
import bisect
import concurrent.futures
import math
import os
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
SRC_ROOT = os.path.dirname(os.path.dirname(HERE))

# The ASan build instruments only dyn, not the LLVM/MLIR libraries it links.
# LLVM's allocators (BumpPtrAllocator and friends) poison and unpoison the
# memory they hand out (ASan's "user poisoning"), and the uninstrumented
# library code then touches memory whose poisoning it never undid: a false
# "use-after-poison" as early as MLIRContext creation. allow_user_poisoning=0
# ignores that manual poisoning; detect_leaks=0 because MLIR's global
# registries are intentionally never freed. halt_on_error=1 makes a UBSan
# report fail the run (and print_stacktrace=1 says where), so it cannot go
# unnoticed behind an exit status of 0. The release build ignores all of it.
SANITIZER_ENV = {
    "ASAN_OPTIONS": "allow_user_poisoning=0:detect_leaks=0",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}

FINDING_KINDS = ["crash", "hang", "sanitizer", "mismatch", "silent"]

# dyn-sim's limits for fuzzed programs, lower than its defaults so that a
# mutated loop bound or tensor size cannot take minutes: dyn-sim must
# report them, not run into them.
SIM_MAX_TENSOR_BYTES = 1 << 24
SIM_LIMITS = ["--max-trips", "100000",
              "--max-tensor-bytes", str(SIM_MAX_TENSOR_BYTES),
              "--max-moved-bytes", str(1 << 28)]

SANITIZER = re.compile(r"ERROR: (Address|Leak|Memory|Thread)Sanitizer|"
                       r"runtime error:|SUMMARY: UndefinedBehaviorSanitizer|"
                       r"ERROR: UndefinedBehaviorSanitizer")
CRASH_TEXT = re.compile(r"PLEASE submit a bug report|LLVM ERROR|"
                        r"Assertion [`'].*' failed|Stack dump:")
ERROR = re.compile(r"error:")
# Diagnostics of llvm::cl (the option parser), which say "for the --X
# option: ..." or "Unknown command line argument" and no `error:`.
CL_DIAG = re.compile(r"^\S+: (for the -+[\w-]+ option: |Unknown command line "
                     r"argument|Not enough positional command line arguments|"
                     r"Too many positional arguments)", re.M)
MISMATCH = re.compile(r"error: mismatch with seed")

# Crashes in the LLVM/MLIR libraries dyn links, which dyn cannot reach: each
# a pattern on the run's output and what it is. Remove an entry once the
# packaged LLVM has the fix (its XFAIL test in test/Fuzz then passes).
KNOWN_UPSTREAM = [
    (re.compile(r"error: custom op 'linalg\.(transpose|broadcast|reduce)' "),
     "LLVM 22: the custom parsers of linalg.transpose, linalg.broadcast and "
     "linalg.reduce store a null attribute when their dense i64 array fails "
     "to parse, and crash (test/Fuzz/upstream-linalg-parse.mlir)"),
]


def sanitizer_env():
    env = dict(os.environ)
    for key, value in SANITIZER_ENV.items():
        # Ours first: options given later (the user's) take precedence.
        env[key] = value + (":" + env[key] if env.get(key) else "")
    return env


def env_prefix():
    return " ".join("%s=%s" % kv for kv in SANITIZER_ENV.items())


class Run:
    """One run of a tool and its classification."""

    def __init__(self, cmd, rc, out, err, timed_out, seconds):
        self.cmd, self.rc, self.out, self.err = cmd, rc, out, err
        self.timed_out, self.seconds = timed_out, seconds
        self.kind = classify(rc, out, err, timed_out)
        self.tool = os.path.basename(cmd[0])

    @property
    def finding(self):
        return self.kind in FINDING_KINDS

    def signature(self):
        """A short text that groups runs failing the same way."""
        text = self.err + "\n" + self.out
        if self.kind == "hang":
            return "%s hang" % self.tool
        for pattern in (r"SUMMARY: \w+Sanitizer: .*", r".*runtime error: .*",
                        r"Assertion .* failed", r"LLVM ERROR: .*",
                        r"error: mismatch with seed.*?:(.*)"):
            m = re.search(pattern, text)
            if m:
                sig = m.group(0)
                break
        else:
            frames = re.findall(r"#\d+ 0x[0-9a-f]+ (?:in )?(\S+)", text)
            frames = [f for f in frames if "dyn" in f and "Signal" not in f
                      and "PrettyStackTrace" not in f]
            sig = frames[0] if frames else (
                "exit %s: %s" % (self.rc, (text.strip().splitlines() or [""])[0]))
        sig = re.sub(r"/\S+/", "", sig)          # paths
        sig = re.sub(r"0x[0-9a-f]+|\d+", "N", sig)  # addresses, numbers
        return "%s %s: %s" % (self.tool, self.kind, sig[:200])


def known_upstream(text):
    """The description of the KNOWN_UPSTREAM defect `text` shows, or None."""
    for pattern, what in KNOWN_UPSTREAM:
        if pattern.search(text):
            return what
    return None


def ended_by_signal(rc):
    """Killed by a signal, or the exit status a shell gives one (128 + N)."""
    return rc < 0 or rc >= 128


def classify(rc, out, err, timed_out):
    text = err + "\n" + out
    if timed_out:
        return "hang"
    crashed = ended_by_signal(rc) or CRASH_TEXT.search(text)
    if (crashed or SANITIZER.search(text)) and known_upstream(text):
        return "upstream"
    if SANITIZER.search(text):
        return "sanitizer"
    if crashed:
        return "crash"
    if rc == 0:
        return "ok"
    if rc == 1 and MISMATCH.search(err):
        return "mismatch"
    if rc == 1 and (ERROR.search(err) or CL_DIAG.search(err)):
        return "rejected"
    return "silent"


def is_sanitized(tool):
    """Whether `tool` links the ASan runtime (then no address-space limit:
    ASan reserves terabytes of shadow memory)."""
    try:
        with open(tool, "rb") as f:
            tail = b""
            while True:
                chunk = f.read(1 << 24)
                if not chunk:
                    return False
                if b"__asan_init" in tail + chunk:
                    return True
                tail = chunk[-16:]
    except OSError:
        return False


# At most --jobs tool processes at once, however many inputs are in flight
# (with batching, many more inputs than processes wait at once).
_processes = threading.Semaphore(2)


def run(cmd, timeout, cwd=None, keep_stdout=False):
    """Runs `cmd` (a list) and returns a classified Run; with keep_stdout,
    the Run also has the raw bytes of stdout as `stdout`. A run that times
    out is run once more with three times the time before it counts as a
    hang."""
    r = _run_once(cmd, timeout, cwd, keep_stdout)
    if r.timed_out:
        r = _run_once(cmd, 3 * timeout, cwd, keep_stdout)
    return r


# A run's limit is CPU seconds (of all its threads), which the kernel
# counts and enforces (RLIMIT_CPU: SIGXCPU, on which LLVM's handler prints
# a stack dump and dies), so that a machine busy with other work does not
# turn a slow run into a hang: under a two-job build, a nice-19 fuzzer's
# tool got 1.5% of a core, and a run of 0.5 s took over 30 s of wall-clock
# time. A run that waits without computing (a deadlock) is stopped after
# WALL_FACTOR times the limit of wall-clock time. A tool that survives
# SIGXCPU is killed 5 CPU seconds on, which counts as a crash (killed by a
# signal), as any other SIGKILL does.
WALL_FACTOR = 30


def _limit_cpu(pid, seconds):
    """Sets `pid`'s CPU limit; returns the soft one (SIGXCPU), in seconds."""
    soft = max(1, math.ceil(seconds))
    hard = soft + 5
    # Not above the fuzzer's own hard limit (`ulimit -t`), which only root
    # could raise.
    _, own = resource.getrlimit(resource.RLIMIT_CPU)
    if own != resource.RLIM_INFINITY:
        hard = min(hard, own)
        soft = min(soft, hard)
    try:
        resource.prlimit(pid, resource.RLIMIT_CPU, (soft, hard))
    except ProcessLookupError:
        pass  # it has already ended
    return soft


def _finish(p, wall_seconds):
    """Reads `p`'s output to its end and reaps it, killing it after
    `wall_seconds` of wall-clock time. Returns (stdout, stderr, killed, CPU
    seconds it used): os.wait4 gives the CPU time that Popen's wait does
    not."""
    data = {}

    def drain(name, stream):
        data[name] = stream.read()
        stream.close()
    readers = [threading.Thread(target=drain, args=item, daemon=True)
               for item in (("out", p.stdout), ("err", p.stderr))]
    for reader in readers:
        reader.start()
    deadline = time.time() + wall_seconds
    for reader in readers:
        reader.join(max(0.0, deadline - time.time()))
    killed = any(reader.is_alive() for reader in readers)
    if killed:
        p.kill()
        for reader in readers:
            reader.join()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return (data.get("out", b""), data.get("err", b""), killed,
            usage.ru_utime + usage.ru_stime)


def _start(cmd, cwd):
    """Starts `cmd` in a session of its own: Ctrl-C and `timeout` signal
    the fuzzer's process group, and the runs in flight must end on their
    own, not count as killed by a signal. The child is forked with SIGINT
    and SIGTERM blocked, and keeps them blocked: a signal to the group
    between the fork and the new session would otherwise stay pending and
    kill the tool once it starts (a false crash finding). Timeouts kill
    with SIGKILL and the CPU limit is SIGXCPU, which stay unblocked."""
    interrupts = {signal.SIGINT, signal.SIGTERM}
    for attempt in range(7):
        old = signal.pthread_sigmask(signal.SIG_BLOCK, interrupts)
        try:
            return subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, cwd=cwd,
                                    env=sanitizer_env(),
                                    stdin=subprocess.DEVNULL,
                                    start_new_session=True)
        except OSError as e:
            # A tool being relinked is briefly missing: wait for it.
            if attempt == 6:
                raise SystemExit("cannot run %s: %s" % (cmd[0], e))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        time.sleep(10)


def _run_once(cmd, timeout, cwd, keep_stdout):
    start = time.time()
    with _processes:
        p = _start(cmd, cwd)
        try:
            soft = _limit_cpu(p.pid, timeout)
            out, err, killed, cpu = _finish(p, WALL_FACTOR * timeout)
            # SIGXCPU may come while the tool is already ending, and its
            # handler then die of something else (LLVM's, amid the static
            # destructors: "pure virtual method called", SIGABRT): a run
            # that ended by a signal after using up its CPU time timed out.
            # (rusage reads up to a few percent below the kernel's count; a
            # real crash near the limit is confirmed by the run again with
            # three times the time.)
            timed_out = killed or p.returncode == -signal.SIGXCPU or (
                ended_by_signal(p.returncode) and cpu >= 0.9 * soft)
        except BaseException:
            # Not left running by a bug or an interrupt of the fuzzer.
            p.kill()
            p.wait()
            raise
    r = Run(cmd, p.returncode, "" if keep_stdout else _text(out),
            _text(err), timed_out, time.time() - start)
    if keep_stdout:
        r.stdout = out
    return r


def _text(data):
    if data is None:
        return ""
    return data.decode("utf-8", "replace")


# Batching. Starting a tool costs far more than most inputs (about 60 ms in
# the release build, 110 to 160 ms under ASan), so the runs of dyn-opt and
# dyn-translate that differ only in their input go through one process:
# the inputs joined by SPLIT_INPUT and run with MLIR's --split-input-file,
# which processes each chunk on its own and joins the outputs with
# SPLIT_OUTPUT. A batch answers for each of its inputs only when the process
# ended normally (status 0 or 1, no crash, hang or sanitizer report), gave
# one output per input, and every input without an output has an error
# diagnostic located in its own chunk (an input that failed without one is
# run alone). Anything else, and any input that contains a marker, is split
# in halves and run again, down to single runs (after a timeout, straight to
# single runs): every finding comes from an ordinary run of one input, whose
# command line is the reproducer.
SPLIT_INPUT = b"//=== dyn-fuzz: next input ==="
SPLIT_OUTPUT = b"//=== dyn-fuzz: next output ==="
# `FILE:LINE:COL: error:` (a location in the joined file) or `within split
# at FILE:LINE offset :L:C: error:` (LINE: where the chunk starts).
_SPLIT_DIAG = re.compile(
    r"^(?:within split at (?P<file>.+?):(?P<start>\d+) offset :\d+:\d+|"
    r"(?P<file2>.+?):(?P<line>\d+):(?P<col>\d+)): error:")


class _Request:
    def __init__(self, tool, options, source, output, cwd):
        self.tool, self.options = tool, tuple(options)
        self.source, self.output, self.cwd = source, output, cwd
        self.cmd = [tool, source] + list(options) + ["-o", output]
        self.arrived = time.time()
        self.done = threading.Event()
        self.result = None


class Batcher:
    """Collects the runs of one command line on different inputs and runs
    them as batches (see SPLIT_INPUT above)."""

    LINGER = 0.2   # seconds a request waits for its batch to fill

    def __init__(self, opts, workdir):
        self.opts, self.dir = opts, workdir
        self.size = opts.batch
        self.cond = threading.Condition()
        self.pending = {}       # (tool, options) -> [_Request]
        self.serial = 0
        self.closed = False
        self.batches = self.fallbacks = self.single = 0
        self.thread = threading.Thread(target=self._dispatch, daemon=True)
        self.thread.start()

    def run(self, tool, source, options, output, cwd):
        req = _Request(tool, options, source, output, cwd)
        with self.cond:
            self.pending.setdefault((tool, req.options), []).append(req)
            self.cond.notify()
        req.done.wait()
        return req.result

    def close(self):
        with self.cond:
            self.closed = True
            self.cond.notify()
        self.thread.join()

    def _dispatch(self):
        while True:
            with self.cond:
                now = time.time()
                ready = [k for k, reqs in self.pending.items()
                         if len(reqs) >= self.size or
                         now - reqs[0].arrived >= self.LINGER]
                if not ready:
                    if self.closed and not self.pending:
                        return
                    self.cond.wait(self.LINGER / 4)
                    continue
                batches = []
                for k in ready:
                    reqs = self.pending.pop(k)
                    batches.append(reqs[:self.size])
                    if reqs[self.size:]:
                        self.pending[k] = reqs[self.size:]
            for reqs in batches:
                threading.Thread(target=self._answer, args=(reqs,),
                                 daemon=True).start()

    def _answer(self, reqs):
        try:
            for req, r in zip(reqs, self._runs(reqs)):
                req.result = r
        except Exception:
            # A bug of the batching: the inputs go through single runs.
            traceback.print_exc()
            for req in reqs:
                if req.result is None:
                    req.result = run(req.cmd, self.opts.timeout, req.cwd)
        for req in reqs:
            req.done.set()

    def _runs(self, reqs):
        if len(reqs) == 1:
            return [run(reqs[0].cmd, self.opts.timeout, reqs[0].cwd)]
        chunks = []
        for req in reqs:
            with open(req.source, "rb") as f:
                chunks.append(f.read())
        if any(SPLIT_INPUT in c or SPLIT_OUTPUT in c for c in chunks):
            return self._halves(reqs)
        with self.cond:
            self.serial += 1
            path = os.path.join(self.dir, "batch-%d.in" % self.serial)
        joined = SPLIT_INPUT.join(chunks)
        with open(path, "wb") as f:
            f.write(joined)
        req0 = reqs[0]
        cmd = [req0.tool, path] + list(req0.options) + [
            "--split-input-file=" + SPLIT_INPUT.decode(),
            "--output-split-marker=" + SPLIT_OUTPUT.decode(), "-o", "-"]
        # Not confirmed: a timed-out batch is run again one input at a time.
        r = _run_once(cmd, self.opts.timeout * (1 + len(reqs) / 4), self.dir,
                      keep_stdout=True)
        os.remove(path)
        self.batches += 1
        if r.timed_out:
            # Halving would wait out the timeout again at every level.
            self.fallbacks += 1
            return [self._runs([req])[0] for req in reqs]
        results = self._split(reqs, chunks, joined, path, r)
        if results is None:
            self.fallbacks += 1
            return self._halves(reqs)
        return results

    def _halves(self, reqs):
        half = len(reqs) // 2
        return self._runs(reqs[:half]) + self._runs(reqs[half:])

    def _split(self, reqs, chunks, joined, path, r):
        """One Run per request from batch run `r`, or None."""
        if r.kind not in ("ok", "rejected"):
            return None
        outputs = r.stdout.split(SPLIT_OUTPUT + b"\n")
        if len(outputs) != len(reqs):
            return None
        # Where each line and each chunk starts (byte offset), and the line
        # each chunk starts on.
        line_starts = [0] + [m.end() for m in re.finditer(b"\n", joined)]
        starts, offset = [], 0
        for c in chunks:
            starts.append(offset)
            offset += len(c) + len(SPLIT_INPUT)
        lines = [bisect.bisect_right(line_starts, at) for at in starts]
        failed = [not out for out in outputs]
        if (r.rc == 0) == any(failed):
            return None
        # Each error goes to the one failed chunk it can come from. Chunks
        # print their diagnostics in order, so never to one before the last.
        errors = [[] for _ in reqs]
        last = 0
        for text in r.err.splitlines():
            m = _SPLIT_DIAG.match(text)
            if not m or path not in (m.group("file") or m.group("file2")):
                continue
            if m.group("start"):
                line = int(m.group("start"))
                candidates = [k for k, l in enumerate(lines) if l == line]
            else:
                line, col = int(m.group("line")), int(m.group("col"))
                if line > len(line_starts):
                    continue
                at = line_starts[line - 1] + col - 1
                candidates = [bisect.bisect_right(starts, at) - 1]
            candidates = [k for k in candidates if k >= last and failed[k]]
            if len(candidates) == 1:
                last = candidates[0]
                errors[last].append(text)
        results = []
        for req, out, fail, errs in zip(reqs, outputs, failed, errors):
            if fail and not errs:
                # No diagnostic located in its chunk (e.g. one located in
                # the source a container's debug locations name): run alone.
                self.single += 1
                results.append(run(req.cmd, self.opts.timeout, req.cwd))
                continue
            if not fail and req.output != os.devnull:
                with open(req.output, "wb") as f:
                    f.write(out)
            results.append(Run(req.cmd, 1 if fail else 0, "",
                               "\n".join(errs), False,
                               r.seconds / len(reqs)))
        return results


def add_arguments(parser, smoke_count, long_count):
    parser.add_argument("--seed", type=int, default=1,
                        help="first input number (default 1); input k is "
                             "derived from k alone")
    parser.add_argument("--count", type=int, default=None,
                        help="inputs (default %d with --smoke, %d with "
                             "--long)" % (smoke_count, long_count))
    parser.add_argument("--jobs", "-j", type=int, default=2,
                        help="inputs run in parallel (default 2)")
    parser.add_argument("--tools-dir", default=os.path.join(SRC_ROOT, "build",
                                                            "bin"),
                        help="where dyn-opt, dyn-translate and dyn-sim are "
                             "(default build/bin; build-asan/bin for the "
                             "sanitizer build)")
    parser.add_argument("--out", default=None,
                        help="where reproducers go (default: a new temporary "
                             "directory, made at the first finding)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--smoke", dest="mode", action="store_const",
                      const="smoke", help="a short run for CI (the default)")
    mode.add_argument("--long", dest="mode", action="store_const",
                      const="long", help="a long exploration run")
    parser.set_defaults(mode="smoke")
    parser.add_argument("--batch", type=int, default=24,
                        help="inputs per dyn-opt or dyn-translate process "
                             "(default 24; 1: one process per input)")
    parser.add_argument("--timeout", type=float, default=10,
                        help="CPU seconds before a run counts as a hang, "
                             "rounded up to whole seconds (default 10)")
    parser.add_argument("--memory-limit", type=int, default=8192,
                        help="address-space limit per run in MiB for an "
                             "uninstrumented build (default 8192; 0: none)")
    parser.add_argument("--max-repros", type=int, default=5,
                        help="reproducers kept per distinct finding "
                             "(default 5; all are counted)")
    parser.add_argument("--keep-work", action="store_true",
                        help="keep the scratch directory (its path is "
                             "printed)")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="print every run that is not ok")
    parser.add_argument("--_smoke_count", default=smoke_count,
                        help=argparse.SUPPRESS)
    parser.add_argument("--_long_count", default=long_count,
                        help=argparse.SUPPRESS)


def require_tool(path, option):
    """The executable `path` (a bare name is looked up on PATH), or an exit
    naming the option that sets it. Checked before any run: a missing tool
    is a usage error, and each run would otherwise retry it for a minute
    (see _start)."""
    found = shutil.which(path)
    if not found:
        raise SystemExit("cannot find the executable %s (%s)" % (path, option))
    return found


def finish_arguments(opts):
    if opts.count is None:
        opts.count = opts._smoke_count if opts.mode == "smoke" else opts._long_count
    opts.tools_dir = os.path.abspath(opts.tools_dir)
    for name in ("dyn-opt", "dyn-translate", "dyn-sim"):
        require_tool(os.path.join(opts.tools_dir, name), "--tools-dir")
    global _processes
    opts.batcher = None
    _processes = threading.Semaphore(max(1, opts.jobs))
    opts.batch = max(1, opts.batch)


def prepare_tools(opts):
    """Looks at the tools (reading a sanitized build's binary takes a
    while, so `drive` runs this where an interrupt is reported)."""
    opts.sanitized = is_sanitized(os.path.join(opts.tools_dir, "dyn-opt"))
    if opts.memory_limit and not opts.sanitized:
        # On this process, so that every tool run inherits it (a preexec_fn
        # is not safe with the --jobs threads).
        limit = opts.memory_limit << 20
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def tool(opts, name):
    return os.path.join(opts.tools_dir, name)


class Input:
    """One fuzz input: its files live in `dir`; its runs are recorded."""

    def __init__(self, number, workdir):
        self.number = number
        self.dir = os.path.join(workdir, "in-%d" % number)
        os.makedirs(self.dir, exist_ok=True)
        self.runs = []
        self.note = ""        # what was mutated, for the reproducer
        self.parsed = False   # the fuzzer's own "got past the front door"
        self.verified = False  # and the next one (mutate_mlir: verifies)
        self.internal_error = None

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, data):
        mode = "wb" if isinstance(data, (bytes, bytearray)) else "w"
        with open(self.path(name), mode) as f:
            f.write(data)
        return self.path(name)

    def run(self, opts, cmd):
        r = run(cmd, opts.timeout, cwd=self.dir)
        self.runs.append(r)
        return r

    def run_tool(self, opts, tool, source, options, output, record=True):
        """Runs `tool source options... -o output` (dyn-opt or
        dyn-translate), in a batch with other inputs when batching is on;
        records the Run unless `record` is false."""
        if opts.batcher:
            r = opts.batcher.run(tool, source, options, output, self.dir)
        else:
            r = run([tool, source] + list(options) + ["-o", output],
                    opts.timeout, cwd=self.dir)
        if record:
            self.runs.append(r)
        return r

    def add_finding(self, cmd, kind, text):
        """A finding the fuzzer itself establishes (e.g. two runs that
        disagree), reported like a run's."""
        r = Run(cmd, 1, "", text, False, 0)
        r.kind = kind
        self.runs.append(r)

    @property
    def kind(self):
        kinds = [r.kind for r in self.runs]
        for k in FINDING_KINDS + ["upstream"]:
            if k in kinds:
                return k
        return "rejected" if "rejected" in kinds else "ok"


class Report:
    def __init__(self, name, opts, workdir):
        self.name, self.opts, self.workdir = name, opts, workdir
        self.inputs = 0
        self.parsed = 0
        self.verified = 0
        self.by_kind = {}
        self.runs_by_tool = {}
        self.findings = []        # (input number, run, reproducer dir)
        self.signatures = {}      # signature -> count
        self.upstream = {}        # KNOWN_UPSTREAM description -> runs
        self.saved = set()        # reproducer directories made
        self.internal_errors = 0

    def add(self, inp):
        self.inputs += 1
        self.parsed += inp.parsed
        self.verified += inp.verified
        self.by_kind[inp.kind] = self.by_kind.get(inp.kind, 0) + 1
        for r in inp.runs:
            counts = self.runs_by_tool.setdefault(r.tool, {})
            counts[r.kind] = counts.get(r.kind, 0) + 1
            if self.opts.verbose and r.kind != "ok":
                print("  [%d] %s %s: %s" % (inp.number, r.tool, r.kind,
                                            _first_error(r)))
            if r.finding:
                self._finding(inp, r)
            elif r.kind == "upstream":
                what = known_upstream(r.err + "\n" + r.out)
                self.upstream[what] = self.upstream.get(what, 0) + 1
        sys.stdout.flush()

    def _finding(self, inp, r):
        sig = r.signature()
        n = self.signatures.get(sig, 0) + 1
        self.signatures[sig] = n
        repro = None
        if n <= self.opts.max_repros:
            repro = self.save(inp, r)
        self.findings.append((inp.number, r, repro))
        rel = [_relative(a, inp.dir) for a in r.cmd]
        print("FINDING %s: %s input %d (%s)" % (r.kind, self.name, inp.number,
                                               printable(inp.note)))
        print("  command: %s %s" % (env_prefix(), printable(
            " ".join(map(shlex.quote, rel)))))
        if repro:
            print("  reproducer: %s (run repro.sh there)" % repro)
        else:
            print("  (same signature as %d earlier finding(s); no reproducer "
                  "kept)" % (n - 1))
        print("  signature: %s" % sig)
        for line in _excerpt(r):
            print("  | " + line)

    def save(self, inp, r):
        if not self.opts.out:
            self.opts.out = tempfile.mkdtemp(prefix="dyn-fuzz-%s-" % self.name)
        dest = base = os.path.join(self.opts.out, "%s-%d-%s-%s" % (
            self.name, inp.number, r.tool, r.kind))
        k = 1
        while dest in self.saved:   # another run of the same input
            k += 1
            dest = "%s-%d" % (base, k)
        self.saved.add(dest)
        if os.path.exists(dest):    # left by an earlier session
            shutil.rmtree(dest)
        shutil.copytree(inp.dir, dest, ignore=shutil.ignore_patterns("result*"))
        rel = [_relative(a, inp.dir) for a in r.cmd]
        with open(os.path.join(dest, "repro.sh"), "w", encoding="utf-8",
                  errors="surrogateescape") as f:
            f.write("#!/bin/sh\n")
            f.write("# %s input %d (%s --seed %d --count 1%s), finding: %s\n" % (
                self.name, inp.number, self.name + ".py", inp.number,
                " --long" if self.opts.mode == "long" else "", r.kind))
            if inp.note:
                f.write("# input: %s\n" % inp.note)
            f.write("# signature: %s\n" % r.signature())
            f.write('cd "$(dirname "$0")"\n')
            f.write("%s %s\n" % (env_prefix(), " ".join(map(shlex.quote, rel))))
        os.chmod(os.path.join(dest, "repro.sh"), 0o755)
        with open(os.path.join(dest, "output.txt"), "w") as f:
            f.write("exit status %s%s\n--- stdout\n%s\n--- stderr\n%s\n" % (
                r.rc, " (timed out)" if r.timed_out else "", r.out, r.err))
        return dest

    def summary(self, parsed_label, verified_label=None):
        lines = []
        for t in sorted(self.runs_by_tool):
            counts = self.runs_by_tool[t]
            lines.append("  %s: %d runs, %s" % (t, sum(counts.values()), ", ".join(
                "%d %s" % (counts[k], k) for k in sorted(counts))))
        if self.signatures:
            lines.append("distinct findings:")
            for sig, n in sorted(self.signatures.items(), key=lambda x: -x[1]):
                lines.append("  %5d x %s" % (n, sig))
            lines.append("reproducers: %s" % self.opts.out)
        if self.upstream:
            lines.append("known upstream defects (not findings):")
            for what, n in sorted(self.upstream.items(), key=lambda x: -x[1]):
                lines.append("  %5d x %s" % (n, what))
        nfind = sum(self.by_kind.get(k, 0) for k in FINDING_KINDS)
        parsed = ""
        if parsed_label:
            parsed = " (%d %s" % (self.parsed, parsed_label)
            if verified_label:
                parsed += ", %d %s" % (self.verified, verified_label)
            parsed += ")"
        detail = ""
        if nfind:
            detail = " (%s)" % ", ".join("%d %s" % (self.by_kind[k], k)
                                          for k in FINDING_KINDS
                                          if self.by_kind.get(k))
        upstream = ""
        if self.by_kind.get("upstream"):
            upstream = ", %d known upstream" % self.by_kind["upstream"]
        lines.append("%s: %d inputs%s, %d ok, %d rejected, %d findings%s%s" % (
            self.name, self.inputs, parsed, self.by_kind.get("ok", 0),
            self.by_kind.get("rejected", 0), nfind, detail, upstream))
        return "\n".join(lines)


def printable(s):
    """`s` with undecodable bytes (kept by os.fsdecode) shown as escapes."""
    return s.encode("utf-8", "surrogateescape").decode("utf-8",
                                                        "backslashreplace")


def _relative(arg, base):
    if isinstance(arg, str) and arg.startswith(base + os.sep):
        return arg[len(base) + 1:]
    if isinstance(arg, str) and "=" in arg and (base + os.sep) in arg:
        return arg.replace(base + os.sep, "")
    return arg


def _first_error(r):
    if r.timed_out:
        return "timed out"
    for line in (r.err + r.out).splitlines():
        if "error" in line.lower() or "Sanitizer" in line:
            return line.strip()[:300]
    return ("exit %d: " % r.rc) + (r.err.strip().splitlines() or [""])[0][:300]


def _excerpt(r, n=12):
    if r.timed_out:
        return ["(stopped at its time limit, %.0f s of wall-clock time)"
                % r.seconds]
    lines = [l for l in r.err.splitlines() if l.strip()]
    keep = [l for l in lines if re.search(
        r"error|ERROR|Sanitizer|Assertion|#\d+ 0x|LLVM|PLEASE|SUMMARY", l)]
    out = (keep or lines)[:n]
    if not out:
        out = ["exit %d, no output" % r.rc]
    return [l[:300] for l in out]


def drive(name, opts, make_and_run, parsed_label, verified_label=None,
          setup=None):
    """Runs inputs seed..seed+count-1 through `make_and_run(opts, inp, ctx)`
    on --jobs threads and prints the report. Returns the exit status.

    Interrupted (Ctrl-C or SIGTERM), it stops taking inputs, lets the runs
    in flight end, and prints the report of the inputs done so far, which
    are always a prefix seed..seed+done-1, so a later run can go on from
    seed+done."""
    workdir = tempfile.mkdtemp(prefix="dyn-fuzz-%s-work-" % name)
    report = Report(name, opts, workdir)
    done = 0
    stop = threading.Event()
    preparing = True  # read by on_signal, which sees the latest binding

    def on_signal(signum, frame):
        # `timeout` and terminals signal the whole process group, so the
        # same interrupt may arrive twice: the first one ignores the rest.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stop.set()
        if preparing:
            raise KeyboardInterrupt  # no loop checks `stop` during setup
    old_int = signal.signal(signal.SIGINT, on_signal)
    old_term = signal.signal(signal.SIGTERM, on_signal)
    try:
        try:
            prepare_tools(opts)
            ctx = setup(opts, workdir) if setup else None
            preparing = False
        except KeyboardInterrupt:
            print("%s: interrupted while preparing its inputs; none done, "
                  "--seed %d goes on" % (name, opts.seed))
            return 128 + signal.SIGINT
        numbers = range(opts.seed, opts.seed + opts.count)
        start = time.time()
        # With batching, enough inputs in flight to fill --jobs batches.
        opts.batcher = Batcher(opts, workdir) if opts.batch > 1 else None
        threads = max(1, opts.jobs) * opts.batch
        with concurrent.futures.ThreadPoolExecutor(threads) as pool:
            def one(n):
                inp = Input(n, workdir)
                try:
                    make_and_run(opts, inp, ctx)
                except Exception:
                    # A bug of the fuzzer, not of dyn: say so, go on.
                    inp.internal_error = traceback.format_exc()
                return inp
            # Submit in bounded windows: results are reported in input order
            # (deterministic output) without holding every input at once.
            # The wait polls `stop`, so an interrupt never cuts a report.
            window = threads * 2
            pending = []
            it = iter(numbers)
            while not stop.is_set():
                while len(pending) < window:
                    n = next(it, None)
                    if n is None:
                        break
                    pending.append(pool.submit(one, n))
                if not pending:
                    break
                concurrent.futures.wait(pending[:1], timeout=0.2)
                if not pending[0].done():
                    continue
                inp = pending.pop(0).result()
                if inp.internal_error:
                    report.internal_errors += 1
                    print("INTERNAL ERROR of %s (a bug of the fuzzer, not of "
                          "dyn) on input %d:\n%s" % (name, inp.number,
                                                     inp.internal_error))
                report.add(inp)
                if not opts.keep_work and inp.kind not in FINDING_KINDS:
                    shutil.rmtree(inp.dir, ignore_errors=True)
                done += 1
                if opts.mode == "long" and done % 500 == 0:
                    print("[%s] %d/%d inputs, %d findings, %.0f s" % (
                        name, done, opts.count, len(report.findings),
                        time.time() - start), file=sys.stderr, flush=True)
            interrupted = stop.is_set() and done < opts.count
            if interrupted:
                for future in pending:
                    future.cancel()
                print("%s: interrupted; waiting for the runs in flight" % name,
                      file=sys.stderr, flush=True)
        batches = ""
        if opts.batcher:
            opts.batcher.close()
        if opts.batcher and opts.batcher.batches:
            batches = " (%d batches, %d split again, %d inputs run alone)" % (
                opts.batcher.batches, opts.batcher.fallbacks,
                opts.batcher.single)
        print("%s: %.1f s, %d runs%s" % (name, time.time() - start,
                                          sum(sum(c.values()) for c in
                                              report.runs_by_tool.values()),
                                          batches))
        if report.internal_errors:
            print("%d INTERNAL ERRORS (bugs of the fuzzer, see above)" %
                  report.internal_errors)
        if interrupted:
            print("%s: interrupted after %d of %d inputs (%s); --seed %d goes "
                  "on" % (name, done, opts.count,
                          "%d to %d" % (opts.seed, opts.seed + done - 1)
                          if done else "none done", opts.seed + done))
        print(report.summary(parsed_label, verified_label))
        if report.internal_errors:
            return 2
    finally:
        signal.signal(signal.SIGINT, old_int)
        signal.signal(signal.SIGTERM, old_term)
        if opts.keep_work:
            print("scratch directory kept: %s" % workdir, file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    if report.findings:
        return 1
    return 128 + signal.SIGINT if interrupted else 0


# Interesting integers, shared by the mutators.
INTERESTING = [0, 1, -1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255,
               256, 1023, 1024, 4095, 4096, 65535, 65536, 65537,
               (1 << 20), (1 << 20) + 1, (1 << 29) - 1, (1 << 29),
               (1 << 31) - 1, 1 << 31, -(1 << 31), -(1 << 31) - 1,
               (1 << 32) - 1, 1 << 32, (1 << 63) - 1, 1 << 63, -(1 << 63),
               1 << 64]


def interesting_int(rng, near=()):
    """An interesting integer, or one next to a value of `near` (shape
    extents, the value being replaced)."""
    near = list(near)
    if near and rng.random() < 0.45:
        v = rng.choice(near)
        return v + rng.choice([-2, -1, -1, 0, 1, 1, 2, v, -v - 1])
    return rng.choice(INTERESTING)
