// RUN: dyn-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(dynshape-accumulate-on-chip,dynshape-tile-bounded))' | FileCheck %s
// RUN: dyn-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(dynshape-accumulate-on-chip,dynshape-tile-bounded{tile-size=64}))' | FileCheck %s --check-prefix=T64
// RUN: not dyn-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(dynshape-accumulate-on-chip,dynshape-tile-bounded{tile-size=96}))' 2>&1 | FileCheck %s --check-prefix=BADTILE

// A sum over a masked [1, 512] row: the reduction runs over ceil(n / 128)
// tiles (n clamped into the bound, since nothing else clamps it), with the
// mask in the loop on a tile-sized buffer, its size relative to the tile;
// the sum, which the function returns, runs in a buffer of its own
// (dynshape-accumulate-on-chip, which the pipeline runs first).
// CHECK-LABEL: func.func @sum(
// CHECK-SAME: %[[X:.*]]: memref<1x512xf32>, %[[N:.*]]: i32)
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1xf32>
// CHECK: %[[ACC:.*]] = memref.alloc() : memref<1xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[ACC]] : memref<1xf32>)
// CHECK-NOT: memref<1x512xf32>
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: %[[UB:.*]] = arith.minsi %[[NI]], %{{.*}} : index
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[UB]] step %[[T:.*]] {
// CHECK:   %[[V:.*]] = memref.subview %[[X]][0, %[[IV]]] [1, 128] [1, 1]
// CHECK:   %[[TILE:.*]] = memref.alloc() : memref<1x128xf32>
// CHECK:   %[[START:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK:   %[[REL:.*]] = arith.subi %[[N]], %[[START]] : i32
// CHECK:   dynshape.buffer_mask %[[V]] : {{.*}} dims [1] sizes(%[[REL]]) fill 0.000000e+00 : f32 into %[[TILE]]
// CHECK:   linalg.reduce ins(%[[TILE]] : memref<1x128xf32>) outs(%[[ACC]] : memref<1xf32>)
// CHECK: }
// CHECK: memref.copy %[[ACC]], %[[OUT]]
// BADTILE: error: tile-size must be a positive power of two, got 96
func.func @sum(%x: memref<1x512xf32>, %n: i32) -> memref<1xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1xf32>)
  %m = memref.alloc() : memref<1x512xf32>
  dynshape.buffer_mask %x : memref<1x512xf32> dims [1] sizes(%n) fill 0.0 : f32 into %m : memref<1x512xf32>
  linalg.reduce ins(%m : memref<1x512xf32>) outs(%acc : memref<1xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %acc : memref<1xf32>
}

// -----

// A softmax row: the max, the exp of the shifted scores and the sum. The
// exp writes into a buffer that only a mask and tiled ops read, so the
// fill and the exp run over the valid tiles as well as both reductions;
// a size already clamped into the bound is not clamped again. With
// tile-size=64 the loops step by 64.
// CHECK-LABEL: func.func @softmax_row(
// CHECK: %[[N:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK: %[[E:.*]] = memref.alloc() : memref<1x512xf32>
// CHECK: %[[UB:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK-NOT: arith.minsi
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %[[UB]] step
// CHECK:   %[[V:.*]] = memref.subview %[[E]][0, %[[IV]]] [1, 128] [1, 1]
// CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[V]] :
// CHECK: scf.for
// CHECK:   linalg.reduce
// CHECK:   arith.maximumf
// CHECK: scf.for
// CHECK:   linalg.generic
// CHECK:   math.exp
// CHECK: scf.for
// CHECK:   dynshape.buffer_mask
// CHECK:   linalg.reduce
// CHECK:   arith.addf
// CHECK: return
// T64-LABEL: func.func @softmax_row(
// T64-COUNT-4: scf.for %{{.*}} step %c64
func.func @softmax_row(%s: memref<1x512xf32>, %size: i32) -> memref<1xf32> {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %lo = arith.maxsi %size, %c0 : i32
  %n = arith.minsi %lo, %c512 : i32
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<1xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<1xf32>)
  %e = memref.alloc() : memref<1x512xf32>
  linalg.fill ins(%zero : f32) outs(%e : memref<1x512xf32>)
  %mk = memref.alloc() : memref<1x512xf32>
  dynshape.buffer_mask %s : memref<1x512xf32> dims [1] sizes(%n) fill 0xFF800000 : f32 into %mk : memref<1x512xf32>
  linalg.reduce ins(%mk : memref<1x512xf32>) outs(%m : memref<1xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.maximumf %a, %b : f32
      linalg.yield %r : f32
    }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%s, %m : memref<1x512xf32>, memref<1xf32>) outs(%e : memref<1x512xf32>) {
  ^bb0(%x: f32, %mx: f32, %o: f32):
    %d = arith.subf %x, %mx : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  }
  %sum = memref.alloc() : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<1xf32>)
  %ek = memref.alloc() : memref<1x512xf32>
  dynshape.buffer_mask %e : memref<1x512xf32> dims [1] sizes(%n) fill 0.0 : f32 into %ek : memref<1x512xf32>
  linalg.reduce ins(%ek : memref<1x512xf32>) outs(%sum : memref<1xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  return %sum : memref<1xf32>
}

