// RUN: dyn-opt %s -split-input-file --convert-dynshape-to-bir -verify-diagnostics

func.func @unbounded_loop(%t: memref<64x32xf32>, %u: memref<1x32xf32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.index_cast %n : i32 to index
  // expected-error @+1 {{'scf.for' op has a runtime trip count without a provable bound; bound its upper bound (a bounded dimension, or arith.minsi with a constant) so it gets a max_trip}}
  scf.for %j = %c0 to %ub step %c1 {
    memref.copy %u, %u : memref<1x32xf32> to memref<1x32xf32>
  }
  return
}

// -----

func.func @runtime_step(%u: memref<1x32xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'scf.for' op needs a constant lower bound and a constant positive step to become a bir loop}}
  scf.for %j = %c0 to %c8 step %n {
    memref.copy %u, %u : memref<1x32xf32> to memref<1x32xf32>
  }
  return
}

// -----

func.func @loop_values(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'scf.for' op carries loop values; only loops over buffers (after bufferization) become bir loops}}
  %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %n) -> index {
    scf.yield %a : index
  }
  return %r : index
}

// -----

func.func @compute(%t: memref<4x4xf32>) {
  %c = arith.constant 1.0 : f32
  // expected-error @+1 {{'linalg.fill' op cannot be lowered by convert-dynshape-to-bir}}
  linalg.fill ins(%c : f32) outs(%t : memref<4x4xf32>)
  return
}

// -----

// expected-error @+1 {{function tensor of type 'memref<?x4xf32>' must be static, contiguous and of whole-byte elements to become a DRAM tensor}}
func.func @dynamic_argument(%t: memref<?x4xf32>) {
  return
}

// -----

func.func @too_big_for_sbuf(%t: memref<256x4xf32>) {
  // expected-error @+1 {{'bir.alloc' op dimension 0 is the partition dimension: between 1 and 128 partitions}}
  %a = memref.alloc() : memref<256x4xf32>
  memref.copy %t, %a : memref<256x4xf32> to memref<256x4xf32>
  return
}

// -----

// A transpose that is not the 2-D [1, 0] one has no DMA form.
func.func @unknown_compute(%t: memref<4x4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op cannot be lowered by convert-dynshape-to-bir}}
  linalg.transpose ins(%t : memref<4x4xf32>) outs(%t : memref<4x4xf32>) permutation = [0, 1]
  return
}
