// cmpi of two compares (i1, which the engines hold as 1.0 or 0.0), every
// predicate: signed, true is -1. Canonicalization makes such a cmpi of
// cmpf(sitofp(compare), 0.0).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @eq(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi eq, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @ne(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi ne, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @slt(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi slt, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @sle(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi sle, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @sgt(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi sgt, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @sge(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi sge, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @ult(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi ult, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @ule(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi ule, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @ugt(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi ugt, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @uge(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %f = arith.cmpf olt, %x, %y : f32
    %g = arith.cmpf olt, %y, %z : f32
    %h = arith.cmpi uge, %f, %g : i1
    %s = arith.select %h, %x, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
