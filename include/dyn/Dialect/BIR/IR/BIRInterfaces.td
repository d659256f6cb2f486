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
      "::dyn::bir::Engine", "getEngine">,
    InterfaceMethod<[{
        The attribute that holds the engine; null on an instruction not yet
        verified (another op's verifier may look at it first: in a graph
        region, or a block the verifier has not reached).
      }],
      "::dyn::bir::EngineAttr", "getEngineAttr">,
    InterfaceMethod<[{
        The physical register of the register this instruction defines (its
        result, or a loop's induction register), once
        `bir-allocate-registers` has assigned one.
      }],
      "std::optional<unsigned>", "getPhysicalRegister", (ins), [{}], [{
        if (::mlir::IntegerAttr id = ::dyn::bir::detail::getRegAttr($_op, 0))
          return static_cast<unsigned>(id.getInt());
        return std::nullopt;
      }]>,
    InterfaceMethod<[{
        Records the physical register of the register this instruction
        defines; fails for an instruction that defines none.
      }],
      "::llvm::LogicalResult", "setPhysicalRegister", (ins "unsigned":$id),
      [{}], [{
        return ::dyn::bir::detail::setRegAttr(
            $_op, ::mlir::Builder($_op->getContext()).getI32IntegerAttr(id), 0);
      }]>
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

def BIR_AccessPatternInterface : OpInterface<"AccessPatternInterface"> {
  let cppNamespace = "::dyn::bir";
  let description = [{
    An access pattern (`bir.ap`, `bir.sym_ap`, `bir.reg_ap`): a location and
    a list of `[step, num]` pairs, whatever holds its start address.
  }];
  let methods = [
    InterfaceMethod<"The location the pattern walks.",
      "::mlir::Value", "getMem">,
    InterfaceMethod<[{
        Its `[step, num]` levels; null on an access pattern not yet
        verified (see `describeAP`).
      }],
      "::dyn::bir::PatternAttr", "getPatternAttr">
  ];
}

#endif // DYN_DIALECT_BIR_IR_BIRINTERFACES_TD
