// RUN: glu-opt %s --pass-pipeline="builtin.module(func.func(glu-split-fan-out{min-uses=3}))" -split-input-file | FileCheck %s
// RUN: glu-opt %s --pass-pipeline="builtin.module(func.func(glu-split-fan-out{min-uses=4}))" -split-input-file | FileCheck %s --check-prefix=FEW
// One-shot bufferization then gives the same buffers as without the split.
// RUN: glu-opt %s --pass-pipeline="builtin.module(func.func(glu-split-fan-out{min-uses=3}),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})" -split-input-file > %t.split
// RUN: glu-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})" -split-input-file | diff - %t.split

// A tensor read by glu ops alone (an argument, a glu result): its buffer
// once, one restrict view per reader.

// CHECK-LABEL: func.func @shared(
// CHECK-SAME:      %[[X:.*]]: tensor<?x8xf32>, %[[G:.*]]: tensor<?x8xf32>)
// CHECK-NEXT:    %[[B:.*]] = bufferization.to_buffer %[[G]] read_only : tensor<?x8xf32> to memref<?x8xf32>
// CHECK-NEXT:    %[[V0:.*]] = bufferization.to_tensor %[[B]] restrict
// CHECK-NEXT:    glu.glu swiglu(%[[X]], %[[V0]])
// CHECK-NEXT:    %[[V1:.*]] = bufferization.to_tensor %[[B]] restrict
// CHECK-NEXT:    glu.glu_back swiglu(%{{.*}}, %{{.*}}, %[[V1]])
// CHECK-NEXT:    %[[V2:.*]] = bufferization.to_tensor %[[B]] restrict
// CHECK-NEXT:    glu.glu geglu(%{{.*}}, %[[V2]])
// FEW-NOT: bufferization
func.func @shared(%x: tensor<?x8xf32>, %g: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x8xf32>
  %dx, %dg = glu.glu_back swiglu(%y, %y, %g) : tensor<?x8xf32>
  %z = glu.glu geglu(%dx, %g) : tensor<?x8xf32>
  return %z : tensor<?x8xf32>
}

// -----

// Another user that is not a glu op (here one writing in place): no split.

// CHECK-LABEL: func.func @other_reader(
// CHECK-NOT:     bufferization
func.func @other_reader(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %f: f32)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xf32>
  %z = glu.glu swiglu(%y, %g) : tensor<4x8xf32>
  %w = glu.glu swiglu(%z, %g) : tensor<4x8xf32>
  %c0 = arith.constant 0 : index
  %s = tensor.insert %f into %g[%c0, %c0] : tensor<4x8xf32>
  return %w, %s : tensor<4x8xf32>, tensor<4x8xf32>
}
