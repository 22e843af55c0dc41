// RUN: glu-opt %s -split-input-file -canonicalize | FileCheck %s

// reglu with a gate that is never > 0 (here -1) is 0 whatever g is.
// CHECK-LABEL: func @reglu_nonpositive_gate
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK-NOT: glu.glu
// CHECK: return %[[Z]]
func.func @reglu_nonpositive_gate(%g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %x = arith.constant dense<-1.0> : tensor<4x8xf32>
  %y = glu.glu reglu(%x, %g) : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// A NaN gate is not > 0 either: y and both gradients are 0
// (docs/semantics.md section 5).
// CHECK-LABEL: func @reglu_nan_gate_back
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xbf16>
// CHECK-NOT: glu.glu_back
// CHECK: return %[[Z]], %[[Z]]
func.func @reglu_nan_gate_back(%dy: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> (tensor<4x8xbf16>, tensor<4x8xbf16>) {
  %x = arith.constant dense<0x7FC0> : tensor<4x8xbf16>
  %dx, %dg = glu.glu_back reglu(%dy, %x, %g) : tensor<4x8xbf16>
  return %dx, %dg : tensor<4x8xbf16>, tensor<4x8xbf16>
}

// -----

// A positive gate, another variant, or a dynamic shape do not fold.
// CHECK-LABEL: func @no_fold
// CHECK-COUNT-3: glu.glu
func.func @no_fold(%g: tensor<4x8xf32>, %d: tensor<?x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
  %p = arith.constant dense<1.0> : tensor<4x8xf32>
  %n = arith.constant dense<-1.0> : tensor<4x8xf32>
  %0 = glu.glu reglu(%p, %g) : tensor<4x8xf32>
  %1 = glu.glu swiglu(%n, %g) : tensor<4x8xf32>
  %c = tensor.cast %n : tensor<4x8xf32> to tensor<?x8xf32>
  %2 = glu.glu reglu(%c, %d) : tensor<?x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>
}

// -----

// A fused op on a concatenation of two equal halves is the split op on them.
// CHECK-LABEL: func @concat_to_split
// CHECK-SAME: (%[[P:.*]]: tensor<2x4xf32>, %[[Q:.*]]: tensor<2x4xf32>)
// CHECK: %[[A:.*]] = glu.glu geglu(%[[P]], %[[Q]]) rounding(one_round) : tensor<2x4xf32>
// CHECK: %[[B:.*]] = glu.glu geglu(%[[Q]], %[[P]]) : tensor<2x4xf32>
// CHECK: return %[[A]], %[[B]]
func.func @concat_to_split(%p: tensor<2x4xf32>, %q: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %a = tensor.concat dim(1) %p, %q : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  %0 = glu.glu geglu(%a) rounding(one_round) : tensor<2x8xf32> -> tensor<2x4xf32>
  %1 = glu.glu geglu(%a) packing(swapped) : tensor<2x8xf32> -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Interleaved packing, a concat along another dim, or unequal halves stay.
// CHECK-LABEL: func @concat_no_split
// CHECK-COUNT-3: glu.glu {{.*}}(%{{[^,]*}})
func.func @concat_no_split(%p: tensor<2x4xf32>, %q: tensor<2x4xf32>, %r: tensor<2x6xf32>) -> (tensor<2x4xf32>, tensor<4x2xf32>, tensor<2x5xf32>) {
  %a = tensor.concat dim(1) %p, %q : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  %0 = glu.glu swiglu(%a) packing(interleaved) : tensor<2x8xf32> -> tensor<2x4xf32>
  %b = tensor.concat dim(0) %p, %q : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  %1 = glu.glu swiglu(%b) : tensor<4x4xf32> -> tensor<4x2xf32>
  %c = tensor.concat dim(1) %p, %r : (tensor<2x4xf32>, tensor<2x6xf32>) -> tensor<2x10xf32>
  %2 = glu.glu swiglu(%c) : tensor<2x10xf32> -> tensor<2x5xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<4x2xf32>, tensor<2x5xf32>
}

// -----

// glu.round folds constants (round-to-nearest-even through bf16) and is
// idempotent.
// CHECK-LABEL: func @round_fold
// CHECK-DAG: %[[C:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[R:.*]] = glu.round %{{.*}} to bf16 : f32
// CHECK: return %[[C]], %[[R]]
func.func @round_fold(%x: f32) -> (f32, f32) {
  // 1 + 2^-9 is halfway between two bf16 values; ties go to even (1.0).
  %c = arith.constant 1.001953125 : f32
  %0 = glu.round %c to bf16 : f32
  %1 = glu.round %x to bf16 : f32
  %2 = glu.round %1 to bf16 : f32
  return %0, %2 : f32, f32
}
