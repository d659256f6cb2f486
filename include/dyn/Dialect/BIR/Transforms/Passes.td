//===- Passes.td - bir passes (Stages 2 to 3b) --------------*- tablegen -*-===//

#ifndef DYN_DIALECT_BIR_TRANSFORMS_PASSES_TD
#define DYN_DIALECT_BIR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def BIRAssembleDynamicInfo : Pass<"bir-assemble-dynamic-info", "::mlir::func::FuncOp"> {
  let summary = "Stage 2: TensorCopyDynamic generators become DMAs with DynamicAPINFO";
  let description = [{
    KlirToBirCodegen::assembleDynamicInfo. Each generator becomes a
    `bir.dma` whose dynamic side carries exactly one form of dynamic info
    (seam S7): the scalar form, byte address
    `c + Σ offset_scale[i] * generic_addrs[i]` with `c` the side's static
    offset in bytes; or, for an index tensor, the indirect form (`arg_id` =
    the tensor's position among the function arguments, `indirect_dim = 0`,
    `indirect_dim_max_index` = its element count). A side in SBUF or PSUM
    whose runtime terms are all induction registers of enclosing loops stays
    a kind-2 `bir.sym_ap` (in-loop addressing, lowered by
    `bir-lower-symbolic-ap`).
  }];
}

def BIRAllocateMemory : Pass<"bir-allocate-memory", "::mlir::func::FuncOp"> {
  let summary = "Static SBUF/PSUM addresses for every location";
  let description = [{
    Gives every SBUF and PSUM `bir.alloc` a byte `address` within its
    partition (the same in every partition), the DGE scratch first. Live
    ranges follow program order and are extended over a whole loop when a
    location is used inside it; locations whose ranges overlap are disjoint,
    others may share bytes. Placement is first fit in order of first use.
    When a space's capacity (SBUF 192 KiB, PSUM 16 KiB per partition) is
    exceeded, the diagnostic names the locations live at that point.
  }];
}

