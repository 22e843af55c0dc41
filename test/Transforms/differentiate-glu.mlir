// RUN: glu-opt %s -split-input-file --glu-differentiate | FileCheck %s
// glu.glu's rule (lib/Interfaces/GluRules.cpp) becomes glu.glu_back with the
// forward's whole configuration; arith on tensors uses the scalar rules
// elementwise (lib/Interfaces/ArithRules.cpp).

// Split form, bf16, dynamic rows: (d_gate, d_up) = glu_back(dy, gate, up),
// the rounding plan kept.
// CHECK-LABEL: func.func @split_grad(
// CHECK-SAME:      %[[G:[a-z0-9]+]]: tensor<?x8xbf16>, %[[U:[a-z0-9]+]]: tensor<?x8xbf16>, %[[DY:[a-z0-9]+]]: tensor<?x8xbf16>)
// CHECK-NEXT:    %[[DG:.*]], %[[DU:.*]] = glu.glu_back swiglu(%[[DY]], %[[G]], %[[U]]) rounding(one_round) : tensor<?x8xbf16>
// CHECK-NEXT:    return %[[DG]], %[[DU]]
func.func @split(%g: tensor<?x8xbf16>, %u: tensor<?x8xbf16>) -> tensor<?x8xbf16>
    attributes {glu.grad = "split_grad"} {
  %y = glu.glu swiglu(%g, %u) rounding(one_round) : tensor<?x8xbf16>
  return %y : tensor<?x8xbf16>
}

// -----

// Fused gpt-oss form: packing and parameters travel to glu_back.
// CHECK-LABEL: func.func @fused_grad(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x16xf32>, %[[DY:[a-z0-9]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[DA:.*]] = glu.glu_back swiglu_oai(%[[DY]], %[[A]]) packing(interleaved) alpha(1.500000e+00) limit(6.000000e+00) : tensor<4x8xf32>, tensor<4x16xf32> -> tensor<4x16xf32>
// CHECK-NEXT:    return %[[DA]]
func.func @fused(%a: tensor<4x16xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "fused_grad"} {
  %y = glu.glu swiglu_oai(%a) packing(interleaved) alpha(1.5) limit(6.0) : tensor<4x16xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// One value as gate and up: its two cotangents are summed.
// CHECK-LABEL: func.func @shared_grad(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x8xf32>, %[[DY:[a-z0-9]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[DG:.*]], %[[DU:.*]] = glu.glu_back geglu(%[[DY]], %[[A]], %[[A]]) : tensor<4x8xf32>
// CHECK-NEXT:    %[[DA:.*]] = arith.addf %[[DG]], %[[DU]]
// CHECK-NEXT:    return %[[DA]]
func.func @shared(%a: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "shared_grad"} {
  %y = glu.glu geglu(%a, %a) : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// n = -((a - b) / b): dq = -dn; ds = dq / b; db = -(ds * q) - ds;
// da = ds.
// CHECK-LABEL: func.func @arith_grad(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4xf32>, %[[B:[a-z0-9]+]]: tensor<4xf32>, %[[DN:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[Q:.*]] = arith.divf
// CHECK:         %[[DQ:.*]] = arith.negf %[[DN]]
// CHECK:         %[[DS:.*]] = arith.divf %[[DQ]], %[[B]]
// CHECK:         %[[T:.*]] = arith.mulf %[[DS]], %[[Q]]
// CHECK:         %[[DBQ:.*]] = arith.negf %[[T]]
// CHECK:         %[[DBS:.*]] = arith.negf %[[DS]]
// CHECK:         %[[DB:.*]] = arith.addf %[[DBQ]], %[[DBS]]
// CHECK:         return %[[DS]], %[[DB]]
func.func @arith(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "arith_grad"} {
  %s = arith.subf %a, %b : tensor<4xf32>
  %q = arith.divf %s, %b : tensor<4xf32>
  %n = arith.negf %q : tensor<4xf32>
  return %n : tensor<4xf32>
}
