// RUN: glu-opt %s -split-input-file -resolve-ranked-shaped-type-result-dims -canonicalize | FileCheck %s

// tensor.dim of a glu result is computed from its operand.
// CHECK-LABEL: func @reify_dim
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %[[C1]]
// CHECK: %[[H:.*]] = arith.divui %[[D]], %{{.*}}
// CHECK: return %[[H]]
func.func @reify_dim(%a: tensor<?x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %y = glu.glu swiglu(%a) : tensor<?x?xf32> -> tensor<?x?xf32>
  %d = tensor.dim %y, %c1 : tensor<?x?xf32>
  return %d : index
}

// -----

// glu_back's gradients have their operands' sizes.
// CHECK-LABEL: func @reify_back
// CHECK-SAME: (%{{.*}}: tensor<?x8xf32>, %[[X:.*]]: tensor<?x8xf32>, %{{.*}}: tensor<?x8xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: return %[[D]]
func.func @reify_back(%dy: tensor<?x8xf32>, %x: tensor<?x8xf32>, %g: tensor<?x8xf32>) -> index {
  %c0 = arith.constant 0 : index
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x8xf32>
  %d = tensor.dim %dx, %c0 : tensor<?x8xf32>
  return %d : index
}
