//===- DynShapeDialect.td - the dynshape dialect ------------*- tablegen -*-===//
//
// The tensor-level front end of dyn: bounded dynamic dimensions and
// runtime-offset accesses with StableHLO semantics.
//
//===----------------------------------------------------------------------===//

#ifndef DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEDIALECT_TD
#define DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def DynShape_Dialect : Dialect {
  let name = "dynshape";
  let cppNamespace = "::dyn::dynshape";
  let summary = "Bounded dynamic shapes and runtime-offset tensor accesses";
  let description = [{
    The `dynshape` dialect is the user-facing tensor level of `dyn`. It adds
    two things to the builtin tensor type and the upstream tensor dialects:

    * **Bounded dynamic dimensions.** A `?` dimension of a ranked tensor may
      carry a compile-time bound through the `#dynshape.bounds` encoding, as
      StableHLO does. `dynshape-pad-to-bound` later replaces every such
      dimension by its bound and masks the padding, so no dynamic shape
      reaches the backend.
    * **Runtime-offset accesses** (`dynamic_slice`, `dynamic_update_slice`,
      `gather`, `scatter`) whose start indices are runtime `i32` scalars or
      index tensors. These survive the front end as static-shape accesses at
      a runtime address.

    All indices and sizes are signless `i32`, the S32 scalars of the XLA
    front end. Semantics follow StableHLO: start indices are clamped so that
    the accessed window lies inside the operand, using the operand's static
    extent (its bound, for a bounded dimension). Out-of-range runtime values
    are therefore defined behaviour.

    ```mlir
    func.func @kv_write(%cache: tensor<256x64xf32>, %row: tensor<1x64xf32>,
                        %pos: i32) -> tensor<256x64xf32> {
      %c0 = arith.constant 0 : i32
      %w = dynshape.dynamic_update_slice %row into %cache[%pos, %c0]
             : tensor<1x64xf32> into tensor<256x64xf32>
      return %w : tensor<256x64xf32>
    }
    ```
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // `dynshape.trip_estimate` on a loop: a profile's trip count for the cost
  // model, a non-negative integer (verifyOperationAttribute).
  // `dynshape.size_estimate` on a function argument: the runtime size a
  // profile expects for its bounded dims (a bounded tensor) or for itself
  // (an i32 size), a non-negative integer (verifyRegionArgAttribute).
  let discardableAttrs = (ins "::mlir::IntegerAttr":$trip_estimate,
                              "::mlir::IntegerAttr":$size_estimate);
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

class DynShape_Op<string mnemonic, list<Trait> traits = []>
    : Op<DynShape_Dialect, mnemonic, traits>;

class DynShape_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<DynShape_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEDIALECT_TD
