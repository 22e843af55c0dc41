// glu-raise: the elementwise code frontends emit for GLU activations
// becomes glu.glu; near misses (another constant, a missing term, arithmetic
// in the storage type) stay as they are, each with the remark saying why.
// The IR is shaped like torch-mlir's TorchToLinalg output (one generic per
// aten op, constants inside the bodies, relu as select(x ugt 0, x, 0),
// gelu's erf(x - 0) / sqrt(2)), StableHLO's legalize-to-linalg output
// (logistic as 1 / (exp(-x) + 1), maximum for relu, converts at tensor
// level) and arith/math ops on tensors.
//
// RUN: glu-opt %s -split-input-file -glu-raise="emit-remarks" -verify-diagnostics | FileCheck %s

// torch-mlir, F.silu(x) * g: sigmoid, x * sigmoid and * g as three generics.
// CHECK-LABEL: func.func @torch_silu_mul(
// CHECK-SAME:    %[[X:.*]]: tensor<?x64xf32>, %[[G:.*]]: tensor<?x64xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu swiglu(%[[X]], %[[G]]) : tensor<?x64xf32>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @torch_silu_mul(%x: tensor<?x64xf32>, %g: tensor<?x64xf32>) -> tensor<?x64xf32> {
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

// -----

// torch-mlir, F.gelu(x) * g: x * (0.5 * (1 + erf((x - 0) / sqrt(2)))).
// CHECK-LABEL: func.func @torch_gelu_erf(
// CHECK-SAME:    %[[X:.*]]: tensor<4x64xf32>, %[[G:.*]]: tensor<4x64xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu geglu_erf(%[[X]], %[[G]]) : tensor<4x64xf32>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @torch_gelu_erf(%x: tensor<4x64xf32>, %g: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %e0 = tensor.empty() : tensor<4x64xf32>
  %gelu = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x64xf32>) outs(%e0 : tensor<4x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %sub = arith.subf %in, %zero : f32
    %two = arith.constant 2.000000e+00 : f32
    %sqrt2 = math.sqrt %two : f32
    %div = arith.divf %sub, %sqrt2 : f32
    %erf = math.erf %div : f32
    %one2 = arith.constant 1.000000e+00 : f32
    %add = arith.addf %one2, %erf : f32
    %half = arith.constant 5.000000e-01 : f32
    %cdf = arith.mulf %half, %add : f32
    %r = arith.mulf %in, %cdf : f32
    linalg.yield %r : f32
  } -> tensor<4x64xf32>
  %e1 = tensor.empty() : tensor<4x64xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%gelu, %g : tensor<4x64xf32>, tensor<4x64xf32>) outs(%e1 : tensor<4x64xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----

// torch-mlir's F.gelu(x, approximate="tanh") uses 0.7977240352174656 where
// sqrt(2/pi) = 0.7978845608: another function, not geglu.
// CHECK-LABEL: func.func @torch_gelu_tanh(
// CHECK-NOT:     glu.glu
// CHECK:         math.tanh
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @torch_gelu_tanh(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{not raised: tanh argument 0.797724068*x + 0.0356702305*x^3 is not SQRT_2_OVER_PI*(x + C_A*x^3)}}
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %c3 = arith.constant 3 : i64
    %x3 = math.fpowi %in, %c3 : f32, i64
    %ca = arith.constant 4.471500e-02 : f32
    %t0 = arith.mulf %x3, %ca : f32
    %t1 = arith.addf %in, %t0 : f32
    %beta = arith.constant 0.797724068 : f32
    %t2 = arith.mulf %beta, %t1 : f32
    %th = math.tanh %t2 : f32
    %one = arith.constant 1.000000e+00 : f32
    %t3 = arith.addf %one, %th : f32
    %half = arith.constant 5.000000e-01 : f32
    %t4 = arith.mulf %half, %t3 : f32
    %t5 = arith.mulf %in, %t4 : f32
    %m = arith.mulf %t5, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// JAX's jax.nn.gelu(approximate=True) * g as arith/math on tensors, x**3 as
// x*x*x, sqrt(2/pi) rounded to f32.
// CHECK-LABEL: func.func @jax_gelu_tanh(
// CHECK-SAME:    %[[X:.*]]: tensor<2x8xf32>, %[[G:.*]]: tensor<2x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu geglu(%[[X]], %[[G]]) : tensor<2x8xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @jax_gelu_tanh(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c_ca = arith.constant dense<4.471500e-02> : tensor<2x8xf32>
  %c_k = arith.constant dense<0.797884583> : tensor<2x8xf32>
  %c_one = arith.constant dense<1.000000e+00> : tensor<2x8xf32>
  %c_half = arith.constant dense<5.000000e-01> : tensor<2x8xf32>
  %x2 = arith.mulf %x, %x : tensor<2x8xf32>
  %x3 = arith.mulf %x2, %x : tensor<2x8xf32>
  %t0 = arith.mulf %c_ca, %x3 : tensor<2x8xf32>
  %t1 = arith.addf %x, %t0 : tensor<2x8xf32>
  %t2 = arith.mulf %c_k, %t1 : tensor<2x8xf32>
  %t3 = math.tanh %t2 : tensor<2x8xf32>
  %t4 = arith.addf %c_one, %t3 : tensor<2x8xf32>
  %t5 = arith.mulf %c_half, %t4 : tensor<2x8xf32>
  %t6 = arith.mulf %x, %t5 : tensor<2x8xf32>
  %y = arith.mulf %t6, %g : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

// StableHLO logistic * multiply, fused into one generic.
// CHECK-LABEL: func.func @stablehlo_silu_fused(
// CHECK-SAME:    %[[X:.*]]: tensor<8x16xf32>, %[[G:.*]]: tensor<8x16xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu swiglu(%[[X]], %[[G]]) : tensor<8x16xf32>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @stablehlo_silu_fused(%x: tensor<8x16xf32>, %g: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.000000e+00 : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %one, %d : f32
    %xs = arith.mulf %in, %s : f32
    %m = arith.mulf %xs, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// g * (x / (1 + exp(-x))), and x * sigmoid(1.702 x) * g written as
// exp(-1.702 * x).
// CHECK-LABEL: func.func @silu_div_and_quick(
// CHECK-SAME:    %[[X:.*]]: tensor<4xf32>, %[[G:.*]]: tensor<4xf32>)
// CHECK-DAG:     %[[Y:.*]] = glu.glu swiglu(%[[X]], %[[G]]) : tensor<4xf32>
// CHECK-DAG:     %[[Z:.*]] = glu.glu geglu_quick(%[[X]], %[[G]]) : tensor<4xf32>
// CHECK-NOT:     math.exp
// CHECK:         return %[[Y]], %[[Z]]
func.func @silu_div_and_quick(%x: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %k = arith.constant dense<-1.702000e+00> : tensor<4xf32>
  %n = arith.negf %x : tensor<4xf32>
  %e = math.exp %n : tensor<4xf32>
  %d = arith.addf %one, %e : tensor<4xf32>
  %a = arith.divf %x, %d : tensor<4xf32>
  %y = arith.mulf %g, %a : tensor<4xf32>
  %kx = arith.mulf %k, %x : tensor<4xf32>
  %eq = math.exp %kx : tensor<4xf32>
  %dq = arith.addf %eq, %one : tensor<4xf32>
  %sq = arith.divf %one, %dq : tensor<4xf32>
  %xq = arith.mulf %x, %sq : tensor<4xf32>
  %z = arith.mulf %xq, %g : tensor<4xf32>
  return %y, %z : tensor<4xf32>, tensor<4xf32>
}

// -----

// A part of the expression used elsewhere stays; the rest goes.
// CHECK-LABEL: func.func @shared_sigmoid(
// CHECK-SAME:    %[[X:.*]]: tensor<4xf32>, %[[G:.*]]: tensor<4xf32>)
// CHECK:         %[[S:.*]] = arith.divf
// CHECK-NEXT:    %[[Y:.*]] = glu.glu swiglu(%[[X]], %[[G]]) : tensor<4xf32>
// CHECK-NEXT:    return %[[Y]], %[[S]]
func.func @shared_sigmoid(%x: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %n = arith.negf %x : tensor<4xf32>
  %e = math.exp %n : tensor<4xf32>
  %d = arith.addf %e, %one : tensor<4xf32>
  %s = arith.divf %one, %d : tensor<4xf32>
  %a = arith.mulf %x, %s : tensor<4xf32>
  %y = arith.mulf %a, %g : tensor<4xf32>
  return %y, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

// relu(x) * g: torch-mlir's select(x ugt 0, x, 0), StableHLO's maximum.
// CHECK-LABEL: func.func @relu_mul(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xf32>, %[[G:.*]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu reglu(%[[X]], %[[G]]) : tensor<4x8xf32>
// CHECK-NEXT:    %[[Z:.*]] = glu.glu reglu(%[[X]], %[[G]]) : tensor<4x8xf32>
// CHECK-NEXT:    return %[[Y]], %[[Z]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @relu_mul(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %c = arith.cmpf ugt, %in, %zero : f32
    %r = arith.select %c, %in, %zero : f32
    %m = arith.mulf %r, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %zeros = arith.constant dense<0.000000e+00> : tensor<4x8xf32>
  %mx = arith.maximumf %x, %zeros : tensor<4x8xf32>
  %z = arith.mulf %g, %mx : tensor<4x8xf32>
  return %y, %z : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// ggml's reglu: x > 0 ? x*g : 0.
// CHECK-LABEL: func.func @reglu_select(
// CHECK-NEXT:    glu.glu reglu(%{{.*}}, %{{.*}}) : tensor<4x8xf32>
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @reglu_select(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %c = arith.cmpf ogt, %in, %zero : f32
    %m = arith.mulf %in, %in_1 : f32
    %r = arith.select %c, %m, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// bf16 computed in f32, rounded once: the one_round plan.
// CHECK-LABEL: func.func @bf16_one_round(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>)
// CHECK-NEXT:    glu.glu swiglu(%[[X]], %[[G]]) rounding(one_round) : tensor<4x8xbf16>
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @bf16_one_round(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %e = tensor.empty() : tensor<4x8xbf16>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
    %xf = arith.extf %in : bf16 to f32
    %gf = arith.extf %in_1 : bf16 to f32
    %n = arith.negf %xf : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.000000e+00 : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %xf, %d : f32
    %m = arith.mulf %s, %gf : f32
    %r = arith.truncf %m : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// JAX with converts to f32 and back (stablehlo.convert at tensor level).
// CHECK-LABEL: func.func @jax_f16_geglu_quick(
// CHECK-SAME:    %[[X:.*]]: tensor<2x4xf16>, %[[G:.*]]: tensor<2x4xf16>)
// CHECK-NEXT:    glu.glu geglu_quick(%[[X]], %[[G]]) rounding(one_round) : tensor<2x4xf16>
// CHECK-NEXT:    return
func.func @jax_f16_geglu_quick(%x: tensor<2x4xf16>, %g: tensor<2x4xf16>) -> tensor<2x4xf16> {
  %xf = arith.extf %x : tensor<2x4xf16> to tensor<2x4xf32>
  %gf = arith.extf %g : tensor<2x4xf16> to tensor<2x4xf32>
  %k = arith.constant dense<1.702000e+00> : tensor<2x4xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<2x4xf32>
  %kx = arith.mulf %xf, %k : tensor<2x4xf32>
  %n = arith.negf %kx : tensor<2x4xf32>
  %e = math.exp %n : tensor<2x4xf32>
  %d = arith.addf %e, %one : tensor<2x4xf32>
  %s = arith.divf %one, %d : tensor<2x4xf32>
  %a = arith.mulf %xf, %s : tensor<2x4xf32>
  %y = arith.mulf %a, %gf : tensor<2x4xf32>
  %r = arith.truncf %y : tensor<2x4xf32> to tensor<2x4xf16>
  return %r : tensor<2x4xf16>
}

// -----

// silu(x).to(bf16) * g: the activation rounded to bf16 before the multiply,
// the two_round plan (the default, not printed).
// CHECK-LABEL: func.func @bf16_two_round(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>)
// CHECK-NEXT:    glu.glu swiglu(%[[X]], %[[G]]) : tensor<4x8xbf16>
// CHECK-NEXT:    return
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @bf16_two_round(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %e = tensor.empty() : tensor<4x8xbf16>
  %act = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %xf = arith.extf %in : bf16 to f32
    %n = arith.negf %xf : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.000000e+00 : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %one, %d : f32
    %a = arith.mulf %xf, %s : f32
    %r = arith.truncf %a : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<4x8xbf16>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%act, %g : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
    %af = arith.extf %in : bf16 to f32
    %gf = arith.extf %in_1 : bf16 to f32
    %m = arith.mulf %af, %gf : f32
    %r = arith.truncf %m : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// Arithmetic in bf16 is no rounding plan.
// CHECK-LABEL: func.func @bf16_arith(
// CHECK-NOT:     glu.glu
// CHECK:         math.exp %{{.*}} : bf16
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @bf16_arith(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %e = tensor.empty() : tensor<4x8xbf16>
  // expected-remark @below {{not raised: arithmetic in bf16, not in f32 (no rounding plan computes so)}}
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
    %n = arith.negf %in : bf16
    %ex = math.exp %n : bf16
    %one = arith.constant 1.000000e+00 : bf16
    %d = arith.addf %ex, %one : bf16
    %s = arith.divf %in, %d : bf16
    %m = arith.mulf %s, %in_1 : bf16
    linalg.yield %m : bf16
  } -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// Two slices of one tensor: the halves of an odd width (torch's chunk), the
// swapped halves, the even/odd elements (gpt-oss's a[..., ::2], a[..., 1::2]).
// CHECK-LABEL: func.func @slices(
// CHECK-SAME:    %[[A:.*]]: tensor<?x11xf32>, %[[B:.*]]: tensor<3x16xf32>)
// CHECK-NOT:     tensor.extract_slice
// CHECK-DAG:     %[[Y:.*]] = glu.glu swiglu(%[[A]]) : tensor<?x11xf32> -> tensor<?x5xf32>
// CHECK-DAG:     %[[Z:.*]] = glu.glu reglu(%[[B]]) packing(swapped) : tensor<3x16xf32> -> tensor<3x8xf32>
// CHECK-DAG:     %[[W:.*]] = glu.glu reglu(%[[B]]) packing(interleaved) : tensor<3x16xf32> -> tensor<3x8xf32>
// CHECK:         return %[[Y]], %[[Z]], %[[W]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @slices(%a: tensor<?x11xf32>, %b: tensor<3x16xf32>) -> (tensor<?x5xf32>, tensor<3x8xf32>, tensor<3x8xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x11xf32>
  %x = tensor.extract_slice %a[0, 0] [%n, 5] [1, 1] : tensor<?x11xf32> to tensor<?x5xf32>
  %g = tensor.extract_slice %a[0, 5] [%n, 5] [1, 1] : tensor<?x11xf32> to tensor<?x5xf32>
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty(%n) : tensor<?x5xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<?x5xf32>, tensor<?x5xf32>) outs(%e : tensor<?x5xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %nx = arith.negf %in : f32
    %ex = math.exp %nx : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %in, %d : f32
    %m = arith.mulf %s, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<?x5xf32>
  %up = tensor.extract_slice %b[0, 0] [3, 8] [1, 1] : tensor<3x16xf32> to tensor<3x8xf32>
  %gate = tensor.extract_slice %b[0, 8] [3, 8] [1, 1] : tensor<3x16xf32> to tensor<3x8xf32>
  %zeros = arith.constant dense<0.000000e+00> : tensor<3x8xf32>
  %r = arith.maximumf %gate, %zeros : tensor<3x8xf32>
  %z = arith.mulf %r, %up : tensor<3x8xf32>
  %ev = tensor.extract_slice %b[0, 0] [3, 8] [1, 2] : tensor<3x16xf32> to tensor<3x8xf32>
  %od = tensor.extract_slice %b[0, 1] [3, 8] [1, 2] : tensor<3x16xf32> to tensor<3x8xf32>
  %r2 = arith.maximumf %ev, %zeros : tensor<3x8xf32>
  %w = arith.mulf %r2, %od : tensor<3x8xf32>
  return %y, %z, %w : tensor<?x5xf32>, tensor<3x8xf32>, tensor<3x8xf32>
}

// -----

// Overlapping slices are no packing: the split form on the slices.
// CHECK-LABEL: func.func @overlapping_slices(
// CHECK:         %[[X:.*]] = tensor.extract_slice %{{.*}}[0, 0] [3, 4] [1, 1]
// CHECK:         %[[G:.*]] = tensor.extract_slice %{{.*}}[0, 2] [3, 4] [1, 1]
// CHECK:         glu.glu reglu(%[[X]], %[[G]]) : tensor<3x4xf32>
func.func @overlapping_slices(%b: tensor<3x8xf32>) -> tensor<3x4xf32> {
  %x = tensor.extract_slice %b[0, 0] [3, 4] [1, 1] : tensor<3x8xf32> to tensor<3x4xf32>
  %g = tensor.extract_slice %b[0, 2] [3, 4] [1, 1] : tensor<3x8xf32> to tensor<3x4xf32>
  %zeros = arith.constant dense<0.000000e+00> : tensor<3x4xf32>
  %r = arith.maximumf %x, %zeros : tensor<3x4xf32>
  %z = arith.mulf %r, %g : tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

// -----

// Near miss: sigmoid(1.7 x), neither swiglu nor geglu_quick.
// CHECK-LABEL: func.func @sigmoid_scale(
// CHECK-NOT:     glu.glu
func.func @sigmoid_scale(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %k = arith.constant dense<-1.700000e+00> : tensor<4xf32>
  %kx = arith.mulf %k, %x : tensor<4xf32>
  %e = math.exp %kx : tensor<4xf32>
  %d = arith.addf %e, %one : tensor<4xf32>
  %a = arith.divf %x, %d : tensor<4xf32>
  // expected-remark @below {{not raised: sigmoid scale 1.70000005 is neither 1 (swiglu) nor 1.702 (geglu_quick)}}
  %y = arith.mulf %a, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Near miss: x / (1 + exp(+x)) is x * sigmoid(-x).
// CHECK-LABEL: func.func @sigmoid_wrong_sign(
// CHECK-NOT:     glu.glu
func.func @sigmoid_wrong_sign(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %e = math.exp %x : tensor<4xf32>
  %d = arith.addf %e, %one : tensor<4xf32>
  %a = arith.divf %x, %d : tensor<4xf32>
  // expected-remark @below {{not raised: sigmoid scale -1 is neither 1 (swiglu) nor 1.702 (geglu_quick)}}
  %y = arith.mulf %a, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Near miss: x / (2 + exp(-x)).
// CHECK-LABEL: func.func @two_plus_exp(
// CHECK-NOT:     glu.glu
func.func @two_plus_exp(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %two = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %n = arith.negf %x : tensor<4xf32>
  %e = math.exp %n : tensor<4xf32>
  %d = arith.addf %e, %two : tensor<4xf32>
  %a = arith.divf %x, %d : tensor<4xf32>
  // expected-remark @below {{not raised: 2 + exp(...) is not 1 + exp(...)}}
  %y = arith.mulf %a, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Missing term: silu(x) alone has no up factor.
// CHECK-LABEL: func.func @silu_alone(
// CHECK-NOT:     glu.glu
func.func @silu_alone(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %n = arith.negf %x : tensor<4xf32>
  %e = math.exp %n : tensor<4xf32>
  %d = arith.addf %e, %one : tensor<4xf32>
  // expected-remark @below {{not raised: computes swiglu's activation alone, with no up factor g}}
  %a = arith.divf %x, %d : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// Missing term: sigmoid(x) * g lacks the factor x.
// CHECK-LABEL: func.func @sigmoid_times_g(
// CHECK-NOT:     glu.glu
func.func @sigmoid_times_g(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %n = arith.negf %x : tensor<4xf32>
  %e = math.exp %n : tensor<4xf32>
  %d = arith.addf %e, %one : tensor<4xf32>
  %a = arith.divf %g, %d : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// Missing term: x * sigmoid(w) * g is not a function of one gate.
// CHECK-LABEL: func.func @different_x(
// CHECK-NOT:     glu.glu
func.func @different_x(%x: tensor<4xf32>, %w: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %n = arith.negf %w : tensor<4xf32>
  %e = math.exp %n : tensor<4xf32>
  %d = arith.addf %e, %one : tensor<4xf32>
  %a = arith.divf %x, %d : tensor<4xf32>
  %y = arith.mulf %a, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Missing term: tanh(k x) without the cubic.
// CHECK-LABEL: func.func @gelu_no_cubic(
// CHECK-NOT:     glu.glu
func.func @gelu_no_cubic(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %k = arith.constant dense<0.797884583> : tensor<4xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %half = arith.constant dense<5.000000e-01> : tensor<4xf32>
  %u = arith.mulf %k, %x : tensor<4xf32>
  %t = math.tanh %u : tensor<4xf32>
  %a = arith.addf %one, %t : tensor<4xf32>
  %b = arith.mulf %half, %a : tensor<4xf32>
  %c = arith.mulf %x, %b : tensor<4xf32>
  // expected-remark @below {{not raised: tanh argument 0.797884583*x + 0*x^3 is not SQRT_2_OVER_PI*(x + C_A*x^3)}}
  %y = arith.mulf %c, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Near miss: C_A = 0.044716 in the form k*x*(1 + c*x^2).
// CHECK-LABEL: func.func @gelu_ca(
// CHECK-NOT:     glu.glu
func.func @gelu_ca(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %ca = arith.constant dense<4.471600e-02> : tensor<4xf32>
  %k = arith.constant dense<0.797884583> : tensor<4xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %half = arith.constant dense<5.000000e-01> : tensor<4xf32>
  %x2 = arith.mulf %x, %x : tensor<4xf32>
  %p = arith.mulf %ca, %x2 : tensor<4xf32>
  %q = arith.addf %p, %one : tensor<4xf32>
  %r = arith.mulf %x, %q : tensor<4xf32>
  %u = arith.mulf %k, %r : tensor<4xf32>
  %t = math.tanh %u : tensor<4xf32>
  %a = arith.addf %one, %t : tensor<4xf32>
  %b = arith.mulf %half, %a : tensor<4xf32>
  %c = arith.mulf %x, %b : tensor<4xf32>
  // expected-remark @below {{not raised: tanh argument 0.797884583*x + 0.0356782075*x^3 is not SQRT_2_OVER_PI*(x + C_A*x^3)}}
  %y = arith.mulf %c, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Missing term: x * (1 + erf(x / sqrt 2)) * g lacks the 0.5.
// CHECK-LABEL: func.func @gelu_no_half(
// CHECK-NOT:     glu.glu
func.func @gelu_no_half(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %k = arith.constant dense<0.707106769> : tensor<4xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %u = arith.mulf %x, %k : tensor<4xf32>
  %t = math.erf %u : tensor<4xf32>
  %a = arith.addf %one, %t : tensor<4xf32>
  %c = arith.mulf %x, %a : tensor<4xf32>
  // expected-remark @below {{not raised: constant factor 1 in GELU, not 0.5}}
  %y = arith.mulf %c, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Near miss: erf(x / sqrt 3).
// CHECK-LABEL: func.func @gelu_erf_scale(
// CHECK-NOT:     glu.glu
func.func @gelu_erf_scale(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %s3 = arith.constant dense<1.73205078> : tensor<4xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %half = arith.constant dense<5.000000e-01> : tensor<4xf32>
  %u = arith.divf %x, %s3 : tensor<4xf32>
  %t = math.erf %u : tensor<4xf32>
  %a = arith.addf %one, %t : tensor<4xf32>
  %b = arith.mulf %a, %half : tensor<4xf32>
  %c = arith.mulf %x, %b : tensor<4xf32>
  // expected-remark @below {{not raised: erf argument scale 0.57735028 is not SQRT_2_INV}}
  %y = arith.mulf %c, %g : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Near misses: max(x, 6) * g, and leaky relu (x > 0 ? x : 0.01) * g.
// CHECK-LABEL: func.func @relu6(
// CHECK-NOT:     glu.glu
func.func @relu6(%x: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<6.000000e+00> : tensor<4xf32>
  %m = arith.maximumf %x, %c : tensor<4xf32>
  // expected-remark @below {{not raised: max(x, 6) is not relu}}
  %y = arith.mulf %m, %g : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  // expected-remark @below {{not raised: select(x > 0, x, 0.00999999978) is not relu}}
  %z = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %g : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %leak = arith.constant 0.00999999977 : f32
    %cmp = arith.cmpf ogt, %in, %zero : f32
    %r = arith.select %cmp, %in, %leak : f32
    %p = arith.mulf %r, %in_1 : f32
    linalg.yield %p : f32
  } -> tensor<4xf32>
  return %y, %z : tensor<4xf32>, tensor<4xf32>
}

// -----

// Not elementwise: g broadcast along the rows.
// CHECK-LABEL: func.func @broadcast_g(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>
#bcast = affine_map<(d0, d1) -> (d1)>

func.func @broadcast_g(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#map, #bcast, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.000000e+00 : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %in, %d : f32
    %m = arith.mulf %s, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
