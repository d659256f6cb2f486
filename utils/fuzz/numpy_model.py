"""An independent NumPy model of the compute programs gen_program.py writes.

ComputeGen records, for each tensor value it emits, a closure that computes
it from the values it reads (`Gen.fns`, by SSA name); scalar lines (i32 and
index arithmetic, compares, selects, index_cast, affine.apply/min/max,
tensor.extract, constants) and the scalar bodies of linalg ops are
interpreted from their text here. `evaluate` runs a program's model on
chosen inputs, at one of two precisions:

  float32  every float op rounds to f32 (and a bf16 value to bf16), as the
           engines and the reference interpreter compute (docs/Compute.md);
           reductions and matmuls combine in linalg's order;
  float64  the same ops in float64 (bf16 values still rounded to bf16, and
           values past the f32 range still overflow to inf).

`compare` accepts a result element within a tolerance of the float64 value
that grows with the distance between the two models: where the two
disagree the program is ill-conditioned (a cancellation, a compare on the
edge), and an element where one is a NaN or an inf and the other is not is
not checked at all.

A program whose result the model cannot define for the inputs (an
upstream-undefined slice, an fptosi of a NaN, the unspecified padding of a
computed bounded tensor) raises Unspecified; an op the model does not know
raises Unmodelled (KeyError on a name without a model).

Also here: the types of a function signature (`parse_signature`), the
inputs of a call (`make_inputs`, `write_npy`) and reading dyn-sim's result
files (`read_results`), which fuzz_reference.py shares.
"""

import os
import re

import numpy as np

F32_MAX = float(np.finfo(np.float32).max)
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


class Unspecified(Exception):
    """The program's result is not defined on these inputs."""


class Unmodelled(Exception):
    """The program has an op the model does not know."""


# ------------------------------------------------------------------ types

ELEM_DTYPES = {"f32": "<f4", "f16": "<f2", "f64": "<f8", "bf16": "<u2",
               "i32": "<i4", "i64": "<i8", "i16": "<i2", "i8": "|i1",
               "i1": "|i1", "index": "<i8"}


class TensorType:
    """`tensor<3x?xf32, #dynshape.bounds<?, 200>>`: shape (a bounded dim
    at its bound, an unbounded `?` as None), per dim whether it is
    dynamic, and the element type."""

    def __init__(self, shape, dyn, elem):
        self.shape, self.dyn, self.elem = shape, dyn, elem

    @property
    def rank(self):
        return len(self.shape)


def _split_top(s, sep=","):
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def parse_type(text):
    """A TensorType, or the scalar type's name ("i32", "index", ...), or
    None for anything else."""
    text = text.strip()
    m = re.match(r"tensor<(.*)>$", text, re.S)
    if not m:
        return text if re.match(r"^(i\d+|index|f\d+|bf16)$", text) else None
    parts = _split_top(m.group(1))
    body = parts[0].strip()
    dims = body.split("x")
    elem = dims.pop()
    shape, dyn = [], []
    for d in dims:
        d = d.strip()
        if d == "?":
            shape.append(None)
            dyn.append(True)
        elif re.match(r"^\d+$", d):
            shape.append(int(d))
            dyn.append(False)
        else:
            return None
    for extra in parts[1:]:
        b = re.match(r"\s*#dynshape\.bounds<(.*)>\s*$", extra)
        if b:
            bounds = [x.strip() for x in b.group(1).split(",")]
            if len(bounds) == len(shape):
                for k, x in enumerate(bounds):
                    if shape[k] is None and re.match(r"^\d+$", x):
                        shape[k] = int(x)
    return TensorType(shape, dyn, elem.strip())


def parse_signature(text, entry=None):
    """[(name, type text)] of the arguments of function `entry` (the first
    one with a body if None), or None."""
    pat = r"func\.func\s+(?:private\s+)?@%s\s*\(" % (
        re.escape(entry) if entry else r"[\w$.]+")
    m = re.search(pat, text)
    if not m:
        return None
    depth, i = 1, m.end()
    while i < len(text) and depth:
        depth += text[i] == "("
        depth -= text[i] == ")"
        i += 1
    args = []
    inner = text[m.end():i - 1]
    if not inner.strip():
        return args
    for a in _split_top(inner):
        mm = re.match(r"\s*(%[\w$.]+)\s*:\s*(.*?)\s*(\{.*\})?\s*$", a, re.S)
        if not mm:
            return None
        args.append((mm.group(1), mm.group(2)))
    return args


