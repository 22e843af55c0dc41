// RUN: glu-opt %s --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg,glu-fuse-elementwise),canonicalize,cse)" -split-input-file | FileCheck %s
// RUN: glu-opt %s --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg,glu-fuse-elementwise{runtime-checks=false}),canonicalize,cse)" -split-input-file | FileCheck %s --check-prefix=NOCHECK

// A scale: one generic, the glu's rounded, NaN-canonical value (as yielded
// unfused) multiplied in the same body, and the product NaN-canonical too
// (docs/semantics.md decision 14).

// CHECK-LABEL: func.func @scale(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>, %[[C:.*]]: tensor<4x8xbf16>)
// CHECK-NOT:     glu.glu
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[G]], %[[C]] :
// CHECK:           glu.round %{{.*}} to bf16
// CHECK:           %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK:           %[[Y:.*]] = arith.select %{{.*}}, %{{.*}}, %[[T]] : bf16
// CHECK-NEXT:      %[[S:.*]] = arith.mulf %[[Y]], %{{.*}} : bf16
// CHECK-NEXT:      %[[SNAN:.*]] = arith.cmpf uno, %[[S]], %[[S]] : bf16
// CHECK-NEXT:      %[[SC:.*]] = arith.select %[[SNAN]], %{{.*}}, %[[S]] : bf16
// CHECK-NEXT:      linalg.yield %[[SC]] : bf16
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
// CHECK-NEXT:      %[[ANAN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK-NEXT:      %[[AC:.*]] = arith.select %[[ANAN]], %{{.*}}, %[[A]] : f32
// CHECK-NEXT:      linalg.yield %[[AC]] : f32
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
// CHECK-SAME:        ins(%[[M]], %[[X]], %[[B]], %[[G]] :
// CHECK:           arith.addf
// CHECK:           arith.select
// CHECK:           %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT:      %[[TNAN:.*]] = arith.cmpf uno, %[[T]], %[[T]] : bf16
// CHECK-NEXT:      %[[TC:.*]] = arith.select %[[TNAN]], %{{.*}}, %[[T]] : bf16
// CHECK-NEXT:      linalg.yield %[[TC]] : bf16
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

// A packed operand: its producer (a sum) is computed on the halves' slices
// of its inputs, once per half, in the glu's generic; a scale after it.

// CHECK-LABEL: func.func @halves(
// CHECK-SAME:      %[[A:.*]]: tensor<?x16xf32>, %[[B:.*]]: tensor<?x16xf32>, %[[C:.*]]: tensor<?x8xf32>)
// CHECK-DAG:     %[[AG:.*]] = tensor.extract_slice %[[A]][0, 0] [%{{.*}}, 8] [1, 1]
// CHECK-DAG:     %[[BG:.*]] = tensor.extract_slice %[[B]][0, 0] [%{{.*}}, 8] [1, 1]
// CHECK-DAG:     %[[AU:.*]] = tensor.extract_slice %[[A]][0, 8] [%{{.*}}, 8] [1, 1]
// CHECK-DAG:     %[[BU:.*]] = tensor.extract_slice %[[B]][0, 8] [%{{.*}}, 8] [1, 1]
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[AG]], %[[BG]], %[[AU]], %[[BU]], %[[C]] :
// CHECK-NEXT:    ^bb0(%[[IAG:[a-z0-9_]+]]: f32, %[[IBG:[a-z0-9_]+]]: f32, %[[IAU:[a-z0-9_]+]]: f32, %[[IBU:[a-z0-9_]+]]: f32, %[[IC:[a-z0-9_]+]]: f32,
// CHECK-DAG:       arith.addf %[[IAG]], %[[IBG]] : f32
// CHECK-DAG:       arith.addf %[[IAU]], %[[IBU]] : f32
// CHECK:           arith.cmpf uno
// CHECK-NEXT:      %[[Y:.*]] = arith.select
// CHECK-NEXT:      %[[S:.*]] = arith.mulf %[[Y]], %[[IC]] : f32
// CHECK-NEXT:      %[[SNAN:.*]] = arith.cmpf uno, %[[S]], %[[S]] : f32
// CHECK-NEXT:      %[[SC:.*]] = arith.select %[[SNAN]], %{{.*}}, %[[S]] : f32
// CHECK-NEXT:      linalg.yield %[[SC]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @halves(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %ab = arith.addf %a, %b : tensor<?x16xf32>
  %y = glu.glu swiglu(%ab) packing(halves) : tensor<?x16xf32> -> tensor<?x8xf32>
  %s = arith.mulf %y, %c : tensor<?x8xf32>
  return %s : tensor<?x8xf32>
}

