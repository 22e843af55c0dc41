// RUN: glu-opt %s --glu-differentiate="functions=by_option,renamed=chosen_name" | FileCheck %s
// The mechanics of glu-differentiate: selection (glu.grad, the functions
// option), the gradient function's signature, non-differentiable arguments
// (glu.no_grad, integers), fan-out accumulation, no work for what no result
// needs, zero gradients, and the consumed attributes. Rule by rule:
// differentiate-{arith,linalg,tensor,glu}.mlir.

// The forward stays, without its glu.grad / glu.no_grad attributes.
// CHECK-LABEL: func.func @fanout(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<4xi32>, %{{[a-z0-9]+}}: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<4x8xf32>)
// CHECK-SAME:      -> (tensor<4x8xf32>, tensor<4x8xf32>) {
// Arguments: the forward's, then one cotangent per result; results: the
// gradients of x, w and unused (not of the integer i, not of c: glu.no_grad).
// CHECK-LABEL: func.func @fanout_grad(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x8xf32>, %[[W:[a-z0-9]+]]: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<4xi32>, %[[C:[a-z0-9]+]]: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<4x8xf32>,
// CHECK-SAME:      %[[DD:[a-z0-9]+]]: tensor<4x8xf32>, %[[DX0:[a-z0-9]+]]: tensor<4x8xf32>)
// CHECK-SAME:      -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>)
// `unused` reaches no result: its gradient is zero, and nothing else is
// spent on it; neither on %dead, which no result uses.
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK-NOT:     math.exp
// d = b * c: db = dd * c.
// CHECK:         %[[DB:.*]] = arith.mulf %[[DD]], %[[C]]
// x is returned directly (seeded with dx0) and used twice more (b = a + x,
// a = x * w): its cotangents are summed.
// CHECK:         %[[ACC:.*]] = arith.addf %[[DX0]], %[[DB]]
// CHECK:         %[[DX1:.*]] = arith.mulf %[[DB]], %[[W]]
// CHECK:         %[[DW:.*]] = arith.mulf %[[DB]], %[[X]]
// CHECK:         %[[DX:.*]] = arith.addf %[[ACC]], %[[DX1]]
// CHECK:         return %[[DX]], %[[DW]], %[[ZERO]]
func.func @fanout(%x: tensor<4x8xf32>, %w: tensor<4x8xf32>, %i: tensor<4xi32>,
                  %c: tensor<4x8xf32> {glu.no_grad}, %unused: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) attributes {glu.grad = "fanout_grad"} {
  %a = arith.mulf %x, %w : tensor<4x8xf32>
  %b = arith.addf %a, %x : tensor<4x8xf32>
  %dead = math.exp %w : tensor<4x8xf32>
  %d = arith.mulf %b, %c : tensor<4x8xf32>
  return %d, %x : tensor<4x8xf32>, tensor<4x8xf32>
}


// Selected by the option (gradient @by_option_grad); dynamic shapes: the
// zero gradient of y is filled to y's runtime size.
// CHECK-LABEL: func.func @by_option_grad(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x8xf32>, %[[Y:[a-z0-9]+]]: tensor<?x8xf32>, %[[DN:[a-z0-9]+]]: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK:         %[[DX:.*]] = arith.negf %[[DN]]
// CHECK:         %[[DIM:.*]] = tensor.dim %[[Y]]
// CHECK:         %[[E:.*]] = tensor.empty(%[[DIM]])
// CHECK:         %[[DY:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]]
// CHECK:         return %[[DX]], %[[DY]]
func.func @by_option(%x: tensor<?x8xf32>, %y: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %n = arith.negf %x : tensor<?x8xf32>
  return %n : tensor<?x8xf32>
}


// The option's `f=name` form; a function that is not selected is left alone.
// CHECK-LABEL: func.func @renamed(
// CHECK-LABEL: func.func @chosen_name(
// CHECK-LABEL: func.func @not_selected(
// CHECK-NOT:   func.func
func.func @renamed(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @not_selected(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
