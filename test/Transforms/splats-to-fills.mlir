// RUN: glu-opt %s -split-input-file -glu-splats-to-fills | FileCheck %s
// RUN: glu-opt %s -split-input-file -glu-splats-to-fills=min-bytes=4 | FileCheck %s --check-prefix=SMALL
// Through the pipeline no constant of the tensors' size is left: the 16 GiB
// splat was a global the compiler never finished building.
// RUN: glu-opt %s -split-input-file --glu-to-llvm | FileCheck %s --check-prefix=PIPELINE
// PIPELINE-NOT: tensor<65536x65536

// A large splat becomes a fill of an empty tensor (element type kept).
// CHECK-LABEL: func @large
// CHECK-DAG: %[[E:.*]] = arith.constant 1.500000e+00 : bf16
// CHECK-DAG: %[[T:.*]] = tensor.empty() : tensor<65536x65536xbf16>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[E]] : bf16) outs(%[[T]] : tensor<65536x65536xbf16>)
// CHECK: return %[[F]]
func.func @large() -> tensor<65536x65536xbf16> {
  %c = arith.constant dense<1.5> : tensor<65536x65536xbf16>
  return %c : tensor<65536x65536xbf16>
}

// -----

// Below min-bytes (64 KiB by default) a splat stays a constant; so does a
// constant that is not a splat, and a scalar.
// CHECK-LABEL: func @small
// CHECK: arith.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NOT: linalg.fill
// SMALL-LABEL: func @small
// SMALL: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>)
// SMALL: arith.constant dense<[1, 2]> : tensor<2xi32>
// SMALL-NOT: linalg.fill
func.func @small() -> (tensor<4xf32>, tensor<2xi32>, f32) {
  %a = arith.constant dense<2.0> : tensor<4xf32>
  %b = arith.constant dense<[1, 2]> : tensor<2xi32>
  %s = arith.constant 3.0 : f32
  return %a, %b, %s : tensor<4xf32>, tensor<2xi32>, f32
}

// -----

// The split glu reading a huge splat up operand: the pipeline expands it
// (glu-fuse-elementwise) and the splat becomes a scalar in its body.
// CHECK-LABEL: func @glu_operand
// CHECK: linalg.fill
// CHECK: glu.glu swiglu
// PIPELINE-LABEL: llvm.func @glu_operand
// PIPELINE-NOT: tensor<65536x65536
// One allocation, the result's (none for the splat):
// PIPELINE: llvm.call @malloc
// PIPELINE-NOT: llvm.call @malloc
// SMALL-LABEL: func @glu_operand
func.func @glu_operand(%x: tensor<65536x65536xf32>) -> tensor<65536x65536xf32> {
  %c = arith.constant dense<1.0> : tensor<65536x65536xf32>
  %y = glu.glu swiglu(%x, %c) : tensor<65536x65536xf32>
  return %y : tensor<65536x65536xf32>
}

// -----

// A tensor with an encoding keeps its constant (its fill would need the
// encoding's own materialization).
// CHECK-LABEL: func @encoded
// CHECK: arith.constant dense<1.000000e+00> : tensor<65536x65536xf32, "enc">
// CHECK-NOT: linalg.fill
// SMALL-LABEL: func @encoded
// PIPELINE-LABEL: func @encoded
func.func @encoded() -> tensor<65536x65536xf32, "enc"> {
  %c = arith.constant dense<1.0> : tensor<65536x65536xf32, "enc">
  return %c : tensor<65536x65536xf32, "enc">
}
