// The reference on i1 scalars (the register code does not take a cmpi of
// flags): true is -1, so `true slt false` holds.
func.func @signed_flags(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %f = arith.cmpi slt, %a, %c0 : i32
  %g = arith.cmpi slt, %b, %c0 : i32
  %h = arith.cmpi slt, %f, %g : i1
  %r = arith.extui %h : i1 to i32
  return %r : i32
}
