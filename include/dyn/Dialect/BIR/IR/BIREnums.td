//===- BIREnums.td - bir enums ------------------------------*- tablegen -*-===//

#ifndef DYN_DIALECT_BIR_IR_BIRENUMS_TD
#define DYN_DIALECT_BIR_IR_BIRENUMS_TD

include "mlir/IR/EnumAttr.td"

// Activation = 2 and SP = 6 are the report's codes; PE, Pool (GpSimd) and
// DVE are project-defined.
def BIR_EngineEnumAttr : I32EnumAttr<"Engine", "engine", [
    I32EnumAttrCase<"pe", 1>, I32EnumAttrCase<"act", 2>,
    I32EnumAttrCase<"pool", 3>, I32EnumAttrCase<"dve", 4>,
    I32EnumAttrCase<"sp", 6>]> {
  let cppNamespace = "::dyn::bir";
}


// SB = 4 is the report's memory-space tag; DRAM and PSUM are project-defined.
def BIR_MemorySpace : I32EnumAttr<"MemorySpace", "memory space", [
    I32EnumAttrCase<"dram", 1>,
    I32EnumAttrCase<"sbuf", 4>,
    I32EnumAttrCase<"psum", 5>]> {
  let cppNamespace = "::dyn::bir";
  let genSpecializedAttr = 0;
}


// add = 4, mult = 6, divide = 7, mod = 0x1B are the report's AluOp codes;
// sub, max and min (what clamping needs) are project-defined.
def BIR_AluOpKind : I32EnumAttr<"AluOpKind", "register-ALU operation", [
    I32EnumAttrCase<"add", 4>,
    I32EnumAttrCase<"sub", 5>,
    I32EnumAttrCase<"mult", 6>,
    I32EnumAttrCase<"divide", 7>,
    I32EnumAttrCase<"max", 8>,
    I32EnumAttrCase<"min", 9>,
    I32EnumAttrCase<"mod", 27>]> {
  let cppNamespace = "::dyn::bir";
}


#endif // DYN_DIALECT_BIR_IR_BIRENUMS_TD
