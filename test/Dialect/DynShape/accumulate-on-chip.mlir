// RUN: dyn-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(dynshape-accumulate-on-chip))' | FileCheck %s

// A matmul whose result the function returns: the fill that starts it
// writes a buffer of the matmul's own, and the result is copied back once.
// CHECK-LABEL: func.func @returned_matmul(
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x64xf32>
// CHECK-NEXT: %[[ACC:.*]] = memref.alloc() : memref<1x64xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[ACC]] : memref<1x64xf32>)
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<1x128xf32>, memref<128x64xf32>) outs(%[[ACC]] : memref<1x64xf32>)
// CHECK-NEXT: memref.copy %[[ACC]], %[[OUT]]
// CHECK-NEXT: return %[[OUT]]
func.func @returned_matmul(%p: memref<1x128xf32>, %v: memref<128x64xf32>) -> memref<1x64xf32> {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<1x64xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<1x64xf32>)
  linalg.matmul ins(%p, %v : memref<1x128xf32>, memref<128x64xf32>)
      outs(%out : memref<1x64xf32>)
  return %out : memref<1x64xf32>
}

// -----

// Two matmuls accumulating into one argument: the first copies the
// argument in, the second uses its buffer again, and one copy goes back.
// CHECK-LABEL: func.func @two_into_argument(
// CHECK-SAME: %[[OUT:[^:]*]]: memref<1x64xf32>)
// CHECK-NEXT: %[[ACC:.*]] = memref.alloc() : memref<1x64xf32>
// CHECK-NEXT: memref.copy %[[OUT]], %[[ACC]]
// CHECK-NEXT: linalg.matmul {{.*}} outs(%[[ACC]] : memref<1x64xf32>)
// CHECK-NEXT: linalg.matmul {{.*}} outs(%[[ACC]] : memref<1x64xf32>)
// CHECK-NEXT: memref.copy %[[ACC]], %[[OUT]]
// CHECK-NEXT: return
func.func @two_into_argument(%p: memref<1x128xf32>, %v: memref<128x64xf32>,
                             %w: memref<128x64xf32>, %out: memref<1x64xf32>) {
  linalg.matmul ins(%p, %v : memref<1x128xf32>, memref<128x64xf32>)
      outs(%out : memref<1x64xf32>)
  linalg.matmul ins(%p, %w : memref<1x128xf32>, memref<128x64xf32>)
      outs(%out : memref<1x64xf32>)
  return
}

// -----

// Something reads the filled buffer before the matmul: the fill stays,
// and the matmul's buffer is copied in after that read.
// CHECK-LABEL: func.func @read_between(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[OUT:.*]] : memref<1x64xf32>)
// CHECK-NEXT: memref.copy %[[OUT]], %[[SEEN:.*]] : memref<1x64xf32> to memref<1x64xf32>
// CHECK-NEXT: %[[ACC:.*]] = memref.alloc() : memref<1x64xf32>
// CHECK-NEXT: memref.copy %[[OUT]], %[[ACC]]
// CHECK-NEXT: linalg.matmul {{.*}} outs(%[[ACC]] : memref<1x64xf32>)
// CHECK-NEXT: memref.copy %[[ACC]], %[[OUT]]
func.func @read_between(%p: memref<1x128xf32>, %v: memref<128x64xf32>,
                        %seen: memref<1x64xf32>) -> memref<1x64xf32> {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<1x64xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<1x64xf32>)
  memref.copy %out, %seen : memref<1x64xf32> to memref<1x64xf32>
  linalg.matmul ins(%p, %v : memref<1x128xf32>, memref<128x64xf32>)
      outs(%out : memref<1x64xf32>)
  return %out : memref<1x64xf32>
}

// -----

// An init the function owns (neither an argument nor returned), and an
// elementwise op into a returned buffer, are left alone.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT: memref.copy
// CHECK: return
func.func @left_alone(%x: memref<1x64xf32>) -> memref<1x64xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1xf32>)
  linalg.reduce ins(%x : memref<1x64xf32>) outs(%acc : memref<1xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %out = memref.alloc() : memref<1x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>,
                                   affine_map<(d0, d1) -> (d0, d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %x : memref<1xf32>, memref<1x64xf32>) outs(%out : memref<1x64xf32>) {
  ^bb0(%s: f32, %v: f32, %o: f32):
    %r = arith.divf %v, %s : f32
    linalg.yield %r : f32
  }
  return %out : memref<1x64xf32>
}

// -----

// A loop between the fill and the matmul writes the result: the fill stays
// where it is, and the matmul's buffer is copied in after the loop.
// CHECK-LABEL: func.func @loop_between(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[OUT:.*]] : memref<1x64xf32>)
// CHECK: scf.for
// CHECK: }
// CHECK-NEXT: %[[ACC:.*]] = memref.alloc() : memref<1x64xf32>
// CHECK-NEXT: memref.copy %[[OUT]], %[[ACC]]
// CHECK-NEXT: linalg.matmul {{.*}} outs(%[[ACC]] : memref<1x64xf32>)
// CHECK-NEXT: memref.copy %[[ACC]], %[[OUT]]
func.func @loop_between(%p: memref<1x128xf32>, %v: memref<128x64xf32>,
                        %x: memref<1x64xf32>) -> memref<1x64xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc() : memref<1x64xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<1x64xf32>)
  scf.for %i = %c0 to %c2 step %c1 {
    memref.copy %x, %out : memref<1x64xf32> to memref<1x64xf32>
  }
  linalg.matmul ins(%p, %v : memref<1x128xf32>, memref<128x64xf32>)
      outs(%out : memref<1x64xf32>)
  return %out : memref<1x64xf32>
}

// -----

// Nothing writes the returned buffer before the reduction (its init is
// undefined): the copy in follows the buffer's definition.
// CHECK-LABEL: func.func @undefined_init(
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[ACC:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[OUT]], %[[ACC]]
// CHECK: linalg.reduce ins(%{{.*}} : memref<4x8xf32>) outs(%[[ACC]] : memref<4xf32>)
// CHECK: memref.copy %[[ACC]], %[[OUT]]
func.func @undefined_init(%x: memref<4x8xf32>) -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  linalg.reduce ins(%x : memref<4x8xf32>) outs(%out : memref<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %out : memref<4xf32>
}

// -----

// A reduction that also reads the returned buffer as an input keeps it.
// CHECK-LABEL: func.func @reads_its_result(
// CHECK-NOT: memref.copy
// CHECK: return
func.func @reads_its_result(%x: memref<4x4xf32>) -> memref<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<4x4xf32>)
  linalg.matmul ins(%x, %out : memref<4x4xf32>, memref<4x4xf32>)
      outs(%out : memref<4x4xf32>)
  return %out : memref<4x4xf32>
}