// -----

// Swapped halves, an odd last size (the last element is never read), a
// chain of two producers (a bias add, then a cast), and a residual add
// after.

// CHECK-LABEL: func.func @swapped(
// CHECK-SAME:      %[[A:.*]]: tensor<?x17xbf16>, %[[BIAS:.*]]: tensor<?x17xbf16>, %[[R:.*]]: tensor<?x8xf32>)
// CHECK-DAG:     %[[AU:.*]] = tensor.extract_slice %[[A]][0, 0] [%{{.*}}, 8] [1, 1]
// CHECK-DAG:     %[[BU:.*]] = tensor.extract_slice %[[BIAS]][0, 0] [%{{.*}}, 8] [1, 1]
// CHECK-DAG:     %[[AG:.*]] = tensor.extract_slice %[[A]][0, 8] [%{{.*}}, 8] [1, 1]
// CHECK-DAG:     %[[BG:.*]] = tensor.extract_slice %[[BIAS]][0, 8] [%{{.*}}, 8] [1, 1]
// CHECK:         %[[O:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[AG]], %[[BG]], %[[AU]], %[[BU]], %[[R]] :
// CHECK-COUNT-2:   arith.extf %{{.*}} : bf16 to f32
// CHECK:           arith.cmpf uno
// CHECK-NEXT:      %[[Y:.*]] = arith.select
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[Y]], %{{.*}} : f32
// CHECK-NEXT:      %[[SNAN:.*]] = arith.cmpf uno, %[[S]], %[[S]] : f32
// CHECK-NEXT:      %[[SC:.*]] = arith.select %[[SNAN]], %{{.*}}, %[[S]] : f32
// CHECK-NEXT:      linalg.yield %[[SC]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[O]]
func.func @swapped(%a: tensor<?x17xbf16>, %bias: tensor<?x17xbf16>, %r: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %ab = arith.addf %a, %bias : tensor<?x17xbf16>
  %f = arith.extf %ab : tensor<?x17xbf16> to tensor<?x17xf32>
  %y = glu.glu geglu(%f) packing(swapped) : tensor<?x17xf32> -> tensor<?x8xf32>
  %o = arith.addf %y, %r : tensor<?x8xf32>
  return %o : tensor<?x8xf32>
}

// -----

// Interleaved: the halves are the even and odd lanes (stride 2).

// CHECK-LABEL: func.func @interleaved(
// CHECK-SAME:      %[[A:.*]]: tensor<4x16xf32>, %[[B:.*]]: tensor<4x16xf32>)
// CHECK-DAG:     %[[AG:.*]] = tensor.extract_slice %[[A]][0, 0] [4, 8] [1, 2]
// CHECK-DAG:     %[[BG:.*]] = tensor.extract_slice %[[B]][0, 0] [4, 8] [1, 2]
// CHECK-DAG:     %[[AU:.*]] = tensor.extract_slice %[[A]][0, 1] [4, 8] [1, 2]
// CHECK-DAG:     %[[BU:.*]] = tensor.extract_slice %[[B]][0, 1] [4, 8] [1, 2]
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[AG]], %[[BG]], %[[AU]], %[[BU]] :
// CHECK:           arith.cmpf uno
// CHECK-NEXT:      %[[Y:.*]] = arith.select
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[Y]] : f32 to bf16
// CHECK-NEXT:      %[[TNAN:.*]] = arith.cmpf uno, %[[T]], %[[T]] : bf16
// CHECK-NEXT:      %[[TC:.*]] = arith.select %[[TNAN]], %{{.*}}, %[[T]] : bf16
// CHECK-NEXT:      linalg.yield %[[TC]] : bf16
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @interleaved(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>) -> tensor<4x8xbf16> {
  %ab = arith.mulf %a, %b : tensor<4x16xf32>
  %y = glu.glu reglu(%ab) packing(interleaved) : tensor<4x16xf32> -> tensor<4x8xf32>
  %t = arith.truncf %y : tensor<4x8xf32> to tensor<4x8xbf16>
  return %t : tensor<4x8xbf16>
}

