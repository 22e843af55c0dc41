// RUN: glu-opt %s --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg,glu-fuse-elementwise),canonicalize,cse)" -split-input-file | FileCheck %s

// A scale: one generic, the glu's rounded, NaN-canonical value (as yielded
// unfused) multiplied in the same body.

// CHECK-LABEL: func.func @scale(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>, %[[C:.*]]: tensor<4x8xbf16>)
// CHECK-NOT:     glu.glu
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[G]], %[[C]] :
// CHECK:           glu.round %{{.*}} to bf16
// CHECK:           %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK:           %[[Y:.*]] = arith.select %{{.*}}, %{{.*}}, %[[T]] : bf16
// CHECK-NEXT:      %[[S:.*]] = arith.mulf %[[Y]], %{{.*}} : bf16
// CHECK-NEXT:      linalg.yield %[[S]] : bf16
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @scale(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>, %c: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
  %s = arith.mulf %y, %c : tensor<4x8xbf16>
  return %s : tensor<4x8xbf16>
}

// -----

// A scale and a residual add, dynamic sizes: one generic.

// CHECK-LABEL: func.func @residual(
// CHECK-SAME:      %[[X:.*]]: tensor<?x8xf32>, %[[G:.*]]: tensor<?x8xf32>, %[[C:.*]]: tensor<?x8xf32>, %[[RES:.*]]: tensor<?x8xf32>)
// CHECK-NOT:     glu.glu swiglu
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[G]], %[[C]], %[[RES]] :
// CHECK:           arith.cmpf uno
// CHECK-NEXT:      %[[Y:.*]] = arith.select
// CHECK-NEXT:      %[[S:.*]] = arith.mulf %[[Y]], %{{.*}} : f32
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[S]], %{{.*}} : f32
// CHECK-NEXT:      linalg.yield %[[A]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @residual(%x: tensor<?x8xf32>, %g: tensor<?x8xf32>, %c: tensor<?x8xf32>, %r: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x8xf32>
  %s = arith.mulf %y, %c : tensor<?x8xf32>
  %o = arith.addf %s, %r : tensor<?x8xf32>
  return %o : tensor<?x8xf32>
}

// -----

// A bias add before, a mask and a cast after: one generic.

// CHECK-LABEL: func.func @around(
// CHECK-SAME:      %[[X:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<?x8xf32>, %[[G:.*]]: tensor<?x8xf32>, %[[M:.*]]: tensor<?x8xi1>)
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[M]], %[[X]], %[[B]], %[[G]], %[[X]] :
// CHECK:           arith.addf
// CHECK:           arith.select
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT:      linalg.yield
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @around(%x: tensor<?x8xf32>, %b: tensor<?x8xf32>, %g: tensor<?x8xf32>, %m: tensor<?x8xi1>) -> tensor<?x8xbf16> {
  %xb = arith.addf %x, %b : tensor<?x8xf32>
  %y = glu.glu geglu(%xb, %g) : tensor<?x8xf32>
  %z = arith.select %m, %y, %x : tensor<?x8xi1>, tensor<?x8xf32>
  %c = arith.truncf %z : tensor<?x8xf32> to tensor<?x8xbf16>
  return %c : tensor<?x8xbf16>
}

// -----

// A fused (packed) operand: the glu op stays (lowered on buffers, lanes
// paired), its neighbours apart.

// CHECK-LABEL: func.func @packed(
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:           arith.addf
// CHECK:         %[[Y:.*]] = glu.glu swiglu(%[[P]]) packing(interleaved)
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[Y]],
func.func @packed(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %ab = arith.addf %a, %b : tensor<?x16xf32>
  %y = glu.glu swiglu(%ab) packing(interleaved) : tensor<?x16xf32> -> tensor<?x8xf32>
  %s = arith.mulf %y, %c : tensor<?x8xf32>
  return %s : tensor<?x8xf32>
}

// -----

// Nothing to fuse: a glu op alone, a chain of glu ops, and a glu result read
// twice stay glu ops (bufferized as they are).

// CHECK-LABEL: func.func @apart(
// CHECK:         %[[Y:.*]] = glu.glu swiglu
// CHECK:         %[[Z:.*]] = glu.glu geglu(%[[Y]],
// CHECK:         %[[S:.*]] = glu.glu reglu
// CHECK:         linalg.generic
// CHECK:           arith.mulf
// CHECK:         return
func.func @apart(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xf32>
  %z = glu.glu geglu(%y, %g) : tensor<4x8xf32>
  %s = glu.glu reglu(%z, %g) : tensor<4x8xf32>
  %t = arith.mulf %s, %s : tensor<4x8xf32>
  return %s, %t, %z : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A split glu_back and a scale of its gate gradient: one generic with both
// gradients.

// CHECK-LABEL: func.func @back(
// CHECK:         %[[R:.*]]:2 = linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]#1, %[[R]]#0
func.func @back(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<4x8xf32>
  %s = arith.mulf %dx, %c : tensor<4x8xf32>
  return %s, %dg : tensor<4x8xf32>, tensor<4x8xf32>
}
