// RUN: glu-opt %s -split-input-file -glu-lower-math | FileCheck %s

// glu.round is a truncf/extf pair, on scalars, vectors and tensors.
// CHECK-LABEL: func @round
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK: arith.extf %[[T]] : bf16 to f32
// CHECK: %[[V:.*]] = arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: arith.extf %[[V]] : vector<8xf16> to vector<8xf32>
// CHECK-NOT: glu.round
func.func @round(%s: f32, %v: vector<8xf32>) -> (f32, vector<8xf32>) {
  %0 = glu.round %s to bf16 : f32
  %1 = glu.round %v to f16 : vector<8xf32>
  return %0, %1 : f32, vector<8xf32>
}

// -----

// exp, tanh, erf and erfc become exactly rounded arithmetic with explicit
// fmas: no math function call remains.
// CHECK-LABEL: func @approximations
// CHECK-NOT: math.exp
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: math.fma
// CHECK-NOT: math.exp
// CHECK-NOT: math.erfc
// CHECK: return
func.func @approximations(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %0 = math.exp %x : vector<8xf32>
  %1 = math.tanh %x : vector<8xf32>
  %2 = math.erf %x : vector<8xf32>
  %3 = math.erfc %x : vector<8xf32>
  return %0, %1, %2, %3 : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}
