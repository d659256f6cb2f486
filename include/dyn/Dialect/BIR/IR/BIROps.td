//===- BIROps.td - bir operations ---------------------------*- tablegen -*-===//

#ifndef DYN_DIALECT_BIR_IR_BIROPS_TD
#define DYN_DIALECT_BIR_IR_BIROPS_TD

include "dyn/Dialect/BIR/IR/BIRDialect.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/LoopLikeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/RegionKindInterface.td"

include "dyn/Dialect/BIR/IR/BIRInterfaces.td"

// An instruction: it runs on one engine and reads only that engine's
// registers (checked by the verifier through EngineVerifier).
class BIR_Inst<string mnemonic, list<Trait> traits = []>
    : BIR_Op<mnemonic, traits # [BIR_InstInterface]>;

// A physical register id: below the registers per engine (dyn/Support/Machine.h).
def BIR_PhysRegAttr : ConfinedAttr<I32Attr, [IntNonNegative,
    AttrConstraint<CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() "
                         "< ::dyn::machine::kRegistersPerEngine">,
                   "whose value is a register id, below the registers per engine">]>;

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

def BIR_ReadVarOp : BIR_Inst<"read_var"> {
  let summary = "Load a runtime scalar into a register";
  let description = [{
    Reads an `i32` function argument (a runtime scalar, which lives in DRAM)
    into a register of `engine`.

    ```mlir
    %v = bir.read_var %pos on pool
    ```
  }];
  let arguments = (ins I32:$var, BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_PhysRegAttr>:$reg);
  let results = (outs BIR_RegType:$result);
  let assemblyFormat = "$var `on` `` $engine attr-dict";
  let hasVerifier = 1;
}

def BIR_ReadElemOp : BIR_Inst<"read_elem"> {
  let summary = "Load one i32 element of a DRAM tensor into a register";
  let description = [{
    Reads element `index` (row-major, static) of an `i32` DRAM tensor into a
    register of `engine`: the runtime scalars of an index vector, after
    `dynshape-split-indices` and bufferization.

    ```mlir
    %i = bir.read_elem %idx[1] on pool : memref<2xi32, #bir.mem<dram>>
    ```
  }];
  let arguments = (ins MemRefOf<[I32]>:$mem,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$index,
                       BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_PhysRegAttr>:$reg);
  let results = (outs BIR_RegType:$result);
  let assemblyFormat = "$mem `[` $index `]` `on` `` $engine attr-dict `:` type($mem)";
  let hasVerifier = 1;
}

def BIR_MovImmOp : BIR_Inst<"mov_imm", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "RegMov: move an immediate into a register";
  let description = [{
    ```mlir
    %c = bir.mov_imm 256 on pool
    ```
  }];
  let arguments = (ins I32Attr:$value, BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_PhysRegAttr>:$reg);
  let results = (outs BIR_RegType:$result);
  let assemblyFormat = "$value `on` `` $engine attr-dict";
}

// The ALU instructions' custom forms (`add %x, %y on pool`, the physical
// register in the attribute dictionary) are written in BIROps.cpp rather
// than declared: the printer that `mlir-tblgen` generates for `attr-dict`
// builds a dictionary of all of the op's properties for every op it prints,
// a third of the time spent printing a function of 40,000 `alu_imm`.
class BIR_AluBase<string mnemonic> : BIR_Inst<mnemonic, [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let results = (outs BIR_RegType:$result);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasCustomAssemblyFormat = 1;
}

def BIR_AluOp : BIR_AluBase<"alu"> {
  let summary = "InstRegisterAlu with a register second operand";
  let description = [{
    `result = lhs <kind> rhs` on 32-bit registers of one engine; `add`,
    `sub` and `mult` wrap, `divide` and `mod` are signed and truncating, and
    divide or mod by zero yields 0 (project-defined).

    ```mlir
    %a = bir.alu add %x, %y on pool
    ```

    Syntax: `bir.alu <kind> %lhs, %rhs on <engine> attr-dict`, where the
    dictionary holds the physical register once one is assigned
    (`{reg = 3 : i32}`).
  }];
  let arguments = (ins BIR_AluOpKind:$kind, BIR_RegType:$lhs,
                       BIR_RegType:$rhs, BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_PhysRegAttr>:$reg);
}