# ------------------------------------------------------------------ inputs

def view(a, dtype):
    """`a` reinterpreted as `dtype` of the same size (0-d arrays too)."""
    a = np.asarray(a)
    return a.reshape(-1).view(dtype).reshape(a.shape)


def to_bf16_bits(x):
    a = np.asarray(x, dtype=np.float32)
    u = view(a, np.uint32).astype(np.uint64).reshape(-1)
    k16 = np.uint64(16)
    r = ((u + np.uint64(0x7FFF) + ((u >> k16) & np.uint64(1))) >> k16)
    r = r.astype(np.uint16).reshape(a.shape)
    return np.where(np.isnan(a), np.uint16(0x7FC0), r).astype(np.uint16)


def from_bf16_bits(bits):
    wide = (np.asarray(bits).astype(np.uint32) << np.uint32(16)).astype(np.uint32)
    return view(wide, np.float32)


def bf16_round(x):
    """`x` rounded to bf16 (to nearest even), in x's dtype."""
    x = np.asarray(x)
    return from_bf16_bits(to_bf16_bits(x)).astype(x.dtype)


def make_inputs(args, rng, special=0.1, max_elems=1 << 22):
    """Values for a call with arguments `args` ((name, type text) pairs):
    {name: value} (float tensors as float64 arrays of bf16- or
    f32-exact values, integer tensors as int64 arrays, scalars as ints),
    the runtime size of each bounded dim drawn once per bound; a tensor of
    more than `max_elems` elements is None. None if a type is not one this
    can make."""
    types = [(n, parse_type(t)) for n, t in args]
    extents = [e for _, t in types if isinstance(t, TensorType)
               for e in t.shape if e is not None]
    # (A mutant's extent may be 2^63: values stay in i32.)
    top = min(max(extents), 1 << 30) if extents else 8
    sizes = {}
    out = {}
    for name, t in types:
        if t is None:
            return None
        if isinstance(t, str):
            if not (t.startswith("i") or t == "index"):
                return None
            out[name] = int(rng.randint(-3, top + 3))
            continue
        shape = []
        for e, d in zip(t.shape, t.dyn):
            if e is None:
                e = 4
            if d:
                if e not in sizes:
                    sizes[e] = rng.choice([e, e, rng.randint(1, e)]) if e else 0
                e = sizes[e]
            shape.append(e)
        n = 1
        for e in shape:
            n *= e
        g = np.random.default_rng(rng.randrange(1 << 30))
        if n > max_elems:
            out[name] = None
            continue
        if t.elem.startswith("f") or t.elem == "bf16":
            span = rng.choice([8, 8, 100])
            a = g.integers(-span, span + 1, size=n) * 0.25
            if n and rng.random() < special:
                a[g.integers(0, n)] = rng.choice([np.nan, np.inf, -np.inf,
                                                  -0.0])
        elif t.elem == "i1":
            a = g.integers(0, 2, size=n)
        else:
            a = g.integers(-10, 11, size=n)
            if re.match(r"tensor<\d+xi32>$", _compact(args, name)):
                a = g.integers(-3, top + 4, size=n)
            if n and rng.random() < 0.3:
                k = g.integers(0, n)
                a[k] = rng.choice([INT32_MIN, INT32_MAX, -7, 1 << 24,
                                   (1 << 24) + 1])
        out[name] = np.asarray(a).reshape(shape)
    return out


def _compact(args, name):
    for n, t in args:
        if n == name:
            return t.replace(" ", "")
    return ""


def write_npy(path, value, type_text):
    """Writes a tensor input as dyn-sim reads it (bf16 as `<u2` bits)."""
    t = parse_type(type_text)
    dtype = ELEM_DTYPES.get(t.elem, "<f4")
    if t.elem == "bf16":
        arr = to_bf16_bits(value)
    elif t.elem.startswith("f"):
        arr = np.asarray(value).astype(dtype)
    else:
        arr = np.asarray(value).astype(np.int64).astype(dtype)
    np.save(path, arr)
    return path


def read_results(directory, count):
    """The first `count` result files and the sizes after them (0-d int32
    files), or (None, None) if the files are not there."""
    got = []
    for i in range(count):
        p = os.path.join(directory, "result%d.npy" % i)
        if not os.path.exists(p):
            return None, None
        got.append(np.load(p))
    sizes = []
    i = count
    while os.path.exists(os.path.join(directory, "result%d.npy" % i)):
        sizes.append(int(np.load(os.path.join(directory,
                                              "result%d.npy" % i))))
        i += 1
    return got, sizes


