// RUN: dyn-opt %s -split-input-file --dynshape-bufferize=emit-remarks -verify-diagnostics | FileCheck %s
// RUN: dyn-opt %s -split-input-file --dynshape-bufferize > %t.ours
// RUN: dyn-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" > %t.upstream
// RUN: diff %t.ours %t.upstream

// dynshape-bufferize decides in linear time which functions are update
// chains (every write can be in place) and skips One-Shot's analysis for
// them; the others are analyzed. Either way the IR is One-Shot's (the diff
// above), and an update chain gets no copy.

// Three KV writes at runtime positions, each into the previous version:
// all in place into the argument, no allocation.
// CHECK-LABEL: func.func @kv_writes(
// CHECK-SAME: %[[CACHE:[^:]*]]: memref<64x8xf32>
// CHECK-NOT: memref.alloc
// CHECK-COUNT-3: memref.copy %{{.*}}, %{{.*}} : memref<1x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
// CHECK-NOT: memref.copy
// CHECK: return %[[CACHE]]
// expected-remark @+1 {{an update chain: every write in place, without One-Shot's analysis}}
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
// gather, do not stop the chain.
// CHECK-LABEL: func.func @read_then_write(
// CHECK-NOT: memref.alloc() {{.*}} : memref<64x8xf32>
// CHECK: return %arg0
// expected-remark @+1 {{an update chain}}
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

// The old version is returned after the write: not a chain. One-Shot's
// analysis copies the cache before writing.
// CHECK-LABEL: func.func @old_version_read_later(
// CHECK: memref.alloc
// CHECK: memref.copy %arg0
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @old_version_read_later(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                                  %p: i32) -> (tensor<64x8xf32>, tensor<64x8xf32>) {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %cache : tensor<64x8xf32>, tensor<64x8xf32>
}

// -----

// A view read after the write: not a chain.
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @view_read_later(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                           %p: i32) -> (tensor<64x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : i32
  %row = dynshape.dynamic_slice %cache[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %row : tensor<64x8xf32>, tensor<1x8xf32>
}

// -----

// Two updates of one version: not a chain.
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @two_writers(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                       %p: i32) -> (tensor<64x8xf32>, tensor<64x8xf32>) {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  %1 = dynshape.dynamic_update_slice %k into %cache[%c0, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %1 : tensor<64x8xf32>, tensor<64x8xf32>
}

// -----

// An update reading a view of the version it overwrites: not a chain.
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @reads_what_it_writes(%cache: tensor<64x8xf32>, %p: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %row = dynshape.dynamic_slice %cache[%p, %c0] sizes [1, 8] : tensor<64x8xf32> -> tensor<1x8xf32>
  %0 = dynshape.dynamic_update_slice %row into %cache[%c0, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

// An argument that may not be written: One-Shot's analysis copies it.
// CHECK-LABEL: func.func @read_only_argument(
// CHECK: memref.alloc
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
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
// expected-remark @+1 {{an update chain: 1 write out of place (the values they overwrite are read later), the rest in place, without One-Shot's analysis}}
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
// transpose): the scan leaves the function to One-Shot's analysis.
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @transpose_into_input(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.transpose ins(%x : tensor<8x8xf32>) outs(%x : tensor<8x8xf32>) permutation = [1, 0]
  return %0 : tensor<8x8xf32>
}

// -----

// One module, no calls: the update chains are bufferized on the context's
// threads before One-Shot's analysis runs on the rest, which leaves them as
// they are. Diagnostics keep the functions' order.
// CHECK-LABEL: func.func @chain_first(
// CHECK-NOT: memref.alloc
// CHECK: return %arg0
// CHECK-LABEL: func.func @analyzed_between(
// CHECK: memref.alloc
// CHECK: memref.copy %arg0
// CHECK-LABEL: func.func @chain_last(
// CHECK-NOT: memref.alloc
// CHECK: return %arg0
// expected-remark @+1 {{an update chain: every write in place}}
func.func @chain_first(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                       %p: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}
// expected-remark @+1 {{bufferized after One-Shot's analysis}}
func.func @analyzed_between(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                            %p: i32) -> (tensor<64x8xf32>, tensor<64x8xf32>) {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0, %cache : tensor<64x8xf32>, tensor<64x8xf32>
}
// expected-remark @+1 {{an update chain: every write in place}}
func.func @chain_last(%cache: tensor<64x8xf32>, %k: tensor<1x8xf32>,
                      %p: i32) -> tensor<64x8xf32> {
  %c0 = arith.constant 0 : i32
  %0 = dynshape.dynamic_update_slice %k into %cache[%p, %c0] : tensor<1x8xf32> into tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

// A nested module is a symbol table of its own: One-Shot's module
// bufferization leaves it alone, and so does the pass when every function
// of the outer module is an update chain (the diff above).
// CHECK-LABEL: func.func @chain_beside_module(
// CHECK-SAME: memref<8x4xf32>
// CHECK-LABEL: module @nested
// CHECK: func.func @untouched(%{{.*}}: tensor<8x4xf32>) -> tensor<8x4xf32>
// expected-remark @+1 {{an update chain: every write in place}}
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
