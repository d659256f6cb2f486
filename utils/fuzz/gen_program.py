#!/usr/bin/env python3
"""Random tensor-level programs for differential testing of dyn.

    gen_program.py SEED [--kind data|compute] [--max-ops N]

prints one function `@fuzz` to stdout, chosen deterministically from SEED
(the same SEED always gives the same text). A data program (the default) is
data movement only, built from:

  * dynshape.dynamic_slice / dynamic_update_slice with scalar i32 start
    indices: function arguments, constants, tensor.extract of an i32
    argument at a constant position, and i32 arithmetic of them (addi, subi,
    muli, minsi/maxsi with a constant, divsi/remsi by a positive constant);
    now and then the index-vector form (one tensor<Nxi32> argument), or
    index-typed starts (index arguments, index_cast of i32 scalars, and
    affine.apply / affine.min / affine.max of them: sums, products,
    floordiv, ceildiv and mod by positive constants, with a second index
    value as a symbol now and then);
  * dynshape.gather / scatter through i32 index-tensor arguments (dyn-sim's
    random inputs give repeated and out-of-range indices), the gather's
    index tensor possibly bounded;
  * scf.for loops with a runtime trip count -- upper bound
    index_cast(minsi(%n, C)) or the get_dimension_size of a bounded tensor,
    possibly adjusted by a constant -- a constant lower bound and step,
    tensor iter_args updated by dynamic_update_slice at the induction
    variable, nested two deep; now and then a constant trip count;
  * scf.if on a runtime flag (arith.cmpi of i32 scalars, now and then
    combined with andi/ori/xori), each branch updating one tensor in
    destination-passing style or yielding it unchanged; arith.select and
    arith.extui of flags in the index arithmetic;
  * upstream tensor.extract_slice / insert_slice with a runtime size along
    one dim (a bounded result, or a bounded update sized by tensor.dim),
    offsets mostly clamped into range;
  * bounded arguments (tensor<?x8xf32, #dynshape.bounds<B, ?>>),
    get_dimension_size, set_dimension_size, and bounded and i32 results.

Shapes are 2-D and 3-D with extents 1..16, elements f32 or i32 (--elems
and --scale widen them, for exploration).

A compute program (--kind compute, ComputeGen) is a chain of 2 to 8 ops
(--max-ops) of what the engines run (docs/Compute.md) on f32 and bf16
tensors of rank 1-3, extents from 1, 2, 3, 4, 8, ..., 128, 200 (at most 8192
elements), static or bounded, returning 1 to 3 results: elementwise arith
(addf, subf, mulf, divf, maximumf, minimumf) and math.exp on tensors;
parallel linalg.generic (an input possibly transposed, more inputs of the
output's shape or broadcast along a dim, a body of those ops, float
constants, extf and truncf, cmpf of every non-constant predicate, selects,
andi/ori/xori of compares and uitofp/sitofp of compares); a parallel
generic with i32 inputs (addi, subi, muli, maxsi, minsi, i32 constants,
fptosi of the float input, cmpi of every predicate selecting between
floats, sitofp and uitofp); linalg.fill;
linalg.broadcast; linalg.reduce
(add, max, min; into f32 or, for max/min, the input's type); linalg.matmul
(also with a transposed right side), batch_matmul and a transposed batch
matmul as a generic, into f32; sizes through tensor.dim and
tensor.empty(%n); now and then a dynamic_slice or dynamic_update_slice.
Views (ComputeGen.op_view, from a random stream of their own, --no-views
leaves them out): rank-reducing tensor.extract_slice dropping any proper
subset of the dims, extract_slice at runtime offsets, rank-reducing
tensor.insert_slice, at static offsets or i32 scalars through
arith.index_cast, then compute on the view; with --reshapes also
expand_shape, collapse_shape and generics with constant or other affine
indices (for the reference: the compiler does not lower them).

Compute along a bounded dim of 256 to 512 rows (ComputeGen.op_bounded,
from a random stream of its own), which dynshape-tile-bounded runs over
ceil(n / 128) tiles: a sum, max or min over the rows (of the rows or of
their exp, from the identity or not), a softmax over the rows, or the
contraction x^T . exp(x) over them; dyn-sim --compare draws their runtime
sizes at 0, 1, 127, 128, 129 and the bound one time in four.

Each program also has a NumPy model (numpy_model.py): make(...).model()
gives a closure per value, which run_fuzz.py --model and
fuzz_reference.py evaluate.

Constructs that are valid at the tensor level but do not lower today are
left out (README.md lists them with reproducers).
"""

import argparse
import contextlib
import random
import sys

try:
    import numpy_model as nm  # the NumPy model (needs NumPy)
except ImportError:
    nm = None
try:
    import numpy as np
except ImportError:
    np = None

ELEMS = ["f32", "i32"]
KINDS = ["data", "compute"]


class T:
    """A tensor type: static extents (the bound for a bounded dim) and, per
    dim, whether it is a bounded dynamic dim."""

    def __init__(self, shape, elem, dyn=None):
        self.shape = list(shape)
        self.elem = elem
        self.dyn = list(dyn) if dyn else [False] * len(shape)

    @property
    def rank(self):
        return len(self.shape)

    @property
    def bounded(self):
        return any(self.dyn)

    def __str__(self):
        dims = "x".join("?" if d else str(s) for s, d in zip(self.shape, self.dyn))
        if not self.bounded:
            return "tensor<%sx%s>" % (dims, self.elem)
        bounds = ", ".join(str(s) if d else "?" for s, d in zip(self.shape, self.dyn))
        return "tensor<%sx%s, #dynshape.bounds<%s>>" % (dims, self.elem, bounds)


class V:
    """A tensor value in scope.

    view:  its buffer may be a view (a memref.subview) of another one after
           bufferization at a runtime offset: it came from a dynamic_slice,
           or flowed from one (the engines read it in order only).
    sub:   its buffer may be a view at all (a static slice too): it may
           not be sliced again (a subview of a subview does not lower).
    roots: names of the values whose buffer it may alias (for the loop
           rules below).
    """

    def __init__(self, name, ty, view=False, roots=(), sub=None):
        self.name = name
        self.ty = ty
        self.view = view
        self.sub = view if sub is None else sub
        self.roots = frozenset(roots)

    @property
    def whole(self):
        """Not a view: it may be sliced or updated in place."""
        return not self.view and not self.sub


class Scope:
    def __init__(self, lines, indent, loop=False):
        self.lines = lines
        self.indent = indent
        self.loop = loop
        self.scalars = []
        # get_dimension_size results: see Gen.scalar.
        self.sizes = []
        self.tensors = []
        # In a loop body: the current value of each iter_arg.
        self.chain = []