// -----

// Near misses, packed: a producer read elsewhere too (fused, it would be
// computed twice), one that is not elementwise (a reduction), and one that
// reads a row broadcast (not an identity map: fused, the loop would no
// longer be the one glu-vectorize-elementwise vectorizes): each stays its
// own loop, the scale after the glu still fuses.

// CHECK-LABEL: func.func @packed_apart(
// CHECK:         %[[AB:.*]] = linalg.generic
// CHECK:           arith.addf
// CHECK:         %[[G1:.*]] = tensor.extract_slice %[[AB]][0, 0] [%{{.*}}, 8] [1, 2]
// CHECK:         %[[U1:.*]] = tensor.extract_slice %[[AB]][0, 1] [%{{.*}}, 8] [1, 2]
// CHECK:         %[[Y:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[G1]], %[[U1]], %{{.*}} :
// CHECK:           arith.mulf
// CHECK:         %[[SUM:.*]] = linalg.generic
// CHECK-SAME:        "reduction"
// CHECK:         %[[G2:.*]] = tensor.extract_slice %[[SUM]][0, 0]
// CHECK:         %[[U2:.*]] = tensor.extract_slice %[[SUM]][0, 8]
// CHECK:         %[[Z:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[G2]], %[[U2]], %{{.*}} :
// CHECK:         %[[F:.*]] = linalg.generic
// CHECK-SAME:        ins(%{{.*}}, %{{.*}} : tensor<?x16xf32>, tensor<16xf32>)
// CHECK-DAG:     %[[G3:.*]] = tensor.extract_slice %[[F]][0, 0] [%{{.*}}, 8] [1, 1]
// CHECK-DAG:     %[[U3:.*]] = tensor.extract_slice %[[F]][0, 8] [%{{.*}}, 8] [1, 1]
// CHECK:         %[[W:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[G3]], %[[U3]], %{{.*}} :
// CHECK:         return %[[Y]], %[[AB]], %[[Z]], %[[W]]
#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#sum = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @packed_apart(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x8xf32>, %p: tensor<?x16x4xf32>, %v: tensor<16xf32>) -> (tensor<?x8xf32>, tensor<?x16xf32>, tensor<?x8xf32>, tensor<?x8xf32>) {
  %ab = arith.addf %a, %b : tensor<?x16xf32>
  %y = glu.glu swiglu(%ab) packing(interleaved) : tensor<?x16xf32> -> tensor<?x8xf32>
  %s = arith.mulf %y, %c : tensor<?x8xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %p, %c0 : tensor<?x16x4xf32>
  %e = tensor.empty(%m) : tensor<?x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #sum], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p : tensor<?x16x4xf32>) outs(%init : tensor<?x16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.addf %x, %acc : f32
    linalg.yield %t : f32
  } -> tensor<?x16xf32>
  %z = glu.glu reglu(%sum) packing(halves) : tensor<?x16xf32> -> tensor<?x8xf32>
  %zs = arith.mulf %z, %c : tensor<?x8xf32>
  %f = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %v : tensor<?x16xf32>, tensor<16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %r: f32, %o: f32):
    %t = arith.addf %x, %r : f32
    linalg.yield %t : f32
  } -> tensor<?x16xf32>
  %w = glu.glu swiglu(%f) packing(halves) : tensor<?x16xf32> -> tensor<?x8xf32>
  %ws = arith.mulf %w, %c : tensor<?x8xf32>
  return %s, %ab, %zs, %ws : tensor<?x8xf32>, tensor<?x16xf32>, tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// Near miss, split: a consumer that broadcasts the glu's result (fused, the
