// RUN: glu-opt %s -verify-diagnostics \
// RUN:   --glu-differentiate="functions=missing,conflict=other_name"
// The `functions` option of glu-differentiate naming an unknown function,
// or a second gradient name for a function that has one (glu.grad).

// expected-error @+1 {{glu-differentiate: no function named @missing (from the 'functions' option)}}
module {
  // expected-error @+1 {{@conflict is asked for two gradient functions, @conflict_grad and @other_name}}
  func.func @conflict(%a: tensor<4xf32>) -> tensor<4xf32>
      attributes {glu.grad = "conflict_grad"} {
    return %a : tensor<4xf32>
  }
}
