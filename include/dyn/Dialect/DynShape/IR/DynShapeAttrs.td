//===- DynShapeAttrs.td - dynshape attributes ---------------*- tablegen -*-===//

#ifndef DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEATTRS_TD
#define DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEATTRS_TD

include "dyn/Dialect/DynShape/IR/DynShapeDialect.td"
include "mlir/IR/TensorEncoding.td"

def DynShape_BoundsAttr : DynShape_Attr<"Bounds", "bounds",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "Compile-time bounds of the dynamic dimensions of a tensor";
  let description = [{
    A ranked-tensor encoding with one entry per dimension: a positive integer
    bound for each dynamic (`?`) dimension and `?` for each static dimension,
    as in StableHLO's `#stablehlo.bounds`. The runtime extent of a bounded
    dimension is at most its bound.

    ```mlir
    // Dimension 0 holds between 0 and 1024 rows at run time.
    func.func private @f(tensor<?x128xf32, #dynshape.bounds<1024, ?>>)
    ```

    The encoding is verified wherever the type appears: its length must equal
    the tensor's rank, every `?` dimension needs a positive bound and every
    static dimension must have `?`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "bound per dimension; "
                        "ShapedType::kDynamic for a static dimension">:$bounds);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The bound of dimension `dim`, or ShapedType::kDynamic.
    int64_t getBound(unsigned dim) const { return getBounds()[dim]; }
  }];
}

#endif // DYN_DIALECT_DYNSHAPE_IR_DYNSHAPEATTRS_TD
