//===- BIREnums.td - bir enums ------------------------------*- tablegen -*-===//

#ifndef DYN_DIALECT_BIR_IR_BIRENUMS_TD
#define DYN_DIALECT_BIR_IR_BIRENUMS_TD

include "mlir/IR/EnumAttr.td"

// Activation = 2 and SP = 6 are the report's codes; PE, Pool (GpSimd) and
// DVE are project-defined.
def BIR_Engine : I32EnumAttr<"Engine", "engine", [
    I32EnumAttrCase<"pe", 1>, I32EnumAttrCase<"act", 2>,
    I32EnumAttrCase<"pool", 3>, I32EnumAttrCase<"dve", 4>,
    I32EnumAttrCase<"sp", 6>]> {
  let cppNamespace = "::dyn::bir";
  let genSpecializedAttr = 0;
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
// sub, max and min (what clamping needs), the bitwise operations and
// shifts (32 to 37) and the compares (38 to 47, 1 where the predicate holds
// and 0 elsewhere, named as arith.cmpi's predicates) are project-defined.
def BIR_AluOpKindEnum : I32EnumAttr<"AluOpKind", "register-ALU operation", [
    I32EnumAttrCase<"add", 4>,
    I32EnumAttrCase<"sub", 5>,
    I32EnumAttrCase<"mult", 6>,
    I32EnumAttrCase<"divide", 7>,
    I32EnumAttrCase<"max", 8>,
    I32EnumAttrCase<"min", 9>,
    I32EnumAttrCase<"mod", 27>,
    I32EnumAttrCase<"bit_and", 32, "and">,
    I32EnumAttrCase<"bit_or", 33, "or">,
    I32EnumAttrCase<"bit_xor", 34, "xor">,
    I32EnumAttrCase<"shl", 35>,
    I32EnumAttrCase<"shrs", 36>,
    I32EnumAttrCase<"shru", 37>,
    I32EnumAttrCase<"eq", 38>,
    I32EnumAttrCase<"ne", 39>,
    I32EnumAttrCase<"slt", 40>,
    I32EnumAttrCase<"sle", 41>,
    I32EnumAttrCase<"sgt", 42>,
    I32EnumAttrCase<"sge", 43>,
    I32EnumAttrCase<"ult", 44>,
    I32EnumAttrCase<"ule", 45>,
    I32EnumAttrCase<"ugt", 46>,
    I32EnumAttrCase<"uge", 47>]> {
  let cppNamespace = "::dyn::bir";
  let genSpecializedAttr = 0;
}


// Elementwise operations of the Vector engine (project-defined codes). A
// compare gives 1.0 where it holds and 0.0 elsewhere.
def BIR_ElementwiseKind : I32EnumAttr<"ElementwiseKind", "elementwise operation", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"subtract", 1>,
    I32EnumAttrCase<"multiply", 2>, I32EnumAttrCase<"divide", 3>,
    I32EnumAttrCase<"max", 4>, I32EnumAttrCase<"min", 5>,
    I32EnumAttrCase<"is_equal", 6>, I32EnumAttrCase<"not_equal", 7>,
    I32EnumAttrCase<"is_ge", 8>, I32EnumAttrCase<"is_gt", 9>,
    I32EnumAttrCase<"is_le", 10>, I32EnumAttrCase<"is_lt", 11>]> {
  let cppNamespace = "::dyn::bir";
}

// Reductions along the free axes (project-defined codes).
// max and min propagate a NaN (arith.maximumf / minimumf); maxnum and
// minnum skip one (arith.maxnumf / minnumf, IEEE-754 maxNum / minNum).
def BIR_ReduceKind : I32EnumAttr<"ReduceKind", "reduction", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"maxnum", 3>,
    I32EnumAttrCase<"minnum", 4>]> {
  let cppNamespace = "::dyn::bir";
}

// The functions of the Activation engine (project-defined codes; the
// functions are among those NKI's nki.language lists for the engine).
// docs/Numerics.md gives each one's definition and error bound.
def BIR_ActivationFunction : I32EnumAttr<"ActivationFunction",
    "activation function", [
    I32EnumAttrCase<"identity", 0>, I32EnumAttrCase<"exp", 1>,
    I32EnumAttrCase<"reciprocal", 2>, I32EnumAttrCase<"rsqrt", 3>,
    I32EnumAttrCase<"sqrt", 4>, I32EnumAttrCase<"tanh", 5>,
    I32EnumAttrCase<"log", 6>, I32EnumAttrCase<"erf", 7>,
    I32EnumAttrCase<"sigmoid", 8>, I32EnumAttrCase<"silu", 9>]> {
  let cppNamespace = "::dyn::bir";
}

// The comparison of an affine_select (project-defined codes).
def BIR_CompareKind : I32EnumAttr<"CompareKind", "comparison", [
    I32EnumAttrCase<"ge", 0>, I32EnumAttrCase<"gt", 1>,
    I32EnumAttrCase<"le", 2>, I32EnumAttrCase<"lt", 3>,
    I32EnumAttrCase<"eq", 4>, I32EnumAttrCase<"ne", 5>]> {
  let cppNamespace = "::dyn::bir";
}

#endif // DYN_DIALECT_BIR_IR_BIRENUMS_TD
