// Nested loops of large trip counts whose DMAs outlast the register code of
// a trip, so that no loop's schedule settles. Each trip of an outer loop
// schedules the inner loops again; the estimate stops scheduling trips one
// by one after about a million units of work per function, extends every
// loop from its last scheduled trip, and says it is approximate. Each loop
// is listed once, and a run of trips on the critical path is one line.
// RUN: dyn-opt %s -split-input-file --lower-to-addr4 --dge-cost-report -o /dev/null 2>&1 | FileCheck %s

!cache = tensor<?x8xi32, #dynshape.bounds<65535, ?>>

// CHECK-LABEL: function @nested: 109207377595334320 cycles, {{.*}} us at 1400 MHz (approximate: a loop's schedule did not settle)
// CHECK:         loop bir.dynamic_for at {{.*}}nested-loops.mlir:[[# @LINE + 12]]:8: 1666397766008 cycles per trip x 65535 (max_trip)
// CHECK-NEXT:    loop bir.dynamic_for at {{.*}}nested-loops.mlir:[[# @LINE + 12]]:11: 25427600 cycles per trip x 65535 (max_trip)
// CHECK-NEXT:    loop bir.dynamic_for at {{.*}}nested-loops.mlir:[[# @LINE + 12]]:13: 388 cycles per trip x 65535 (max_trip)
// CHECK-NEXT:    critical path:
// CHECK:           pool: dge.trigger at {{.*}}, then pool queue: dge.trigger at {{.*}} (x{{[0-9]+}})
// CHECK:         dynamic instructions
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
// saturate at 2^63 - 1 instead of overflowing.
// CHECK-LABEL: function @nested: 9223372036854775807 cycles, {{.*}} us at 1400 MHz (approximate: a loop's schedule did not settle)
// CHECK:         dynamic instructions (coarse): {{[0-9]+}}, copies
// CHECK-NEXT:    FLOPs: 0, bytes moved: 9223372036854775807
!cache = tensor<?x8xi32, #dynshape.bounds<65535, ?>>
func.func @nested(%cache: !cache, %row: tensor<1x8xi32>) -> !cache {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = dynshape.get_dimension_size %cache, 0 : !cache
  %ub = arith.index_cast %n : i32 to index
  %r = scf.for %h = %c0 to %ub step %c1 iter_args(%z = %cache) -> (!cache) {
    %r1 = scf.for %i = %c0 to %ub step %c1 iter_args(%a = %z) -> (!cache) {
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
    scf.yield %r1 : !cache
  }
  return %r : !cache
}
