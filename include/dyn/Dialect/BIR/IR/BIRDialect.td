//===- BIRDialect.td - the bir backend dialect --------------*- tablegen -*-===//

#ifndef DYN_DIALECT_BIR_IR_BIRDIALECT_TD
#define DYN_DIALECT_BIR_IR_BIRDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def BIR_Dialect : Dialect {
  let name = "bir";
  let cppNamespace = "::dyn::bir";
  let summary = "Engine registers, register-ALU, access patterns, loops, DMAs";
  let description = [{
    `bir` is the report's BIR at the level that dynamic offsets and dynamic
    trip counts need. Both bottom out in one primitive, an engine register
    (`!bir.reg`, seam S1): the register that steers a DMA and the register
    that bounds a `bir.dynamic_for` are the same kind of value, and a loop's
    induction register is its block argument (seam S2).

    Execution model (project-defined, docs/ExecutionModel.md): a function is
    one program-ordered list of instructions; each instruction runs on one
    engine and reads only that engine's registers. The verifier checks it.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
}

class BIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<BIR_Dialect, mnemonic, traits>;

include "dyn/Dialect/BIR/IR/BIREnums.td"

def BIR_MemorySpaceAttr : EnumAttr<BIR_Dialect, BIR_MemorySpace, "mem"> {
  let assemblyFormat = "`<` $value `>`";
}

// The engine and the ALU operation of an instruction are attributes of the
// dialect (`#bir<engine pool>`, `#bir<alu add>`; in an op's custom form just
// `pool` and `add`), not I32EnumAttrs: an instruction's verifier checks
// them with one type compare instead of comparing an integer against every
// case, and reading one needs no APInt. Every instruction is verified after
// every pass, so this is a measurable part of compile time. Their parsers
// (BIRDialect.cpp) name a keyword they do not know and list the ones they
// do, in one diagnostic.
def BIR_EngineEnumAttr : EnumAttr<BIR_Dialect, BIR_Engine, "engine"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}
def BIR_AluOpKind : EnumAttr<BIR_Dialect, BIR_AluOpKindEnum, "alu"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}

// An access pattern's levels: `[[step, num], ...]` in elements, outermost
// first. In an op (custom<Pattern>) it prints as that list; alone,
// `#bir.pattern<[[1, 4]]>`.
// Its C++ accessor gives a dyn::bir::PatternRef, the view every reader and
// writer of a pattern goes through (Pattern.h).
def BIR_PatternAttr : AttrDef<BIR_Dialect, "Pattern"> {
  let mnemonic = "pattern";
  let summary = "An access pattern's [step, num] levels";
  let parameters = (ins ArrayRefParameter<"int64_t", "[step, num] pairs">:$flat);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let returnType = "::dyn::bir::PatternRef";
  let convertFromStorage = "$_self.getPattern()";
  let constBuilderCall =
      "::dyn::bir::PatternAttr::get($_builder.getContext(), $0.getFlat())";
  let extraClassDeclaration = [{
    ::dyn::bir::PatternRef getPattern() const {
      return ::dyn::bir::PatternRef(getFlat());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def BIR_RegType : TypeDef<BIR_Dialect, "Reg"> {
  let mnemonic = "reg";
  let summary = "A 32-bit engine register";
  let description = [{
    A 32-bit register of one engine; arithmetic on it wraps. Virtual until
    `bir-allocate-registers` gives it a physical id below 0x40.
  }];
}

def BIR_APType : TypeDef<BIR_Dialect, "AccessPattern"> {
  let mnemonic = "ap";
  let summary = "An access pattern over a memory location";
  let description = [{
    The value of an access-pattern op (`bir.ap`, `bir.sym_ap`, `bir.reg_ap`):
    which elements of a location a DMA reads or writes.
  }];
}

#endif // DYN_DIALECT_BIR_IR_BIRDIALECT_TD
