// A frontend's SwiGLU (torch-mlir's TorchToLinalg shape: sigmoid, x *
// sigmoid and * g as three generics), raised by glu-raise and then
// differentiated by glu-differentiate: the gradient is glu.glu_back, the
// exact VJP of the definition (docs/semantics.md sections 2 and 4), instead
// of the derivative of whatever the frontend's three generics compute.
// RUN: glu-opt %s -glu-raise -glu-differentiate | FileCheck %s
// Without raising, the gradient is the derivative of the frontend's
// generics (no glu.glu_back).
// RUN: glu-opt %s -glu-differentiate | FileCheck %s --check-prefix=UNRAISED

// CHECK-LABEL: func.func @torch_silu_mul(
// CHECK: glu.glu swiglu
// CHECK-LABEL: func.func @torch_silu_mul_grad(
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x64xf32>, %[[G:[^:]*]]: tensor<?x64xf32>, %[[DY:[^:]*]]: tensor<?x64xf32>)
// CHECK: %[[DX:.*]], %[[DG:.*]] = glu.glu_back swiglu(%[[DY]], %[[X]], %[[G]]) : tensor<?x64xf32>
// CHECK: return %[[DX]], %[[DG]]

// UNRAISED-LABEL: func.func @torch_silu_mul_grad(
// UNRAISED-NOT: glu.glu_back
// UNRAISED: linalg.generic
// UNRAISED: return

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @torch_silu_mul(%x: tensor<?x64xf32>, %g: tensor<?x64xf32>) -> tensor<?x64xf32> attributes {glu.grad = "torch_silu_mul_grad"} {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e0 = tensor.empty(%d0) : tensor<?x64xf32>
  %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x64xf32>) outs(%e0 : tensor<?x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %one = arith.constant 1.000000e+00 : f32
    %e = math.exp %n : f32
    %a = arith.addf %e, %one : f32
    %r = arith.divf %one, %a : f32
    linalg.yield %r : f32
  } -> tensor<?x64xf32>
  %e1 = tensor.empty(%d0) : tensor<?x64xf32>
  %xs = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<?x64xf32>, tensor<?x64xf32>) outs(%e1 : tensor<?x64xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<?x64xf32>
  %e2 = tensor.empty(%d0) : tensor<?x64xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%xs, %g : tensor<?x64xf32>, tensor<?x64xf32>) outs(%e2 : tensor<?x64xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}

