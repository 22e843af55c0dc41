// RUN: glu-opt %s -split-input-file -glu-copy-repeated-results | FileCheck %s
// Destination passing through the whole pipeline: each result has its own
// out-parameter (buffer-results-to-out-params crashed on `return %y, %y`).
// RUN: glu-opt %s -split-input-file --glu-to-llvm=destination-passing | FileCheck %s --check-prefix=PIPELINE
// PIPELINE-LABEL: llvm.func @twice(
// PIPELINE-LABEL: llvm.func @argument_twice(

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
