// RUN: glu-opt %s -split-input-file -glu-select-product | FileCheck %s

// reglu's product of two factors selected by one condition, a factor read
// from f16: one select of the product (the same bits, +0 * +0 = +0).
// CHECK-LABEL: func @reglu_f16
// CHECK-SAME: (%[[A:.*]]: vector<16xf16>, %[[B:.*]]: vector<16xf16>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-DAG: %[[X:.*]] = arith.extf %[[A]]
// CHECK-DAG: %[[U:.*]] = arith.extf %[[B]]
// CHECK: %[[C:.*]] = arith.cmpf ogt, %[[X]], %[[ZERO]]
// CHECK-NOT: arith.select
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[U]] fastmath<contract> : vector<16xf32>
// CHECK: %[[Y:.*]] = arith.select %[[C]], %[[P]], %[[ZERO]]
// CHECK-NOT: arith.select
// CHECK: return %[[Y]]
func.func @reglu_f16(%a: vector<16xf16>, %b: vector<16xf16>) -> vector<16xf32> {
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %x = arith.extf %a : vector<16xf16> to vector<16xf32>
  %u = arith.extf %b : vector<16xf16> to vector<16xf32>
  %c = arith.cmpf ogt, %x, %zero : vector<16xf32>
  %s = arith.select %c, %x, %zero : vector<16xi1>, vector<16xf32>
  %t = arith.select %c, %u, %zero : vector<16xi1>, vector<16xf32>
  %y = arith.mulf %s, %t fastmath<contract> : vector<16xf32>
  return %y : vector<16xf32>
}

// -----

// A select with another use stays; one select as both factors; scalars.
// CHECK-LABEL: func @shared
// CHECK-SAME: (%[[A:.*]]: f16, %[[C:.*]]: i1)
// CHECK: %[[X:.*]] = arith.extf %[[A]]
// CHECK: %[[S:.*]] = arith.select %[[C]], %[[X]], %{{.*}} : f32
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK: %[[Y:.*]] = arith.select %[[C]], %[[P]], %{{.*}} : f32
// CHECK: return %[[Y]], %[[S]]
func.func @shared(%a: f16, %c: i1) -> (f32, f32) {
  %zero = arith.constant 0.0 : f32
  %x = arith.extf %a : f16 to f32
  %s = arith.select %c, %x, %zero : f32
  %y = arith.mulf %s, %s : f32
  return %y, %s : f32, f32
}

// -----

// Left alone: bf16 and f32 factors, two conditions, a false value other
// than +0 (-0 * -0 is +0, not -0), one factor selected.
// CHECK-LABEL: func @untouched
// CHECK-COUNT-4: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: arith.mulf
func.func @untouched(%a: bf16, %b: f32, %h: f16, %c: i1, %d: i1) -> (f32, f32, f32, f32) {
  %zero = arith.constant 0.0 : f32
  %nzero = arith.constant -0.0 : f32
  %x = arith.extf %a : bf16 to f32
  %s1 = arith.select %c, %x, %zero : f32
  %t1 = arith.select %c, %b, %zero : f32
  %y1 = arith.mulf %s1, %t1 : f32
  %u = arith.extf %h : f16 to f32
  %s2 = arith.select %c, %u, %zero : f32
  %t2 = arith.select %d, %u, %zero : f32
  %y2 = arith.mulf %s2, %t2 : f32
  %s3 = arith.select %c, %u, %nzero : f32
  %t3 = arith.select %c, %u, %nzero : f32
  %y3 = arith.mulf %s3, %t3 : f32
  %y4 = arith.mulf %s2, %u : f32
  return %y1, %y2, %y3, %y4 : f32, f32, f32, f32
}
