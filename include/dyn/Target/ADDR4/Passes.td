//===- Passes.td - ADDR4 encoding pass ----------------------*- tablegen -*-===//

#ifndef DYN_TARGET_ADDR4_PASSES_TD
#define DYN_TARGET_ADDR4_PASSES_TD

include "mlir/Pass/PassBase.td"

def ADDR4Encode : Pass<"addr4-encode", "::mlir::func::FuncOp"> {
  let summary = "Stage 6: stamp each descriptor's ADDR4 words";
  let description = [{
    The CoreV*GenImpl encoder. Every `dge.descriptor` side gets its 32-bit
    ADDR4 word (`src_addr4`, `dst_addr4`, printed in hex): an address held
    in a register is register mode `0x80000000 | regid` (the KV write's DRAM
    address from Stage 3b, an in-loop SBUF address from Stage 3a); an index
    slot is mode `01` and names its INDIRECT16B / INDIRECT20B /
    MXINDIRECT16B record (`src_record` / `dst_record`); an address patched
    from memory is mode `10`, its immediate the argument slot of the scalar;
    everything static is mode `00` with the byte address: the offset in its
    DRAM tensor, or the SBUF/PSUM address-map address. A value that does not
    fit its field (a register id >= 0x40, an immediate >= 2^29) is a
    diagnostic.
  }];
}

#endif // DYN_TARGET_ADDR4_PASSES_TD