// -----

// Left whole: a mask whose fill is not the sum's identity (the skipped
// elements would have added 1.0 each), a bound that is not a multiple of
// the tile, a bound of one tile, and a buffer the function returns (its
// elements past n are not the op's to drop).
// CHECK-LABEL: func.func @whole(
// CHECK-NOT: scf.for
// CHECK: return
func.func @whole(%x: memref<1x512xf32>, %y: memref<1x200xf32>,
                 %z: memref<1x128xf32>, %n: i32)
    -> (memref<1xf32>, memref<1xf32>, memref<1xf32>, memref<1x512xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%a : memref<1xf32>)
  %ones = memref.alloc() : memref<1x512xf32>
  dynshape.buffer_mask %x : memref<1x512xf32> dims [1] sizes(%n) fill 1.0 : f32 into %ones : memref<1x512xf32>
  linalg.reduce ins(%ones : memref<1x512xf32>) outs(%a : memref<1xf32>) dimensions = [1]
    (%p: f32, %q: f32) {
      %s = arith.addf %p, %q : f32
      linalg.yield %s : f32
    }
  %b = memref.alloc() : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%b : memref<1xf32>)
  %yk = memref.alloc() : memref<1x200xf32>
  dynshape.buffer_mask %y : memref<1x200xf32> dims [1] sizes(%n) fill 0.0 : f32 into %yk : memref<1x200xf32>
  linalg.reduce ins(%yk : memref<1x200xf32>) outs(%b : memref<1xf32>) dimensions = [1]
    (%p: f32, %q: f32) {
      %s = arith.addf %p, %q : f32
      linalg.yield %s : f32
    }
  %c = memref.alloc() : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<1xf32>)
  %zk = memref.alloc() : memref<1x128xf32>
  dynshape.buffer_mask %z : memref<1x128xf32> dims [1] sizes(%n) fill 0.0 : f32 into %zk : memref<1x128xf32>
  linalg.reduce ins(%zk : memref<1x128xf32>) outs(%c : memref<1xf32>) dimensions = [1]
    (%p: f32, %q: f32) {
      %s = arith.addf %p, %q : f32
      linalg.yield %s : f32
    }
  %r = memref.alloc() : memref<1x512xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1x512xf32>) outs(%r : memref<1x512xf32>) {
  ^bb0(%v: f32, %o: f32):
    %w = math.exp %v : f32
    linalg.yield %w : f32
  }
  %rk = memref.alloc() : memref<1x512xf32>
  dynshape.buffer_mask %r : memref<1x512xf32> dims [1] sizes(%n) fill 0.0 : f32 into %rk : memref<1x512xf32>
  return %a, %b, %c, %r : memref<1xf32>, memref<1xf32>, memref<1xf32>, memref<1x512xf32>
}

// -----

// A profile's expected size on the size argument gives each loop that
// follows it its expected trips: ceil(300 / 128) = 3 (the cost model's
// trip estimate; the binary still runs ceil(n / 128)).
// CHECK-LABEL: func.func @estimated(
// CHECK: scf.for
// CHECK: } {dynshape.trip_estimate = 3 : i64}
// T64-LABEL: func.func @estimated(
// T64: } {dynshape.trip_estimate = 5 : i64}
func.func @estimated(%x: memref<1x512xf32>, %n: i32 {dynshape.size_estimate = 300 : i64}) -> memref<1xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1xf32>)
  %m = memref.alloc() : memref<1x512xf32>
  dynshape.buffer_mask %x : memref<1x512xf32> dims [1] sizes(%n) fill 0.0 : f32 into %m : memref<1x512xf32>
  linalg.reduce ins(%m : memref<1x512xf32>) outs(%acc : memref<1xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %acc : memref<1xf32>
}

// -----

// A reduction into a buffer the function returns (which the lowering keeps
// in DRAM) accumulates in a buffer of its own across the trips
// (dynshape-accumulate-on-chip): copied in before the mask, back after the
// loop.
// CHECK-LABEL: func.func @returned_accumulator(
// CHECK-SAME: %{{.*}}: memref<1x512xf32>, %{{.*}}: i32, %[[OUT:.*]]: memref<1xf32>)
// CHECK: %[[ACC:.*]] = memref.alloc() : memref<1xf32>
// CHECK: memref.copy %[[OUT]], %[[ACC]]
// CHECK: scf.for
// CHECK:   linalg.reduce ins(%{{.*}} : memref<1x128xf32>) outs(%[[ACC]] : memref<1xf32>)
// CHECK: }
// CHECK: memref.copy %[[ACC]], %[[OUT]]
func.func @returned_accumulator(%x: memref<1x512xf32>, %n: i32, %out: memref<1xf32>) {
  %m = memref.alloc() : memref<1x512xf32>
  dynshape.buffer_mask %x : memref<1x512xf32> dims [1] sizes(%n) fill 0.0 : f32 into %m : memref<1x512xf32>
  linalg.reduce ins(%m : memref<1x512xf32>) outs(%out : memref<1xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}
