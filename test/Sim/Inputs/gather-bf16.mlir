// A bf16 gather through a bounded index vector (at most 6 ids): the result
// is bounded too -- its padded 6x8 bf16 storage plus its size.
func.func @gather_bf16(%table: tensor<64x8xbf16>,
                       %ids: tensor<?xi32, #dynshape.bounds<6>>)
    -> tensor<?x8xbf16, #dynshape.bounds<6, ?>> {
  %g = dynshape.gather %table[%ids]
      : (tensor<64x8xbf16>, tensor<?xi32, #dynshape.bounds<6>>)
      -> tensor<?x8xbf16, #dynshape.bounds<6, ?>>
  return %g : tensor<?x8xbf16, #dynshape.bounds<6, ?>>
}
