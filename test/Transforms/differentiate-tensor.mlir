// RUN: glu-opt %s -split-input-file --glu-differentiate | FileCheck %s
// The tensor data-movement rules (lib/Interfaces/TensorRules.cpp): each
// cotangent routes dy back to where the element came from, zero elsewhere.

// s = x[0:4, 2:8:2]; r = s inserted into d at [0:4, 1:4].
// ds = dr[0:4, 1:4]; dd = dr with that box zeroed; dx = ds in a zero x.
// CHECK-LABEL: func.func @slices_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<4x8xf32>, %[[DR:[a-z0-9]+]]: tensor<4x8xf32>)
// CHECK-DAG:     %[[ZX:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK-DAG:     %[[ZS:.*]] = arith.constant dense<0.000000e+00> : tensor<4x3xf32>
// CHECK:         %[[DS:.*]] = tensor.extract_slice %[[DR]][0, 1] [4, 3] [1, 1]
// CHECK:         %[[DD:.*]] = tensor.insert_slice %[[ZS]] into %[[DR]][0, 1] [4, 3] [1, 1]
// CHECK:         %[[DX:.*]] = tensor.insert_slice %[[DS]] into %[[ZX]][0, 2] [4, 3] [1, 2]
// CHECK:         return %[[DX]], %[[DD]]
func.func @slices(%x: tensor<4x8xf32>, %d: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "slices_grad"} {
  %s = tensor.extract_slice %x[0, 2] [4, 3] [1, 2] : tensor<4x8xf32> to tensor<4x3xf32>
  %r = tensor.insert_slice %s into %d[0, 1] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A rank-reducing slice inserts back the same way.
// CHECK-LABEL: func.func @row_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xf32>, %[[DS:[a-z0-9]+]]: tensor<8xf32>)
// CHECK:         %[[DX:.*]] = tensor.insert_slice %[[DS]] into %{{.*}}[1, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<4x8xf32>
// CHECK:         return %[[DX]]
func.func @row(%x: tensor<4x8xf32>) -> tensor<8xf32>
    attributes {glu.grad = "row_grad"} {
  %s = tensor.extract_slice %x[1, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// c = concat(a, b) along dim 1: da = dc[:, 0:3], db = dc[:, 3:3+size(b)]
// (b's size is dynamic).
// CHECK-LABEL: func.func @concat_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x3xf32>, %[[B:[a-z0-9]+]]: tensor<4x?xf32>, %[[DC:[a-z0-9]+]]: tensor<4x?xf32>)
// CHECK:         %[[DA:.*]] = tensor.extract_slice %[[DC]][0, 0] [4, 3] [1, 1] : tensor<4x?xf32> to tensor<4x3xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[B]], %{{.*}}
// CHECK:         %[[DB:.*]] = tensor.extract_slice %[[DC]][0, 3] [4, %[[N]]] [1, 1] : tensor<4x?xf32> to tensor<4x?xf32>
// CHECK:         return %[[DA]], %[[DB]]
func.func @concat(%a: tensor<4x3xf32>, %b: tensor<4x?xf32>) -> tensor<4x?xf32>
    attributes {glu.grad = "concat_grad"} {
  %c = tensor.concat dim(1) %a, %b : (tensor<4x3xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  return %c : tensor<4x?xf32>
}

// -----

// Reshapes invert each other: collapse's cotangent expands, expand's
// collapses.
// CHECK-LABEL: func.func @reshape_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xf32>, %[[DC:[a-z0-9]+]]: tensor<32xf32>)
// CHECK:         %[[DE:.*]] = tensor.expand_shape %[[DC]] {{\[\[}}0, 1, 2]] output_shape [4, 2, 4] : tensor<32xf32> into tensor<4x2x4xf32>
// CHECK:         %[[DX:.*]] = tensor.collapse_shape %[[DE]] {{\[\[}}0], [1, 2]] : tensor<4x2x4xf32> into tensor<4x8xf32>
// CHECK:         return %[[DX]]
func.func @reshape(%x: tensor<4x8xf32>) -> tensor<32xf32>
    attributes {glu.grad = "reshape_grad"} {
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 4] : tensor<4x8xf32> into tensor<4x2x4xf32>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<4x2x4xf32> into tensor<32xf32>
  return %c : tensor<32xf32>
}

// -----

// Single elements and casts: v = x[1]; r = t with v at [2].
// dv = dr[2]; dt = dr with 0 at [2]; dx = dv at [1] of zeros.
// CHECK-LABEL: func.func @scalar_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4xf32>, %{{[a-z0-9]+}}: tensor<3xf32>, %[[DB:[a-z0-9]+]]: tensor<3xf32>)
// CHECK-DAG:     %[[ZX:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[DC:.*]] = tensor.cast %[[DB]] : tensor<3xf32> to tensor<?xf32>
// CHECK:         %[[DR:.*]] = tensor.cast %[[DC]] : tensor<?xf32> to tensor<3xf32>
// CHECK:         %[[DV:.*]] = tensor.extract %[[DR]][%[[C2]]]
// CHECK:         %[[DT:.*]] = tensor.insert %[[ZERO]] into %[[DR]][%[[C2]]]
// CHECK:         %[[DX:.*]] = tensor.insert %[[DV]] into %[[ZX]][%[[C1]]]
// CHECK:         return %[[DX]], %[[DT]]
func.func @scalar(%x: tensor<4xf32>, %t: tensor<3xf32>) -> tensor<3xf32>
    attributes {glu.grad = "scalar_grad"} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = tensor.extract %x[%c1] : tensor<4xf32>
  %r = tensor.insert %v into %t[%c2] : tensor<3xf32>
  %c = tensor.cast %r : tensor<3xf32> to tensor<?xf32>
  %b = tensor.cast %c : tensor<?xf32> to tensor<3xf32>
  return %b : tensor<3xf32>
}