// glu would be computed once per broadcast row) stays apart, and the glu op
// with it.

// CHECK-LABEL: func.func @broadcast(
// CHECK:         %[[Y:.*]] = glu.glu swiglu
// CHECK:         %[[B:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[Y]], %{{.*}} : tensor<4x8xf32>, tensor<3x4x8xf32>)
// CHECK:         return %[[B]]
#bcast = affine_map<(d0, d1, d2) -> (d1, d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @broadcast(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %r: tensor<3x4x8xf32>) -> tensor<3x4x8xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xf32>
  %e = tensor.empty() : tensor<3x4x8xf32>
  %b = linalg.generic {indexing_maps = [#bcast, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y, %r : tensor<4x8xf32>, tensor<3x4x8xf32>) outs(%e : tensor<3x4x8xf32>) {
  ^bb0(%yi: f32, %ri: f32, %o: f32):
    %t = arith.addf %yi, %ri : f32
    linalg.yield %t : f32
  } -> tensor<3x4x8xf32>
  return %b : tensor<3x4x8xf32>
}

// -----

// Near miss, split: operands that are a user's overlapping slices of one
// producer: it stays whole (moved below the slices, their overlap would be
// computed twice).

// CHECK-LABEL: func.func @overlap(
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:           arith.addf
// CHECK-DAG:     %[[X:.*]] = tensor.extract_slice %[[P]][0, 0] [4, 8] [1, 1]
// CHECK-DAG:     %[[G:.*]] = tensor.extract_slice %[[P]][0, 4] [4, 8] [1, 1]
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[G]], %{{.*}} :
func.func @overlap(%a: tensor<4x12xf32>, %b: tensor<4x12xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %p = arith.addf %a, %b : tensor<4x12xf32>
  %x = tensor.extract_slice %p[0, 0] [4, 8] [1, 1] : tensor<4x12xf32> to tensor<4x8xf32>
  %g = tensor.extract_slice %p[0, 4] [4, 8] [1, 1] : tensor<4x12xf32> to tensor<4x8xf32>
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xf32>
  %s = arith.mulf %y, %c : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// A packed glu_back stays a glu op: its gradient's two halves, assembled by
// tensor.insert_slice, would be copied by one-shot bufferization.

// CHECK-LABEL: func.func @packed_back(
// CHECK:         %[[AB:.*]] = linalg.generic
// CHECK:         glu.glu_back swiglu(%{{.*}}, %[[AB]]) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
func.func @packed_back(%dy: tensor<?x8xf32>, %a: tensor<?x16xf32>, %b: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %ab = arith.addf %a, %b : tensor<?x16xf32>
  %da = glu.glu_back swiglu(%dy, %ab) packing(halves) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  return %da : tensor<?x16xf32>
}

// -----

// A splat constant scale and a filled bias: scalars in the fused body, no
// tensor constant or fill left.

// CHECK-LABEL: func.func @splat(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>, %[[V:.*]]: bf16)
// CHECK-NOT:     dense
// CHECK-NOT:     linalg.fill
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : bf16
// CHECK-NOT:     dense
// CHECK-NOT:     linalg.fill
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[G]] :
// CHECK:           %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK:           %[[Y:.*]] = arith.select %{{.*}}, %{{.*}}, %[[T]] : bf16
// CHECK-NEXT:      %[[S:.*]] = arith.mulf %[[Y]], %[[TWO]] : bf16
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[S]], %[[V]] : bf16
// CHECK-NEXT:      %[[ANAN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : bf16
// CHECK-NEXT:      %[[AC:.*]] = arith.select %[[ANAN]], %{{.*}}, %[[A]] : bf16
// CHECK-NEXT:      linalg.yield %[[AC]] : bf16
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @splat(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>, %v: bf16) -> tensor<4x8xbf16> {
  %c = arith.constant dense<2.0> : tensor<4x8xbf16>
  %e = tensor.empty() : tensor<4x8xbf16>
  %bias = linalg.fill ins(%v : bf16) outs(%e : tensor<4x8xbf16>) -> tensor<4x8xbf16>
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
  %s = arith.mulf %y, %c : tensor<4x8xbf16>
  %o = arith.addf %s, %bias : tensor<4x8xbf16>
  return %o : tensor<4x8xbf16>
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

// -----

// A packed operand's producer that reads its position (linalg.index):
// computed on the halves' slices, it reads the operand's position, not the
// slice's (swapped: the gate's column j + 8, the up value's j; it counted
// from each slice's start before). Interleaved, such a producer stays
// apart (see @packed_index_interleaved).

// CHECK-LABEL: func.func @packed_index(
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         linalg.generic
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT:      arith.index_cast %[[J]]
// CHECK:           %[[GATE:.*]] = arith.addi %[[J]], %[[C8]] : index
// CHECK-NEXT:      arith.index_cast %[[GATE]]
// CHECK-NOT:     linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @packed_index(%a: tensor<4x16xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.addf %x, %f : f32
    linalg.yield %t : f32
  } -> tensor<4x16xf32>
  %y = glu.glu reglu(%p) packing(swapped) : tensor<4x16xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Interleaved, a producer that reads its position stays its own loop:
