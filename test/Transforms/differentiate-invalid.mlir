// RUN: glu-opt %s -split-input-file -verify-diagnostics --glu-differentiate
// RUN: not glu-opt %s -split-input-file --glu-differentiate \
// RUN:   --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=NOTHING
// Every diagnostic of glu-differentiate on a function: ops without a rule
// (the message names the op and the function being differentiated) and
// signatures it cannot handle. Each fails the pass and emits nothing: the
// second RUN line checks, in the IR after the failed pass, that no gradient
// function is left, not even @fine_grad, which was built before @no_rule
// failed. Selection errors: differentiate-selection-invalid.mlir.
// NOTHING:     IR Dump After GluDifferentiate Failed
// NOTHING-NOT: func.func @{{[a-z_]*}}_grad(
// NOTHING:     func.func @fine({{.*}} attributes {glu.grad = "fine_grad"}
// NOTHING-NOT: func.func @{{[a-z_]*}}_grad(

// A function that differentiates fine, then an elementwise math op
// without a derivative rule.
func.func @fine(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "fine_grad"} {
  %e = math.exp %a : tensor<4xf32>
  return %e : tensor<4xf32>
}

func.func @no_rule(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "no_rule_grad"} {
  // expected-error @+1 {{'math.sin' op has no derivative rule (DifferentiableOpInterface); it is needed to differentiate @no_rule}}
  %s = math.sin %a : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// A call: inline first (--inline), then differentiate.
func.func private @callee(%a: tensor<4xf32>) -> tensor<4xf32>

func.func @call(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "call_grad"} {
  // expected-error @+1 {{'func.call' op has no derivative rule (DifferentiableOpInterface); it is needed to differentiate @call}}
  %s = func.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// A payload op without a rule is reported where the payload has it.
#id = affine_map<(d0) -> (d0)>
func.func @payload_no_rule(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "payload_no_rule_grad"} {
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    // expected-error @+1 {{'math.sin' op has no derivative rule (DifferentiableOpInterface); it is needed to differentiate @payload_no_rule}}
    %y = math.sin %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// A product over a reduction loop is not a sum or an extremum.
#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @product(%a: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32>
    attributes {glu.grad = "product_grad"} {
  // expected-error @+1 {{'linalg.generic' op cannot be differentiated: result #0 is neither a sum (arith.addf) nor a maximum/minimum of the init and a term that reads no result's running value over the reduction loops}}
  %p = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%a : tensor<4xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.mulf %acc, %x : f32
    linalg.yield %y : f32
  } -> tensor<f32>
  return %p : tensor<f32>
}

// -----

// A term that reads another result's running value (a sum of the prefix
// sums): no sum of the inputs' terms (its gradient through %o0 was dropped:
// zero where 3 2 1 0 is right).
#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @prefix_sums(%x: tensor<4xf32>, %init: tensor<f32>) -> (tensor<f32>, tensor<f32>)
    attributes {glu.grad = "prefix_sums_grad"} {
  // expected-error @+1 {{'linalg.generic' op cannot be differentiated: result #1 is neither a sum (arith.addf) nor a maximum/minimum of the init and a term that reads no result's running value over the reduction loops}}
  %r:2 = linalg.generic {indexing_maps = [#id, #scalar, #scalar], iterator_types = ["reduction"]}
      ins(%x : tensor<4xf32>) outs(%init, %init : tensor<f32>, tensor<f32>) {
  ^bb0(%in: f32, %o0: f32, %o1: f32):
    %a = arith.addf %o0, %in : f32
    %b = arith.addf %o1, %o0 : f32
    linalg.yield %a, %b : f32, f32
  } -> (tensor<f32>, tensor<f32>)
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// -----

// A strided read: its cotangent would be a scatter, not a generic.
#stride = affine_map<(d0) -> (d0 * 2)>
#id = affine_map<(d0) -> (d0)>
func.func @strided(%a: tensor<8xf32>) -> tensor<4xf32>
    attributes {glu.grad = "strided_grad"} {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.generic' op cannot be differentiated with respect to operand #0: it is read through affine_map<(d0) -> (d0 * 2)>, which is not a projected permutation}}
  %s = linalg.generic {indexing_maps = [#stride, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// A payload may read a differentiable tensor from above only with
// tensor.extract (a gather).
#id = affine_map<(d0) -> (d0)>
func.func @capture_other_use(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "capture_other_use_grad"} {
  %t = math.exp %a : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.generic' op reads a differentiable tensor defined above other than with a tensor.extract in its payload}}
  %s = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %c0 = arith.constant 0 : index
    %slice = tensor.extract_slice %t[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %v = tensor.extract %slice[%c0] : tensor<1xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// Linalg ops are differentiated on tensors only.
func.func @buffers(%a: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "buffers_grad"} {
  // expected-error @-2 {{cannot differentiate @buffers: argument #1 has type 'memref<4xf32>'; only ranked tensors are supported}}
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{cannot differentiate @scalar_result: result #0 has type 'f32'; only ranked tensors are supported}}
func.func @scalar_result(%a: tensor<4xf32>) -> f32
    attributes {glu.grad = "scalar_result_grad"} {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %a[%c0] : tensor<4xf32>
  return %v : f32
}

// -----

// expected-error @+1 {{cannot differentiate @blocks: it has 2 blocks; only single-block functions (no control flow) are supported}}
func.func @blocks(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "blocks_grad"} {
  cf.br ^next
^next:
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{cannot differentiate @declaration: it is a declaration without a body}}
func.func private @declaration(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "declaration_grad"}

// -----

// expected-error @+1 {{cannot differentiate @nothing_to_differentiate: no argument is differentiable (a float tensor without glu.no_grad)}}
func.func @nothing_to_differentiate(%a: tensor<4xf32> {glu.no_grad}, %i: tensor<4xi32>)
    -> tensor<4xf32> attributes {glu.grad = "nothing_to_differentiate_grad"} {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{cannot differentiate @integer_result: it has no floating-point result}}
func.func @integer_result(%a: tensor<4xf32>) -> tensor<4xi32>
    attributes {glu.grad = "integer_result_grad"} {
  %i = arith.fptosi %a : tensor<4xf32> to tensor<4xi32>
  return %i : tensor<4xi32>
}