class Gen:
    def __init__(self, seed, max_ops, elems=ELEMS, scale=1):
        self.r = random.Random(seed)
        # The affine wrappers draw from their own stream, so that adding
        # them left the rest of every seed's program as it was.
        self.ra = random.Random(seed * 7919 + 17)
        self.elems = list(elems)
        self.scale = scale
        self.seed = seed
        self.max_ops = max_ops
        self.counter = 0
        self.args = []          # (name, type string)
        self.consts = {}        # (value, type) -> name
        self.const_lines = []
        self.scopes = []
        self.id_args = []       # (name, T)
        self.bounded_args = []  # V
        self.scalar_args = []
        self.size_args = []     # i32 arguments used only as set sizes
        self.vec_args = []      # (name, rank) of index-vector arguments
        self.index_args = []    # index-typed scalar arguments
        self.ops = 0
        # The NumPy model (numpy_model.py): a closure per tensor value, by
        # SSA name; scalar lines are interpreted from their text (model()).
        self.fns = {}
        self.results = []
        # Names made by ComputeGen's view ops start with "w" (view_mode).
        self.name_prefix = ""
        # A value the next pick() returns if its predicate takes it.
        self.focus = None

    # ------------------------------------------------------------------ util
    @property
    def scope(self):
        return self.scopes[-1]

    def fresh(self, prefix="v"):
        self.counter += 1
        return "%%%s%s%d" % (self.name_prefix, prefix, self.counter)

    def arg_name(self):
        head = "%%%sarg" % self.name_prefix
        return "%s%d" % (head, sum(n.startswith(head) for n, _ in self.args))

    def is_arg(self, name):
        return any(n == name for n, _ in self.args)

    def model(self):
        """The model's closures by name, the scalar lines' included."""
        fns = dict(self.fns)
        for line in self.const_lines + [l for s in self.scopes[:1]
                                        for l in s.lines]:
            got = nm.scalar_line(line)
            if got and got[0] not in fns:
                fns[got[0]] = got[1]
        return fns

    def emit(self, line):
        self.scope.lines.append("  " * self.scope.indent + line)

    def visible_scalars(self):
        return [v for s in self.scopes for v in s.scalars]

    def visible_tensors(self):
        return [t for s in self.scopes for t in s.tensors]

    def add(self, v):
        self.scope.tensors.append(v)
        return v

    def const(self, value, ty="i32"):
        key = (value, ty)
        if key not in self.consts:
            name = "%%c%s%s" % (("m%d" % -value) if value < 0 else value,
                                "" if ty == "i32" else "_i")
            self.consts[key] = name
            self.const_lines.append("  %s = arith.constant %d : %s" % (name, value, ty))
        return self.consts[key]

    def chance(self, p):
        return self.r.random() < p

    def rand_extent(self, hi=16, partition=False):
        if self.chance(0.5):
            return self.r.randint(1, min(hi, 6))
        # --scale K: extents up to K times larger (dim 0, the SBUF partition
        # dim, at most 128).
        top = min(hi * self.scale, 128) if partition else hi * self.scale
        return self.r.randint(1, top)

    def rand_shape(self):
        if self.r.choice([2, 2, 3]) == 2:
            return [self.rand_extent(partition=True), self.rand_extent()]
        return [self.rand_extent(8, True), self.rand_extent(8), self.rand_extent(8)]

    # ----------------------------------------------------- loop-body rules
    # One-shot bufferization must bufferize every iter_arg update in place,
    # or the loop does not lower ("Yield operand #N is not equivalent to the
    # corresponding iter bbArg"). So inside a loop body, an iter_arg value is
    # used linearly: once it is updated (or handed to an inner loop), it and
    # everything that may alias it leave the scope.
    def chain_index(self, v):
        s = self.scope
        if not s.loop:
            return None
        for i, c in enumerate(s.chain):
            if c.name == v.name:
                return i
        return None

    def consume(self, v):
        """`v` is about to be overwritten in place: retire it and its aliases
        from the current loop scope. Returns its chain index or None."""
        i = self.chain_index(v)
        if i is None:
            return None
        s = self.scope
        s.tensors = [t for t in s.tensors
                     if t.name != v.name and v.name not in t.roots]
        return i

    def replace(self, i, new):
        if i is not None:
            self.scope.chain[i] = new

    # ---------------------------------------------------------------- args
    def new_arg(self, ty):
        name = self.arg_name()
        self.args.append((name, str(ty)))
        if isinstance(ty, T):
            v = V(name, ty)
            self.scopes[0].tensors.append(v)
            if ty.bounded:
                self.bounded_args.append(v)
            return v
        self.scopes[0].scalars.append(name)
        self.scalar_args.append(name)
        return name

    def new_data_arg(self, shape=None, elem=None, bounded=None):
        shape = shape or self.rand_shape()
        elem = elem or self.r.choice(self.elems)
        dyn = [False] * len(shape)
        if bounded is None:
            bounded = self.chance(0.3)
        if bounded:
            dims = list(range(len(shape)))
            self.r.shuffle(dims)
            for d in dims[: self.r.choice([1, 1, 2])]:
                dyn[d] = True
        return self.new_arg(T(shape, elem, dyn))

    def scalar_arg(self):
        if self.scalar_args and (len(self.scalar_args) >= 3 or self.chance(0.6)):
            return self.r.choice(self.scalar_args)
        return self.new_arg("i32")

    def id_tensor(self, rows, allow_bounded):
        """An index tensor of at most `rows` elements (more indices than
        table rows does not lower)."""
        cands = [a for a in self.id_args
                 if (allow_bounded or not a[1].bounded) and a[1].shape[0] <= rows]
        if cands and (len(cands) >= 2 or self.chance(0.6)):
            return self.r.choice(cands)
        k = self.r.randint(1, min(rows, 8))
        ty = T([k], "i32", [allow_bounded and self.chance(0.35)])
        name = self.arg_name()
        self.args.append((name, str(ty)))
        self.id_args.append((name, ty))
        return name, ty

    # ------------------------------------------------------------- scalars
    def scalar(self, depth=0):
        """An i32 index: an argument, a constant, a scalar in scope, or
        arithmetic of them."""
        r = self.r.random()
        if r < 0.2:
            return self.const(self.r.randint(-2, 18))
        sizes = [n for sc in self.scopes for n in sc.sizes]
        if sizes and r < 0.3 and depth == 0:
            # A start index that is the size of a returned bounded tensor
            # does not lower when its clamp is provably redundant
            # ("view offset ... is not register arithmetic"), so a size
            # reaches an index only through fresh arithmetic, used once (in
            # more arithmetic, canonicalization could cancel it out).
            name = self.fresh("s")
            self.emit("%s = arith.%s %s, %s : i32" % (
                name, self.r.choice(["addi", "subi"]), self.r.choice(sizes),
                self.const(self.r.randint(1, 3))))
            return name
        if r < 0.36:
            return self.extract()
        if r < 0.55 or depth >= 2:
            vis = self.visible_scalars()
            if vis and self.chance(0.7):
                return self.r.choice(vis)
            return self.scalar_arg()
        return self.arith(depth)

    def flag(self, depth=0):
        """An i1: a compare of i32 scalars, now and then combined with
        another flag or negated."""
        pred = self.r.choice(["eq", "ne", "slt", "sle", "sgt", "sge", "ult",
                              "ule", "ugt", "uge"])
        a = self.scalar(1)
        b = (self.const(self.r.randint(-2, 18)) if self.chance(0.6)
             else self.scalar(1))
        consts = set(self.consts.values())
        if a in consts and b in consts:
            a = self.scalar_arg()
        if self.chance(0.3):
            a, b = b, a
        name = self.fresh("f")
        self.emit("%s = arith.cmpi %s, %s, %s : i32" % (name, pred, a, b))
        if depth == 0 and self.chance(0.3):
            op = self.r.choice(["andi", "ori", "xori"])
            if self.chance(0.7):
                other = self.flag(1)
            else:
                other = "%true"
                if "  %true = arith.constant true" not in self.const_lines:
                    self.const_lines.append("  %true = arith.constant true")
            both = self.fresh("f")
            self.emit("%s = arith.%s %s, %s : i1" % (both, op, name, other))
            name = both
        return name

    def arith(self, depth=0):
        op = self.r.choice(["addi", "subi", "muli", "minsi", "maxsi",
                            "addi", "subi", "minsi", "maxsi", "divsi", "remsi",
                            "andi", "ori", "xori", "shli", "shrsi", "shrui",
                            "select", "extui"])
        if op in ("select", "extui"):
            f = self.flag(1)
            name = self.fresh("s")
            if op == "extui":
                self.emit("%s = arith.extui %s : i1 to i32" % (name, f))
            else:
                self.emit("%s = arith.select %s, %s, %s : i32" % (
                    name, f, self.scalar(depth + 1), self.scalar(depth + 1)))
            self.scope.scalars.append(name)
            return name
        a = self.scalar(depth + 1)
        if op in ("divsi", "remsi"):
            b = self.const(self.r.randint(1, 5))
        elif op in ("shli", "shrsi", "shrui"):
            # A constant amount below 32 (a larger one is undefined upstream).
            b = self.const(self.r.randint(0, 4))
        elif op == "muli":
            b = self.const(self.r.randint(-2, 4))
        elif op in ("minsi", "maxsi") or self.chance(0.6):
            # minsi/maxsi of two equal expressions (after CSE) next to a start
            # index with a provably redundant clamp does not lower ("view
            # offset ... is not register arithmetic"): keep a constant side.
            b = self.const(self.r.randint(-3, 12))
        else:
            b = self.scalar(depth + 1)
        consts = set(self.consts.values())
        if a in consts and b in consts:
            # Arithmetic of constants only folds away: give it a runtime side.
            a = self.scalar_arg()
        if self.chance(0.3) and op not in ("divsi", "remsi", "shli", "shrsi",
                                           "shrui"):
            a, b = b, a
        name = self.fresh("s")
        self.emit("%s = arith.%s %s, %s : i32" % (name, op, a, b))
        self.scope.scalars.append(name)
        return name

    def start_indices(self, rank):
        """The text between the brackets of a dynamic_slice or
        dynamic_update_slice: scalars, or (index-vector form) one i32
        tensor argument of `rank` elements."""
        if self.chance(0.15):
            vecs = [n for n, r in self.vec_args if r == rank]
            if vecs and self.chance(0.5):
                name = self.r.choice(vecs)
            else:
                name = self.arg_name()
                self.args.append((name, "tensor<%dxi32>" % rank))
                self.vec_args.append((name, rank))
            return "%s : tensor<%dxi32>" % (name, rank)
        if self.chance(0.15):
            return self.index_typed(rank)
        return ", ".join(self.scalar() for _ in range(rank))

    def index_typed(self, rank):
        """Scalar start indices some of which are `index`: an index_cast of
        an i32 scalar or an index argument."""
        names, types = [], []
        for _ in range(rank):
            if self.chance(0.5):
                names.append(self.scalar())
                types.append("i32")
                continue
            if self.index_args and self.chance(0.5):
                name = self.r.choice(self.index_args)
            elif self.chance(0.3):
                name = self.arg_name()
                self.args.append((name, "index"))
                self.index_args.append(name)
            else:
                name = self.fresh("x")
                self.emit("%s = arith.index_cast %s : i32 to index" % (
                    name, self.scalar()))
            if self.ra.random() < 0.4:
                name = self.affine_of(name)
            names.append(name)
            types.append("index")
        if "index" not in types:
            return ", ".join(names)
        return "%s : %s" % (", ".join(names), ", ".join(types))

    def affine_expr(self, operand):
        """A random affine expression of `operand` (d0 or s0) whose
        divisors are positive constants, as the lowering takes them."""
        ra = self.ra
        kind = ra.choice(["linear", "floordiv", "ceildiv", "mod", "nested"])
        scale, offset = ra.choice([-2, -1, 1, 1, 2, 3]), ra.randint(-8, 8)
        divisor = ra.randint(1, 7)
        if kind == "linear":
            return "%s * %d + %d" % (operand, scale, offset)
        if kind == "nested":
            return "(%s + %d) floordiv %d * %d" % (operand, offset, divisor,
                                                   scale)
        return "(%s + %d) %s %d" % (operand, offset, kind, divisor)

    def affine_of(self, x):
        """`x` through affine.apply, affine.min or affine.max; an i32 scalar
        in scope joins as a symbol now and then."""
        ra = self.ra
        op = ra.choice(["apply", "apply", "min", "max"])
        results = 1 if op == "apply" else ra.randint(2, 3)
        symbol = None
        vis = self.visible_scalars()
        if vis and ra.random() < 0.3:
            symbol = self.fresh("x")
            self.emit("%s = arith.index_cast %s : i32 to index" % (
                symbol, ra.choice(vis)))
        exprs = []
        for _ in range(results):
            operand = "s0" if symbol and ra.random() < 0.5 else "d0"
            exprs.append(self.affine_expr(operand))
        name = self.fresh("x")
        self.emit("%s = affine.%s affine_map<(d0)%s -> (%s)>(%s)%s" % (
            name, op, "[s0]" if symbol else "", ", ".join(exprs), x,
            "[%s]" % symbol if symbol else ""))
        return name

    def extract(self):
        """An element of an i32 tensor argument at a constant position
        (tensor.extract reads DRAM tensors only, and the reference rejects
        an out-of-range position)."""
        srcs = [(n, t) for n, t in self.id_args if not t.bounded]
        srcs += [(v.name, v.ty) for v in self.scopes[0].tensors
                 if self.is_arg(v.name) and v.ty.elem == "i32"
                 and not v.ty.bounded]
        if not srcs:
            return self.scalar_arg()
        name, ty = self.r.choice(srcs)
        pos = [self.const(self.r.randrange(d), "index") for d in ty.shape]
        s = self.fresh("e")
        self.emit("%s = tensor.extract %s[%s] : %s" % (s, name, ", ".join(pos), ty))
        self.scope.scalars.append(s)
        return s

    # ------------------------------------------------------------- tensors
    def pick(self, pred=lambda v: True, recent=0.6):
        if self.focus is not None and pred(self.focus) and self.chance(0.9):
            got, self.focus = self.focus, None
            return got
        cands = [v for v in self.visible_tensors() if pred(v)]
        if not cands:
            return None
        # Prefer recent values: they chain the operations together.
        if self.chance(recent):
            cands = cands[-4:]
        return self.r.choice(cands)

    def any_tensor(self, pred=lambda v: True):
        got = self.pick(pred)
        if got is None or self.chance(0.12):
            for _ in range(20):
                v = self.new_data_arg()
                if pred(v):
                    return v
            return None
        return got

    def slice_of(self, src, sizes):
        # A slice of a slice (a subview of a subview) does not lower.
        assert not src.view
        rty = T(sizes, src.ty.elem)
        name = self.fresh()
        idx = self.start_indices(len(sizes))
        self.emit("%s = dynshape.dynamic_slice %s[%s] sizes [%s] : %s -> %s" % (
            name, src.name, idx, ", ".join(map(str, sizes)), src.ty, rty))
        bounds = list(src.ty.shape)

        def model(c, src=src.name):
            s = c(src)
            # Start indices clamp with the static extents (bounds).
            st = [min(max(i, 0), b - n) for i, b, n in
                  zip(c.indices(idx), bounds, sizes)]
            if any(i + n > e for i, n, e in zip(st, sizes, s.shape)):
                if src not in c.zero_padded:
                    raise nm.Unspecified("a slice of the padding of a "
                                         "computed bounded tensor")
                s = np.pad(s, [(0, b - e) for b, e in zip(bounds, s.shape)])
            return s[tuple(slice(i, i + n) for i, n in zip(st, sizes))]
        self.fns[name] = model
        return self.add(V(name, rty, view=True, roots=src.roots | {src.name}))

    def static_tensor(self, shape, elem, allow_view=True):
        """A static tensor of exactly `shape`: one in scope, a slice of one
        large enough, or a new argument."""
        exact = self.pick(lambda v: not v.ty.bounded and v.ty.shape == shape
                          and v.ty.elem == elem and (allow_view or not v.view))
        if exact and self.chance(0.5):
            return exact
        if allow_view:
            src = self.pick(lambda v: v.ty.rank == len(shape) and v.ty.elem == elem
                            and v.whole
                            and all(a >= b for a, b in zip(v.ty.shape, shape)))
            if src and self.chance(0.85):
                return self.slice_of(src, list(shape))
        else:
            # Rows gathered from a table with the same trailing shape.
            tab = self.pick(lambda v: v.ty.rank == len(shape) and v.ty.elem == elem
                            and v.ty.shape[1:] == shape[1:] and not any(v.ty.dyn[1:])
                            and v.whole and v.ty.shape[0] >= shape[0])
            if tab and self.chance(0.6):
                ids = [a for a in self.id_args
                       if not a[1].bounded and a[1].shape[0] == shape[0]]
                if ids:
                    iname, ity = self.r.choice(ids)
                    return self.gather(tab, iname, ity)
        return self.new_data_arg(list(shape), elem, bounded=False)

    def op_slice(self):
        src = self.any_tensor(lambda v: v.whole)
        if src is None:
            return
        sizes = [self.r.choice([1, s, self.r.randint(1, s)]) for s in src.ty.shape]
        self.slice_of(src, sizes)

    def op_update(self, target=None, iv=None):
        """dynamic_update_slice into `target` (or a random tensor); with an
        induction variable, one dim of the start is derived from it."""
        if target is None:
            # An update into a view (a subview of a subview) does not lower.
            target = self.any_tensor(lambda v: v.whole)
            if target is None:
                return None
        ty = target.ty
        in_chain = self.chain_index(target) is not None
        while True:
            sizes = [self.r.choice([1, 1, s, self.r.randint(1, s)]) for s in ty.shape]
            d = self.r.choice([0] * 3 + list(range(ty.rank)))
            if iv is not None:
                sizes[d] = self.r.choice([1, 1, 1, min(2, ty.shape[d])])
            # An update covering all of an iter_arg (a bounded one once it is
            # padded) folds to the update, and the loop would no longer update
            # its iter_arg in place.
            if not (in_chain and sizes == ty.shape):
                break
        upd = self.static_tensor(sizes, ty.elem)
        if iv is None and self.chance(0.15):
            idx = self.start_indices(len(sizes))
        else:
            idx = [self.scalar() for _ in sizes]
        if iv is not None:
            if self.chance(0.6):
                idx[d] = iv
            else:
                op = self.r.choice(["addi", "subi", "muli"])
                c = self.const(self.r.randint(1, 3) if op != "muli" else self.r.choice([2, 3]))
                s = self.fresh("s")
                self.emit("%s = arith.%s %s, %s : i32" % (s, op, iv, c))
                self.scope.scalars.append(s)
                idx[d] = s
        name = self.fresh()
        if not isinstance(idx, str):
            idx = ", ".join(idx)
        self.emit("%s = dynshape.dynamic_update_slice %s into %s[%s] : %s into %s" % (
            name, upd.name, target.name, idx, upd.ty, ty))

        def model(c, tgt=target.name, u=upd.name, idx=idx, bounds=ty.shape,
                  me=name):
            t = np.array(c(tgt), copy=True)
            up = c(u)
            st = [min(max(i, 0), b - n) for i, b, n in
                  zip(c.indices(idx), bounds, up.shape)]
            ends = [min(i + n, e) for i, n, e in zip(st, up.shape, t.shape)]
            if all(e > i for i, e in zip(st, ends)):
                t[tuple(slice(i, e) for i, e in zip(st, ends))] = up[tuple(
                    slice(0, e - i) for i, e in zip(st, ends))]
            # An update reaching into the padding leaves it unknown.
            if tgt in c.zero_padded and all(
                    i + n <= e for i, n, e in zip(st, up.shape, t.shape)):
                c.zero_padded.add(me)
            return t
        self.fns[name] = model
        i = self.consume(target)
        roots = target.roots if i is not None else target.roots | {target.name}
        view, sub = target.view, target.sub
        if sizes == ty.shape:
            # Folds to the update (after padding, for a bounded target).
            view, sub = view or upd.view, sub or upd.sub
            roots = roots | upd.roots | {upd.name}
        v = self.add(V(name, ty, view=view, roots=roots, sub=sub))
        self.replace(i, v)
        return v

    def gather(self, table, iname, ity):
        ty = table.ty
        rty = T([ity.shape[0]] + ty.shape[1:], ty.elem, [ity.dyn[0]] + ty.dyn[1:])
        name = self.fresh()
        self.emit("%s = dynshape.gather %s[%s] : (%s, %s) -> %s" % (
            name, table.name, iname, ty, ity, rty))
        return self.add(V(name, rty))

    def op_gather(self):
        # A gather from a view (a dynamic_slice) does not lower.
        table = self.any_tensor(lambda v: v.whole)
        if table is None:
            return
        iname, ity = self.id_tensor(table.ty.shape[0], allow_bounded=True)
        self.gather(table, iname, ity)

    def op_scatter(self):
        # Updates must be static (bounded ones are masked with compute), and
        # neither the table nor the updates may be a view.
        target = self.any_tensor(lambda v: v.whole and not any(v.ty.dyn[1:]))
        if target is None:
            return
        ty = target.ty
        iname, ity = self.id_tensor(ty.shape[0], allow_bounded=False)
        upd = self.static_tensor([ity.shape[0]] + ty.shape[1:], ty.elem,
                                 allow_view=False)
        if self.chain_index(target) is not None and upd.name in (
                [target.name] + [t.name for t in self.scope.tensors
                                 if target.name in t.roots]):
            return
        name = self.fresh()
        self.emit("%s = dynshape.scatter %s into %s[%s] : (%s, %s) -> %s" % (
            name, upd.name, target.name, iname, upd.ty, ity, ty))
        i = self.consume(target)
        v = self.add(V(name, ty, roots=target.roots if i is not None
                       else target.roots | {target.name}))
        self.replace(i, v)

    # ------------------------------------------------------ tensor slices
    def index_in(self, lo, hi):
        """An index, mostly in [lo, hi]: a constant, or a runtime scalar
        clamped into the range; now and then unclamped (a slice out of range
        is undefined upstream, and --compare skips the trial)."""
        if self.chance(0.3):
            return self.const(self.r.randint(lo, hi), "index")
        s = self.scalar()
        if self.chance(0.85):
            a = self.fresh("s")
            self.emit("%s = arith.maxsi %s, %s : i32" % (a, s, self.const(lo)))
            b = self.fresh("s")
            self.emit("%s = arith.minsi %s, %s : i32" % (b, a, self.const(hi)))
            s = b
        x = self.fresh("x")
        self.emit("%s = arith.index_cast %s : i32 to index" % (x, s))
        return x

    def slice_geometry(self, ty):
        """Offsets and sizes of a unit-stride slice of a tensor of type `ty`
        with a runtime size along one dim: (offsets, sizes text, slice type,
        the runtime dim)."""
        d = self.r.choice([0, 0] + list(range(ty.rank)))
        offsets, sizes, shape, dyn = [], [], [], []
        for k in range(ty.rank):
            ext = ty.shape[k]
            if k == d:
                bound = self.r.randint(1, ext)
                shape.append(bound)
                dyn.append(True)
                offsets.append(self.const(0, "index") if self.chance(0.3)
                               else self.index_in(0, ext - 1))
                sizes.append(None)  # filled in by the caller
            else:
                size = self.r.randint(1, ext)
                shape.append(size)
                dyn.append(False)
                offsets.append(self.index_in(0, ext - size))
                sizes.append(str(size))
        return offsets, sizes, T(shape, ty.elem, dyn), d

    def op_tensor_slice(self):
        src = self.any_tensor(lambda v: v.whole)
        if src is None:
            return
        offsets, sizes, rty, d = self.slice_geometry(src.ty)
        sizes[d] = self.index_in(0, rty.shape[d])
        name = self.fresh()
        self.emit("%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s" % (
            name, src.name, ", ".join(offsets), ", ".join(sizes),
            ", ".join(["1"] * src.ty.rank), src.ty, rty))
        self.add(V(name, rty, view=True, roots=src.roots | {src.name}))

    def op_tensor_insert(self):
        target = self.any_tensor(lambda v: v.whole)
        if target is None:
            return
        offsets, sizes, uty, d = self.slice_geometry(target.ty)
        upd = self.new_arg(uty)
        n = self.fresh("x")
        self.emit("%s = tensor.dim %s, %s : %s" % (
            n, upd.name, self.const(d, "index"), uty))
        sizes[d] = n
        name = self.fresh()
        self.emit("%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s" % (
            name, upd.name, target.name, ", ".join(offsets), ", ".join(sizes),
            ", ".join(["1"] * target.ty.rank), uty, target.ty))
        i = self.consume(target)
        roots = target.roots if i is not None else target.roots | {target.name}
        v = self.add(V(name, target.ty, view=target.view, roots=roots))
        self.replace(i, v)

    def op_set_size(self):
        src = self.any_tensor()
        d = self.r.randrange(src.ty.rank)
        # The size may be returned: keep it away from the start indices (see
        # Gen.scalar), with i32 arguments of its own.
        if self.size_args and self.chance(0.5):
            n = self.r.choice(self.size_args)
        else:
            n = self.arg_name()
            self.args.append((n, "i32"))
            self.size_args.append(n)
        rty = T(src.ty.shape, src.ty.elem, src.ty.dyn)
        rty.dyn[d] = True
        name = self.fresh()
        self.emit("%s = dynshape.set_dimension_size %s, %s, %d : (%s) -> %s" % (
            name, src.name, n, d, src.ty, rty))
        return self.add(V(name, rty, view=src.view, roots=src.roots | {src.name}))

    def get_size(self, v):
        d = self.r.choice([i for i in range(v.ty.rank) if v.ty.dyn[i]])
        name = self.fresh("n")
        self.emit("%s = dynshape.get_dimension_size %s, %d : %s" % (name, v.name, d, v.ty))
        self.scope.sizes.append(name)
        return name

    def op_get_size(self):
        v = self.pick(lambda v: v.ty.bounded)
        if v is None:
            v = self.new_data_arg(bounded=True)
        return self.get_size(v)

    # ---------------------------------------------------------------- loops
    def trip_bound(self):
        """An index upper bound with a provable maximum."""
        r = self.r.random()
        if r < 0.1:
            return self.const(self.r.randint(0, 6), "index")
        if r < 0.5:
            n = self.r.choice([self.scalar_arg(), self.scalar_arg(), self.scalar()])
            c = self.const(self.r.randint(1, 12))
            ub = self.fresh("s")
            pair = (n, c) if self.chance(0.5) else (c, n)
            self.emit("%s = arith.minsi %s, %s : i32" % ((ub,) + pair))
            # minsi(%n, C) may be INT_MIN: a subi could wrap, and the bound
            # would not be provable (the compiler is right to refuse it).
            adjust = ["addi", "maxsi", "minsi"]
        else:
            # The size of a bounded dim: an argument's, or one set here.
            if self.bounded_args and self.chance(0.7):
                ub = self.get_size(self.r.choice(self.bounded_args))
            else:
                ub = self.op_get_size()
            adjust = ["addi", "subi", "maxsi", "minsi"]
        if self.chance(0.3):
            op = self.r.choice(adjust)
            c = self.const(self.r.randint(1, 4))
            s = self.fresh("s")
            self.emit("%s = arith.%s %s, %s : i32" % (s, op, ub, c))
            ub = s
        name = self.fresh("ub")
        self.emit("%s = arith.index_cast %s : i32 to index" % (name, ub))
        return name

    def loop_init(self):
        # A static iter_arg of all-ones shape can only be updated by a
        # full-size update (which folds away): give it room.
        def ok(v):
            return v.whole and any(s > 1 for s in v.ty.shape)
        v = self.any_tensor(ok)
        if v is None:
            shape = self.rand_shape()
            shape[0] = max(shape[0], 2)
            v = self.new_data_arg(shape)
        return v

    def op_loop(self):
        ub = self.trip_bound()
        lb = self.const(self.r.choice([0, 0, 0, 1, 2]), "index")
        step = self.const(self.r.choice([1, 1, 1, 2, 3]), "index")
        inits, idxs = [], []
        for _ in range(self.r.choice([1, 1, 2])):
            v = self.loop_init()
            # An iter_arg of the enclosing loop handed to this one is
            # updated in place by it.
            idxs.append(self.consume(v))
            inits.append(v)
        iv = self.fresh("iv")
        res = self.fresh("r")
        iters = [self.fresh("acc") for _ in inits]
        multi = len(inits) > 1
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s) -> (%s) {" % (
            "%s:%d" % (res, len(inits)) if multi else res, iv, lb, ub, step,
            ", ".join("%s = %s" % (a, v.name) for a, v in zip(iters, inits)),
            ", ".join(str(v.ty) for v in inits)))
        outer = self.scope
        body = Scope(outer.lines, outer.indent + 1, loop=True)
        self.scopes.append(body)
        ivi = self.fresh("i")
        self.emit("%s = arith.index_cast %s : index to i32" % (ivi, iv))
        body.scalars.append(ivi)
        for a, v in zip(iters, inits):
            acc = V(a, v.ty, view=v.view)
            body.tensors.append(acc)
            body.chain.append(acc)
        for _ in range(self.r.randint(0, 3)):
            self.random_op(in_loop=True)
        for i in range(len(inits)):
            for _ in range(self.r.choice([1, 1, 2])):
                self.op_update(target=body.chain[i], iv=ivi)
        self.emit("scf.yield %s : %s" % (", ".join(c.name for c in body.chain),
                                         ", ".join(str(c.ty) for c in body.chain)))
        self.scopes.pop()
        self.emit("}")
        for k, (v, i) in enumerate(zip(inits, idxs)):
            r = V("%s#%d" % (res, k) if multi else res, v.ty, view=v.view,
                  roots=v.roots if i is not None else v.roots | {v.name})
            self.add(r)
            self.replace(i, r)

    def retire(self, v):
        """`v` is overwritten in place by a conditional: it, the buffers it
        may alias and their aliases leave every scope. A read of any of them
        after the conditional would make One-Shot write out of place, and the
        branches would yield different buffers (which does not lower)."""
        gone = v.roots | {v.name}
        for s in self.scopes:
            s.tensors = [t for t in s.tensors
                         if t.name not in gone and not (t.roots & gone)]

    def op_if(self):
        if self.scope.loop:
            # In a loop body (or a branch), a tensor from outside is read
            # again by the next trip: update one of the body's own.
            own = [t for t in self.scope.tensors
                   if not t.view and any(e > 1 for e in t.ty.shape)]
            if not own:
                return self.op_update()
            v = self.r.choice(own)
        else:
            v = self.loop_init()
        flag = self.flag()
        i = self.consume(v)
        self.retire(v)
        res = self.fresh("r")
        self.emit("%s = scf.if %s -> (%s) {" % (res, flag, v.ty))
        for branch in ("then", "else"):
            if branch == "else":
                self.emit("} else {")
            outer = self.scope
            # A branch uses `v` linearly, as a loop body its iter_arg.
            body = Scope(outer.lines, outer.indent + 1, loop=True)
            self.scopes.append(body)
            acc = V(v.name, v.ty, view=v.view)
            body.tensors.append(acc)
            body.chain.append(acc)
            if branch == "then" or self.chance(0.6):
                for _ in range(self.r.randint(0, 2)):
                    self.random_op(in_loop=True)
                for _ in range(self.r.choice([1, 1, 2])):
                    self.op_update(target=body.chain[0])
            self.emit("scf.yield %s : %s" % (body.chain[0].name, v.ty))
            self.scopes.pop()
        self.emit("}")
        r = V(res, v.ty, view=v.view,
              roots=v.roots if i is not None else v.roots | {v.name})
        self.add(r)
        self.replace(i, r)

    # ---------------------------------------------------------------- main
    def random_op(self, in_loop=False):
        self.ops += 1
        depth = sum(1 for s in self.scopes if s.loop)
        choices = [("slice", 4), ("update", 5), ("gather", 3), ("scatter", 3),
                   ("arith", 1), ("set_size", 1), ("get_size", 1),
                   ("tensor_slice", 1), ("tensor_insert", 1)]
        if depth < 2 and self.ops < self.max_ops:
            choices.append(("loop", 3 if in_loop else 5))
            choices.append(("if", 2))
        getattr(self, "op_" + self.weighted(choices))()

    def weighted(self, choices):
        """One name of `choices` ((name, weight) pairs)."""
        x = self.r.uniform(0, sum(w for _, w in choices))
        for kind, w in choices:
            x -= w
            if x <= 0:
                break
        return kind

    def op_arith(self):
        self.arith()

    def generate(self):
        self.scopes.append(Scope([], 1))
        for _ in range(self.r.randint(1, 3)):
            self.new_data_arg()
        for _ in range(self.r.randint(1, 2)):
            self.new_arg("i32")
        n = self.r.randint(2, self.max_ops)
        while self.ops < n:
            self.random_op()
        top = self.scopes[0]
        made = [v for v in top.tensors if not self.is_arg(v.name)]
        results = []
        pool = made[-6:] + made[-3:]
        for _ in range(self.r.randint(1, 4)):
            if not pool:
                break
            v = self.r.choice(pool)
            pool = [p for p in pool if p.name != v.name]
            results.append((v.name, str(v.ty)))
        if not results or self.chance(0.1):
            v = self.r.choice(made or top.tensors)
            results.append((v.name, str(v.ty)))
        if self.chance(0.1):
            results.append(self.r.choice(results))  # the same value twice
        if self.chance(0.25):
            v = self.op_set_size()  # a bounded result made here
            results.append((v.name, str(v.ty)))
        scal = [s for s in top.scalars + top.sizes if not self.is_arg(s)]
        for _ in range(self.r.choice([0, 0, 1, 2])):
            if scal:
                # Through a fresh muli: an i32 result that is an argument, or
                # that is also a start index, does not lower.
                s = self.fresh("s")
                self.emit("%s = arith.muli %s, %s : i32" % (
                    s, self.r.choice(scal), self.const(self.r.choice([2, 3, -3]))))
                results.append((s, "i32"))
        return self.function(results)

    def flags(self):
        """The generator flags beyond the seed, for the header."""
        flags = ""
        if self.max_ops != 7:
            flags += " --max-ops %d" % self.max_ops
        if self.elems != ELEMS:
            flags += " --elems " + ",".join(self.elems)
        if self.scale != 1:
            flags += " --scale %d" % self.scale
        return flags

    def function(self, results):
        """The text of @fuzz returning `results` ((name, type) pairs)."""
        self.results = list(results)
        self.emit("return %s : %s" % (", ".join(n for n, _ in results),
                                      ", ".join(t for _, t in results)))
        out = ["// Generated by utils/fuzz/gen_program.py %d%s" % (
                   self.seed, self.flags()),
               "func.func @fuzz(%s)" % ", ".join("%s: %s" % a for a in self.args),
               "    -> (%s) {" % ", ".join(t for _, t in results)]
        out += self.const_lines + self.scopes[0].lines + ["}"]
        return "\n".join(out) + "\n"


