// RUN: dyn-opt %s -split-input-file --dynshape-bufferize=emit-remarks -verify-diagnostics | FileCheck %s
// RUN: dyn-opt %s -split-input-file --dynshape-bufferize > %t.ours
// RUN: dyn-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" > %t.upstream
// RUN: diff %t.ours %t.upstream

// dynshape-bufferize makes One-Shot's in-place decisions for functions of
// straight-line code in O(N log^2 N) and skips One-Shot's analysis for
// them; the others (loops, conditionals) are analyzed. Either way the IR
// is One-Shot's (the diff above).

// Three KV writes at runtime positions, each into the previous version:
// all in place into the argument, no allocation.
// CHECK-LABEL: func.func @kv_writes(
// CHECK-SAME: %[[CACHE:[^:]*]]: memref<64x8xf32>
// CHECK-NOT: memref.alloc
// CHECK-COUNT-3: memref.copy %{{.*}}, %{{.*}} : memref<1x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
// CHECK-NOT: memref.copy
// CHECK: return %[[CACHE]]
// expected-remark @+1 {{straight-line code: every operand in place, without One-Shot's analysis}}
func.func @kv_writes(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                     %p: i32, %q: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %1 = dynshape.dynamic_update_slice %k into %0[%q, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %2 = dynshape.dynamic_update_slice %k into %1[%c0, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %2 : tensor<64x8xf32>
}

// -----

// Reads of a version before it is overwritten, through a view and a
// gather: the write stays in place.
// CHECK-LABEL: func.func @read_then_write(
// CHECK-NOT: memref.alloc() {{.*}} : memref<64x8xf32>
// CHECK: return %arg0
// expected-remark @+1 {{straight-line code: every operand in place, without One-Shot's analysis}}
func.func @read_then_write(%cache: tensor<64x8xf32>, %ids: tensor<2xi32>,
                           %k: tensor<1x8xf32>, %p: i32)
    -> (tensor<64x8xf32>, tensor<2x8xf32>, f32) {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %row = dynshape.dynamic_slice %cache[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %x = tensor.extract %row[%c0i, %c0i] : tensor<1x8xf32>
  %g = dynshape.gather %cache[%ids] : (tensor<64x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  %0 = dynshape.dynamic_update_slice %k into %cache[%c0, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %g, %x : tensor<64x8xf32>, tensor<2x8xf32>, f32
}

// -----

// The old version is returned after the write: the write goes out of
// place, copying the cache before writing.
// CHECK-LABEL: func.func @old_version_read_later(
// CHECK: memref.alloc
// CHECK: memref.copy %arg0
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @old_version_read_later(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                                  %p: i32) -> (tensor<64x8xf32>, tensor<64x8xf32>) {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %cache : tensor<64x8xf32>, tensor<64x8xf32>
}

// -----

// A view read after the write: the view is copied before the write (a
// row, not the cache), which then is in place.
// CHECK-LABEL: func.func @view_read_later(
// CHECK: %[[ROW:.*]] = memref.alloc() {{.*}} : memref<1x8xf32>
// CHECK: memref.copy %{{.*}}, %[[ROW]]
// CHECK-NOT: memref.alloc
// CHECK: return %arg0, %[[ROW]]
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @view_read_later(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                           %p: i32) -> (tensor<64x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : i32
  %row = dynshape.dynamic_slice %cache[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %row : tensor<64x8xf32>, tensor<1x8xf32>
}

// -----

// Two updates of one version: the second one visited (the first in the
// body) writes a copy.
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @two_writers(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                       %p: i32) -> (tensor<64x8xf32>, tensor<64x8xf32>) {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %1 = dynshape.dynamic_update_slice %k into %cache[%c0, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %1 : tensor<64x8xf32>, tensor<64x8xf32>
}

// -----

// An update reading a view of the version it overwrites: the view is
// copied.
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @reads_what_it_writes(%cache: tensor<64x8xf32>, %p: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %row = dynshape.dynamic_slice %cache[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %0 = dynshape.dynamic_update_slice %row into %cache[%c0, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

// An argument that may not be written is copied before the write.
// CHECK-LABEL: func.func @read_only_argument(
// CHECK: memref.alloc
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @read_only_argument(%cache: tensor<64x8xf32> {bufferization.writable = false},
                              %k: tensor<1x8xf32>, %p: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

// A loop carrying the cache: One-Shot's analysis.
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @loop(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>, %n: index) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cache) -> tensor<64x8xf32> {
    %ii = arith.index_cast %i : index to i32
    %0 = dynshape.dynamic_update_slice %k into %acc[%ii, %c0_i32] : tensor<1x8xf32> into tensor<64x8xf32>
    scf.yield %0 : tensor<64x8xf32>
  }
  return %r : tensor<64x8xf32>
}

// -----

// Compute on tensors: each linalg op writes its init in place unless a
// later op reads the value it overwrites. The first add overwrites %x,
// which the second reads: out of place, into a new buffer (it does not
// read its init). The second adds into its own input, element by element:
// in place. The generic reads its init and nothing reads %1 later: in
// place. The fill writes a new tensor.
// CHECK-LABEL: func.func @compute(
// CHECK-SAME: %[[X:[^:]*]]: memref<16x8xf32>
// CHECK: %[[NEW:.*]] = memref.alloc() {{.*}} : memref<16x8xf32>
// CHECK: linalg.add ins(%[[X]], %[[X]] : {{.*}}) outs(%[[NEW]] :
// CHECK: linalg.add ins(%[[NEW]], %[[X]] : {{.*}}) outs(%[[NEW]] :
// CHECK: linalg.generic {{.*}} ins(%[[X]] : {{.*}}) outs(%[[NEW]] :
// CHECK: %[[FILLED:.*]] = memref.alloc() {{.*}} : memref<16x8xf32>
// CHECK: linalg.fill {{.*}} outs(%[[FILLED]] :
// CHECK-NOT: memref.copy
// CHECK: return %[[NEW]], %[[FILLED]]
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @compute(%x: tensor<16x8xf32>, %f: f32) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = linalg.add ins(%x, %x : tensor<16x8xf32>, tensor<16x8xf32>) outs(%x : tensor<16x8xf32>) -> tensor<16x8xf32>
  %1 = linalg.add ins(%0, %x : tensor<16x8xf32>, tensor<16x8xf32>) outs(%0 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x8xf32>) outs(%1 : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  %e = tensor.empty() : tensor<16x8xf32>
  %3 = linalg.fill ins(%f : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %2, %3 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// An init read again by its own op other than element by element (here a
// transpose): a conflict within the op, so the init is copied.
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @transpose_into_input(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.transpose ins(%x : tensor<8x8xf32>) outs(%x : tensor<8x8xf32>) permutation = [1, 0]
  return %0 : tensor<8x8xf32>
}

// -----

// One module, no calls: the straight-line functions are bufferized on the
// context's threads before One-Shot's analysis runs on the rest, which
// leaves them as they are. Diagnostics keep the functions' order.
// CHECK-LABEL: func.func @chain_first(
// CHECK-NOT: memref.alloc
// CHECK: return %arg0
// CHECK-LABEL: func.func @analyzed_between(
// CHECK: scf.for
// CHECK-LABEL: func.func @chain_last(
// CHECK-NOT: memref.alloc
// CHECK: return %arg0
// expected-remark @+1 {{straight-line code: every operand in place}}
func.func @chain_first(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                       %p: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @analyzed_between(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                            %n: index) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cache) -> tensor<64x8xf32> {
    %ii = arith.index_cast %i : index to i32
    %0 = dynshape.dynamic_update_slice %k into %acc[%ii, %c0_i32] : tensor<1x8xf32> into tensor<64x8xf32>
    scf.yield %0 : tensor<64x8xf32>
  }
  return %r : tensor<64x8xf32>
}
// expected-remark @+1 {{straight-line code: every operand in place}}
func.func @chain_last(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                      %p: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

// A nested module is a symbol table of its own: One-Shot's module
// bufferization leaves it alone, and so does the pass when every function
// of the outer module is straight-line code (the diff above).
// CHECK-LABEL: func.func @chain_beside_module(
// CHECK-SAME: memref<8x4xf32>
// CHECK-LABEL: module @nested
// CHECK: func.func @untouched(%{{.*}}: tensor<8x4xf32>) -> tensor<8x4xf32>
// expected-remark @+1 {{straight-line code: every operand in place}}
func.func @chain_beside_module(%c: tensor<8x4xf32>, %k: tensor<1x4xf32>,
                               %p: i32) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %c[%p, %c0] : tensor<1x4xf32> into tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
module @nested {
  func.func @untouched(%c: tensor<8x4xf32>) -> tensor<8x4xf32> {
    return %c : tensor<8x4xf32>
  }
}

// -----

// Rows copied round-robin between three caches, each read at its latest
// version before the next cache is written: every write in place, no copy.
// CHECK-LABEL: func.func @round_robin(
// CHECK-NOT: memref.alloc
// CHECK: return %arg0, %arg1, %arg2
// expected-remark @+1 {{straight-line code: every operand in place, without One-Shot's analysis}}
func.func @round_robin(%a: tensor<64x8xf32>, %b: tensor<64x8xf32>,
                       %c: tensor<64x8xf32>, %p: i32, %q: i32)
    -> (tensor<64x8xf32>, tensor<64x8xf32>, tensor<64x8xf32>) {
  %c0 = arith.constant 0 : i32
  %r0 = dynshape.dynamic_slice %a[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %b1 = dynshape.dynamic_update_slice %r0 into %b[%q, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %r1 = dynshape.dynamic_slice %b1[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %c1 = dynshape.dynamic_update_slice %r1 into %c[%q, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %r2 = dynshape.dynamic_slice %c1[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %a1 = dynshape.dynamic_update_slice %r2 into %a[%q, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %a1, %b1, %c1 : tensor<64x8xf32>, tensor<64x8xf32>, tensor<64x8xf32>
}

// -----

// The same with tensor slices, but the row read from %a is written into
// %b only after %a's next version: the read is of the old %a, so the row
// is copied out before %a is written (the row, not the cache).
// CHECK-LABEL: func.func @row_read_after_update(
// CHECK: %[[ROW:.*]] = memref.alloc() {{.*}} : memref<1x8xf32>
// CHECK-NOT: memref.alloc
// CHECK: return %arg0, %arg1
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @row_read_after_update(%a: tensor<64x8xf32>, %b: tensor<64x8xf32>,
                                 %k: tensor<1x8xf32>, %p: index, %q: index)
    -> (tensor<64x8xf32>, tensor<64x8xf32>) {
  %row = tensor.extract_slice %a[%p, 0] [1, 8] [1, 1] : tensor<64x8xf32> to tensor<1x8xf32>
  %a1 = tensor.insert_slice %k into %a[%q, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<64x8xf32>
  %b1 = tensor.insert_slice %row into %b[%q, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<64x8xf32>
  return %a1, %b1 : tensor<64x8xf32>, tensor<64x8xf32>
}

// -----

// A cache read whole after an update of it, and a view of that read: the
// update must not write the buffer the read sees, so it writes a copy of
// the cache. The second cache's update, read only before, stays in place.
// CHECK-LABEL: func.func @old_cache_read_later(
// CHECK: %[[COPY:.*]] = memref.alloc() {{.*}} : memref<64x8xf32>
// CHECK: memref.copy %arg0, %[[COPY]]
// CHECK-NOT: memref.alloc() {{.*}} : memref<64x8xf32>
// CHECK: return %[[COPY]], %arg1
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @old_cache_read_later(%a: tensor<64x8xf32>, %b: tensor<64x8xf32>,
                                %k: tensor<1x8xf32>, %ids: tensor<2xi32>,
                                %p: i32) -> (tensor<64x8xf32>, tensor<64x8xf32>, tensor<2x8xf32>, f32) {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %a1 = dynshape.dynamic_update_slice %k into %a[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %r = dynshape.dynamic_slice %b[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %x = tensor.extract %r[%c0i, %c0i] : tensor<1x8xf32>
  %b1 = dynshape.dynamic_update_slice %k into %b[%c0, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %g = dynshape.gather %a[%ids] : (tensor<64x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  return %a1, %b1, %g, %x : tensor<64x8xf32>, tensor<64x8xf32>, tensor<2x8xf32>, f32
}

// -----

// A tile read, changed and written back where it was read: One-Shot's
// subset rules keep it all in place (the add writes into the cache's row,
// which the insertion overwrites anyway).
// CHECK-LABEL: func.func @tile_update(
// CHECK-NOT: memref.alloc
// CHECK: return %arg0
// expected-remark @+1 {{straight-line code: every operand in place, without One-Shot's analysis}}
func.func @tile_update(%a: tensor<64x8xf32>, %k: tensor<1x8xf32>, %p: index)
    -> tensor<64x8xf32> {
  %t = tensor.extract_slice %a[%p, 0] [1, 8] [1, 1] : tensor<64x8xf32> to tensor<1x8xf32>
  %s = linalg.add ins(%t, %k : tensor<1x8xf32>, tensor<1x8xf32>) outs(%t : tensor<1x8xf32>) -> tensor<1x8xf32>
  %a1 = tensor.insert_slice %s into %a[%p, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<64x8xf32>
  return %a1 : tensor<64x8xf32>
}

// -----

// The same, written back one row lower: the add writes into a row of the
// cache that the insertion does not overwrite, so the tile is copied.
// CHECK-LABEL: func.func @tile_moved(
// CHECK: memref.alloc() {{.*}} : memref<1x8xf32>
// CHECK-NOT: memref.alloc
// CHECK: return %arg0
// expected-remark @+1 {{straight-line code: 1 operand out of place (a value read after a write to its buffer is copied), the rest in place, without One-Shot's analysis}}
func.func @tile_moved(%a: tensor<64x8xf32>, %k: tensor<1x8xf32>, %p: index)
    -> tensor<64x8xf32> {
  %t = tensor.extract_slice %a[%p, 0] [1, 8] [1, 1] : tensor<64x8xf32> to tensor<1x8xf32>
  %s = linalg.add ins(%t, %k : tensor<1x8xf32>, tensor<1x8xf32>) outs(%t : tensor<1x8xf32>) -> tensor<1x8xf32>
  %a1 = tensor.insert_slice %s into %a[3, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<64x8xf32>
  return %a1 : tensor<64x8xf32>
}
