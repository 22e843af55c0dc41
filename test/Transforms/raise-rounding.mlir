// glu-raise on the rounding plans as frontends write them in f16/bf16:
// `act(x).to(bf16) * g` multiplies two storage values in the storage type
// (torch-mlir's mul generic on bf16, StableHLO's multiply, JAX's `*`), which
// is the two_round plan (the f32 product of two bf16 or f16 values is exact,
// docs/embedding.md). Near misses (another rounding type, a rounding mode,
// no rounding) stay unraised.
//
// RUN: glu-opt %s -split-input-file -glu-raise="emit-remarks" -verify-diagnostics | FileCheck %s

// JAX: silu in f32, .astype(bf16), then * g in bf16.
// CHECK-LABEL: func.func @jax_bf16_two_round(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu swiglu(%[[X]], %[[G]]) : tensor<4x8xbf16>
// CHECK-NEXT:    return %[[Y]]
func.func @jax_bf16_two_round(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %one = arith.constant dense<1.000000e+00> : tensor<4x8xf32>
  %xf = arith.extf %x : tensor<4x8xbf16> to tensor<4x8xf32>
  %n = arith.negf %xf : tensor<4x8xf32>
  %ex = math.exp %n : tensor<4x8xf32>
  %d = arith.addf %ex, %one : tensor<4x8xf32>
  %s = arith.divf %xf, %d : tensor<4x8xf32>
  %a = arith.truncf %s : tensor<4x8xf32> to tensor<4x8xbf16>
  %y = arith.mulf %a, %g : tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// torch-mlir, (F.gelu(x.float(), approximate="tanh").to(bf16)) with g
// first: one generic per aten op, the last multiply on bf16.
// CHECK-LABEL: func.func @torch_bf16_two_round(
// CHECK-SAME:    %[[X:.*]]: tensor<?x8xbf16>, %[[G:.*]]: tensor<?x8xbf16>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu geglu(%[[X]], %[[G]]) : tensor<?x8xbf16>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @torch_bf16_two_round(%x: tensor<?x8xbf16>, %g: tensor<?x8xbf16>) -> tensor<?x8xbf16> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x8xbf16>
  %e32 = tensor.empty(%d0) : tensor<?x8xf32>
  %e16 = tensor.empty(%d0) : tensor<?x8xbf16>
  %xf = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x8xbf16>) outs(%e32 : tensor<?x8xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %r = arith.extf %in : bf16 to f32
    linalg.yield %r : f32
  } -> tensor<?x8xf32>
  %gelu = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%xf : tensor<?x8xf32>) outs(%e32 : tensor<?x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %k = arith.constant 0.797884583 : f32
    %ca = arith.constant 4.471500e-02 : f32
    %x2 = arith.mulf %in, %in : f32
    %cube = arith.mulf %x2, %in : f32
    %t0 = arith.mulf %ca, %cube : f32
    %t1 = arith.addf %in, %t0 : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %in, %half : f32
    %r = arith.mulf %t5, %t4 : f32
    linalg.yield %r : f32
  } -> tensor<?x8xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%gelu : tensor<?x8xf32>) outs(%e16 : tensor<?x8xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %r = arith.truncf %in : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<?x8xbf16>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%g, %a : tensor<?x8xbf16>, tensor<?x8xbf16>) outs(%e16 : tensor<?x8xbf16>) {
  ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
    %m = arith.mulf %in, %in_1 : bf16
    linalg.yield %m : bf16
  } -> tensor<?x8xbf16>
  return %y : tensor<?x8xbf16>
}

// -----

