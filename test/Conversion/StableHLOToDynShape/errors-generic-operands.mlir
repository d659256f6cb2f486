// The import checks a gather's [N, 1] indices through the reshape that
// makes them, which is in generic form: nothing has checked its operands.
// In a graph region (here an unregistered op's) the gather is checked
// first, and the reshape's own error follows. A reshape of a scalar used
// to crash here.
// RUN: dyn-opt %s -allow-unregistered-dialect --convert-stablehlo-to-dynshape -verify-diagnostics

func.func @indices_from_scalar(%t: tensor<8x16xf32>, %n: i32) {
  "test.graph"() ({
    // expected-error @+1 {{'stablehlo.gather' op is not in the row form that dynshape takes}}
    %0 = "stablehlo.gather"(%t, %r) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<8x16xf32>, tensor<4x1xi32>) -> tensor<4x16xf32>
    // expected-error @+1 {{'stablehlo.reshape' op has a bounded operand or result; the import takes reshapes of static tensors}}
    %r = "stablehlo.reshape"(%n) : (i32) -> tensor<4x1xi32>
  }) : () -> ()
  return
}
