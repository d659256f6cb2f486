//===- BIRInterfaces.td - bir interfaces --------------------*- tablegen -*-===//

#ifndef DYN_DIALECT_BIR_IR_BIRINTERFACES_TD
#define DYN_DIALECT_BIR_IR_BIRINTERFACES_TD

include "mlir/IR/OpBase.td"
include "dyn/Dialect/BIR/IR/BIREnums.td"

def BIR_InstInterface : OpInterface<"InstInterface"> {
  let cppNamespace = "::dyn::bir";
  let description = "An instruction bound to one engine.";
  let methods = [
    InterfaceMethod<"The engine the instruction runs on.",
      "::dyn::bir::Engine", "getEngine">
  ];
  let verify = [{ return ::dyn::bir::verifyEngineDiscipline($_op); }];
}

def BIR_DMAInterface : OpInterface<"DMAInterface"> {
  let cppNamespace = "::dyn::bir";
  let description = [{
    A DMA: the only kind of instruction that may consume an access pattern
    carrying dynamic info (the report's "Only DynamicDMA can have
    DynamicAP").
  }];
}

#endif // DYN_DIALECT_BIR_IR_BIRINTERFACES_TD
