// The reference on i1 scalars: true is -1, so `true slt false` holds.
func.func @signed_flags(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %f = arith.cmpi slt, %a, %c0 : i32
  %g = arith.cmpi slt, %b, %c0 : i32
  %h = arith.cmpi slt, %f, %g : i1
  %r = arith.extui %h : i1 to i32
  return %r : i32
}

// Every predicate on two runtime flags in registers, bit k of the result
// for predicate k (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge), and
// bits 10-13 for compares with a constant flag on either side (the
// register code takes a constant as an immediate and mirrors an order
// compare whose constant is on the left).
func.func @flag_compares(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.cmpi slt, %a, %c0 : i32
  %g = arith.cmpi sgt, %b, %c0 : i32
  %acc0 = arith.constant 0 : i32
  %h0 = arith.cmpi eq, %f, %g : i1
  %e0 = arith.extui %h0 : i1 to i32
  %s0 = arith.constant 0 : i32
  %b0 = arith.shli %e0, %s0 : i32
  %acc1 = arith.ori %acc0, %b0 : i32
  %h1 = arith.cmpi ne, %f, %g : i1
  %e1 = arith.extui %h1 : i1 to i32
  %s1 = arith.constant 1 : i32
  %b1 = arith.shli %e1, %s1 : i32
  %acc2 = arith.ori %acc1, %b1 : i32
  %h2 = arith.cmpi slt, %f, %g : i1
  %e2 = arith.extui %h2 : i1 to i32
  %s2 = arith.constant 2 : i32
  %b2 = arith.shli %e2, %s2 : i32
  %acc3 = arith.ori %acc2, %b2 : i32
  %h3 = arith.cmpi sle, %f, %g : i1
  %e3 = arith.extui %h3 : i1 to i32
  %s3 = arith.constant 3 : i32
  %b3 = arith.shli %e3, %s3 : i32
  %acc4 = arith.ori %acc3, %b3 : i32
  %h4 = arith.cmpi sgt, %f, %g : i1
  %e4 = arith.extui %h4 : i1 to i32
  %s4 = arith.constant 4 : i32
  %b4 = arith.shli %e4, %s4 : i32
  %acc5 = arith.ori %acc4, %b4 : i32
  %h5 = arith.cmpi sge, %f, %g : i1
  %e5 = arith.extui %h5 : i1 to i32
  %s5 = arith.constant 5 : i32
  %b5 = arith.shli %e5, %s5 : i32
  %acc6 = arith.ori %acc5, %b5 : i32
  %h6 = arith.cmpi ult, %f, %g : i1
  %e6 = arith.extui %h6 : i1 to i32
  %s6 = arith.constant 6 : i32
  %b6 = arith.shli %e6, %s6 : i32
  %acc7 = arith.ori %acc6, %b6 : i32
  %h7 = arith.cmpi ule, %f, %g : i1
  %e7 = arith.extui %h7 : i1 to i32
  %s7 = arith.constant 7 : i32
  %b7 = arith.shli %e7, %s7 : i32
  %acc8 = arith.ori %acc7, %b7 : i32
  %h8 = arith.cmpi ugt, %f, %g : i1
  %e8 = arith.extui %h8 : i1 to i32
  %s8 = arith.constant 8 : i32
  %b8 = arith.shli %e8, %s8 : i32
  %acc9 = arith.ori %acc8, %b8 : i32
  %h9 = arith.cmpi uge, %f, %g : i1
  %e9 = arith.extui %h9 : i1 to i32
  %s9 = arith.constant 9 : i32
  %b9 = arith.shli %e9, %s9 : i32
  %acc10 = arith.ori %acc9, %b9 : i32
  %h10 = arith.cmpi slt, %f, %true : i1
  %e10 = arith.extui %h10 : i1 to i32
  %s10 = arith.constant 10 : i32
  %b10 = arith.shli %e10, %s10 : i32
  %acc11 = arith.ori %acc10, %b10 : i32
  %h11 = arith.cmpi sgt, %true, %g : i1
  %e11 = arith.extui %h11 : i1 to i32
  %s11 = arith.constant 11 : i32
  %b11 = arith.shli %e11, %s11 : i32
  %acc12 = arith.ori %acc11, %b11 : i32
  %h12 = arith.cmpi uge, %false, %f : i1
  %e12 = arith.extui %h12 : i1 to i32
  %s12 = arith.constant 12 : i32
  %b12 = arith.shli %e12, %s12 : i32
  %acc13 = arith.ori %acc12, %b12 : i32
  %h13 = arith.cmpi sle, %g, %false : i1
  %e13 = arith.extui %h13 : i1 to i32
  %s13 = arith.constant 13 : i32
  %b13 = arith.shli %e13, %s13 : i32
  %acc14 = arith.ori %acc13, %b13 : i32
  return %acc14 : i32
}
