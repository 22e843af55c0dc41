// RUN: glu-opt %s -split-input-file -glu-copy-repeated-results | FileCheck %s
// Destination passing through the whole pipeline: each result has its own
// out-parameter (buffer-results-to-out-params crashed on `return %y, %y`).
// RUN: glu-opt %s -split-input-file --glu-to-llvm=destination-passing | FileCheck %s --check-prefix=PIPELINE
// PIPELINE-LABEL: llvm.func @twice(
// PIPELINE-LABEL: llvm.func @argument_twice(
// PIPELINE-LABEL: llvm.func @two_returns(

// A value returned twice: the second time as a copy.
// CHECK-LABEL: func @twice
// CHECK: %[[Y:.*]] = glu.glu
// CHECK: %[[Z:.*]] = glu.glu
// CHECK: %[[C:.*]] = bufferization.alloc_tensor() copy(%[[Y]])
// CHECK: return %[[Y]], %[[C]], %[[Z]]
func.func @twice(%x: tensor<?x8xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %y = glu.glu swiglu(%x) : tensor<?x8xf32> -> tensor<?x4xf32>
  %z = glu.glu swiglu(%x) : tensor<?x8xf32> -> tensor<?x4xf32>
  return %y, %y, %z : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// Arguments too; values returned once are left alone.
// CHECK-LABEL: func @argument_twice
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[S:.*]]: f32)
// CHECK: %[[C:.*]] = bufferization.alloc_tensor() copy(%[[X]])
// CHECK: return %[[X]], %[[C]], %[[S]], %[[S]]
func.func @argument_twice(%x: tensor<2xf32>, %s: f32) -> (tensor<2xf32>, tensor<2xf32>, f32, f32) {
  return %x, %x, %s, %s : tensor<2xf32>, tensor<2xf32>, f32, f32
}

// -----

// Several returns: each returns copies of its own, so that each path's
// results take their outputs (the hoisting gave %a's output to %b too, and
// the object returned %b's values on %a's path).
// CHECK-LABEL: func @two_returns
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>, %[[C:.*]]: i1)
// CHECK: %[[A:.*]] = arith.addf %[[X]], %[[X]]
// CHECK: %[[B:.*]] = arith.mulf %[[Y]], %[[Y]]
// CHECK: ^bb1:
// CHECK-NEXT: %[[A1:.*]] = bufferization.alloc_tensor() copy(%[[A]])
// CHECK-NEXT: %[[B1:.*]] = bufferization.alloc_tensor() copy(%[[B]])
// CHECK-NEXT: return %[[A1]], %[[B1]]
// CHECK: ^bb2:
// CHECK-NEXT: %[[B2:.*]] = bufferization.alloc_tensor() copy(%[[B]])
// CHECK-NEXT: %[[A2:.*]] = bufferization.alloc_tensor() copy(%[[A]])
// CHECK-NEXT: return %[[B2]], %[[A2]], %[[C]]
func.func @two_returns(%x: tensor<?xf32>, %y: tensor<?xf32>, %c: i1) -> (tensor<?xf32>, tensor<?xf32>, i1) {
  %a = arith.addf %x, %x : tensor<?xf32>
  %b = arith.mulf %y, %y : tensor<?xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a, %b, %c : tensor<?xf32>, tensor<?xf32>, i1
^bb2:
  return %b, %a, %c : tensor<?xf32>, tensor<?xf32>, i1
}