# ------------------------------------------------------------------ compute
# 200: more rows than partitions (tiled; an intermediate is DRAM scratch).
EXTENTS = [1, 2, 3, 4, 8, 16, 32, 64, 128, 200]
MAX_ELEMS = 8192     # per tensor, and
MAX_MACS = 1 << 18   # per matmul: a run takes well under a second
BINARY = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf"]
FCONSTS = ["0.0", "1.0", "-1.0", "0.5", "2.0", "-0.25", "3.0", "1.5"]
INT_BINARY = ["addi", "subi", "muli", "maxsi", "minsi"]
INT_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
                  "uge"]
ICONSTS = [0, 1, -1, 3, -7, 2147483647, -2147483648]
PREDICATES = ["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt",
              "uge", "ult", "ule", "une", "uno"]
IDENTITY = {"addf": "0.0", "maximumf": "-inf", "minimumf": "inf"}
# The view ops (op_view): how often, before each op, and their extents.
VIEW_RATE = 0.3
# After each top-level compute op, the chance of a runtime loop (op_loop).
LOOP_RATE = 0.2
# After each top-level compute op, the chance of compute along a bounded
# dim longer than one 128-row tile (op_bounded), and its bounds.
BOUNDED_RATE = 0.15
TILED_BOUNDS = [256, 384, 512]
VIEW_EXTENTS = [1, 2, 3, 4, 5, 6, 7, 8, 16, 64, 128, 130, 200]
INF = {("inf", "f32"): "0x7F800000", ("-inf", "f32"): "0xFF800000",
       ("nan", "f32"): "0x7FC00000",
       ("inf", "bf16"): "0x7F80", ("-inf", "bf16"): "0xFF80"}


