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

// The target generations and their ArchLevel (gen2 = 20 is project-defined;
// 30, 40 and 50 are the report's). One source of truth per module: the
// `dge.arch` attribute that dge-set-arch stamps.
def DGE_Arch : I32EnumAttr<"Arch", "target generation (its ArchLevel)", [
    I32EnumAttrCase<"gen2", 20>, I32EnumAttrCase<"gen3", 30>,
    I32EnumAttrCase<"core_v4", 40>, I32EnumAttrCase<"core_v5", 50>]> {
  let cppNamespace = "::dyn::dge";
  let genSpecializedAttr = 0;
}

// The records that follow an indirect index slot (report Section 3). The
// container stores the case values.
def DGE_IndirectRecordKind : I32EnumAttr<"IndirectRecordKind",
    "indirect record after an index slot", [
    I32EnumAttrCase<"INDIRECT16B", 0>, I32EnumAttrCase<"INDIRECT20B", 1>,
    I32EnumAttrCase<"MXINDIRECT16B", 2>]> {
  let cppNamespace = "::dyn::dge";
  let genSpecializedAttr = 0;
}

#endif // DYN_DIALECT_DGE_IR_DGEENUMS_TD
