// Reduced from a fuzzer find: three loops nested, each up to 65535 trips,
// around a DMA that outlasts the register code of its trip. dyn-sim
// --compare first computes the static estimate, which scheduled
// 4096^3 trips one by one (test/Cost/nested-loops.mlir).
!cache = tensor<?x8xi32, #dynshape.bounds<65535, ?>>
func.func @nested(%cache: !cache, %row: tensor<1x8xi32>) -> !cache {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = dynshape.get_dimension_size %cache, 0 : !cache
  %ub = arith.index_cast %n : i32 to index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%a = %cache) -> (!cache) {
    %r2 = scf.for %j = %c0 to %ub step %c1 iter_args(%b = %a) -> (!cache) {
      %r3 = scf.for %k = %c0 to %ub step %c1 iter_args(%c = %b) -> (!cache) {
        %k32 = arith.index_cast %k : index to i32
        %u = dynshape.dynamic_update_slice %row into %c[%k32, %zero] : tensor<1x8xi32> into !cache
        scf.yield %u : !cache
      }
      scf.yield %r3 : !cache
    }
    scf.yield %r2 : !cache
  }
  return %r : !cache
}
// -----
// Four loops: the cycles, the bytes moved and the coarse estimate
