# Reads (or corrupts) the element codes of the FUNC section of a container
# whose arguments are all rank-1 tensors: header (14 bytes), then "FUNC",
# its length, the name, the argument count, and per argument kind, code,
# rank and one u32 dimension.
import struct
import sys


def argument_code_offsets(data):
    pos = 14 + 8  # header, FUNC tag and length
    (name_len,) = struct.unpack_from("<I", data, pos)
    pos += 4 + name_len
    (count,) = struct.unpack_from("<I", data, pos)
    pos += 4
    offsets = []
    for _ in range(count):
        assert data[pos] == 0, "a tensor argument"
        offsets.append(pos + 1)
        rank = data[pos + 2]
        pos += 3 + 4 * rank
    return offsets


data = bytearray(open(sys.argv[2], "rb").read())
offsets = argument_code_offsets(data)
if sys.argv[1] == "codes":
    print("codes", " ".join(str(data[o]) for o in offsets))
else:
    data[offsets[0]] = 8  # no such element type
    open(sys.argv[3], "wb").write(bytes(data))
