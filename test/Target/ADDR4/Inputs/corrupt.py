"""Derives a corrupt dyn ADDR4 container from a good one.

usage: python3 corrupt.py GOOD OUT MUTATION [ARG]

The good file is walked with the layout of docs/ADDR4.md (header, then for
its first entry function the FUNC, LOCS, INST, BLKS, IREC and SRCS
sections), so each mutation hits the field it names wherever the
serializer put it. Prints the byte offset it changed.
"""

import struct
import sys

SECTIONS = [b"FUNC", b"LOCS", b"INST", b"BLKS", b"IREC", b"SRCS"]
# The header: magic, u16 version, u16 ArchLevel, the writer's version as
# three u16 (major, minor, patch).
HEADER_BYTES = 14
# An indirect record: kind u8, location u32, index size u8, first index u32,
# index count u32, row stride u32.
RECORD_BYTES = 18
# Bytes after opcode and engine, by opcode.
OPERAND_BYTES = {1: 3, 2: 5, 3: 4, 4: 7, 5: 17, 106: 26, 7: 6, 8: 9, 19: 1, 20: 1}


def sections(data):
    """{tag: (offset of the tag, offset of the payload, payload length)}."""
    out, pos = {}, HEADER_BYTES
    for tag in SECTIONS:
        assert data[pos:pos + 4] == tag, tag
        (length,) = struct.unpack_from("<I", data, pos + 4)
        out[tag] = (pos, pos + 8, length)
        pos += 8 + length
    assert pos == len(data) or data[pos:pos + 4] == b"FUNC"
    return out


def instructions(data, secs):
    """Offsets of the instructions of INST, in order."""
    _, pos, _ = secs[b"INST"]
    (count,) = struct.unpack_from("<I", data, pos)
    pos += 4
    offsets = []
    for _ in range(count):
        offsets.append(pos)
        pos += 2 + OPERAND_BYTES[data[pos]]
    return offsets


def descriptors(data, secs):
    """[(offset of the src word, offset of the dst word)] over all blocks."""
    _, pos, _ = secs[b"BLKS"]
    (blocks,) = struct.unpack_from("<I", data, pos)
    pos += 4
    out = []
    for _ in range(blocks):
        _budget, count = struct.unpack_from("<II", data, pos)
        pos += 8
        for _ in range(count):
            words = pos
            pos += 8
            for _side in range(2):
                pairs = data[pos + 12]
                pos += 13 + 8 * pairs
            pos += 4  # bytes
            out.append((words, words + 4))
    return out


def put(data, offset, fmt, value):
    struct.pack_into(fmt, data, offset, value)
    print(f"{fmt} {value:#x} at byte {offset}")


def main():
    good, out, mutation = sys.argv[1:4]
    arg = sys.argv[4] if len(sys.argv) > 4 else None
    data = bytearray(open(good, "rb").read())
    secs = sections(data)
    insts = instructions(data, secs)
    descs = descriptors(data, secs)
    if mutation == "truncate":  # ARG: a byte count, or SECTION+N
        if "+" in arg:
            tag, extra = arg.split("+")
            data = data[: secs[tag.encode()][0] + int(extra)]
        else:
            data = data[: int(arg)]
        print(f"truncated to {len(data)} bytes")
    elif mutation == "magic":
        data[0:4] = b"DYN5"
    elif mutation == "version":
        put(data, 4, "<H", int(arg))
    elif mutation == "arch":
        put(data, 6, "<H", int(arg))
    elif mutation == "section-tag":  # ARG: the section whose tag is broken
        put(data, secs[arg.encode()][0], "<I", 0x21212121)
    elif mutation == "section-length":  # ARG: SECTION+-N
        tag, delta = arg.split("+")
        at = secs[tag.encode()][0] + 4
        put(data, at, "<I", secs[tag.encode()][2] + int(delta))
    elif mutation == "element-type":  # the first tensor argument's element
        put(data, _first_tensor_argument(data, secs), "<B", int(arg))
    elif mutation == "inst-byte":  # ARG: INDEX+BYTE=VALUE
        where, value = arg.split("=")
        index, byte = where.split("+")
        put(data, insts[int(index)] + int(byte), "<B", int(value, 0))
    elif mutation == "inst-u32":  # ARG: INDEX+BYTE=VALUE
        where, value = arg.split("=")
        index, byte = where.split("+")
        put(data, insts[int(index)] + int(byte), "<I", int(value, 0))
    elif mutation == "word":  # ARG: DESCRIPTOR.src|dst=VALUE
        where, value = arg.split("=")
        index, side = where.split(".")
        put(data, descs[int(index)][side == "dst"], "<I", int(value, 0))
    elif mutation == "side-u32":  # ARG: DESCRIPTOR.src|dst+BYTE=VALUE
        where, value = arg.split("=")
        index_side, byte = where.split("+")
        index, side = index_side.split(".")
        src_word, _ = descs[int(index)]
        at = src_word + 8  # src side fields
        if side == "dst":
            at += 13 + 8 * data[at + 12]
        put(data, at + int(byte), "<I", int(value, 0))
    elif mutation in ("record-u32", "record-byte"):  # ARG: RECORD+BYTE=VALUE
        where, value = arg.split("=")
        index, byte = where.split("+")
        _, payload, _ = secs[b"IREC"]
        at = payload + 4 + RECORD_BYTES * int(index) + int(byte)
        put(data, at, "<I" if mutation == "record-u32" else "<B",
            int(value, 0))
    elif mutation == "location-flags":  # ARG: LOCATION=VALUE
        index, value = arg.split("=")
        put(data, _location_flags(data, secs, int(index)), "<B",
            int(value, 0))
    elif mutation in ("source-file", "source-count"):  # ARG: VALUE
        # The first instruction's source file index, or the count of
        # source locations, of the first function's SRCS section.
        _, pos, _ = secs[b"SRCS"]
        (files,) = struct.unpack_from("<I", data, pos)
        pos += 4
        for _ in range(files):
            (n,) = struct.unpack_from("<I", data, pos)
            pos += 4 + n
        put(data, pos + (4 if mutation == "source-file" else 0), "<I",
            int(arg))
    elif mutation == "append":
        data += bytes.fromhex(arg)
    else:
        sys.exit(f"unknown mutation {mutation}")
    open(out, "wb").write(bytes(data))


def _location_flags(data, secs, index):
    """The offset of the flags byte of location `index`, an allocation."""
    _, pos, _ = secs[b"LOCS"]
    (count,) = struct.unpack_from("<I", data, pos)
    pos += 4
    for i in range(count):
        kind = data[pos]
        pos += 1
        if kind == 0:  # an argument's tensor: its argument number
            assert i != index, "location %d is an argument" % index
            pos += 2
            continue
        rank = data[pos + 2]  # space, element, rank, dims
        pos += 3 + 4 * rank + 4  # ... and the address
        if i == index:
            return pos
        pos += 1
    sys.exit("no location %d" % index)


def _first_tensor_argument(data, secs):
    _, pos, _ = secs[b"FUNC"]
    (name_len,) = struct.unpack_from("<I", data, pos)
    pos += 4 + name_len + 4  # name, argument count
    assert data[pos] == 0, "the first argument is not a tensor"
    return pos + 1


if __name__ == "__main__":
    main()