// computed on the strided halves (2j, 2j + 1), its body was no longer one
// that glu-vectorize-elementwise's interleaved loads take, and with dynamic
// sizes upstream's vectorizer left strided reads that did not lower.

// CHECK-LABEL: func.func @packed_index_interleaved(
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:           linalg.index 1
// CHECK:         tensor.extract_slice %[[P]]
// CHECK:         linalg.generic
// CHECK-NOT:       linalg.index
// CHECK:         return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @packed_index_interleaved(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.addf %x, %f : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  %y = glu.glu reglu(%p) packing(interleaved) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// The producer's operands are read through slices of one size: the checks
// that its own sizes agree, which generate-runtime-verification made of
// it, come first, in its words (a mis-sized %b was read silently); as
// upstream's, they pass where the loops read nothing (%a has no element).

// With runtime-checks=false (glu-to-llvm's option), none.
// NOCHECK-LABEL: func.func @packed_sizes(
// NOCHECK-NOT:     Runtime op verification
// NOCHECK:         return
// CHECK-LABEL: func.func @packed_sizes(
// CHECK-SAME:      %[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>)
// CHECK-DAG:     %[[A0:.*]] = tensor.dim %[[A]], %c0
// CHECK-DAG:     %[[B0:.*]] = tensor.dim %[[B]], %c0
// CHECK:         %[[SAME0:.*]] = arith.cmpi eq, %[[B0]], %[[A0]]
// CHECK:         %[[EMPTY:.*]] = arith.ori
// CHECK-NEXT:    %[[OK0:.*]] = arith.ori %[[SAME0]], %[[EMPTY]]
// CHECK-NEXT:    cf.assert %[[OK0]], "ERROR: Runtime op verification failed\0A^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size\0ALocation: loc(
// CHECK:         cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A^ dimension #1 of input/output operand #1 is
// CHECK:         tensor.extract_slice %[[B]]
// CHECK:         linalg.generic
func.func @packed_sizes(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %ab = arith.addf %a, %b : tensor<?x?xf32>
  %y = glu.glu swiglu(%ab) packing(halves) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A packed splat: each half a scalar in the body, as a split operand's (a
// tensor constant was left for the body to read, which the GPU kernels
// cannot).

// CHECK-LABEL: func.func @packed_splat(
// CHECK-NOT:     dense
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.generic
// CHECK-NOT:     dense
// CHECK:         return
func.func @packed_splat(%c: tensor<4x8xbf16>, %v: bf16) -> tensor<4x8xbf16> {
  %k = arith.constant dense<1.5> : tensor<4x16xbf16>
  %y = glu.glu swiglu(%k) packing(halves) : tensor<4x16xbf16> -> tensor<4x8xbf16>
  %s = arith.mulf %y, %c : tensor<4x8xbf16>
  return %s : tensor<4x8xbf16>
}

// -----

// A packed fill: the same.

// CHECK-LABEL: func.func @packed_fill(
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     tensor.extract_slice
// CHECK:         linalg.generic
// CHECK:         return
func.func @packed_fill(%c: tensor<?x8xbf16>, %v: bf16, %n: index) -> tensor<?x8xbf16> {
  %e = tensor.empty(%n) : tensor<?x16xbf16>
  %k = linalg.fill ins(%v : bf16) outs(%e : tensor<?x16xbf16>) -> tensor<?x16xbf16>
  %y = glu.glu swiglu(%k) packing(interleaved) : tensor<?x16xbf16> -> tensor<?x8xbf16>
  %s = arith.mulf %y, %c : tensor<?x8xbf16>
  return %s : tensor<?x8xbf16>
}

// -----

// A backward whose d_x's consumer feeds, through another op, the consumer
// of its d_g: that consumer is not fused (the fused op would stand after
// the op that reads one of its results; it was built there, and the IR did
// not verify: "operand does not dominate this use"); d_x's consumer and
// the op after it are, and the consumer of d_g, which then reads two
// results of the fused op, stays apart.

// CHECK-LABEL: func.func @back_consumers(
// CHECK:         %[[F:.*]]:2 = linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         %[[B:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[F]]#0, %[[F]]#1 :
// CHECK:         return %[[B]]
func.func @back_consumers(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<4x8xf32>
  %a = arith.mulf %dx, %c : tensor<4x8xf32>
  %s = arith.negf %a : tensor<4x8xf32>
  %b = arith.addf %dg, %s : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// -----

// An f32 geglu_erf backward alone is an expanded body of about 330 ops:
// max-fused-ops counts what the neighbours add to it, so its scale and
// bias fuse (a cap on the whole body left the f32 backwards of geglu,
// geglu_erf and swiglu_oai three loops).

// CHECK-LABEL: func.func @big_back(
// CHECK:         %[[F:.*]]:2 = linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[F]]#0, %[[F]]#1
func.func @big_back(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %dx, %dg = glu.glu_back geglu_erf(%dy, %x, %g) : tensor<4x8xf32>
  %a = arith.mulf %dx, %c : tensor<4x8xf32>
  %b = arith.addf %dg, %c : tensor<4x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A consumer in a loop body is not fused: the glu op, computed once before
// the loop, would be computed again in every iteration (5x slower).

// CHECK-LABEL: func.func @consumer_in_loop(
// CHECK:         %[[Y:.*]] = linalg.generic
// CHECK:         scf.for
// CHECK:           linalg.generic
// CHECK-SAME:        ins(%{{.*}}, %[[Y]] :
func.func @consumer_in_loop(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %n: index) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = glu.glu geglu(%x, %g) : tensor<4x8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4x8xf32> {
    %s = arith.addf %acc, %y : tensor<4x8xf32>
    scf.yield %s : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// -----

// d_x read between a backward and d_g's consumer, whose body reads a
// scalar extracted there: the fused op can stand at neither place, so the
// consumer stays apart (it was placed at the backward, before the scalar).

// CHECK-LABEL: func.func @consumer_reads_above(
// CHECK:         %[[F:.*]]:2 = linalg.generic
// CHECK:         %[[S:.*]] = tensor.extract %[[F]]
// CHECK:         linalg.generic
// CHECK:           arith.mulf %{{.*}}, %[[S]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @consumer_reads_above(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %e: tensor<4x8xf32>) -> (f32, tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<4x8xf32>
  %s = tensor.extract %dx[%c0, %c0] : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dg : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    %n = arith.addf %m, %o : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %s, %b : f32, tensor<4x8xf32>
}
