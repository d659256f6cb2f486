// i32 scalar results (0-d int32 arrays in the .npy files): a wrapping add
// and a signed min.
func.func @scalars(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  %m = arith.minsi %a, %b : i32
  return %s, %m : i32, i32
}