# ------------------------------------------------------------------ scalars

def wrap32(v):
    """v (an int or an int64 array) as a signed 32-bit value."""
    if isinstance(v, np.ndarray):
        return ((v.astype(np.int64) + (1 << 31)) % (1 << 32)) - (1 << 31)
    return ((int(v) + (1 << 31)) % (1 << 32)) - (1 << 31)


def u32(v):
    return v & 0xFFFFFFFF if not isinstance(v, np.ndarray) else \
        v.astype(np.int64) & 0xFFFFFFFF


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def int_binary(op, a, b, ty):
    if ty == "i1":
        a, b = bool(a), bool(b)
        return {"andi": a and b, "ori": a or b, "xori": a != b}[op]
    wide = ty == "index"
    fix = (lambda v: v) if wide else wrap32
    if op == "addi":
        return fix(a + b)
    if op == "subi":
        return fix(a - b)
    if op == "muli":
        return fix(a * b)
    if op == "minsi":
        return min(a, b)
    if op == "maxsi":
        return max(a, b)
    if op == "divsi":
        if b == 0:
            raise Unspecified("divsi by 0")
        return fix(trunc_div(a, b))
    if op == "remsi":
        if b == 0:
            raise Unspecified("remsi by 0")
        return fix(a - b * trunc_div(a, b))
    if op == "andi":
        return fix(a & b)
    if op == "ori":
        return fix(a | b)
    if op == "xori":
        return fix(a ^ b)
    if op in ("shli", "shrsi", "shrui"):
        if not 0 <= b < 32:
            raise Unspecified("shift by %d" % b)
        if op == "shli":
            return fix(a << b)
        if op == "shrsi":
            return a >> b
        return fix(u32(a) >> b)
    raise Unmodelled("arith.%s" % op)


def int_compare(pred, a, b):
    """arith.cmpi on i32 values (ints or int64 arrays)."""
    if pred.startswith("u"):
        a, b = u32(a), u32(b)
        pred = "s" + pred[1:]
    return {"eq": lambda: a == b, "ne": lambda: a != b,
            "slt": lambda: a < b, "sle": lambda: a <= b,
            "sgt": lambda: a > b, "sge": lambda: a >= b}[pred]()


