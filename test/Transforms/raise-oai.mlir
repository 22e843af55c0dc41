// glu-raise on swiglu_oai (gpt-oss): xc = min(x, limit),
// y = xc * sigmoid(alpha * xc) * (clamp(g, -limit, limit) + 1), as torch-mlir
// (one generic per aten op, clamp as a NaN-propagating cmpf + select,
// interleaved halves as strided slices), StableHLO-to-linalg (minimum and
// maximum against broadcast scalars) and JAX (arith ops on tensors) write it,
// in f32 and in bf16 (one_round and two_round). Near misses stay unraised.
//
// RUN: glu-opt %s -split-input-file -glu-raise="emit-remarks" -verify-diagnostics | FileCheck %s

// torch-mlir, gpt-oss's swiglu on x[..., ::2] and x[..., 1::2].
// CHECK-LABEL: func.func @torch_oai_interleaved(
// CHECK-SAME:    %[[A:.*]]: tensor<4x16xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu swiglu_oai(%[[A]]) packing(interleaved) : tensor<4x16xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @torch_oai_interleaved(%a: tensor<4x16xf32>) -> tensor<4x8xf32> {
  %x = tensor.extract_slice %a[0, 0] [4, 8] [1, 2] : tensor<4x16xf32> to tensor<4x8xf32>
  %g = tensor.extract_slice %a[0, 1] [4, 8] [1, 2] : tensor<4x16xf32> to tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %xc = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %max = arith.constant 7.000000e+00 : f32
    %c = arith.cmpf ogt, %in, %max : f32
    %r = arith.select %c, %max, %in : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %gc = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %min = arith.constant -7.000000e+00 : f32
    %max = arith.constant 7.000000e+00 : f32
    %c0 = arith.cmpf olt, %in, %min : f32
    %r0 = arith.select %c0, %min, %in : f32
    %c1 = arith.cmpf ult, %r0, %max : f32
    %r1 = arith.select %c1, %r0, %max : f32
    linalg.yield %r1 : f32
  } -> tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%xc : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %alpha = arith.constant 1.702000e+00 : f32
    %t = arith.mulf %in, %alpha : f32
    %n = arith.negf %t : f32
    %one = arith.constant 1.000000e+00 : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %act = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%xc, %s : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %up = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%gc : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %one = arith.constant 1.000000e+00 : f32
    %r = arith.addf %in, %one : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%act, %up : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// StableHLO-to-linalg: minimum/clamp against broadcast rank-0 constants, the
// up factor first, another alpha and limit.
// CHECK-LABEL: func.func @stablehlo_oai(
// CHECK-SAME:    %[[X:.*]]: tensor<2x8xf32>, %[[G:.*]]: tensor<2x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu swiglu_oai(%[[X]], %[[G]]) alpha(1.000000e+00) limit(5.000000e+00) : tensor<2x8xf32>
// CHECK-NEXT:    return %[[Y]]
#map = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>

