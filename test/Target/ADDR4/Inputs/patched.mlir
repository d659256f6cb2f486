// An address that is exactly a runtime scalar's value (bytes of an i8
// tensor, unclamped upstream extract_slice): the descriptor is patched from
// the scalar's memory, ADDR4 mode 10 naming argument slot 2.
func.func @patch(%t: tensor<256xi8>, %unused: i32, %q: i32) -> tensor<4xi8> {
  %i = arith.index_cast %q : i32 to index
  %r = tensor.extract_slice %t[%i] [4] [1] : tensor<256xi8> to tensor<4xi8>
  return %r : tensor<4xi8>
}