class _Affine(int):
    """An int whose `@` is ceildiv, for evaluating affine expressions."""

    def _w(f):
        return lambda self, *o: _Affine(f(int(self), *map(int, o)))
    __add__ = _w(lambda a, b: a + b)
    __radd__ = _w(lambda a, b: b + a)
    __sub__ = _w(lambda a, b: a - b)
    __rsub__ = _w(lambda a, b: b - a)
    __mul__ = _w(lambda a, b: a * b)
    __rmul__ = _w(lambda a, b: b * a)
    __floordiv__ = _w(lambda a, b: a // b)
    __mod__ = _w(lambda a, b: a % b)
    __matmul__ = _w(lambda a, b: -((-a) // b))
    __neg__ = _w(lambda a: -a)


def affine_eval(expr, values):
    """An affine expression of d0.., s0.. (positive divisors) at `values`."""
    py = expr.replace("ceildiv", "@").replace("floordiv", "//").replace(
        "mod", "%")
    if not re.match(r"^[\sds\d+\-*/%@()]*$", py):
        raise Unmodelled("affine expression %s" % expr)
    env = {k: _Affine(v) for k, v in values.items()}
    return int(eval(py, {"__builtins__": {}}, env))


def affine_results(map_text):
    """(dims, symbols, result expressions) of `affine_map<(d0)[s0] -> (...)>`."""
    m = re.match(r"affine_map<\(([^)]*)\)(?:\[([^\]]*)\])?\s*->\s*\((.*)\)>$",
                 map_text.strip())
    dims = [x.strip() for x in m.group(1).split(",") if x.strip()]
    syms = [x.strip() for x in (m.group(2) or "").split(",") if x.strip()]
    return dims, syms, [e.strip() for e in _split_top(m.group(3))]


FLOAT_CONST = re.compile(r"^(%[\w$.]+) = arith\.constant (\S+) : (f32|bf16|f16)$")
INT_CONST = re.compile(r"^(%[\w$.]+) = arith\.constant (-?\d+|true|false)"
                       r"(?: : (i\d+|index))?$")


def float_constant(text, elem):
    if text.startswith("0x"):
        bits = int(text, 16)
        if elem == "f32":
            return float(view(np.array(bits, np.uint32), np.float32))
        return float(from_bf16_bits(np.array(bits, np.uint16)))
    return float(text)


def scalar_line(line):
    """(name, fn(ctx)) for a scalar op line, or None."""
    s = line.strip()
    m = FLOAT_CONST.match(s)
    if m:
        v = float_constant(m.group(2), m.group(3))
        return m.group(1), lambda c: v
    m = INT_CONST.match(s)
    if m:
        v = {"true": 1, "false": 0}.get(m.group(2))
        v = int(m.group(2)) if v is None else v
        return m.group(1), lambda c: v
    m = re.match(r"^(%[\w$.]+) = arith\.(\w+) (%[\w$.]+), (%[\w$.]+) : "
                 r"(i\d+|index)$", s)
    if m:
        name, op, a, b, ty = m.groups()
        return name, lambda c: int_binary(op, c(a), c(b), ty)
    m = re.match(r"^(%[\w$.]+) = arith\.cmpi (\w+), (%[\w$.]+), (%[\w$.]+) : "
                 r"(i32|index)$", s)
    if m:
        name, pred, a, b, _ = m.groups()
        return name, lambda c: int(bool(int_compare(pred, c(a), c(b))))
    m = re.match(r"^(%[\w$.]+) = arith\.select (%[\w$.]+), (%[\w$.]+), "
                 r"(%[\w$.]+) : (i32|index)$", s)
    if m:
        name, f, a, b, _ = m.groups()
        return name, lambda c: c(a) if c(f) else c(b)
    m = re.match(r"^(%[\w$.]+) = arith\.(extui|index_cast) (%[\w$.]+) : "
                 r"(\w+) to (\w+)$", s)
    if m:
        name, op, a, src, dst = m.groups()
        if op == "extui":
            return name, lambda c: int(c(a)) & 1
        if dst == "i32":
            return name, lambda c: wrap32(c(a))
        return name, lambda c: int(c(a))
    m = re.match(r"^(%[\w$.]+) = affine\.(apply|min|max) (affine_map<.*>)"
                 r"\(([^)]*)\)(?:\[([^\]]*)\])?$", s)
    if m:
        name, op, amap, operands, symbols = m.groups()
        dims, syms, exprs = affine_results(amap)
        ops = [x.strip() for x in operands.split(",") if x.strip()]
        sops = [x.strip() for x in (symbols or "").split(",") if x.strip()]

        def f(c):
            vals = dict(zip(dims, [c(o) for o in ops]))
            vals.update(zip(syms, [c(o) for o in sops]))
            rs = [affine_eval(e, vals) for e in exprs]
            return {"apply": rs[0] if rs else 0, "min": min(rs),
                    "max": max(rs)}[op]
        return name, f
    m = re.match(r"^(%[\w$.]+) = tensor\.extract (%[\w$.]+)\[([^\]]*)\] : ",
                 s)
    if m:
        name, t, pos = m.groups()
        idx = [p.strip() for p in pos.split(",") if p.strip()]

        def f(c):
            arr = c(t)
            ii = tuple(int(c(p)) for p in idx)
            if any(not 0 <= i < n for i, n in zip(ii, arr.shape)):
                raise Unspecified("tensor.extract out of range")
            return int(arr[ii])
        return name, f
    return None


# ------------------------------------------------------------------ floats

class Ctx:
    """One evaluation: values by SSA name, memoized."""

    def __init__(self, fns, inputs, arg_types, dt, reverse=False):
        self.fns, self.inputs, self.dt = fns, inputs, dt
        # Sums (reductions, matmuls) in the opposite order and every f32
        # result moved by one unit at random: how much the order and the
        # last bit matter (the engines may chunk a contraction, and an
        # exp may be one unit off).
        self.reverse = reverse
        self.jitter = np.random.default_rng(1) if reverse else None
        self.arg_types = arg_types
        self.vals = {}
        self.zero_padded = set()   # tensors whose padding is known zeros

    def __call__(self, name):
        if name in self.vals:
            return self.vals[name]
        if name in self.inputs:
            v = self.inputs[name]
            t = self.arg_types.get(name)
            if isinstance(t, TensorType):
                self.zero_padded.add(name)
                if t.elem in ("f32", "bf16", "f16"):
                    v = self.flt(np.asarray(v, dtype=np.float64), t.elem,
                                 exact=True)
                else:
                    v = np.asarray(v).astype(np.int64)
        elif name in self.fns:
            v = self.fns[name](self)
        else:
            raise Unmodelled("no model of %s" % name)
        self.vals[name] = v
        return v

    def flt(self, x, elem="f32", exact=False):
        """`x` as this precision's floats, rounded to `elem`; in float64, a
        value past the f32 range overflows to inf, as f32 would."""
        x = np.asarray(x, dtype=self.dt)
        if self.jitter is not None and not exact and x.size:
            step = self.jitter.choice([-1, 0, 1], size=x.shape)
            with np.errstate(all="ignore"):
                x = np.where(np.isfinite(x), x * (1 + step * 2.0 ** -23),
                             x).astype(self.dt)
        if self.dt == np.float64:
            with np.errstate(invalid="ignore"):
                x = np.where(np.abs(x) > F32_MAX, np.copysign(np.inf, x), x)
        if elem == "bf16":
            x = bf16_round(x)
        elif elem == "f16":
            x = x.astype(np.float16).astype(self.dt)
        return x

    def indices(self, text):
        """The start indices of a dynamic_slice / dynamic_update_slice as
        written between its brackets: names (`a, b` or `a, b : i32,
        index`), or one index-vector tensor (`%v : tensor<2xi32>`)."""
        if "tensor<" in text:
            return [int(x) for x in self(text.split(":")[0].strip())]
        names = text.split(":")[0]
        return [int(self(n.strip())) for n in names.split(",")]


def fbinary(op, a, b, c):
    with np.errstate(all="ignore"):
        if op == "addf":
            return c.flt(np.add(a, b, dtype=c.dt))
        if op == "subf":
            return c.flt(np.subtract(a, b, dtype=c.dt))
        if op == "mulf":
            return c.flt(np.multiply(a, b, dtype=c.dt))
        if op == "divf":
            return c.flt(np.divide(a, b, dtype=c.dt))
        if op == "maximumf":
            return c.flt(np.maximum(a, b, dtype=c.dt))
        if op == "minimumf":
            return c.flt(np.minimum(a, b, dtype=c.dt))
    raise Unmodelled("arith.%s" % op)


def fexp(a, c):
    with np.errstate(all="ignore"):
        return c.flt(np.exp(np.asarray(a, dtype=c.dt)))


def float_compare(pred, a, b):
    a, b = np.asarray(a), np.asarray(b)
    nan = np.isnan(a) | np.isnan(b)
    with np.errstate(invalid="ignore"):
        ordered = {"oeq": a == b, "ogt": a > b, "oge": a >= b, "olt": a < b,
                   "ole": a <= b, "one": (a < b) | (a > b), "ord": ~nan}
        if pred in ordered:
            return ordered[pred] & ~nan
        opposite = {"ueq": "one", "ugt": "ole", "uge": "olt", "ult": "oge",
                    "ule": "ogt", "une": "oeq", "uno": "ord"}
        if pred in opposite:
            return ~(ordered[opposite[pred]] & ~nan)
    raise Unmodelled("cmpf %s" % pred)


def fptosi(x):
    x = np.asarray(x, dtype=np.float64)
    if np.isnan(x).any():
        raise Unspecified("fptosi of a NaN")
    t = np.trunc(np.clip(x, INT32_MIN, INT32_MAX))
    return t.astype(np.int64)


BODY_LINE = re.compile(r"^(?:(%[\w$.]+) = )?([\w.]+) (.*?)(?: : (.*))?$")


def eval_body(text, env, c):
    """The value a linalg body (lines joined by two spaces) yields, its
    block arguments bound in `env` (arrays over the iteration space);
    values from outside the body are read from `c`."""
    vals = dict(env)

    def get(n):
        return vals[n] if n in vals else c(n)
    for line in [l.strip() for l in text.split("  ") if l.strip()]:
        m = BODY_LINE.match(line)
        if not m:
            raise Unmodelled("body line %s" % line)
        name, op, rest, ty = m.groups()
        operands = [x.strip() for x in rest.split(",")]
        if op == "linalg.yield":
            return get(operands[0])
        if op == "arith.constant":
            vals[name] = (float_constant(operands[0], ty)
                          if ty in ("f32", "bf16") else int(operands[0]))
        elif op == "arith.extf":
            vals[name] = get(operands[0])
        elif op == "arith.truncf":
            vals[name] = c.flt(get(operands[0]), ty.split(" to ")[1])
        elif op == "math.exp":
            vals[name] = fexp(get(operands[0]), c)
        elif op in ("arith.addf", "arith.subf", "arith.mulf", "arith.divf",
                    "arith.maximumf", "arith.minimumf"):
            vals[name] = c.flt(fbinary(op[6:], get(operands[0]),
                                       get(operands[1]), c), ty)
        elif op == "arith.cmpf":
            vals[name] = float_compare(operands[0], get(operands[1]),
                                       get(operands[2]))
        elif op in ("arith.andi", "arith.ori", "arith.xori") and ty == "i1":
            a, b = np.asarray(get(operands[0]), bool), np.asarray(
                get(operands[1]), bool)
            vals[name] = {"arith.andi": a & b, "arith.ori": a | b,
                          "arith.xori": a ^ b}[op]
        elif op in ("arith.uitofp", "arith.sitofp") and ty.startswith("i1 "):
            f = np.asarray(get(operands[0]), bool).astype(c.dt)
            vals[name] = c.flt(-f + 0.0 if op == "arith.sitofp" else f)
        elif op == "arith.select":
            vals[name] = np.where(np.asarray(get(operands[0]), bool),
                                  get(operands[1]), get(operands[2]))
        elif op == "arith.fptosi":
            vals[name] = fptosi(get(operands[0]))
        elif op in ("arith.addi", "arith.subi", "arith.muli", "arith.maxsi",
                    "arith.minsi") and ty == "i32":
            a = np.asarray(get(operands[0]), np.int64)
            b = np.asarray(get(operands[1]), np.int64)
            vals[name] = {"arith.addi": lambda: wrap32(a + b),
                          "arith.subi": lambda: wrap32(a - b),
                          "arith.muli": lambda: wrap32(a * b),
                          "arith.maxsi": lambda: np.maximum(a, b),
                          "arith.minsi": lambda: np.minimum(a, b)}[op]()
        elif op == "arith.cmpi" and ty == "i32":
            vals[name] = int_compare(operands[0],
                                     np.asarray(get(operands[1]), np.int64),
                                     np.asarray(get(operands[2]), np.int64))
        elif op in ("arith.sitofp", "arith.uitofp") and ty.startswith("i32"):
            p = np.asarray(get(operands[0]), np.int64)
            if op == "arith.uitofp":
                p = u32(p)
            vals[name] = c.flt(p.astype(c.dt))
        else:
            raise Unmodelled("body op %s" % line)
    raise Unmodelled("a body without linalg.yield")


def generic(c, inputs, out_shape, body, args, out_elem):
    """A parallel linalg.generic: `inputs` are (name, index functions),
    each index function giving the operand's index along one of its dims
    from the loop indices (np.indices of out_shape); `args` the block
    arguments' names, one per input (the output's last, unused)."""
    grid = np.indices(out_shape) if out_shape else np.zeros((0,), np.int64)
    env = {}
    for (name, fns), arg in zip(inputs, args):
        arr = c(name)
        idx = tuple(np.broadcast_to(np.asarray(f(grid), np.int64), out_shape)
                    for f in fns)
        for i, n in zip(idx, arr.shape):
            if i.size and (i.min() < 0 or i.max() >= n):
                raise Unspecified("an indexing map reads outside an operand")
        env[arg] = arr[idx] if idx else np.broadcast_to(arr, out_shape)
    y = eval_body(body, env, c)
    y = np.broadcast_to(np.asarray(y), out_shape)
    if out_elem in ("f32", "bf16", "f16"):
        return c.flt(y, out_elem)
    return np.asarray(y, np.int64)


def reduce(c, x, d, comb, init, elem, pair_acc_first):
    """linalg.reduce of `x` over dim `d`, combined in order from `init`."""
    acc = np.array(init, dtype=c.dt)
    x = np.moveaxis(np.asarray(x, dtype=c.dt), d, 0)
    order = range(x.shape[0])
    for k in reversed(order) if c.reverse else order:
        a, b = (acc, x[k]) if pair_acc_first else (x[k], acc)
        acc = c.flt(fbinary(comb, a, b, c), elem)
    return acc


def matmul(c, acc, a, b, transposed):
    """acc + a . b over the last dim of a and dim -2 (-1 if transposed) of
    b, in ascending k for float32; batch dims lead."""
    a = np.asarray(a, dtype=c.dt)
    b = np.asarray(b, dtype=c.dt)
    if transposed:
        b = np.swapaxes(b, -1, -2)
    acc = np.array(acc, dtype=c.dt)
    with np.errstate(all="ignore"):
        if c.dt == np.float64:
            return c.flt(acc + np.matmul(a, b))
        order = range(a.shape[-1])
        for k in reversed(order) if c.reverse else order:
            acc = c.flt(acc + c.flt(a[..., :, k, None] * b[..., None, k, :]))
    return acc


def evaluate(fns, args, results, inputs, dt, reverse=False):
    """The model's results (arrays at their runtime extents) for `inputs`
    at precision `dt` (with `reverse`, sums in the opposite order)."""
    c = Ctx(fns, inputs, {n: parse_type(t) for n, t in args}, dt, reverse)
    return [np.asarray(c(n)) for n, _ in results]


def models(fns, args, results, inputs):
    """The three evaluations `compare` takes: float32, float32 with sums
    reversed and every result moved by a unit at random, float64."""
    return (evaluate(fns, args, results, inputs, np.float32),
            evaluate(fns, args, results, inputs, np.float32, True),
            evaluate(fns, args, results, inputs, np.float64))


# ------------------------------------------------------------------ compare

def as_float(arr, elem):
    if elem == "bf16":
        return from_bf16_bits(arr.astype(np.uint16)).astype(np.float64)
    return np.asarray(arr).astype(np.float64)


def compare(got, sizes, model, results):
    """None, or the first difference between dyn-sim's results (`got`,
    bounded ones at their bound, then `sizes`) and the model's (`model`:
    the three evaluations of `models`, logical arrays). A bf16 result gets
    a tolerance of a few bf16 units, an f32 one of a few f32 units; both
    grow with the distances between the three evaluations."""
    m32, m32r, m64 = model
    want_sizes = []
    for k, ((name, tytext), g, a, ar, b) in enumerate(
            zip(results, got, m32, m32r, m64)):
        t = parse_type(tytext)
        if not isinstance(t, TensorType):
            if int(g) != int(b):
                return "result %d (%s): %s, expected %s" % (k, name, g, b)
            continue
        want_sizes += [n for n, d in zip(b.shape, t.dyn) if d]
        if tuple(g.shape) != tuple(t.shape):
            return "result %d (%s): shape %s, expected %s" % (
                k, name, g.shape, t.shape)
        g = g[tuple(slice(0, n) for n in b.shape)]
        if t.elem in ("i32", "i64", "i16", "i8"):
            bad = np.asarray(g, np.int64) != np.asarray(b, np.int64)
            if bad.any():
                i = tuple(int(x) for x in np.argwhere(bad)[0])
                return "result %d (%s) at %s: %s, expected %s" % (
                    k, name, list(i), g[i], b[i])
            continue
        g = as_float(g, t.elem)
        a = np.asarray(a, np.float64)
        ar = np.asarray(ar, np.float64)
        b = np.asarray(b, np.float64)
        rtol = 2.0 ** -6 if t.elem == "bf16" else 2.0 ** -16
        with np.errstate(all="ignore"):
            special = ~np.isfinite(a) | ~np.isfinite(b) | ~np.isfinite(ar)
            # Where the models disagree about NaN or inf: unchecked.
            agree = np.ones(b.shape, bool)
            for x in (a, ar):
                agree &= (np.isnan(x) == np.isnan(b)) & \
                    (np.isinf(x) == np.isinf(b)) & ~(np.isinf(x) & (x != b))
            tol = 1e-6 + rtol * np.abs(b) + 4 * (np.abs(a - b) +
                                                np.abs(a - ar))
            close = np.abs(g - b) <= tol
            same = (g == b) | (np.isnan(g) & np.isnan(b))
            ok = np.where(special, same | ~agree, close | ~agree)
        if not ok.all():
            i = tuple(int(x) for x in np.argwhere(~ok)[0])
            return ("result %d (%s) at %s: %r, expected %r (float32 model "
                    "%r); %d of %d elements differ" % (
                        k, name, list(i), float(g[i]), float(b[i]),
                        float(a[i]), int((~ok).sum()), ok.size))
    if sizes is not None and sizes[:len(want_sizes)] != want_sizes:
        return "result sizes %s, expected %s" % (sizes, want_sizes)
    return None