func.func @stablehlo_oai(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %lim = arith.constant dense<5.000000e+00> : tensor<f32>
  %nlim = arith.constant dense<-5.000000e+00> : tensor<f32>
  %e = tensor.empty() : tensor<2x8xf32>
  %xc = linalg.generic {indexing_maps = [#map, #scalar, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %lim : tensor<2x8xf32>, tensor<f32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %l: f32, %out: f32):
    %r = arith.minimumf %in, %l : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %gc = linalg.generic {indexing_maps = [#scalar, #map, #scalar, #map], iterator_types = ["parallel", "parallel"]} ins(%nlim, %g, %lim : tensor<f32>, tensor<2x8xf32>, tensor<f32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%lo: f32, %in: f32, %hi: f32, %out: f32):
    %m = arith.maximumf %lo, %in : f32
    %r = arith.minimumf %hi, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%gc, %xc : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%up: f32, %in: f32, %out: f32):
    %one = arith.constant 1.000000e+00 : f32
    %u = arith.addf %one, %up : f32
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %in, %d : f32
    %r = arith.mulf %u, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

// JAX: jnp.minimum, jnp.clip (as max then min), arith on tensors.
// CHECK-LABEL: func.func @jax_oai(
// CHECK-SAME:    %[[X:.*]]: tensor<2x8xf32>, %[[G:.*]]: tensor<2x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = glu.glu swiglu_oai(%[[X]], %[[G]]) : tensor<2x8xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @jax_oai(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %lim = arith.constant dense<7.000000e+00> : tensor<2x8xf32>
  %nlim = arith.constant dense<-7.000000e+00> : tensor<2x8xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<2x8xf32>
  %alpha = arith.constant dense<-1.702000e+00> : tensor<2x8xf32>
  %xc = arith.minimumf %lim, %x : tensor<2x8xf32>
  %g0 = arith.minimumf %g, %lim : tensor<2x8xf32>
  %gc = arith.maximumf %g0, %nlim : tensor<2x8xf32>
  %t = arith.mulf %alpha, %xc : tensor<2x8xf32>
  %ex = math.exp %t : tensor<2x8xf32>
  %d = arith.addf %one, %ex : tensor<2x8xf32>
  %s = arith.divf %one, %d : tensor<2x8xf32>
  %act = arith.mulf %s, %xc : tensor<2x8xf32>
  %up = arith.addf %gc, %one : tensor<2x8xf32>
  %y = arith.mulf %up, %act : tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

// bf16 computed in f32, rounded once (one_round).
// CHECK-LABEL: func.func @bf16_oai_one_round(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>)
// CHECK-NEXT:    glu.glu swiglu_oai(%[[X]], %[[G]]) rounding(one_round) : tensor<4x8xbf16>
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @bf16_oai_one_round(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %e = tensor.empty() : tensor<4x8xbf16>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
  ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
    %xf = arith.extf %in : bf16 to f32
    %gf = arith.extf %in_1 : bf16 to f32
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %alpha = arith.constant 1.702000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %xc = arith.minimumf %xf, %lim : f32
    %g0 = arith.maximumf %gf, %nlim : f32
    %gc = arith.minimumf %g0, %lim : f32
    %t = arith.mulf %alpha, %xc : f32
    %n = arith.negf %t : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %xc, %d : f32
    %u = arith.addf %gc, %one : f32
    %m = arith.mulf %s, %u : f32
    %r = arith.truncf %m : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// bf16, the activation rounded to bf16 before the multiply (two_round).
// CHECK-LABEL: func.func @bf16_oai_two_round(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xbf16>, %[[G:.*]]: tensor<4x8xbf16>)
// CHECK-NEXT:    glu.glu swiglu_oai(%[[X]], %[[G]]) : tensor<4x8xbf16>
func.func @bf16_oai_two_round(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %lim = arith.constant dense<7.000000e+00> : tensor<4x8xf32>
  %nlim = arith.constant dense<-7.000000e+00> : tensor<4x8xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<4x8xf32>
  %alpha = arith.constant dense<1.702000e+00> : tensor<4x8xf32>
  %xf = arith.extf %x : tensor<4x8xbf16> to tensor<4x8xf32>
  %gf = arith.extf %g : tensor<4x8xbf16> to tensor<4x8xf32>
  %xc = arith.minimumf %xf, %lim : tensor<4x8xf32>
  %t = arith.mulf %alpha, %xc : tensor<4x8xf32>
  %n = arith.negf %t : tensor<4x8xf32>
  %ex = math.exp %n : tensor<4x8xf32>
  %d = arith.addf %ex, %one : tensor<4x8xf32>
  %s = arith.divf %xc, %d : tensor<4x8xf32>
  %a16 = arith.truncf %s : tensor<4x8xf32> to tensor<4x8xbf16>
  %a = arith.extf %a16 : tensor<4x8xbf16> to tensor<4x8xf32>
  %g0 = arith.maximumf %gf, %nlim : tensor<4x8xf32>
  %gc = arith.minimumf %g0, %lim : tensor<4x8xf32>
  %u = arith.addf %gc, %one : tensor<4x8xf32>
  %m = arith.mulf %a, %u : tensor<4x8xf32>
  %r = arith.truncf %m : tensor<4x8xf32> to tensor<4x8xbf16>
  return %r : tensor<4x8xbf16>
}

// -----

// Near miss: the up factor is clamp(g) + 2.
// CHECK-LABEL: func.func @oai_plus_two(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @oai_plus_two(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  // expected-remark @below {{not raised: clamp(g) + 2 is not swiglu_oai's clamp(g) + 1}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %alpha = arith.constant -1.702000e+00 : f32
    %xc = arith.minimumf %in, %lim : f32
    %g0 = arith.maximumf %in_1, %nlim : f32
    %gc = arith.minimumf %g0, %lim : f32
    %two = arith.constant 2.000000e+00 : f32
    %up = arith.addf %gc, %two : f32
    %t = arith.mulf %alpha, %xc : f32
    %ex = math.exp %t : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %xc, %d : f32
    %y = arith.mulf %up, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Near miss: no min on the gate.
// CHECK-LABEL: func.func @oai_no_gate_min(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @oai_no_gate_min(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  // expected-remark @below {{not raised: swiglu_oai's gate is not min(x, limit)}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %alpha = arith.constant -1.702000e+00 : f32
    %xc = arith.negf %in : f32
    %g0 = arith.maximumf %in_1, %nlim : f32
    %gc = arith.minimumf %g0, %lim : f32
    %up = arith.addf %gc, %one : f32
    %t = arith.mulf %alpha, %xc : f32
    %ex = math.exp %t : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %xc, %d : f32
    %y = arith.mulf %up, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Near miss: the gate bound by minnumf, which drops a NaN x.
// CHECK-LABEL: func.func @oai_gate_minnum(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @oai_gate_minnum(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  // expected-remark @below {{not raised: swiglu_oai's gate is not min(x, limit)}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %alpha = arith.constant -1.702000e+00 : f32
    %xc = arith.minnumf %in, %lim : f32
    %g0 = arith.maximumf %in_1, %nlim : f32
    %gc = arith.minimumf %g0, %lim : f32
    %up = arith.addf %gc, %one : f32
    %t = arith.mulf %alpha, %xc : f32
    %ex = math.exp %t : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %xc, %d : f32
    %y = arith.mulf %up, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Near miss: clip(g, limit, -limit): the bounds in the wrong order.
// CHECK-LABEL: func.func @oai_clamp_swapped(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @oai_clamp_swapped(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  // expected-remark @below {{not raised: up clamp [7, -7] is not [-limit, limit] with a finite limit > 0}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %alpha = arith.constant -1.702000e+00 : f32
    %xc = arith.minimumf %in, %lim : f32
    %g0 = arith.maximumf %in_1, %lim : f32
    %gc = arith.minimumf %g0, %nlim : f32
    %up = arith.addf %gc, %one : f32
    %t = arith.mulf %alpha, %xc : f32
    %ex = math.exp %t : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %xc, %d : f32
    %y = arith.mulf %up, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Near miss: the gate bound 6, the up clamp 7.
// CHECK-LABEL: func.func @oai_limit_mismatch(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @oai_limit_mismatch(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  // expected-remark @below {{not raised: gate bound 6 is not the up clamp's 7}}
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %alpha = arith.constant -1.702000e+00 : f32
    %six = arith.constant 6.000000e+00 : f32
    %xc = arith.minimumf %in, %six : f32
    %g0 = arith.maximumf %in_1, %nlim : f32
    %gc = arith.minimumf %g0, %lim : f32
    %up = arith.addf %gc, %one : f32
    %t = arith.mulf %alpha, %xc : f32
    %ex = math.exp %t : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %xc, %d : f32
    %y = arith.mulf %up, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Near miss: no clamp on the up value.
// CHECK-LABEL: func.func @oai_no_up_clamp(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @oai_no_up_clamp(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %alpha = arith.constant -1.702000e+00 : f32
    %xc = arith.minimumf %in, %lim : f32
    %up = arith.addf %in_1, %one : f32
    %t = arith.mulf %alpha, %xc : f32
    %ex = math.exp %t : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %xc, %d : f32
    %y = arith.mulf %up, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Near miss: a clamp that sends NaN to the bound (select on ugt).
// CHECK-LABEL: func.func @oai_clamp_nan_to_bound(
// CHECK-NOT:     glu.glu
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @oai_clamp_nan_to_bound(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<2x8xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %lim = arith.constant 7.000000e+00 : f32
    %nlim = arith.constant -7.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %alpha = arith.constant -1.702000e+00 : f32
    %xc = arith.minimumf %in, %lim : f32
    %g0 = arith.maximumf %in_1, %nlim : f32
    %c = arith.cmpf ugt, %g0, %lim : f32
    %gc = arith.select %c, %lim, %g0 : f32
    %up = arith.addf %gc, %one : f32
    %t = arith.mulf %alpha, %xc : f32
    %ex = math.exp %t : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %xc, %d : f32
    %y = arith.mulf %up, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
