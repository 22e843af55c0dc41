// RUN: glu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(glu-lower-math))' -verify-diagnostics
// glu.gelu_table's table is a global of the nearest symbol table: the
// pass must run on the op that holds it, not nested below it.

func.func @nested(%x: f32) -> f32 {
  // expected-error @+1 {{'glu.gelu_table' op needs glu-lower-math to run on the op that holds its symbol table (the table becomes a global there)}}
  %0 = glu.gelu_table %x : f32
  return %0 : f32
}

// -----

func.func @gelu_table_tensor(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'glu.gelu_table' op on tensors must be bufferized before glu-lower-math}}
  %0 = glu.gelu_table %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gelu_table_scalable(%x: vector<[4]xf32>) -> vector<[4]xf32> {
  // expected-error @+1 {{'glu.gelu_table' op on scalable vectors is not supported}}
  %0 = glu.gelu_table %x : vector<[4]xf32>
  return %0 : vector<[4]xf32>
}
