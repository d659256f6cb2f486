"""Writes bir functions that keep more values live than an engine has
registers, for bir-allocate-registers.

  register_pressure.py dag DEPTH LIVE   LIVE values over one DAG of ALU code
                                        DEPTH deep, each level using the one
                                        below twice (2^DEPTH paths)
  register_pressure.py reads LIVE       LIVE runtime reads of one scalar, all
                                        live at once
"""
import sys

TYPE = "memref<64x32xf32, #bir.mem<dram>>"


def uses(values):
    out = []
    for j, v in enumerate(values):
        out.append(f"  %d{j} = bir.reg_ap %t addr {v} pattern [[1, 32]] : {TYPE}")
        out.append(f"  bir.dma %d{j} -> %d{j} on pool")
    return out


def dag(depth, live):
    out = [f"func.func @dag(%p: i32, %t: {TYPE}) {{",
           "  %x0 = bir.read_var %p on pool"]
    out += [f"  %x{i + 1} = bir.alu add %x{i}, %x{i} on pool"
            for i in range(depth)]
    out += [f"  %v{j} = bir.alu_imm add %x{depth}, {j} on pool"
            for j in range(live)]
    return out + uses([f"%v{j}" for j in range(live)]) + ["  return", "}"]


def reads(live):
    out = [f"func.func @reads(%p: i32, %t: {TYPE}) {{"]
    out += [f"  %v{j} = bir.read_var %p on pool" for j in range(live)]
    return out + uses([f"%v{j}" for j in range(live)]) + ["  return", "}"]


def main():
    kind, args = sys.argv[1], [int(a) for a in sys.argv[2:]]
    print("\n".join(dag(*args) if kind == "dag" else reads(*args)))


if __name__ == "__main__":
    main()