// StableHLO-to-linalg, f16: logistic(1.702 x) computed in f32 in one generic
// with the converts, the multiply in f16 in another.
// CHECK-LABEL: func.func @stablehlo_f16_two_round(
// CHECK-SAME:    %[[X:.*]]: tensor<2x4xf16>, %[[G:.*]]: tensor<2x4xf16>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu geglu_quick(%[[X]], %[[G]]) : tensor<2x4xf16>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @stablehlo_f16_two_round(%x: tensor<2x4xf16>, %g: tensor<2x4xf16>) -> tensor<2x4xf16> {
  %e = tensor.empty() : tensor<2x4xf16>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf16>) outs(%e : tensor<2x4xf16>) {
  ^bb0(%in: f16, %out: f16):
    %xf = arith.extf %in : f16 to f32
    %k = arith.constant 1.702000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %t = arith.mulf %xf, %k : f32
    %n = arith.negf %t : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %one, %d : f32
    %m = arith.mulf %xf, %s : f32
    %r = arith.truncf %m : f32 to f16
    linalg.yield %r : f16
  } -> tensor<2x4xf16>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %g : tensor<2x4xf16>, tensor<2x4xf16>) outs(%e : tensor<2x4xf16>) {
  ^bb0(%in: f16, %in_1: f16, %out: f16):
    %m = arith.mulf %in_1, %in : f16
    linalg.yield %m : f16
  } -> tensor<2x4xf16>
  return %y : tensor<2x4xf16>
}

// -----

// Near miss: the activation rounded to f16 while storage is bf16.
// CHECK-LABEL: func.func @wrong_rounding_type(
// CHECK-NOT:     glu.glu
func.func @wrong_rounding_type(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %one = arith.constant dense<1.000000e+00> : tensor<4x8xf32>
  %xf = arith.extf %x : tensor<4x8xbf16> to tensor<4x8xf32>
  %gf = arith.extf %g : tensor<4x8xbf16> to tensor<4x8xf32>
  %n = arith.negf %xf : tensor<4x8xf32>
  %ex = math.exp %n : tensor<4x8xf32>
  %d = arith.addf %ex, %one : tensor<4x8xf32>
  %s = arith.divf %xf, %d : tensor<4x8xf32>
  %a16 = arith.truncf %s : tensor<4x8xf32> to tensor<4x8xf16>
  %a = arith.extf %a16 : tensor<4x8xf16> to tensor<4x8xf32>
  %m = arith.mulf %a, %gf : tensor<4x8xf32>
  // expected-remark @below {{not raised: the activation is rounded to another type than the storage}}
  %y = arith.truncf %m : tensor<4x8xf32> to tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// Near miss: the activation rounded with an explicit rounding mode.
// CHECK-LABEL: func.func @rounding_mode(
// CHECK-NOT:     glu.glu
func.func @rounding_mode(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %one = arith.constant dense<1.000000e+00> : tensor<4x8xf32>
  %xf = arith.extf %x : tensor<4x8xbf16> to tensor<4x8xf32>
  %n = arith.negf %xf : tensor<4x8xf32>
  %ex = math.exp %n : tensor<4x8xf32>
  %d = arith.addf %ex, %one : tensor<4x8xf32>
  %s = arith.divf %xf, %d : tensor<4x8xf32>
  %a = arith.truncf %s to_nearest_away : tensor<4x8xf32> to tensor<4x8xbf16>
  // expected-remark @below {{not raised: the activation is rounded with an explicit rounding mode, not to nearest even}}
  %y = arith.mulf %a, %g : tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// Near miss: the activation computed in bf16 (no f32 program rounds so).
// CHECK-LABEL: func.func @act_in_bf16(
// CHECK-NOT:     glu.glu
func.func @act_in_bf16(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %one = arith.constant dense<1.000000e+00> : tensor<4x8xbf16>
  %n = arith.negf %x : tensor<4x8xbf16>
  %ex = math.exp %n : tensor<4x8xbf16>
  %d = arith.addf %ex, %one : tensor<4x8xbf16>
  %s = arith.divf %x, %d : tensor<4x8xbf16>
  // expected-remark @below {{not raised: arithmetic in bf16, not in f32 (no rounding plan computes so)}}
  %y = arith.mulf %s, %g : tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}