def BIR_AluImmOp : BIR_AluBase<"alu_imm"> {
  let summary = "InstRegisterAlu with an immediate second operand";
  let description = [{
    `result = lhs <kind> imm`, with the semantics of `bir.alu`.

    ```mlir
    %a = bir.alu_imm mult %v, 256 on pool
    ```

    Syntax: `bir.alu_imm <kind> %lhs, <i32 immediate> on <engine> attr-dict`,
    as for `bir.alu`.
  }];
  let arguments = (ins BIR_AluOpKind:$kind, BIR_RegType:$lhs, I32Attr:$imm,
                       BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_PhysRegAttr>:$reg);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

def BIR_DynamicForOp : BIR_Inst<"dynamic_for",
    [NoTerminator, SingleBlock, RecursiveMemoryEffects,
     DeclareOpInterfaceMethods<LoopLikeOpInterface>,
     DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "InstDynamicForLoop (opcode 106): a runtime trip count";
  let description = [{
    Runs its body for `iv = lb, lb + step, ...` while `iv < ub`, where
    `ub = ub_coef * ub_reg + ub_const` is read from a register of the loop's
    engine when the loop starts. `lb` and `step` are constants. The block
    argument is the induction register. `max_trip` bounds the trip count at
    compile time: the compiler sizes with it, the simulator runs the
    register's value (report §4.2). As in the report, the loop's static
    trip count is 0 and it has a runtime value.

    `trip_estimate`, when present, is a profile's trip count for the cost
    model, which otherwise prices `max_trip` trips. The lowering carries it
    from the `dynshape.trip_estimate` of the `scf.for` the loop comes from.

    ```mlir
    bir.dynamic_for %j = 0 to 1 * %len + 0 step 1 max_trip 64 on pool {
      ...
    }
    bir.dynamic_for %j = 0 to 1 * %len + 0 step 1 max_trip 64
        trip_estimate 20 on pool {
      ...
    }
    ```
  }];
  let arguments = (ins BIR_RegType:$ub_reg, I32Attr:$lb, I32Attr:$step,
                       I32Attr:$ub_coef, I32Attr:$ub_const,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$max_trip,
                       BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_PhysRegAttr>:$reg,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:
                           $trip_estimate);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The induction register.
    mlir::BlockArgument getInductionReg() { return getBody().getArgument(0); }
    /// The report's getTripcount(): 0, the count is not static.
    int64_t getTripCount() { return 0; }
    /// The report's hasRuntimeValue(): true.
    bool hasRuntimeValue() { return true; }
    /// The compile-time bound used for sizing.
    int64_t getMaxTripCount() { return getMaxTrip(); }
    /// The trips the cost model prices: the profile's estimate, else the
    /// bound.
    int64_t getEstimatedTripCount() {
      return getTripEstimate().value_or(getMaxTrip());
    }
  }];
}

def BIR_ForOp : BIR_Inst<"for",
    [NoTerminator, SingleBlock, RecursiveMemoryEffects,
     DeclareOpInterfaceMethods<LoopLikeOpInterface>,
     DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "A loop with a static trip count";
  let description = [{
    ```mlir
    bir.for %i = 0 to 8 step 1 on pool {
      ...
    }
    ```
  }];
  let arguments = (ins I32Attr:$lb, I32Attr:$ub, I32Attr:$step,
                       BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_PhysRegAttr>:$reg);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    mlir::BlockArgument getInductionReg() { return getBody().getArgument(0); }
    int64_t getTripCount();
  }];
}

//===----------------------------------------------------------------------===//
// Synchronization between engine streams
//===----------------------------------------------------------------------===//

