// RUN: glu-opt %s -verify-diagnostics --glu-differentiate="functions=empty="
// An empty name after '=' in glu-differentiate's `functions` option is a
// typo, not @empty_grad (it was read as `functions=empty`, silently; the
// mirror typo `functions==g` was already an error).

// expected-error @+1 {{glu-differentiate: 'empty=' names no gradient function after '=' (from the 'functions' option; write 'empty' for @empty_grad)}}
module {
  func.func @empty(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}
