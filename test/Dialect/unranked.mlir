// RUN: glu-opt %s -split-input-file -verify-diagnostics
// glu.round and glu.gelu_table take f32, ranked tensors and vectors of f32:
// they lower to arith.truncf/extf and bufferize to linalg.generic, which
// take no unranked tensor (glu-lower-math used to emit an invalid
// arith.truncf on one).

func.func @round_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'glu.round' op operand #0 must be f32, or a ranked tensor or vector of f32, but got 'tensor<*xf32>'}}
  %0 = glu.round %a to bf16 : tensor<*xf32>
  return
}

// -----

func.func @gelu_table_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'glu.gelu_table' op operand #0 must be f32, or a ranked tensor or vector of f32, but got 'tensor<*xf32>'}}
  %0 = glu.gelu_table %a : tensor<*xf32>
  return
}