// A semaphore id: below the semaphores per core (dyn/Support/Machine.h).
def BIR_SemaphoreAttr : ConfinedAttr<I32Attr, [IntNonNegative,
    AttrConstraint<CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() "
                         "< ::dyn::machine::kSemaphoresPerCore">,
                   "whose value is a semaphore id, below the semaphores per core">]>;

class BIR_SemaphoreOp<string mnemonic> : BIR_Inst<mnemonic> {
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$channel,
                       BIR_EngineEnumAttr:$engine,
                       OptionalAttr<BIR_SemaphoreAttr>:$sem);
  let assemblyFormat = "$channel `on` `` $engine attr-dict";
}

def BIR_SemSignalOp : BIR_SemaphoreOp<"sem_signal"> {
  let summary = "Add one to a semaphore once the stream's earlier work is done";
  let description = [{
    Each engine runs its own instruction stream: the instructions that name
    it, in program order. `sem_signal` does not stop its stream. It adds
    one to its semaphore when every earlier instruction of its stream has
    finished, including the transfers of the DMAs the stream triggered.

    `channel` names the dependency that `bir-insert-sync` made the signal
    for; `bir-allocate-semaphores` gives each channel a semaphore (`sem`),
    as `bir-allocate-registers` gives each register value a `reg`.

    ```mlir
    bir.sem_signal 0 on pe {sem = 0 : i32}
    ```
  }];
}

