// glu-raise on the f16_table plan (ggml's f32 GEGLU and GEGLU_QUICK): x
// rounded to f16, the activation computed in f32 and rounded to f16, and for
// geglu the cut-offs x <= -10 -> 0, x >= 10 -> x, in forms whose NaN x
// reaches the table as glu's does. Near misses (another cut-off, x not
// rounded, another rounding type, no cut-offs, a strict cut-off) stay
// unraised.
//
// RUN: glu-opt %s -split-input-file -glu-raise="emit-remarks" -verify-diagnostics | FileCheck %s

// ggml's GEGLU as one fused generic.
// CHECK-LABEL: func.func @fused_table_geglu(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xf32>, %[[G:.*]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu geglu(%[[X]], %[[G]]) rounding(f16_table) : tensor<4x8xf32>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @fused_table_geglu(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %xt = arith.truncf %in : f32 to f16
    %x16 = arith.extf %xt : f16 to f32
    %x2 = arith.mulf %x16, %x16 : f32
    %x3 = arith.mulf %x2, %x16 : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %x16, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x16, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to f16
    %table = arith.extf %at : f16 to f32
    %lo = arith.constant -1.000000e+01 : f32
    %hi = arith.constant 1.000000e+01 : f32
    %chi = arith.cmpf oge, %in, %hi : f32
    %a0 = arith.select %chi, %in, %table : f32
    %clo = arith.cmpf ole, %in, %lo : f32
    %act = arith.select %clo, %zero, %a0 : f32
    %y = arith.mulf %act, %in_1 : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// JAX: GEGLU_QUICK's table on tensors, g first.
// CHECK-LABEL: func.func @jax_table_geglu_quick(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xf32>, %[[G:.*]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu geglu_quick(%[[X]], %[[G]]) rounding(f16_table) : tensor<4x8xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @jax_table_geglu_quick(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<4x8xf32>
  %k = arith.constant dense<-1.702000e+00> : tensor<4x8xf32>
  %xt = arith.truncf %x : tensor<4x8xf32> to tensor<4x8xf16>
  %x16 = arith.extf %xt : tensor<4x8xf16> to tensor<4x8xf32>
  %t = arith.mulf %x16, %k : tensor<4x8xf32>
  %ex = math.exp %t : tensor<4x8xf32>
  %d = arith.addf %ex, %one : tensor<4x8xf32>
  %s = arith.divf %x16, %d : tensor<4x8xf32>
  %at = arith.truncf %s : tensor<4x8xf32> to tensor<4x8xf16>
  %a = arith.extf %at : tensor<4x8xf16> to tensor<4x8xf32>
  %y = arith.mulf %g, %a : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// StableHLO-to-linalg: the table in one generic, the cut-offs (the other
// nesting, unordered predicates) and the multiply in another.
// CHECK-LABEL: func.func @split_table_geglu(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xf32>, %[[G:.*]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu geglu(%[[X]], %[[G]]) rounding(f16_table) : tensor<4x8xf32>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @split_table_geglu(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %xt = arith.truncf %in : f32 to f16
    %x16 = arith.extf %xt : f16 to f32
    %x2 = arith.mulf %x16, %x16 : f32
    %x3 = arith.mulf %x2, %x16 : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %x16, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x16, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to f16
    %table = arith.extf %at : f16 to f32
    linalg.yield %table : f32
  } -> tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%t, %x, %g : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%tab: f32, %in: f32, %in_1: f32, %out: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %lo = arith.constant -1.000000e+01 : f32
    %hi = arith.constant 1.000000e+01 : f32
    %clo = arith.cmpf ugt, %in, %lo : f32
    %chi = arith.cmpf ult, %in, %hi : f32
    %a0 = arith.select %clo, %tab, %zero : f32
    %a1 = arith.select %chi, %a0, %in : f32
    %r = arith.mulf %in_1, %a1 : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Near miss: the upper cut-off at 9.
// CHECK-LABEL: func.func @cut_at_9(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @cut_at_9(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{not raised: cut-offs at -10 and 9 on x are not ggml's -10 and 10}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %xt = arith.truncf %in : f32 to f16
    %x16 = arith.extf %xt : f16 to f32
    %x2 = arith.mulf %x16, %x16 : f32
    %x3 = arith.mulf %x2, %x16 : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %x16, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x16, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to f16
    %table = arith.extf %at : f16 to f32
    %lo = arith.constant -1.000000e+01 : f32
    %hi = arith.constant 9.000000e+00 : f32
    %chi = arith.cmpf oge, %in, %hi : f32
    %a0 = arith.select %chi, %in, %table : f32
    %clo = arith.cmpf ole, %in, %lo : f32
    %act = arith.select %clo, %zero, %a0 : f32
    %y = arith.mulf %act, %in_1 : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Near miss: x not rounded to f16.
