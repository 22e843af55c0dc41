// RUN: glu-opt %s -split-input-file -verify-diagnostics --glu-differentiate
// The selection errors of glu-differentiate: a glu.grad that does not name a
// function, gradient names already taken or asked for twice. The
// `functions` option's errors: differentiate-option-invalid.mlir.

// expected-error @+1 {{'glu.grad' must be a non-empty string naming the gradient function, got 1 : i32}}
func.func @not_a_name(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = 1 : i32} {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{cannot emit the gradient of @clash as @taken: a symbol of that name already exists}}
func.func @clash(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "taken"} {
  return %a : tensor<4xf32>
}

// expected-note @+1 {{@taken is defined here}}
func.func @taken(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

func.func @first(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "same_name"} {
  return %a : tensor<4xf32>
}

// expected-error @+1 {{cannot emit the gradient of @second as @same_name: @first's gradient has that name}}
func.func @second(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {glu.grad = "same_name"} {
  return %a : tensor<4xf32>
}
