"""Derives a corrupt dyn ADDR4 container from a good one, in the fields of
its compute instructions (opcodes 10-18).

usage: python3 compute_corrupt.py GOOD OUT set INDEX.FIELD=VALUE
       python3 compute_corrupt.py GOOD OUT cut INDEX.FIELD[+N]
       python3 compute_corrupt.py GOOD - fields INDEX

The INST section is walked with the layout of docs/ADDR4.md (sections 2.5
and 2.5.1),
so each mutation hits the field it names wherever the serializer put it.
INDEX is an instruction's position in INST. FIELD is one of the record's
fields: `engine`, `kind`, `flags`, `reg`, `imm`, `scale`, `bias`, `base`,
`partition`, `count`, `fill`, or `opK.location`, `opK.offset`, `opK.word`,
`opK.pairs` for its operand K (in the op's order).

`set` writes VALUE into the field, in the field's width. `cut` ends the file
N bytes into the field and shrinks the INST length to what is left, so the
record itself is what runs out of bytes. `fields` prints the fields of one
instruction (for writing tests).
"""

import os
import struct
import sys

# The container framing and the non-compute record sizes have one home.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corrupt import OPERAND_BYTES as FIXED, sections  # noqa: E402


class Record:
    """One instruction: {field: (offset, struct format)} and its end."""

    def __init__(self, data, pos):
        self.data, self.pos, self.fields = data, pos, {}
        self.opcode = data[pos]
        self.fields["engine"] = (pos + 1, "<B")
        self.at = pos + 2

    def take(self, name, fmt):
        self.fields[name] = (self.at, fmt)
        (value,) = struct.unpack_from(fmt, self.data, self.at)
        self.at += struct.calcsize(fmt)
        return value

    def scalar(self, flags):  # a register (flags bit 1) or a 32-bit value
        if flags & 2:
            self.take("reg", "<B")
        else:
            self.take("imm", "<i")

    def affine(self):
        self.take("base", "<i")
        self.take("partition", "<i")
        for _ in range(self.take("count", "<B")):
            self.at += 4

    def operands(self, n):
        for k in range(n):
            self.take(f"op{k}.location", "<I")
            self.take(f"op{k}.offset", "<I")
            self.take(f"op{k}.word", "<I")
            pairs = self.take(f"op{k}.pairs", "<B")
            self.at += 8 * pairs

    def walk(self):
        op = self.opcode
        if op in FIXED:
            self.at += FIXED[op]
        elif op == 9:  # memset
            self.at += 8
            self.at += 8 * self.data[self.at] + 1 + 8
        elif op in (10, 13):  # tensor_tensor, tensor_reduce
            self.take("kind", "<B")
            self.operands(3 if op == 10 else 2)
        elif op == 11:  # tensor_scalar
            self.take("kind", "<B")
            self.scalar(self.take("flags", "<B"))
            self.operands(2)
        elif op == 12:  # tensor_copy
            self.operands(2)
        elif op == 14:  # iota
            self.affine()
            self.operands(1)
        elif op == 15:  # affine_select
            self.take("kind", "<B")
            self.scalar(self.take("flags", "<B"))
            self.affine()
            self.take("fill", "<I")
            self.operands(2)
        elif op == 16:  # activation
            self.take("kind", "<B")
            flags = self.take("flags", "<B")
            self.take("scale", "<I")
            if not flags & 2:
                self.take("bias", "<I")
            self.operands(2 + bool(flags & 2) + bool(flags & 4))
        elif op == 17:  # matmul
            self.take("flags", "<B")
            self.operands(3)
        elif op == 18:  # copy_predicated
            flags = self.take("flags", "<B")
            if flags & 2:
                self.take("imm", "<I")
            self.operands(2 if flags & 2 else 3)
        else:
            sys.exit(f"unknown opcode {op} at byte {self.pos}")
        return self


def instructions(data, secs):
    _, pos, length = secs[b"INST"]
    (count,) = struct.unpack_from("<I", data, pos)
    pos += 4
    records = []
    for _ in range(count):
        records.append(Record(data, pos).walk())
        pos = records[-1].at
    assert pos == secs[b"INST"][1] + length, "INST length"
    return records


def field(records, spec):
    index, name = spec.split(".", 1)
    rec = records[int(index)]
    if name not in rec.fields:
        sys.exit(f"instruction {index} (opcode {rec.opcode}) has no {name}; "
                 f"it has {', '.join(rec.fields)}")
    return rec.fields[name]


def main():
    good, out, mutation, arg = sys.argv[1:5]
    data = bytearray(open(good, "rb").read())
    secs = sections(data)
    records = instructions(data, secs)
    if mutation == "fields":
        rec = records[int(arg)]
        for name, (at, fmt) in rec.fields.items():
            (value,) = struct.unpack_from(fmt, data, at)
            print(f"opcode {rec.opcode} {name} at byte {at}: {value:#x}")
        return
    if mutation == "set":
        where, value = arg.split("=")
        at, fmt = field(records, where)
        struct.pack_into(fmt, data, at, int(value, 0))
        print(f"{fmt} {int(value, 0):#x} at byte {at}")
    elif mutation == "cut":
        where, _, extra = arg.partition("+")
        at, _fmt = field(records, where)
        end = at + int(extra or 0)
        tag, payload, _ = secs[b"INST"]
        data = data[:end]
        struct.pack_into("<I", data, tag + 4, end - payload)
        print(f"cut at byte {end}; INST length {end - payload}")
    else:
        sys.exit(f"unknown mutation {mutation}")
    open(out, "wb").write(bytes(data))


if __name__ == "__main__":
    main()