def BIRLowerSymbolicAP : Pass<"bir-lower-symbolic-ap", "::mlir::func::FuncOp"> {
  let summary = "Stage 3a: kind-2 symbolic access patterns become kind-3";
  let description = [{
    LowerAP::convertSymAP. The element offset of a `bir.sym_ap` is
    Horner-walked into register-ALU code on the consuming instruction's
    engine (`mov c; tmp = iv * coef; dst += tmp`, constants folded), then
    delinearized over the location's `[partition, free]` layout:
    `RegAPAddr = base + (off / free) * part_stride + (off % free) * bytes`
    (part_stride 0x40000 for SBUF, 0x8000 for PSUM; base from the address
    map). An offset of whole rows (`free` divides the constant and every
    coefficient, and the induction registers' ranges show the offset
    cannot wrap) skips the divide and mod: `RegAPAddr = base + c / free *
    part_stride + Σ (coef / free * part_stride) * iv`, 2 instructions for
    one induction register instead of 7. DRAM is rejected ("cannot be
    DRAM"), and an offset over a register
    that is not an enclosing loop's induction register is rejected ("loop
    axis hasn't been assigned register for induction variable!"). Needs the
    addresses of `bir-allocate-memory`.
  }];
}

def BIRExpandDynamicAPInfo : Pass<"bir-expand-dynamic-ap-info", "::mlir::func::FuncOp"> {
  let summary = "Stage 3b: scalar dynamic info becomes register-ALU address code";
  let description = [{
    ExpandDynamicAPInfo. A scalar-form dynamic side becomes a kind-3
    `bir.reg_ap` whose RegAPAddr is computed as `c + Σ coef_i * v_i`: one
    `mult` per term whose coefficient is not 1, one `add` per further term,
    and one `add` of `c` when it is not 0 (at most 1 + 2k instructions for
    k terms). Identical expressions in one block are computed once (the
    report's ExprRefHasher memoization). Indirect `arg_id`s are densified
    to 0, 1, ... in order of appearance.
  }];
}

def BIRHoistLoopInvariants
    : Pass<"bir-hoist-loop-invariants", "::mlir::func::FuncOp"> {
  let summary = "Move loop-invariant register code out of bir loops";
  let description = [{
    Upstream loop-invariant code motion (`moveLoopInvariantCode` over
    `LoopLikeOpInterface`, which `bir.dynamic_for` and `bir.for` implement)
    for register code: a pure instruction with one register result
    (`bir.alu`, `bir.alu_imm`, `bir.mov_imm`) whose operands are all defined
    outside a loop moves before it, innermost loops first, so the clamp and
    scaling of a runtime position used inside a loop run once, not per
    trip. The instructions run even when the loop runs no trip, which is
    harmless: they only write registers.

    Register pressure: a hoisted value is live across the whole loop. A loop
    keeps at most `max-live-in` register values defined outside it (those
    it already reads plus the hoisted ones, 48 by default, of an engine's
    64); code that would go past it stays in the loop.

    ```mlir
    bir.dynamic_for %j = 0 to 1 * %n + 0 step 1 max_trip 64 on pool {
      %a = bir.alu_imm max %pos, 0 on pool   // moves before the loop
      %b = bir.alu add %a, %j on pool        // stays: it reads %j
    }
    ```
  }];
  let options = [
    Option<"maxLiveIn", "max-live-in", "int64_t", /*default=*/"48",
           "Most register values defined outside a loop that it may read, "
           "counting the hoisted ones">
  ];
}

def BIRAllocateRegisters : Pass<"bir-allocate-registers", "::mlir::func::FuncOp"> {
  let summary = "Physical registers per engine, with loop-aware liveness";
  let description = [{
    The hand-off of Stage 3 to 4 (coloring_allocator_with_loop). Live
    ranges follow program order; a register used inside a loop it is not
    defined in stays live to the end of that loop (across the back edge),
    and an induction register lives for its whole loop. Registers of each
    engine are colored greedily in order of definition, which is optimal for
    these interval graphs; each gets a physical id below 0x40 in its `reg`
    attribute (on the loop for an induction register). Every reference is an
    SSA use, so access patterns and dynamic info follow the rename
    (rewireDynamicAPRegisters). Under pressure it rematerializes: where the
    coloring fails, a value that can be computed again (`mov_imm`,
    `read_var` of a runtime scalar, which does not change while the
    function runs, and `alu`/`alu_imm` code over such values) is recomputed
    for its uses past that point, once per block before the first of them.
    One sweep in program order relieves each such point in turn, and the
    coloring runs again for the copies, so the pass stays near linear with
    thousands of values live at once. It picks the value that adds the
    fewest instructions (its code's length, each instruction once, times
    the blocks it is recomputed in), then the one live longest. Element reads (`read_elem`) and induction
    registers cannot be recomputed; there is no spilling, since the engines
    have no instruction that stores a register. When 64 registers still do
    not suffice, the diagnostic names the engine and the live values.
  }];
}

def BIRInsertSync : Pass<"bir-insert-sync", "::mlir::func::FuncOp"> {
  let summary = "Semaphores between engine streams, for every cross-stream dependency";
  let description = [{
    Each engine runs its own instruction stream (the instructions that name
    it, in program order) and meets the others only at semaphores. An
    engine finishes an instruction before it starts its next, so its own
    instructions are ordered; the transfer of a DMA it triggers finishes
    later, on a queue, and is ordered before nothing. For every access that
    reads after a write, or writes after a read or a write, to overlapping
    bytes of SBUF, PSUM or a DRAM tensor (bytes, not location values: two
    on-chip locations may share bytes), and that is not already ordered,
    the pass adds a `bir.sem_signal` right after the earlier instruction, on
    its stream, and a `bir.sem_wait` right before the later one, on its.

    It emits no wait that is implied: a stream knows, per other stream, the
    last position known finished, from its own order and from every wait it
    has passed (a wait teaches it all that the signalling stream knew at the
    signal); a dependency on a position it knows gets none. Knowledge from
    waits inside a loop is dropped after the loop, which may run no trip.
    Registers need no semaphore: an instruction reads only its own engine's
    registers (the verifier's rule).

    Loops: a dependency between a loop's body and code outside it is
    synchronized around the whole loop (a wait before it, a signal after
    it). Inside the body, one trip is walked, then a second against the
    first: a dependency on the previous trip gets a channel of its own,
    primed by one signal before the loop and drained by one wait after it,
    so that each trip waits only for the trip before.

    Each signal/wait pair gets a channel: dependencies between the same two
    streams whose instructions sit in the same block share one, each loop-
    carried dependency has its own. `bir-allocate-semaphores` then gives
    channels semaphores. `drop=N` (a test option) leaves out the N-th pair,
    counted from 0 in the order made, to show that `dyn-sim`'s race checker
    finds the race.
  }];
  let options = [
    Option<"drop", "drop", "int64_t", /*default=*/"-1",
           "Test only: leave out the N-th signal/wait pair (-1: none)">
  ];
  let statistics = [
    Statistic<"numWaits", "waits", "Waits added">
  ];
}

def BIRAllocateSemaphores
    : Pass<"bir-allocate-semaphores", "::mlir::func::FuncOp"> {
  let summary = "A semaphore of the core for every channel";
  let description = [{
    Gives each channel's `bir.sem_signal` and `bir.sem_wait` a semaphore id
    in `sem`. A channel links one stream's signals to one other stream's
    waits (otherwise: a located error). Two channels share a semaphore when
    they link the same streams in the same direction and their instructions
    do not interleave in program order; channels between other streams never
    share, since a signal of one could release a wait of the other. When
    `count` semaphores (by default all of the core's, 32, project-defined)
    do not suffice, the error names the instruction whose channel found none.
  }];
  let options = [
    Option<"count", "count", "int64_t", /*default=*/"::dyn::machine::kSemaphoresPerCore",
           "Semaphores the pass may use (at most the core's)">
  ];
  let statistics = [
    Statistic<"numSemaphores", "semaphores", "Semaphores used">
  ];
}

def BIRSplitEngineLoops
    : Pass<"bir-split-engine-loops", "::mlir::func::FuncOp"> {
  let summary = "One loop per engine for a loop that holds several engines' work";
  let description = [{
    Each engine runs its own stream, and a container loop is one stream's.
    A `bir.for` or `bir.dynamic_for` whose body holds instructions of other
    engines than its own becomes one loop per engine, with the same bounds
    and `max_trip`/`trip_estimate`, each holding that engine's instructions
    (semaphore instructions included) in their order. The loops follow one
    another in program order; bir-insert-sync has already put every
    dependency between the engines into semaphores, per trip inside the
    body or around the loop, so trip `i + 1` of one engine may overlap trip
    `i` of another wherever the data allow it.

    Registers belong to one engine. Each new loop gets an induction
    register of its engine, free for the whole loop, which replaces the
    original's in the instructions it takes. A `bir.dynamic_for`'s trip
    count is computed again on each engine, before the loops, from the same
    register code: runtime scalars, constants and ALU operations, and
    element reads of memory that no instruction writes. It runs after
    `bir-allocate-registers` and `bir-allocate-semaphores`.

    Located errors: an engine with no free register, a trip count that
    another engine cannot compute again, and a loop nested in a split loop
    that itself holds several engines' work (only the outermost loop of a
    nest may).
  }];
  let statistics = [
    Statistic<"numSplit", "loops", "Loops split across engines">
  ];
}

#endif // DYN_DIALECT_BIR_TRANSFORMS_PASSES_TD