def BIR_SemWaitOp : BIR_SemaphoreOp<"sem_wait"> {
  let summary = "Stop the stream until a semaphore is positive, then take one";
  let description = [{
    Stops its engine's stream until its semaphore is above zero, then
    subtracts one and goes on. Each `sem_wait` takes the count of one
    `sem_signal` on the same channel: the k-th wait of a channel goes on
    once the channel has had k signals.

    ```mlir
    bir.sem_wait 0 on dve {sem = 0 : i32}
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Memory and access patterns
//===----------------------------------------------------------------------===//

def BIR_AllocOp : BIR_Op<"alloc",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "A location sized for the bound: SBUF, PSUM or a DRAM output";
  let description = [{
    A statically sized location. On chip (SBUF, PSUM) dimension 0 is the
    partition dimension (at most 128 partitions) and the rest is the free
    size of each partition, within the per-partition capacity;
    `bir-allocate-memory` gives it a byte `address` in the address map
    (docs/ExecutionModel.md, "Address map"). In DRAM it is an output tensor
    of the function, which the runtime provides.

    `DynamicDMAScratchLoc` marks the DGE scratch that `dge-setup` inserts:
    the space software DGE's descriptors are reserved and counted in
    (`dge-lower-dynamic-dma` checks each trigger's descriptors against it).
    No instruction writes it yet: the simulator generates software DGE's
    descriptors itself, as it does hardware DGE's. It is never dead, and
    `bir-allocate-memory` places it first.

    ```mlir
    %t = bir.alloc : memref<128x512xf32, #bir.mem<sbuf>>
    ```
  }];
  let arguments = (ins OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$address,
                       UnitAttr:$DynamicDMAScratchLoc);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def BIR_PhysicalAPOp : BIR_Op<"ap", [Pure, AttrSizedOperandSegments,
                                        BIR_AccessPatternInterface]> {
  let summary = "Kind-1 physical access pattern, with optional dynamic info";
  let description = [{
    Element `offset` plus a list of `[step, num]` pairs (outermost first), in
    elements of the location. A DMA side with a runtime offset carries the
    report's DynamicAPINFO in exactly one of two forms (seam S7):

    * scalar: the pattern starts `dyn_const + Σ dyn_coefs[i] * dyn_values[i]`
      bytes past element `offset`, over register-backed runtime values
      (BirIntRuntimeValue);
    * indirect: an index tensor (IndirectArgExpr) with `arg_id`,
      `indirect_dim = 0` and `indirect_dim_max_index` = its element count.

    Only DMAs may consume an access pattern with dynamic info.

    ```mlir
    %s = bir.ap %row offset 0 pattern [[32, 1], [1, 32]] : memref<1x32xf32, #bir.mem<dram>>
    %d = bir.ap %cache offset 0 pattern [[32, 1], [1, 32]] scalar 0 + [128] * (%v)
           : memref<64x32xf32, #bir.mem<dram>>
    %g = bir.ap %table offset 0 pattern [[32, 8], [1, 32]]
           indirect %ids arg_id 0 indirect_dim 0 max_index 8 : memref<8xi32, #bir.mem<dram>>
           : memref<512x32xf32, #bir.mem<dram>>
    ```
  }];
  let arguments = (ins AnyMemRef:$mem, I64Attr:$offset,
                       BIR_PatternAttr:$pattern,
                       OptionalAttr<I64Attr>:$dyn_const,
                       OptionalAttr<DenseI64ArrayAttr>:$dyn_coefs,
                       Variadic<BIR_RegType>:$dyn_values,
                       Optional<MemRefOf<[I32]>>:$indirect,
                       OptionalAttr<I64Attr>:$arg_id,
                       OptionalAttr<I64Attr>:$indirect_dim,
                       OptionalAttr<I64Attr>:$indirect_dim_max_index);
  let results = (outs BIR_APType:$result);
  let assemblyFormat = [{
    $mem `offset` $offset `pattern` custom<Pattern>($pattern)
    (`scalar` $dyn_const^ `+` $dyn_coefs `*` `(` $dyn_values `)`)?
    (`indirect` $indirect^ `arg_id` $arg_id `indirect_dim` $indirect_dim
     `max_index` $indirect_dim_max_index `:` type($indirect))?
    attr-dict `:` type($mem)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    bool hasScalarDynamicInfo() { return getDynConst().has_value(); }
    bool hasIndirectDynamicInfo() { return getIndirect() != nullptr; }
    bool hasDynamicInfo() { return hasScalarDynamicInfo() || hasIndirectDynamicInfo(); }
  }];
}

def BIR_SymbolicAPOp : BIR_Op<"sym_ap", [Pure, BIR_AccessPatternInterface]> {
  let summary = "Kind-2 symbolic access pattern over induction registers";
  let description = [{
    The element offset is an affine expression of enclosing loops'
    induction registers (`ivs` bind the map's dimensions). Only SBUF and PSUM
    locations may be addressed symbolically ("cannot be DRAM");
    `bir-lower-symbolic-ap` turns it into a kind-3 `bir.reg_ap`.

    ```mlir
    %a = bir.sym_ap %tile offset affine_map<(d0) -> (d0 * 512)>(%j)
           pattern [[512, 1], [1, 512]] : memref<128x512xf32, #bir.mem<sbuf>>
    ```
  }];
  let arguments = (ins AnyMemRef:$mem, AffineMapAttr:$offset_map,
                       Variadic<BIR_RegType>:$ivs, BIR_PatternAttr:$pattern);
  let results = (outs BIR_APType:$result);
  let assemblyFormat = [{
    $mem `offset` $offset_map `(` $ivs `)` `pattern` custom<Pattern>($pattern)
    attr-dict `:` type($mem)
  }];
  let hasVerifier = 1;
}

def BIR_RegisterAPOp : BIR_Op<"reg_ap", [Pure, BIR_AccessPatternInterface]> {
  let summary = "Kind-3 register access pattern";
  let description = [{
    The start byte address is held in a register (RegAPAddr) of the
    consuming instruction's engine; the descriptor encodes it in ADDR4
    register mode.

    ```mlir
    %a = bir.reg_ap %tile addr %r pattern [[512, 1], [1, 512]]
           : memref<128x512xf32, #bir.mem<sbuf>>
    ```
  }];
  let arguments = (ins AnyMemRef:$mem, BIR_RegType:$addr,
                       BIR_PatternAttr:$pattern);
  let results = (outs BIR_APType:$result);
  let assemblyFormat = [{
    $mem `addr` $addr `pattern` custom<Pattern>($pattern) attr-dict `:` type($mem)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

// Every compute operand is an on-chip access pattern (docs/Numerics.md):
// kind 1 (bir.ap), or kind 3 (bir.reg_ap) inside a runtime loop. Its first
// [step, num] pair walks partitions; the others walk the free elements of a
// partition. Engines compute in f32; f32, bf16 and f16 operands.

def BIR_TensorTensorOp : BIR_Inst<"tensor_tensor"> {
  let summary = "Vector or Pool engine: out = lhs <op> rhs, element by element";
  let description = [{
    Combines `lhs` and `rhs` element by element, in pattern order, into
    `out`; the three patterns cover the same partitions and the same number
    of elements in each. A pattern step of 0 repeats an element: a
    per-partition `[[F, P], [0, N]]` operand broadcasts one value along each
    partition.

    On the Vector engine (`dve`) the operands are floats and the op computes
    in f32; the compares give 1.0 or 0.0. On the Pool engine (`pool`) all
    three operands are i32 and the op computes natively in int32:
    `add`, `subtract` and `multiply` wrap (two's complement), `max` and
    `min` are signed, the compares are signed and give 1 or 0, and there is
    no `divide`.

    ```mlir
    bir.tensor_tensor add %a, %b -> %c on dve
    bir.tensor_tensor is_lt %i, %j -> %flags on pool
    ```
  }];
  let arguments = (ins BIR_ElementwiseKind:$kind, BIR_APType:$lhs,
                       BIR_APType:$rhs, BIR_APType:$out,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    $kind $lhs `,` $rhs `->` $out `on` `` $engine attr-dict
  }];
  let hasVerifier = 1;
}

def BIR_TensorScalarOp : BIR_Inst<"tensor_scalar"> {
  let summary = "Vector engine: out = in <op> scalar (or scalar <op> in)";
  let description = [{
    Combines every element of `in` with one scalar: an f32 immediate, or the
    value of a register of the engine converted to f32 (how a runtime size
    or position reaches compute). `reverse` puts the scalar on the left.

    ```mlir
    bir.tensor_scalar multiply %a, imm 0.5 -> %b on dve
    bir.tensor_scalar is_ge %iota, reg %n -> %mask on dve
    ```
  }];
  let arguments = (ins BIR_ElementwiseKind:$kind, BIR_APType:$in,
                       Optional<BIR_RegType>:$scalar_reg,
                       OptionalAttr<F32Attr>:$scalar_imm, BIR_APType:$out,
                       UnitAttr:$reverse, BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    $kind $in `,` (`reg` $scalar_reg^)? (`imm` $scalar_imm^)? `->` $out
    (`reverse` $reverse^)? `on` `` $engine attr-dict
  }];
  let hasVerifier = 1;
}

def BIR_TensorCopyOp : BIR_Inst<"tensor_copy"> {
  let summary = "Vector engine: copy, converting the element type";
  let description = [{
    Copies `in` to `out` element by element through f32: a narrower result
    rounds to nearest, ties to even, and an i32 `in` converts as `sitofp`
    does. A float `in` converts to an i32 `out` toward zero, as `fptosi`
    does (saturating; NaN gives 0); an i32 `in` to an i32 `out` is copied
    bit for bit.

    ```mlir
    bir.tensor_copy %f32tile -> %bf16tile on dve
    ```
  }];
  let arguments = (ins BIR_APType:$in, BIR_APType:$out,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = "$in `->` $out `on` `` $engine attr-dict";
  let hasVerifier = 1;
}

def BIR_CopyPredicatedOp : BIR_Inst<"copy_predicated"> {
  let summary = "Vector engine: out = predicate ? src : out, element by element";
  let description = [{
    Where an element of `predicate` is not 0.0 (with `reverse`: where it
    is 0.0), copies the element of `src`, an operand or an f32 immediate,
    to `out`, converted to `out`'s type (an i32 `out` takes an i32 `src`,
    copied bit for bit); elsewhere `out` keeps its value.
    No arithmetic touches the element that is not selected, so an inf or a
    NaN there never reaches `out`: this is the exact select of `arith.select`
    (the false value copied to `out` first). The three patterns cover the
    same partitions and elements per partition. A NaN predicate counts as
    not 0.0.

    ```mlir
    bir.copy_predicated %t -> %out where %cond on dve
    bir.copy_predicated imm 0.0 -> %out where %cond reverse on dve
    ```
  }];
  let arguments = (ins Optional<BIR_APType>:$src,
                       OptionalAttr<F32Attr>:$src_imm, BIR_APType:$predicate,
                       BIR_APType:$out, UnitAttr:$reverse,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    ($src^)? (`imm` $src_imm^)? `->` $out `where` $predicate
    (`reverse` $reverse^)? `on` `` $engine attr-dict
  }];
  let hasVerifier = 1;
}

def BIR_TensorReduceOp : BIR_Inst<"tensor_reduce"> {
  let summary = "Vector engine: reduce each partition's free elements";
  let description = [{
    Combines the free elements of each partition of `in`, in pattern order
    from the first, into the one element of that partition of `out`
    (`[[step, P], [1, 1]]`).

    ```mlir
    bir.tensor_reduce max %scores -> %rowmax on dve
    ```
  }];
  let arguments = (ins BIR_ReduceKind:$kind, BIR_APType:$in,
                       BIR_APType:$out, BIR_EngineEnumAttr:$engine);
  let assemblyFormat = "$kind $in `->` $out `on` `` $engine attr-dict";
  let hasVerifier = 1;
}

def BIR_IotaOp : BIR_Inst<"iota"> {
  let summary = "Pool engine: out = base + a * partition + sum(b_i * free_i)";
  let description = [{
    Writes to each element of `out` the affine function of its partition
    index and its indices along the free entries of the pattern, converted
    to the element type.

    ```mlir
    bir.iota %idx base 0 partition 0 free [1] on pool
    ```
  }];
  let arguments = (ins BIR_APType:$out, I32Attr:$base,
                       I32Attr:$partition, DenseI32ArrayAttr:$free,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    $out `base` $base `partition` $partition `free` $free `on` `` $engine attr-dict
  }];
  let hasVerifier = 1;
}

def BIR_AffineSelectOp : BIR_Inst<"affine_select"> {
  let summary = "Pool engine: keep in where an affine index compares true";
  let description = [{
    `out = (base + a * partition + sum(b_i * free_i)) <cmp> bound ? in :
    fill`, the bound an immediate or a register of the engine: the padder's
    `iota >= size` mask with `size` in a register.

    ```mlir
    bir.affine_select %scores -> %masked where base 0 partition 0 free [1]
      lt reg %len else 0xFF800000 on pool
    ```
  }];
  let arguments = (ins BIR_APType:$in, BIR_APType:$out, I32Attr:$base,
                       I32Attr:$partition, DenseI32ArrayAttr:$free,
                       BIR_CompareKind:$cmp, Optional<BIR_RegType>:$bound_reg,
                       OptionalAttr<I32Attr>:$bound_imm, F32Attr:$fill,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    $in `->` $out `where` `base` $base `partition` $partition `free` $free
    $cmp (`reg` $bound_reg^)? (`imm` $bound_imm^)? `else` $fill `on` `` $engine
    attr-dict
  }];
  let hasVerifier = 1;
}

def BIR_ActivationOp : BIR_Inst<"activation", [AttrSizedOperandSegments]> {
  let summary = "Activation engine: out = f(in * scale + bias)";
  let description = [{
    Applies `func` to `in * scale + bias` element by element (f32), the
    bias an immediate or a per-partition operand (`[[step, P], [0, N]]` or
    `[[step, P], [1, 1]]` read once per element). With `sum`, each
    partition's results are also added, in pattern order, into that
    partition's one element of `sum`. The result converts to `out`'s type.

    ```mlir
    bir.activation exp %scores -> %p scale 1.0 bias %negmax sum %rowsum on act
    ```
  }];
  let arguments = (ins BIR_ActivationFunction:$func, BIR_APType:$in,
                       BIR_APType:$out, F32Attr:$scale,
                       Optional<BIR_APType>:$bias,
                       OptionalAttr<F32Attr>:$bias_imm,
                       Optional<BIR_APType>:$sum,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    $func $in `->` $out `scale` $scale (`bias` $bias^)?
    (`bias_imm` $bias_imm^)? (`sum` $sum^)? `on` `` $engine attr-dict
  }];
  let hasVerifier = 1;
}

def BIR_MatmulOp : BIR_Inst<"matmul"> {
  let summary = "PE array: psum[M, N] (+)= stationary[K, M]^T * moving[K, N]";
  let description = [{
    The contraction `K` runs over partitions: `out[m, n] = sum_k
    stationary[k, m] * moving[k, n]`, products and sums in f32, `k`
    ascending. Without `accumulate` the sum starts from 0 (the start flag);
    with it, from `out`'s current value, so K > 128 is a sequence of
    matmuls into one PSUM tile. K, M <= 128 partitions; N <= 512 (one PSUM
    bank of f32 per partition). Inputs in SBUF, f32, bf16 or f16; `out` an
    f32 PSUM tile.

    ```mlir
    bir.matmul %qT, %kT -> %scores on pe
    bir.matmul %p1, %v1 -> %acc accumulate on pe
    ```
  }];
  let arguments = (ins BIR_APType:$stationary, BIR_APType:$moving,
                       BIR_APType:$out, UnitAttr:$accumulate,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    $stationary `,` $moving `->` $out (`accumulate` $accumulate^)? `on` `` $engine
    attr-dict
  }];
  let hasVerifier = 1;
}

def BIR_TransposeOp : BIR_Inst<"transpose"> {
  let summary = "PE array: psum[F, P] = in[P, F]^T, exactly";
  let description = [{
    Moves a tile of `P` partitions of `F` elements through the PE array so
    that `out[f, p] = in[p, f]`: the Tensor Engine's transpose, which passes
    the values through instead of multiplying them by an identity matrix,
    so every value arrives as it left, NaN and infinities included. `P` and
    `F` are at most 128. `in` is in SBUF, f32, bf16 or f16; `out` is an f32
    PSUM tile, to which each value widens exactly. The lowering stages an
    operand read in the other dim order this way when the cost model finds
    it cheaper than a DMA that walks the source element by element.

    ```mlir
    bir.transpose %rows -> %columns on pe
    ```
  }];
  let arguments = (ins BIR_APType:$in, BIR_APType:$out,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = "$in `->` $out `on` `` $engine attr-dict";
  let hasVerifier = 1;
}

def BIR_MemsetOp : BIR_Inst<"memset"> {
  let summary = "Fill the elements of a static access pattern with a value";
  let description = [{
    Writes `value` (the element's bit pattern, in the element's width) to
    every element `dst` describes: the memset of the compute set, used for
    the padding a mask fills with a constant.

    ```mlir
    bir.memset %ids_ap value 4294967295 on pool
    ```
  }];
  let arguments = (ins BIR_APType:$dst, I64Attr:$value,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = "$dst `value` $value `on` `` $engine attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DMAs
//===----------------------------------------------------------------------===//

def BIR_DMAOp : BIR_Inst<"dma", [BIR_DMAInterface]> {
  let summary = "A DMA copy between two access patterns";
  let description = [{
    Copies the elements `src` describes to those `dst` describes, in order;
    both describe the same number of bytes. Either side may carry dynamic
    info, and DRAM to DRAM copies are allowed. With `transpose`, a 2-D
    source tile is written transposed (the report's xbar transpose): `dst`
    walks the transposed tile row by row.

    ```mlir
    bir.dma %s -> %d on pool
    ```
  }];
  let arguments = (ins BIR_APType:$src, BIR_APType:$dst,
                       BIR_EngineEnumAttr:$engine, UnitAttr:$transpose);
  let assemblyFormat = [{
    $src `->` $dst `on` `` $engine (`transpose` $transpose^)? attr-dict
  }];
  let hasVerifier = 1;
}

class BIR_TensorCopyDynamicOp<string mnemonic>
    : BIR_Inst<mnemonic, [AttrSizedOperandSegments]> {
  let arguments = (ins BIR_APType:$src, BIR_APType:$dst,
                       Variadic<AnyTypeOf<[BIR_RegType, MemRefOf<[I32]>]>>:$generic_addrs,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$generic_dim,
                       DenseI64ArrayAttr:$offset_scale,
                       DenseI64ArrayAttr:$addr_free_indices,
                       Variadic<BIR_RegType>:$other_addrs,
                       DenseI64ArrayAttr:$other_offset_scale,
                       BIR_EngineEnumAttr:$engine);
  let assemblyFormat = [{
    $src `->` $dst `generic_addrs` `(` $generic_addrs `:` type($generic_addrs) `)`
    `generic_dim` $generic_dim `offset_scale` $offset_scale
    `addr_free_indices` $addr_free_indices
    `other` `(` $other_addrs `)` `scale` $other_offset_scale
    `on` `` $engine attr-dict
  }];
  let hasVerifier = 1;
  code extraBaseClassDeclaration = [{
    /// True when the generic side is reached through an index tensor.
    bool isIndirect() {
      return getGenericAddrs().size() == 1 &&
             llvm::isa<mlir::MemRefType>(getGenericAddrs()[0].getType());
    }
  }];
  let extraClassDeclaration = extraBaseClassDeclaration;
}

def BIR_TensorCopyDynamicSrcOp
    : BIR_TensorCopyDynamicOp<"tensor_copy_dynamic_src"> {
  let summary = "TensorCopyDynamicSrcGen: a copy read at a runtime position";
  let description = [{
    The Stage 1 generator of a gather read. The source side is the generic
    side: its byte offset is `Σ offset_scale[i] * generic_addrs[i]` over
    registers, or, with one index tensor in `generic_addrs`, each row
    `generic_dim` of the source is chosen by the index tensor and scaled by
    `offset_scale[0]` bytes. `other` gives runtime register terms of the
    destination, for a copy dynamic on both sides. `addr_free_indices`
    records the access-pattern indices the runtime address does not depend
    on, as the report's generator does; the verifier checks their range,
    and no pass reads them. `bir-assemble-dynamic-info` turns it into a
    `bir.dma` with dynamic info.

    ```mlir
    bir.tensor_copy_dynamic_src %s -> %d generic_addrs(%r : !bir.reg)
      generic_dim 0 offset_scale [128] addr_free_indices [1]
      other() scale [] on pool
    ```
  }];
}

def BIR_TensorCopyDynamicDstOp
    : BIR_TensorCopyDynamicOp<"tensor_copy_dynamic_dst"> {
  let summary = "TensorCopyDynamicDstGen: a copy written at a runtime position";
  let description = [{
    The Stage 1 generator of a scatter write (the KV-cache write): as
    `bir.tensor_copy_dynamic_src` with the destination as the generic side
    and `other` giving runtime terms of the source.

    ```mlir
    bir.tensor_copy_dynamic_dst %s -> %d generic_addrs(%r : !bir.reg)
      generic_dim 0 offset_scale [128] addr_free_indices [1]
      other() scale [] on pool
    ```
  }];
}

#endif // DYN_DIALECT_BIR_IR_BIROPS_TD