// CHECK-LABEL: func.func @x_not_rounded(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @x_not_rounded(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{not raised: the table's activation reads x not rounded to f16}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %x2 = arith.mulf %in, %in : f32
    %x3 = arith.mulf %x2, %in : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %in, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %in, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to f16
    %table = arith.extf %at : f16 to f32
    %lo = arith.constant -1.000000e+01 : f32
    %hi = arith.constant 1.000000e+01 : f32
    %chi = arith.cmpf oge, %in, %hi : f32
    %a0 = arith.select %chi, %in, %table : f32
    %clo = arith.cmpf ole, %in, %lo : f32
    %act = arith.select %clo, %zero, %a0 : f32
    %y = arith.mulf %act, %in_1 : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Near miss: the activation rounded to bf16.
// CHECK-LABEL: func.func @act_rounded_bf16(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @act_rounded_bf16(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{not raised: the table rounds through another type or rounding mode than f16 to nearest even}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %xt = arith.truncf %in : f32 to f16
    %x16 = arith.extf %xt : f16 to f32
    %x2 = arith.mulf %x16, %x16 : f32
    %x3 = arith.mulf %x2, %x16 : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %x16, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x16, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to bf16
    %table = arith.extf %at : bf16 to f32
    %lo = arith.constant -1.000000e+01 : f32
    %hi = arith.constant 1.000000e+01 : f32
    %chi = arith.cmpf oge, %in, %hi : f32
    %a0 = arith.select %chi, %in, %table : f32
    %clo = arith.cmpf ole, %in, %lo : f32
    %act = arith.select %clo, %zero, %a0 : f32
    %y = arith.mulf %act, %in_1 : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Near miss: x rounded to bf16.
// CHECK-LABEL: func.func @x_rounded_bf16(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @x_rounded_bf16(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{not raised: the table rounds through another type or rounding mode than f16 to nearest even}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %xt = arith.truncf %in : f32 to bf16
    %x16 = arith.extf %xt : bf16 to f32
    %x2 = arith.mulf %x16, %x16 : f32
    %x3 = arith.mulf %x2, %x16 : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %x16, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x16, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to f16
    %table = arith.extf %at : f16 to f32
    %lo = arith.constant -1.000000e+01 : f32
    %hi = arith.constant 1.000000e+01 : f32
    %chi = arith.cmpf oge, %in, %hi : f32
    %a0 = arith.select %chi, %in, %table : f32
    %clo = arith.cmpf ole, %in, %lo : f32
    %act = arith.select %clo, %zero, %a0 : f32
    %y = arith.mulf %act, %in_1 : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Near miss: x < -10, not x <= -10 (at -10 the table gives -0, not 0).
// CHECK-LABEL: func.func @strict_cut(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @strict_cut(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %xt = arith.truncf %in : f32 to f16
    %x16 = arith.extf %xt : f16 to f32
    %x2 = arith.mulf %x16, %x16 : f32
    %x3 = arith.mulf %x2, %x16 : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %x16, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x16, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to f16
    %table = arith.extf %at : f16 to f32
    %lo = arith.constant -1.000000e+01 : f32
    %hi = arith.constant 1.000000e+01 : f32
    %chi = arith.cmpf oge, %in, %hi : f32
    %a0 = arith.select %chi, %in, %table : f32
    %clo = arith.cmpf olt, %in, %lo : f32
    %act = arith.select %clo, %zero, %a0 : f32
    %y = arith.mulf %act, %in_1 : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Near miss: geglu's table without the cut-offs.
// CHECK-LABEL: func.func @no_cuts(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @no_cuts(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{not raised: f16 table geglu without the +-10 cut-offs}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %xt = arith.truncf %in : f32 to f16
    %x16 = arith.extf %xt : f16 to f32
    %x2 = arith.mulf %x16, %x16 : f32
    %x3 = arith.mulf %x2, %x16 : f32
    %t0 = arith.mulf %ca, %x3 : f32
    %t1 = arith.addf %x16, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %x16, %half : f32
    %gelu = arith.mulf %t5, %t4 : f32
    %at = arith.truncf %gelu : f32 to f16
    %table = arith.extf %at : f16 to f32
    %y = arith.mulf %table, %in_1 : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