def elems(shape):
    n = 1
    for s in shape:
        n *= s
    return n


class ComputeGen(Gen):
    """Tensor compute the engines run (docs/Compute.md): a chain of
    elementwise arith/math on tensors, parallel linalg.generic, fill,
    broadcast, reduce and matmul, on f32 and bf16 tensors, static or
    bounded, with now and then a dynamic_slice or dynamic_update_slice
    in between; now and then (op_loop, from a random stream of its own) a
    runtime loop carrying one tensor through 1 to 3 compute steps per trip,
    whose instructions run on several engines."""

    def __init__(self, seed, max_ops, views=True, reshapes=False):
        Gen.__init__(self, seed, max_ops, ["f32", "f32", "bf16"])
        self.dims = {}   # (value name, dim) -> its tensor.dim
        self.views, self.reshapes = views, reshapes
        # The view ops (op_view) draw from a stream of their own, and what
        # they make stays out of the other ops' reach: a seed's program is
        # what it was before they were added, with their lines (names
        # starting with "w", arguments "%wargN") and results added.
        self.rv = random.Random(seed * 104729 + 61)
        # Loops (op_loop) draw from a stream of their own too: a seed's
        # program is the one it was before, with its loops inserted.
        self.rl = random.Random(seed * 7919 + 54)
        # And so does compute along long bounded dims (op_bounded).
        self.rb = random.Random(seed * 6151 + 29)
        self.vtensors, self.vscalars, self.vfinal = [], [], []
        self.vstate = dict(r=self.rv, counter=0, name_prefix="w",
                           scalar_args=[], index_args=[], vec_args=[],
                           id_args=[], bounded_args=[], size_args=[],
                           dims={}, ops=0)

    def flags(self):
        return " --kind compute" + (
            " --max-ops %d" % self.max_ops if self.max_ops != 8 else "") + (
            "" if self.views else " --no-views") + (
            " --reshapes" if self.reshapes else "")

    def rand_shape(self, rank=None):
        rank = rank or self.r.choice([1, 2, 2, 2, 3, 3])
        while True:
            shape = [self.r.choice(EXTENTS) for _ in range(rank)]
            if elems(shape) <= MAX_ELEMS:
                return shape

    def fconst(self, value, elem="f32"):
        key = (value, elem, self.name_prefix)
        if key not in self.consts:
            self.consts[key] = self.fresh("cf")
            self.const_lines.append("  %s = arith.constant %s : %s" % (
                self.consts[key], INF.get((value, elem), value), elem))
        return self.consts[key]

    def size_of(self, v, d):
        key = (v.name, d)
        if key not in self.dims:
            self.dims[key] = self.fresh("n")
            self.emit("%s = tensor.dim %s, %s : %s" % (
                self.dims[key], v.name, self.const(d, "index"), v.ty))
        return self.dims[key]

    @staticmethod
    def like(v):
        return [(v, d) for d in range(v.ty.rank)]

    def shape(self, dims, elem):
        """The type `dims` describes, per dim an extent or (v, d): the
        extent (or bound) of v's dim d; and the sizes of its bounded dims."""
        shape, dyn, sizes = [], [], []
        for x in dims:
            if isinstance(x, int):
                shape.append(x)
                dyn.append(False)
                continue
            v, d = x
            shape.append(v.ty.shape[d])
            dyn.append(v.ty.dyn[d])
            if v.ty.dyn[d]:
                sizes.append(self.size_of(v, d))
        return T(shape, elem, dyn), sizes

    def init(self, dims, elem, fill=None):
        """A tensor.empty of `dims` (see shape), filled with the constant
        `fill` if given: (name, type)."""
        ty, sizes = self.shape(dims, elem)
        name = self.fresh("e")
        self.emit("%s = tensor.empty(%s) : %s" % (name, ", ".join(sizes), ty))

        def shape(c, dims=list(dims)):
            return [x if isinstance(x, int) else c(x[0].name).shape[x[1]]
                    for x in dims]
        # Never read (a generic writes every element of its init).
        self.fns[name] = lambda c: np.full(shape(c), np.nan)
        if fill is not None:
            f = self.fresh("i")
            k = self.fconst(fill, elem)
            self.emit("%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s" % (
                f, k, elem, name, ty, ty))
            self.fns[f] = lambda c: c.flt(np.full(shape(c), c(k)), elem)
            name = f
        return name, ty

    def operand(self, ty):
        """A tensor of type `ty`: one in scope, or a new argument."""
        got = self.pick(lambda v: str(v.ty) == str(ty))
        if got is None or self.chance(0.3):
            got = self.new_arg(T(ty.shape, ty.elem, ty.dyn))
        return got

    def binop(self, a, b):
        # max(x, x) folds to x: a view would reach ops that read it out of
        # order (or a whole generic would fold away).
        return self.r.choice(BINARY[:4] if a == b else BINARY)

    def op_binary(self):
        a = self.any_tensor()
        if a.ty.bounded and self.chance(0.5):
            # A constant of the same runtime size: a new bounded argument
            # may disagree with `a` (the reference skips such a trial).
            name, _ = self.init(self.like(a), a.ty.elem, self.r.choice(FCONSTS))
            b = self.add(V(name, a.ty))
        else:
            b = self.operand(a.ty)
        if self.chance(0.5):
            a, b = b, a
        name = self.fresh()
        op = self.binop(a, b)
        self.emit("%s = arith.%s %s, %s : %s" % (
            name, op, a.name, b.name, a.ty))
        self.fns[name] = lambda c, x=a.name, y=b.name, e=a.ty.elem: c.flt(
            nm.fbinary(op, c(x), c(y), c), e)
        # convert-elementwise-to-linalg writes into an operand: the result
        # of a view may be one.
        self.add(V(name, a.ty, view=a.view or b.view, sub=a.sub or b.sub))

    def op_exp(self):
        a = self.any_tensor()
        name = self.fresh()
        self.emit("%s = math.exp %s : %s" % (name, a.name, a.ty))
        self.fns[name] = lambda c, x=a.name, e=a.ty.elem: c.flt(
            nm.fexp(c(x), c), e)
        self.add(V(name, a.ty, view=a.view, sub=a.sub))

    def op_fill(self):
        like = self.pick()
        dims = self.like(like) if like and self.chance(0.7) else self.rand_shape()
        name, ty = self.init(dims, self.r.choice(self.elems),
                             self.r.choice(FCONSTS + ["-inf", "inf"]))
        self.add(V(name, ty))

    def op_broadcast(self):
        a = self.any_tensor(lambda v: v.ty.rank <= 2)
        p = self.r.randint(0, a.ty.rank)
        room = MAX_ELEMS // elems(a.ty.shape)
        if room < 2:
            return
        new = self.r.choice([e for e in EXTENTS if e <= room])
        other = self.pick(lambda v: v.ty.bounded)
        if other and self.chance(0.3):
            d = self.r.choice([d for d in range(other.ty.rank) if other.ty.dyn[d]])
            if other.ty.shape[d] <= room:
                new = (other, d)
        dims = self.like(a)
        dims.insert(p, new)
        out, ty = self.init(dims, a.ty.elem)
        name = self.fresh()
        self.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [%d]" % (
            name, a.name, a.ty, out, ty, p))
        self.fns[name] = lambda c, x=a.name, o=out: np.broadcast_to(
            np.expand_dims(c(x), p), c(o).shape).copy()
        self.add(V(name, ty))

    def op_reduce(self):
        # A view (at a runtime offset) must be read in order.
        a = self.any_tensor(lambda v: v.ty.rank >= 2 and (not v.view or v.ty.rank == 2))
        if a is None:
            return
        d = 1 if a.view else self.r.randrange(a.ty.rank)
        dims = self.like(a)
        del dims[d]
        comb = self.r.choice(["addf", "maximumf", "minimumf"])
        elem = "f32" if comb == "addf" or self.chance(0.5) else a.ty.elem
        fill = IDENTITY[comb] if self.chance(0.6) else self.r.choice(FCONSTS)
        out, ty = self.init(dims, elem, fill)
        x, acc, r = self.fresh("b"), self.fresh("b"), self.fresh("b")
        body = ""
        y = x
        if a.ty.elem != elem:
            y = self.fresh("b")
            body = "%s = arith.extf %s : %s to f32  " % (y, x, a.ty.elem)
        pair = (acc, y) if self.chance(0.5) else (y, acc)
        body += "%s = arith.%s %s, %s : %s  linalg.yield %s : %s" % (
            (r, comb) + pair + (elem, r, elem))
        name = self.fresh()
        self.emit("%s = linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [%d] "
                  "(%s: %s, %s: %s) { %s }" % (name, a.name, a.ty, out, ty, d, x,
                                               a.ty.elem, acc, elem, body))
        self.fns[name] = lambda c, i=a.name, o=out, first=pair[0] == acc: \
            nm.reduce(c, c(i), d, comb, c(o), elem, first)
        self.add(V(name, ty))

    def to_f32(self, args, lines):
        """The block arguments `args` ((name, elem) pairs) as f32 values:
        the extf of a narrower one is added to `lines`."""
        vals = []
        for x, e in args:
            if e != "f32":
                y = self.fresh("b")
                lines.append("%s = arith.extf %s : %s to f32" % (y, x, e))
                x = y
            vals.append(x)
        return vals

    def body(self, args, elem):
        """A scalar body: f32 arithmetic of the block arguments `args`
        ((name, elem) pairs) and constants, yielding an `elem`."""
        lines = []
        vals = self.to_f32(args, lines)
        first = True
        for _ in range(self.r.randint(1, 3)):
            a = self.r.choice(vals[:len(args)] if first else vals)
            first = False
            y = self.fresh("b")
            if self.chance(0.2):
                lines.append("%s = math.exp %s : f32" % (y, a))
            elif self.chance(0.3):
                self.select(a, vals, lines, y)
            else:
                b = (self.fconst(self.r.choice(FCONSTS)) if self.chance(0.3)
                     else self.r.choice(vals))
                if self.chance(0.5):
                    a, b = b, a
                lines.append("%s = arith.%s %s, %s : f32" % (
                    y, self.binop(a, b), a, b))
            vals.append(y)
        if elem != "f32":
            y = self.fresh("b")
            lines.append("%s = arith.truncf %s : f32 to %s" % (y, vals[-1], elem))
            vals.append(y)
        lines.append("linalg.yield %s : %s" % (vals[-1], elem))
        return "  ".join(lines)

    def scalar_operand(self, vals):
        """A computed value or now and then a constant (inf and NaN too)."""
        if self.chance(0.3):
            return self.fconst(self.r.choice(FCONSTS + ["inf", "-inf", "nan"]))
        return self.r.choice(vals)

    def select(self, a, vals, lines, y):
        """`y` from a compare of `a` (not a constant, so the compare is
        not constant-only): a select of two values, or the flag itself as
        a float; flags may combine with andi/ori/xori."""
        c = self.fresh("flag")
        lines.append("%s = arith.cmpf %s, %s, %s : f32" % (
            c, self.r.choice(PREDICATES), a, self.scalar_operand(vals)))
        if self.chance(0.3):
            c2, c3 = self.fresh("flag"), self.fresh("flag")
            lines.append("%s = arith.cmpf %s, %s, %s : f32" % (
                c2, self.r.choice(PREDICATES), self.r.choice(vals),
                self.scalar_operand(vals)))
            lines.append("%s = arith.%s %s, %s : i1" % (
                c3, self.r.choice(["andi", "ori", "xori"]), c, c2))
            c = c3
        if self.chance(0.25):
            lines.append("%s = arith.%s %s : i1 to f32" % (
                y, self.r.choice(["uitofp", "sitofp"]), c))
        else:
            lines.append("%s = arith.select %s, %s, %s : f32" % (
                y, c, self.scalar_operand(vals), self.scalar_operand(vals)))

    def generic(self, ins, out, oty, loops, body):
        """A linalg.generic of `ins` ((value, map results) pairs) into `out`;
        a map result is a loop's number or the text of an affine
        expression of the loops d0, d1, ..."""
        names = ["d%d" % k for k in range(loops)]
        maps = ["affine_map<(%s) -> (%s)>" % (", ".join(names), ", ".join(
            names[k] if isinstance(k, int) else k for k in ks))
            for _, ks in ins]
        maps.append("affine_map<(%s) -> (%s)>" % (", ".join(names), ", ".join(
            names[:oty.rank])))
        iters = ["parallel"] * oty.rank + ["reduction"] * (loops - oty.rank)
        name = self.fresh()
        self.emit("%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} "
                  "ins(%s : %s) outs(%s : %s) { ^bb0(%s): %s } -> %s" % (
                      name, ", ".join(maps), ", ".join('"%s"' % i for i in iters),
                      ", ".join(v.name for v, _ in ins),
                      ", ".join(str(v.ty) for v, _ in ins), out, oty,
                      ", ".join("%s: %s" % a for a in body[0]), body[1], oty))
        if loops == oty.rank:
            def index(k):
                if isinstance(k, int):
                    return lambda g: g[k]
                py = k.replace("floordiv", "//").replace("mod", "%")
                return lambda g: eval(py, {"__builtins__": {}}, {
                    n: g[i] for i, n in enumerate(names)})
            inputs = [(v.name, [index(k) for k in ks]) for v, ks in ins]
            self.fns[name] = lambda c: nm.generic(
                c, inputs, c(out).shape, body[1], [a for a, _ in body[0]],
                oty.elem)
        return self.add(V(name, oty))

    def op_generic(self):
        """Elementwise: the output is the first input, possibly permuted;
        more inputs are of its shape, or broadcast along one dim."""
        a = self.any_tensor()
        perm = list(range(a.ty.rank))
        if self.chance(0.3) and not a.view:
            self.r.shuffle(perm)
        dims = [(a, p) for p in perm]
        oty, _ = self.shape(dims, self.r.choice(self.elems))
        ins = [(a, [perm.index(j) for j in range(a.ty.rank)])]
        for _ in range(self.r.choice([0, 1, 1, 2])):
            keep = list(range(oty.rank))
            if self.chance(0.4) and oty.rank > 1:
                del keep[self.r.randrange(oty.rank)]
            ty, _ = self.shape([dims[k] for k in keep], self.r.choice(self.elems))
            ins.append((self.operand(ty), keep))
        out, oty = self.init(dims, oty.elem)
        args = [(self.fresh("b"), v.ty.elem) for v, _ in ins]
        o = (self.fresh("b"), oty.elem)
        self.generic(ins, out, oty, oty.rank,
                     (args + [o], self.body(args, oty.elem)))

    def visible_tensors(self):
        # i32 tensors are inputs of integer bodies only (op_int_generic).
        return [v for v in Gen.visible_tensors(self) if v.ty.elem != "i32"]

    def int_operand(self, ty):
        """An i32 tensor of type `ty`: an earlier one, or a new argument."""
        same = [v for v in self.scopes[0].tensors if str(v.ty) == str(ty)]
        if same and self.chance(0.6):
            return self.r.choice(same)
        return self.new_arg(ty)

    def op_int_generic(self):
        """A parallel generic with integer arithmetic on i32 inputs (the
        first of the output's shape, the second possibly broadcast): a
        compare of it selects between float values, or it is converted
        with sitofp."""
        a = self.any_tensor()
        dims = self.like(a)
        ity, _ = self.shape(dims, "i32")
        ins = [(a, list(range(a.ty.rank))), (self.int_operand(ity),
                                             list(range(a.ty.rank)))]
        keep = list(range(a.ty.rank))
        if self.chance(0.4) and a.ty.rank > 1:
            del keep[self.r.randrange(a.ty.rank)]
        jty, _ = self.shape([dims[k] for k in keep], "i32")
        ins.append((self.int_operand(jty), keep))
        out, oty = self.init(dims, self.r.choice(self.elems))
        x, i, j = (self.fresh("b") for _ in range(3))
        args = [(x, a.ty.elem), (i, "i32"), (j, "i32")]
        lines = []
        (x,) = self.to_f32(args[:1], lines)

        def int_value(options):
            if self.chance(0.3):
                c = self.fresh("b")
                lines.append("%s = arith.constant %d : i32" % (
                    c, self.r.choice(ICONSTS)))
                return c
            return self.r.choice(options)
        if self.chance(0.25):
            t = self.fresh("b")
            lines.append("%s = arith.fptosi %s : f32 to i32" % (t, x))
            j = t
        p = self.fresh("b")
        lines.append("%s = arith.%s %s, %s : i32" % (
            p, self.r.choice(INT_BINARY), i, int_value([i, j])))
        y = self.fresh("b")
        if self.chance(0.7):
            c = self.fresh("flag")
            lines.append("%s = arith.cmpi %s, %s, %s : i32" % (
                c, self.r.choice(INT_PREDICATES), p, int_value([i, j])))
            lines.append("%s = arith.select %s, %s, %s : f32" % (
                y, c, x, self.scalar_operand([x])))
        else:
            # Combined with x: truncf(sitofp) would canonicalize to a
            # sitofp to bf16, which the engines refuse (two roundings).
            f = self.fresh("b")
            lines.append("%s = arith.%s %s : i32 to f32" % (
                f, self.r.choice(["sitofp", "uitofp"]), p))
            lines.append("%s = arith.%s %s, %s : f32" % (
                y, self.r.choice(BINARY[:3]), f, x))
        if oty.elem != "f32":
            t = self.fresh("b")
            lines.append("%s = arith.truncf %s : f32 to %s" % (t, y, oty.elem))
            y = t
        lines.append("linalg.yield %s : %s" % (y, oty.elem))
        o = (self.fresh("b"), oty.elem)
        self.generic(ins, out, oty, oty.rank, (args + [o], "  ".join(lines)))

    def op_matmul(self):
        kind = self.r.choice(["plain", "plain", "transposed", "batch", "batch_t"])
        batch = kind.startswith("batch")
        a = self.any_tensor(lambda v: v.ty.rank == 2 + batch and not v.view)
        if a is None:
            return
        k = a.ty.rank - 1
        macs = elems(a.ty.shape)
        # The largest number of columns (MAX_ELEMS for the result, and
        # MAX_MACS).
        most = min(MAX_ELEMS // (macs // a.ty.shape[k]), MAX_MACS // macs)
        # b's dims: (a, d) for a dim that must be a's, None for the columns.
        bdims = [None, (a, k)] if kind in ("transposed", "batch_t") else [(a, k), None]
        if batch:
            bdims.insert(0, (a, 0))
        n = bdims.index(None)

        def fits(v):
            return (v.ty.rank == len(bdims) and v.ty.shape[n] <= most
                    and (not v.view or kind == "plain")
                    and all(x is None or (v.ty.shape[i], v.ty.dyn[i]) ==
                            (x[0].ty.shape[x[1]], x[0].ty.dyn[x[1]])
                            for i, x in enumerate(bdims)))
        b = self.pick(fits)
        if b is None or self.chance(0.4):
            cols = [e for e in EXTENTS if e <= most]
            if not cols:
                return
            bdims[n] = self.r.choice(cols)
            ty, _ = self.shape(bdims, self.r.choice(self.elems))
            if self.chance(0.2):
                ty.dyn[n] = True
            b = self.new_arg(ty)
        dims = [(a, d) for d in range(k)] + [(b, n)]
        out, oty = self.init(dims, "f32", "0.0" if self.chance(0.7)
                             else self.r.choice(FCONSTS))
        if kind == "batch_t":
            # As a generic (examples/attention_decode_heads.mlir).
            args = [(self.fresh("b"), v.ty.elem) for v in (a, b)]
            args.append((self.fresh("b"), "f32"))
            lines = []
            x, y = self.to_f32(args[:2], lines)
            p, s = self.fresh("b"), self.fresh("b")
            lines += ["%s = arith.mulf %s, %s : f32" % (p, x, y),
                      "%s = arith.addf %s, %s : f32" % (s, args[2][0], p),
                      "linalg.yield %s : f32" % s]
            v = self.generic([(a, [0, 1, 3]), (b, [0, 2, 3])], out, oty, 4,
                             (args, "  ".join(lines)))
            self.fns[v.name] = lambda c: nm.matmul(c, c(out), c(a.name),
                                                   c(b.name), True)
            return
        maps = ""
        if kind == "transposed":
            maps = ("indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
                    "affine_map<(m, n, k) -> (n, k)>, "
                    "affine_map<(m, n, k) -> (m, n)>] ")
        name = self.fresh()
        self.emit("%s = linalg.%s %sins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
            name, "batch_matmul" if batch else "matmul", maps, a.name, b.name,
            a.ty, b.ty, out, oty, oty))
        self.fns[name] = lambda c: nm.matmul(c, c(out), c(a.name), c(b.name),
                                             kind == "transposed")
        self.add(V(name, oty))

    def random_op(self, in_loop=False):
        if self.views and self.rv.random() < VIEW_RATE:
            self.op_view()
        self.ops += 1
        getattr(self, "op_" + self.weighted([
            ("binary", 4), ("exp", 1), ("generic", 3), ("fill", 1),
            ("broadcast", 2), ("reduce", 3), ("matmul", 3), ("slice", 1),
            ("update", 1), ("int_generic", 1)]))()

    def generate(self):
        self.scopes.append(Scope([], 1))
        for _ in range(self.r.randint(1, 2)):
            self.new_data_arg()
        n = self.r.randint(2, self.max_ops)
        while self.ops < n or not self.made():
            self.random_op()
            if self.rl.random() < LOOP_RATE:
                self.loop_mode(self.op_loop)
            if self.rb.random() < BOUNDED_RATE:
                self.loop_mode(self.op_bounded, self.rb)
        if self.views and self.rv.random() < VIEW_RATE:
            self.op_view()
        made = self.made()
        results = [made[-1]] + self.r.sample(made[-6:-1], min(
            len(made) - 1, self.r.choice([0, 0, 1, 2])))
        results = [(v.name, str(v.ty)) for v in results]
        # The last value of each view op, so that none is dead code.
        for v in self.vfinal[-4:]:
            if (v.name, str(v.ty)) not in results:
                results.append((v.name, str(v.ty)))
        return self.function(results)

    # ------------------------------------------------- loops (issue 54)
    def loop_mode(self, fn, stream=None):
        """Runs `fn` on the loop stream (or `stream`), without view ops
        (theirs are function-wide) and with the tensor.dim values it makes
        forgotten after it (they are the body's)."""
        r, views, dims = self.r, self.views, dict(self.dims)
        self.r, self.views = stream or self.rl, False
        try:
            fn()
        finally:
            self.r, self.views, self.dims = r, views, dims

    def reduce_rows(self, a, comb, elem, fill):
        """linalg.reduce of `a` over its dim 0 with `comb` into `elem`,
        from a fill of `fill` (its identity, or not)."""
        out, ty = self.init(self.like(a)[1:], elem, fill)
        x, acc, r = self.fresh("b"), self.fresh("b"), self.fresh("b")
        lines = []
        y = self.to_f32([(x, a.ty.elem)], lines)[0] if elem == "f32" else x
        lines.append("%s = arith.%s %s, %s : %s" % (r, comb, acc, y, elem))
        lines.append("linalg.yield %s : %s" % (r, elem))
        name = self.fresh()
        self.emit("%s = linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [0] "
                  "(%s: %s, %s: %s) { %s }" % (name, a.name, a.ty, out, ty, x,
                                               a.ty.elem, acc, elem,
                                               "  ".join(lines)))
        self.fns[name] = lambda c, i=a.name, o=out: nm.reduce(
            c, c(i), 0, comb, c(o), elem, True)
        return self.add(V(name, ty))

    def op_bounded(self):
        """Compute along a bounded dim of 256 to 512 rows, which
        dynshape-tile-bounded runs over ceil(n / 128) tiles: a reduction
        over the rows (sum, max or min, from its identity or not), of the
        rows or of their exp; a softmax over the rows (max, exp of the
        shifted rows, sum); or the contraction x^T . exp(x) over the rows
        on the PE array."""
        bound = self.r.choice(TILED_BOUNDS)
        cols = self.r.choice([c for c in (1, 2, 4, 8, 16)
                              if bound * c <= MAX_ELEMS])
        elem = self.r.choice(self.elems)
        x = self.new_arg(T([bound, cols], elem, [True, False]))
        kind = self.r.choice(["reduce", "reduce_exp", "softmax", "contract"])
        if kind != "reduce":
            e = self.fresh()
            self.emit("%s = math.exp %s : %s" % (e, x.name, x.ty))
            self.fns[e] = lambda c, v=x.name: c.flt(nm.fexp(c(v), c), elem)
            ex = self.add(V(e, x.ty))
        if kind in ("reduce", "reduce_exp"):
            comb = self.r.choice(["addf", "maximumf", "minimumf"])
            fill = IDENTITY[comb] if self.chance(0.7) else self.r.choice(FCONSTS)
            self.reduce_rows(x if kind == "reduce" else ex, comb,
                             "f32" if comb == "addf" or self.chance(0.5)
                             else elem, fill)
        elif kind == "softmax":
            m = self.reduce_rows(x, "maximumf", "f32", "-inf")
            out, ty = self.init(self.like(x), "f32")
            mb = self.fresh()
            self.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) "
                      "dimensions = [0]" % (mb, m.name, m.ty, out, ty))
            self.fns[mb] = lambda c, v=m.name, o=out: np.broadcast_to(
                np.expand_dims(c(v), 0), c(o).shape).copy()
            xf = x.name
            if elem != "f32":
                xf = self.fresh()
                self.emit("%s = arith.extf %s : %s to %s" % (xf, x.name, x.ty, ty))
                self.fns[xf] = lambda c, v=x.name: c(v)
            d, p = self.fresh(), self.fresh()
            self.emit("%s = arith.subf %s, %s : %s" % (d, xf, mb, ty))
            self.fns[d] = lambda c, a=xf, b=mb: c.flt(
                nm.fbinary("subf", c(a), c(b), c), "f32")
            self.emit("%s = math.exp %s : %s" % (p, d, ty))
            self.fns[p] = lambda c, v=d: c.flt(nm.fexp(c(v), c), "f32")
            self.reduce_rows(self.add(V(p, ty)), "addf", "f32", "0.0")
        else:
            out, oty = self.init([(x, 1), (x, 1)], "f32", "0.0")
            name = self.fresh()
            self.emit("%s = linalg.matmul indexing_maps = ["
                      "affine_map<(m, n, k) -> (k, m)>, "
                      "affine_map<(m, n, k) -> (k, n)>, "
                      "affine_map<(m, n, k) -> (m, n)>] ins(%s, %s : %s, %s) "
                      "outs(%s : %s) -> %s" % (name, x.name, ex.name, x.ty,
                                               ex.ty, out, oty, oty))
            self.fns[name] = lambda c, a=x.name, b=ex.name, o=out: nm.matmul(
                c, c(o), np.swapaxes(c(a), 0, 1), c(b), False)
            self.add(V(name, oty))

    def op_loop(self):
        """acc = init; for i < clamp(%n, 0, C): acc = f(acc), with f 1 to 3
        steps that keep acc's type, each reading the step before: exp
        (Activation), an elementwise op with a value in scope or a new
        argument (Vector), a matmul by a square argument (PE, f32), and a
        row max or sum broadcast back and subtracted (Vector). One loop
        then holds several engines' work, which bir-split-engine-loops
        makes one loop per engine. No NumPy model (the loop's result is
        unmodelled): --compare checks it against the reference
        interpreter."""
        init = self.pick(lambda v: v.whole and not v.ty.bounded
                         and v.ty.elem != "i32")
        if init is None:
            return
        ty = init.ty
        n = self.scalar_arg()
        s, t, ub = self.fresh("s"), self.fresh("s"), self.fresh("ub")
        self.emit("%s = arith.minsi %s, %s : i32" % (
            s, n, self.const(self.r.randint(1, 4))))
        self.emit("%s = arith.maxsi %s, %s : i32" % (t, s, self.const(0)))
        self.emit("%s = arith.index_cast %s : i32 to index" % (ub, t))
        iv, res, acc = self.fresh("iv"), self.fresh("r"), self.fresh("acc")
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {"
                  % (res, iv, self.const(0, "index"), ub,
                     self.const(1, "index"), acc, init.name, ty))
        body = Scope(self.scope.lines, self.scope.indent + 1, loop=True)
        self.scopes.append(body)
        x = acc
        steps = ["exp", "binary"]
        if ty.rank == 2 and ty.elem == "f32" and max(ty.shape) <= 128:
            steps.append("matmul")
        if ty.rank >= 2:
            steps.append("reduce")
        for _ in range(self.r.randint(1, 3)):
            x = getattr(self, "loop_" + self.r.choice(steps))(x, ty)
        self.emit("scf.yield %s : %s" % (x, ty))
        self.scopes.pop()
        self.emit("}")
        self.add(V(res, ty))

    def loop_exp(self, x, ty):
        y = self.fresh()
        self.emit("%s = math.exp %s : %s" % (y, x, ty))
        return y

    def loop_binary(self, x, ty):
        w, y = self.operand(ty).name, self.fresh()
        a, b = (x, w) if self.chance(0.5) else (w, x)
        self.emit("%s = arith.%s %s, %s : %s" % (
            y, self.binop(a, b), a, b, ty))
        return y

    def loop_matmul(self, x, ty):
        k = ty.shape[1]
        w = self.new_arg(T([k, k], "f32", [False, False]))
        e, z, y = self.fresh("e"), self.fresh("i"), self.fresh()
        self.emit("%s = tensor.empty() : %s" % (e, ty))
        self.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (
            z, self.fconst(0.0), e, ty, ty))
        self.emit("%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (y, x, w.name, ty, w.ty, z, ty, ty))
        return y

    def loop_reduce(self, x, ty):
        # The engines sum into f32 only.
        kind, ident = self.r.choice([("maximumf", "-inf")] + (
            [("addf", 0.0)] if ty.elem == "f32" else []))
        rty = T(ty.shape[:-1], ty.elem, ty.dyn[:-1])
        e, z, r = self.fresh("e"), self.fresh("i"), self.fresh()
        a, b, c = self.fresh("b"), self.fresh("b"), self.fresh("b")
        self.emit("%s = tensor.empty() : %s" % (e, rty))
        self.emit("%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s" % (
            z, self.fconst(ident, ty.elem), ty.elem, e, rty, rty))
        self.emit("%s = linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = "
                  "[%d] (%s: %s, %s: %s) { %s = arith.%s %s, %s : %s  "
                  "linalg.yield %s : %s }" % (
                      r, x, ty, z, rty, ty.rank - 1, a, ty.elem, b, ty.elem,
                      c, kind, a, b, ty.elem, c, ty.elem))
        e2, bc, y = self.fresh("e"), self.fresh(), self.fresh()
        self.emit("%s = tensor.empty() : %s" % (e2, ty))
        self.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) "
                  "dimensions = [%d]" % (bc, r, rty, e2, ty, ty.rank - 1))
        self.emit("%s = arith.subf %s, %s : %s" % (y, x, bc, ty))
        return y

    # ------------------------------------------------- views (issue 61)
    @contextlib.contextmanager
    def view_mode(self):
        """The view ops' own state: random stream, names, arguments; the
        values they see are everyone's, the values they make their own."""
        top = self.scopes[0]
        saved = {k: getattr(self, k) for k in self.vstate}
        tensors, scalars = top.tensors, top.scalars
        for k, v in self.vstate.items():
            setattr(self, k, v)
        top.tensors = tensors + self.vtensors
        top.scalars = scalars + self.vscalars
        nt, ns = len(top.tensors), len(top.scalars)
        try:
            yield
        finally:
            self.vtensors += top.tensors[nt:]
            self.vscalars += top.scalars[ns:]
            self.vstate = {k: getattr(self, k) for k in self.vstate}
            for k, v in saved.items():
                setattr(self, k, v)
            top.tensors, top.scalars = tensors, scalars
            self.focus = None

    def op_view(self):
        """A view feeding compute: a rank-reducing tensor.extract_slice
        (dims dropped at static or runtime offsets), a view at runtime
        offsets, or a rank-reducing tensor.insert_slice; with --reshapes
        also expand_shape, collapse_shape and a generic with constant (or
        other affine) indices. Then 0-2 compute ops on the view."""
        with self.view_mode():
            kinds = [("rr_slice", 6), ("rt_slice", 2), ("rr_insert", 3)]
            if self.reshapes:
                kinds += [("expand", 3), ("collapse", 3), ("affine_generic", 3)]
            v = getattr(self, "op_" + self.weighted(kinds))()
            if v is None:
                return
            for _ in range(self.r.choice([0, 1, 1, 1, 2])):
                n = len(self.scopes[0].tensors)
                self.focus = v
                getattr(self, "op_" + self.weighted([
                    ("binary", 4), ("exp", 2), ("generic", 3), ("reduce", 2),
                    ("matmul", 2), ("broadcast", 1)]))()
                self.focus = None
                made = [t for t in self.scopes[0].tensors[n:]
                        if not self.is_arg(t.name)]
                if made:
                    v = made[-1]
            self.vfinal.append(v)

    def view_shape(self, rank):
        while True:
            shape = [self.r.choice(VIEW_EXTENTS) for _ in range(rank)]
            if elems(shape) <= MAX_ELEMS:
                return shape

    def view_source(self, min_rank):
        """A static float tensor that is not a view, of rank min_rank or
        more: one in scope, or a new argument."""
        src = self.pick(lambda v: v.whole and not v.ty.bounded
                        and v.ty.rank >= min_rank and v.ty.elem != "i32")
        if src is None or self.chance(0.4):
            rank = self.r.choice([max(min_rank, 2), 3]) if min_rank > 1 \
                else self.r.choice([1, 2, 3])
            src = self.new_arg(T(self.view_shape(rank),
                                 self.r.choice(self.elems)))
        return src

    def slice_geometry_of(self, ty, dropped, runtime=0.6):
        """Offsets (ints: static; names: runtime index values) and sizes
        of a unit-stride slice of `ty`; a dropped dim has size 1."""
        sizes = [1 if d in dropped else self.r.choice([n, n, self.r.randint(1, n)])
                 for d, n in enumerate(ty.shape)]
        offsets = []
        for n, size in zip(ty.shape, sizes):
            if self.chance(runtime):
                offsets.append(self.view_offset(n - size))
            else:
                offsets.append(self.r.randint(0, n - size))
        return offsets, sizes

    def view_offset(self, hi):
        """A runtime index: an i32 argument (or another scalar) through
        arith.index_cast, clamped into [0, hi], now and then not (out of
        range is undefined: --compare skips the trial)."""
        clamp = self.chance(0.98)
        s = self.scalar_arg() if not clamp or self.chance(0.6) else self.scalar()
        if clamp:
            a, b = self.fresh("s"), self.fresh("s")
            self.emit("%s = arith.maxsi %s, %s : i32" % (a, s, self.const(0)))
            self.emit("%s = arith.minsi %s, %s : i32" % (b, a, self.const(hi)))
            s = b
        x = self.fresh("x")
        self.emit("%s = arith.index_cast %s : i32 to index" % (x, s))
        return x

    @staticmethod
    def window(c, shape, offsets, sizes):
        """The slices of a window, or Unspecified if outside `shape`."""
        offs = [o if isinstance(o, int) else int(c(o)) for o in offsets]
        if any(o < 0 or o + n > e for o, n, e in zip(offs, sizes, shape)):
            raise nm.Unspecified("a slice out of range")
        return tuple(slice(o, o + n) for o, n in zip(offs, sizes))

    def op_rr_slice(self, rank_reducing=True):
        src = self.view_source(2 if rank_reducing else 1)
        rank = src.ty.rank
        dropped = set()
        if rank_reducing:
            dropped = set(self.r.sample(range(rank), self.r.randint(1, rank - 1)))
        offsets, sizes = self.slice_geometry_of(
            src.ty, dropped, 0.6 if rank_reducing else 0.9)
        kept = [n for d, n in enumerate(sizes) if d not in dropped]
        rty = T(kept, src.ty.elem)
        name = self.fresh()
        self.emit("%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s" % (
            name, src.name, ", ".join(map(str, offsets)),
            ", ".join(map(str, sizes)), ", ".join(["1"] * rank), src.ty, rty))

        def model(c, s=src.name):
            a = c(s)
            return a[self.window(c, a.shape, offsets, sizes)].reshape(kept)
        self.fns[name] = model
        # A view at static offsets may be read in any order.
        v = self.add(V(name, rty, view=any(isinstance(o, str) for o in offsets),
                       roots=src.roots | {src.name}, sub=True))
        return v

    def op_rt_slice(self):
        return self.op_rr_slice(rank_reducing=False)

    def op_rr_insert(self):
        target = self.view_source(2)
        rank = target.ty.rank
        dropped = set(self.r.sample(range(rank), self.r.randint(1, rank - 1)))
        offsets, sizes = self.slice_geometry_of(target.ty, dropped)
        kept = [n for d, n in enumerate(sizes) if d not in dropped]
        uty = T(kept, target.ty.elem)
        upd = self.operand(uty)
        if self.is_arg(upd.name) and self.chance(0.5):
            # A computed update (on chip), not only a DRAM argument.
            e = self.fresh()
            self.emit("%s = math.exp %s : %s" % (e, upd.name, uty))
            self.fns[e] = lambda c, x=upd.name: c.flt(nm.fexp(c(x), c),
                                                      uty.elem)
            upd = self.add(V(e, uty))
        name = self.fresh()
        self.emit("%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s" % (
            name, upd.name, target.name, ", ".join(map(str, offsets)),
            ", ".join(map(str, sizes)), ", ".join(["1"] * rank), uty, target.ty))

        def model(c, t=target.name, u=upd.name):
            a = np.array(c(t), copy=True)
            a[self.window(c, a.shape, offsets, sizes)] = c(u).reshape(sizes)
            return a
        self.fns[name] = model
        return self.add(V(name, target.ty, view=target.view,
                          roots=target.roots | {target.name}, sub=target.sub))

    # Reshapes and affine indexing maps (--reshapes): the reference
    # interprets them; the compiler does not lower reshapes, nor maps that
    # are not projected permutations.
    def reshape_source(self, pred):
        src = self.pick(lambda v: v.ty.elem != "i32" and pred(v))
        if src is None or self.chance(0.3):
            src = self.new_arg(T(self.view_shape(self.r.choice([1, 2, 3])),
                                 self.r.choice(self.elems)))
            if not pred(src):
                return None
        return src

    def op_expand(self):
        a = self.reshape_source(lambda v: v.ty.rank <= 3)
        if a is None:
            return None
        d = self.r.randrange(a.ty.rank)
        n = a.ty.shape[d]
        divisors = [p for p in range(2, n) if n % p == 0]
        # A bounded dim gets a unit dim beside it and stays the group's
        # one dynamic dim (at `at`).
        at = self.r.randrange(2)
        if a.ty.dyn[d] or not divisors or self.chance(0.3):
            split = [n, 1] if at == 0 else [1, n]
        else:
            p = self.r.choice(divisors)
            split = [p, n // p]
        groups, shape, dyn, out = [], [], [], []
        for k in range(a.ty.rank):
            start = len(shape)
            parts = split if k == d else [a.ty.shape[k]]
            for i, e in enumerate(parts):
                bounded = a.ty.dyn[k] and (len(parts) == 1 or i == at)
                shape.append(e)
                dyn.append(bounded)
                out.append(self.size_of(a, k) if bounded else str(e))
            groups.append(list(range(start, len(shape))))
        rty = T(shape, a.ty.elem, dyn)
        name = self.fresh()
        self.emit("%s = tensor.expand_shape %s [%s] output_shape [%s] : %s into %s" % (
            name, a.name, ", ".join("[%s]" % ", ".join(map(str, g)) for g in groups),
            ", ".join(out), a.ty, rty))

        def model(c, x=a.name):
            arr = c(x)
            full = []
            for k in range(a.ty.rank):
                parts = split if k == d else [a.ty.shape[k]]
                full += [arr.shape[k] if a.ty.dyn[k] and (len(parts) == 1 or
                                                        i == at) else e
                         for i, e in enumerate(parts)]
            return arr.reshape(full)
        self.fns[name] = model
        return self.add(V(name, rty, view=a.view, roots=a.roots | {a.name},
                          sub=a.sub))

    def op_collapse(self):
        # Two neighbouring dims, a bounded one only with a unit one.
        def ok(v):
            return v.ty.rank >= 2 and any(
                self.collapsible(v.ty, k) for k in range(v.ty.rank - 1))
        a = self.reshape_source(ok)
        if a is None:
            return None
        d = self.r.choice([k for k in range(a.ty.rank - 1)
                           if self.collapsible(a.ty, k)])
        groups, shape, dyn = [], [], []
        k = 0
        while k < a.ty.rank:
            if k == d:
                groups.append([k, k + 1])
                shape.append(a.ty.shape[k] * a.ty.shape[k + 1])
                dyn.append(a.ty.dyn[k] or a.ty.dyn[k + 1])
                k += 2
            else:
                groups.append([k])
                shape.append(a.ty.shape[k])
                dyn.append(a.ty.dyn[k])
                k += 1
        rty = T(shape, a.ty.elem, dyn)
        name = self.fresh()
        self.emit("%s = tensor.collapse_shape %s [%s] : %s into %s" % (
            name, a.name, ", ".join("[%s]" % ", ".join(map(str, g)) for g in groups),
            a.ty, rty))

        def model(c, x=a.name):
            arr = c(x)
            s = list(arr.shape)
            return arr.reshape(s[:d] + [s[d] * s[d + 1]] + s[d + 2:])
        self.fns[name] = model
        return self.add(V(name, rty, view=a.view, roots=a.roots | {a.name},
                          sub=a.sub))

    @staticmethod
    def collapsible(ty, k):
        if not (ty.dyn[k] or ty.dyn[k + 1]):
            return True
        return not (ty.dyn[k] and ty.dyn[k + 1]) and \
            (ty.shape[k] == 1 and not ty.dyn[k] or
             ty.shape[k + 1] == 1 and not ty.dyn[k + 1])

    def op_affine_generic(self):
        """A parallel generic whose second input is read through an
        affine map: constant indices (`(d0, d1) -> (0, d1)`), sums,
        multiples, floordiv and mod of the loops. (A map reaching
        outside a static operand does not verify.)"""
        a = self.any_tensor(lambda v: not v.ty.bounded and v.ty.elem != "i32")
        out_shape = a.ty.shape
        loops = a.ty.rank
        exprs, shape = [], []
        for _ in range(self.r.choice([1, 2, 2, 3])):
            k = self.r.randrange(loops)
            n = out_shape[k]
            kind = self.r.choice(["loop", "const", "const", "plus", "times",
                                  "floordiv", "mod", "sum"])
            if kind == "loop":
                e, ext = "d%d" % k, n
            elif kind == "const":
                ext = self.r.choice([1, 1, 2, 3, 5, 8])
                e, ext = str(self.r.randrange(ext)), ext
            elif kind == "plus":
                c = self.r.randint(1, 3)
                e, ext = "d%d + %d" % (k, c), n + c
            elif kind == "times":
                e, ext = "d%d * 2" % k, 2 * n - 1
            elif kind == "floordiv":
                e, ext = "d%d floordiv 2" % k, (n + 1) // 2
            elif kind == "mod":
                m = self.r.randint(1, 4)
                e, ext = "d%d mod %d" % (k, m), min(m, n)
            else:
                j = self.r.randrange(loops)
                e, ext = "d%d + d%d" % (k, j), n + out_shape[j] - 1
            exprs.append(e)
            shape.append(ext)
        if elems(shape) > MAX_ELEMS:
            return None
        b = self.operand(T(shape, self.r.choice(self.elems)))
        out, oty = self.init(self.like(a), self.r.choice(self.elems))
        args = [(self.fresh("b"), v.ty.elem) for v in (a, b)]
        o = (self.fresh("b"), oty.elem)
        return self.generic([(a, list(range(loops))), (b, exprs)], out, oty,
                            loops, (args + [o], self.body(args, oty.elem)))

    def made(self):
        return [v for v in self.scopes[0].tensors if not self.is_arg(v.name)]


def make(seed, max_ops=None, elems=ELEMS, scale=1, kind="data", views=True,
         reshapes=False):
    """The generator of program SEED after generating it (`.text`; for
    the NumPy model, `.model()`, `.args` and `.results`); `kind` "data"
    (data movement) or "compute" (max_ops defaults to 7 and 8; elems and
    scale are for data only, views and reshapes for compute only)."""
    if kind == "compute":
        g = ComputeGen(seed, max_ops or 8, views, reshapes)
    else:
        g = Gen(seed, max_ops or 7, elems, scale)
    g.text = g.generate()
    return g


def generate(seed, max_ops=None, elems=ELEMS, scale=1, kind="data",
             views=True, reshapes=False):
    """The text of program SEED (see make)."""
    return make(seed, max_ops, elems, scale, kind, views, reshapes).text


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("seed", type=int)
    p.add_argument("--kind", choices=KINDS, default="data",
                   help="data movement (the default) or tensor compute")
    p.add_argument("--max-ops", type=int, default=None,
                   help="most top-level operations (default 7; compute 8)")
    p.add_argument("--elems", default=",".join(ELEMS),
                   help="element types to draw from (default f32,i32; "
                        "exploration: e.g. f32,i32,f16,bf16,i8,i16)")
    p.add_argument("--scale", type=int, default=1,
                   help="exploration: extents up to SCALE x 16 (default 1)")
    p.add_argument("--no-views", dest="views", action="store_false",
                   help="compute: no view ops (rank-reducing slices, views "
                        "at runtime offsets)")
    p.add_argument("--reshapes", action="store_true",
                   help="compute: view ops also expand_shape, collapse_shape "
                        "and affine indexing maps (for the reference; the "
                        "compiler does not lower them)")
    a = p.parse_args()
    sys.stdout.write(generate(a.seed, a.max_ops, a.elems.split(","), a.scale,
                              a.kind, a.views, a.reshapes))


if __name__ == "__main__":
    main()
