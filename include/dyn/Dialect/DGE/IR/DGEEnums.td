//===- DGEEnums.td - dge enums ------------------------------*- tablegen -*-===//

#ifndef DYN_DIALECT_DGE_IR_DGEENUMS_TD
#define DYN_DIALECT_DGE_IR_DGEENUMS_TD

include "mlir/IR/EnumAttr.td"

// The report's DGEType codes (DynamicDMAScan, InstDMA + 0xF8).
def DGE_DGEType : I32EnumAttr<"DGEType", "descriptor-generation route", [
    I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"swdge", 1>,
    I32EnumAttrCase<"hwdge", 2>, I32EnumAttrCase<"unassigned", 3>]> {
  let cppNamespace = "::dyn::dge";
}

def DGE_AddressMode : I32EnumAttr<"AddressMode", "how a descriptor side finds its address", [
    I32EnumAttrCase<"imm", 0>, I32EnumAttrCase<"reg", 1>,
    I32EnumAttrCase<"patched", 2>, I32EnumAttrCase<"indirect", 3>]> {
  let cppNamespace = "::dyn::dge";
}

#endif // DYN_DIALECT_DGE_IR_DGEENUMS_TD
