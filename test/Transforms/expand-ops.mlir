// RUN: glu-opt %s -split-input-file -glu-expand-ops -canonicalize -cse | FileCheck %s

// The forward is one elementwise generic whose body is the definition: one
// exp (the sigmoid's), the two_round rounding point as glu.round, and one
// truncation to storage (a NaN stored as the canonical quiet NaN).
// CHECK-LABEL: func @swiglu_bf16
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xbf16>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%[[E]] : tensor<4x8xbf16>)
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK-COUNT-1: math.exp
// CHECK-NOT: math.exp
// CHECK: %[[A:.*]] = glu.round %{{.*}} to bf16 : f32
// CHECK: %[[Y:.*]] = arith.mulf %[[A]], %{{.*}} : f32
// CHECK: %[[T:.*]] = arith.truncf %[[Y]] : f32 to bf16
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[Y]], %[[Y]] : f32
// CHECK: %[[S:.*]] = arith.select %[[NAN]], %{{.*}}, %[[T]] : bf16
// CHECK: linalg.yield %[[S]] : bf16
func.func @swiglu_bf16(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// one_round: no intermediate rounding.
// CHECK-LABEL: func @swiglu_one_round
// CHECK-NOT: glu.round
// CHECK: return
func.func @swiglu_one_round(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %y = glu.glu swiglu(%x, %g) rounding(one_round) : tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// The backward recomputes the forward once and reuses its sigmoid: after CSE
// there is one exp, and d_g multiplies dy by the rounded activation (one
// product: act' is derived alone, at a constant seed, GluDefinitions.h).
// CHECK-LABEL: func @swiglu_back
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<4x8xbf16>, tensor<4x8xbf16>)
// CHECK: ^bb0(%[[DY:.*]]: bf16, %{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: bf16):
// CHECK: %[[DYF:.*]] = arith.extf %[[DY]] : bf16 to f32
// CHECK-COUNT-1: math.exp
// CHECK-NOT: math.exp
// CHECK: %[[R:.*]] = glu.round %{{.*}} to bf16 : f32
// CHECK: %[[DG:.*]] = arith.mulf %[[DYF]], %[[R]] : f32
// CHECK: %[[DGT:.*]] = arith.truncf %[[DG]] : f32 to bf16
// CHECK: %[[DGN:.*]] = arith.select %{{.*}}, %{{.*}}, %[[DGT]] : bf16
// CHECK: linalg.yield %{{.*}}, %[[DGN]] : bf16, bf16
func.func @swiglu_back(%dy: tensor<4x8xbf16>, %x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> (tensor<4x8xbf16>, tensor<4x8xbf16>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<4x8xbf16>
  return %dx, %dg : tensor<4x8xbf16>, tensor<4x8xbf16>
}

// -----

// geglu's forward and backward: one exp each (no tanh: 1 + tanh(u) is
// 2*sigmoid(2u)), compensated with fma.
// CHECK-LABEL: func @geglu_back
// CHECK-NOT: math.tanh
// CHECK-COUNT-1: math.exp
// CHECK-NOT: math.exp
// CHECK: return
func.func @geglu_back(%dy: tensor<?x8xf32>, %x: tensor<?x8xf32>, %g: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %dx, %dg = glu.glu_back geglu(%dy, %x, %g) : tensor<?x8xf32>
  return %dx, %dg : tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// Fused halves: the gate and up halves are slices of the operand; odd widths
// leave the last element unread.
// CHECK-LABEL: func @fused_halves
// CHECK-SAME: (%[[A:.*]]: tensor<2x11xf32>)
// CHECK-DAG: %[[G:.*]] = tensor.extract_slice %[[A]][0, 0] [2, 5] [1, 1]
// CHECK-DAG: %[[U:.*]] = tensor.extract_slice %[[A]][0, 5] [2, 5] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[G]], %[[U]] : tensor<2x5xf32>, tensor<2x5xf32>)
func.func @fused_halves(%a: tensor<2x11xf32>) -> tensor<2x5xf32> {
  %y = glu.glu geglu_quick(%a) : tensor<2x11xf32> -> tensor<2x5xf32>
  return %y : tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func @fused_swapped
// CHECK-SAME: (%[[A:.*]]: tensor<2x10xf32>)
// CHECK-DAG: %[[G:.*]] = tensor.extract_slice %[[A]][0, 5] [2, 5] [1, 1]
// CHECK-DAG: %[[U:.*]] = tensor.extract_slice %[[A]][0, 0] [2, 5] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[G]], %[[U]] :
func.func @fused_swapped(%a: tensor<2x10xf32>) -> tensor<2x5xf32> {
  %y = glu.glu reglu(%a) packing(swapped) : tensor<2x10xf32> -> tensor<2x5xf32>
  return %y : tensor<2x5xf32>
}

// -----

// Interleaved: strided slices (gate at even, up at odd positions).
// CHECK-LABEL: func @fused_interleaved
// CHECK-SAME: (%[[A:.*]]: tensor<2x11xbf16>)
// CHECK-DAG: %[[G:.*]] = tensor.extract_slice %[[A]][0, 0] [2, 5] [1, 2]
// CHECK-DAG: %[[U:.*]] = tensor.extract_slice %[[A]][0, 1] [2, 5] [1, 2]
// CHECK: linalg.generic {{.*}} ins(%[[G]], %[[U]] :
func.func @fused_interleaved(%a: tensor<2x11xbf16>) -> tensor<2x5xbf16> {
  %y = glu.glu swiglu_oai(%a) packing(interleaved) : tensor<2x11xbf16> -> tensor<2x5xbf16>
  return %y : tensor<2x5xbf16>
}

// -----

// The fused gradient is written where the forward read each half, and the
// unread trailing element of an odd width is written as zero.
// CHECK-LABEL: func @fused_back_odd
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[D:.*]] = tensor.empty() : tensor<2x11xf32>
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK: %[[I0:.*]] = tensor.insert_slice %[[R]]#0 into %[[D]][0, 0] [2, 5] [1, 2]
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[R]]#1 into %[[I0]][0, 1] [2, 5] [1, 2]
// CHECK: %[[TAIL:.*]] = tensor.extract_slice %[[I1]][0, 10] [2, 1] [1, 1]
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[TAIL]] : tensor<2x1xf32>)
// CHECK: %[[OUT:.*]] = tensor.insert_slice %[[FILL]] into %[[I1]][0, 10] [2, 1] [1, 1]
// CHECK: return %[[OUT]]
func.func @fused_back_odd(%dy: tensor<2x5xf32>, %a: tensor<2x11xf32>) -> tensor<2x11xf32> {
  %da = glu.glu_back swiglu(%dy, %a) packing(interleaved) : tensor<2x5xf32>, tensor<2x11xf32> -> tensor<2x11xf32>
  return %da : tensor<2x11xf32>
}

// -----

// Even widths have no tail.
// CHECK-LABEL: func @fused_back_even
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @fused_back_even(%dy: tensor<2x5xf32>, %a: tensor<2x10xf32>) -> tensor<2x10xf32> {
  %da = glu.glu_back swiglu(%dy, %a) : tensor<2x5xf32>, tensor<2x10xf32> -> tensor<2x10xf32>
  return %da : tensor<2x10xf32>
}

// -----

// Dynamic sizes the verifier could not check are checked at run time.
// CHECK-LABEL: func @dynamic_checks
// CHECK: cf.assert %{{.*}}, "glu.glu: the fused operand's last dimension must be >= 2"
// CHECK: cf.assert %{{.*}}, "glu.glu_back: operand b has the wrong size along dimension 0"
// CHECK: cf.assert %{{.*}}, "glu.glu_back: dy has the wrong size along dimension 1"
func.func @dynamic_checks(%a: tensor<4x?xf32>, %dy: tensor<?x?xf32>, %x: tensor<?x8xf32>, %g: tensor<?x8xf32>) -> (tensor<4x?xf32>, tensor<?x8xf32>, tensor<?x8xf32>) {
  %y = glu.glu swiglu(%a) : tensor<4x?xf32> -> tensor<4x?xf32>
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x?xf32>, tensor<?x8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>, tensor<?x8xf32>
  return %y, %dx, %dg : tensor<4x?xf32>, tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// f16_table rounds x to f16 and looks the activation up in ggml's table;
// geglu's table bounds are selects at +-10.
// CHECK-LABEL: func @geglu_table
// CHECK: %[[X16:.*]] = glu.round %{{.*}} to f16 : f32
// CHECK: glu.gelu_table %[[X16]] : f32
// CHECK: arith.cmpf oge, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf ole, %{{.*}}, %{{.*}} : f32
func.func @geglu_table(%x: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<8xf32> {
  %y = glu.glu geglu(%x, %g) rounding(f16_table) : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// swiglu_oai's clamps and their inclusive kinks: min(x, limit) passes the
// gradient unless x > limit; clamp(g) unless g < -limit or g > limit.
// CHECK-LABEL: func @oai_back
// CHECK-DAG: %[[LIM:.*]] = arith.constant 6.000000e+00 : f32
// CHECK: arith.minimumf %{{.*}}, %[[LIM]] : f32
// CHECK: arith.cmpf ogt, %{{.*}}, %[[LIM]] : f32
func.func @oai_back(%dy: tensor<8xf32>, %x: tensor<8xf32>, %g: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %dx, %dg = glu.glu_back swiglu_oai(%dy, %x, %g) limit(6.0) : tensor<8xf32>
  return %dx, %dg : tensor<8xf32>, tensor<8xf32>
}

// -----

// A static result size the operands' dynamic sizes must match, in every
// form: checked at run time.
// CHECK-LABEL: func @result_checks
// CHECK: cf.assert %{{.*}}, "glu.glu: the result has the wrong size along dimension 1"
// CHECK: cf.assert %{{.*}}, "glu.glu: the result has the wrong size along dimension 0"
// CHECK: cf.assert %{{.*}}, "glu.glu_back: d_a has the wrong size along dimension 1"
// CHECK: cf.assert %{{.*}}, "glu.glu_back: d_b has the wrong size along dimension 0"
func.func @result_checks(%a: tensor<?x?xf32>, %x: tensor<?x4xf32>, %g: tensor<?x4xf32>, %dy: tensor<?x?xf32>) -> (tensor<?x4xf32>, tensor<2x4xf32>, tensor<?x10xf32>, tensor<?x4xf32>, tensor<3x4xf32>) {
  %y = glu.glu swiglu(%a) : tensor<?x?xf32> -> tensor<?x4xf32>
  %z = glu.glu swiglu(%x, %g) : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<2x4xf32>
  %da = glu.glu_back swiglu(%dy, %a) : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x10xf32>
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>, tensor<3x4xf32>
  return %y, %z, %da, %dx, %dg : tensor<?x4xf32>, tensor<2x4xf32>, tensor<?x10xf32>, tensor<?x4xf32>, tensor<3x4xf32>
}

// -----

// A static size 0 (an empty batch): nothing to compute, and no slice of
// the empty operand (the slice verifiers reject offset 0 into size 0).
// CHECK-LABEL: func @empty_batch
// CHECK-NOT: tensor.extract_slice
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @empty_batch(%a: tensor<0x8xf32>, %dy: tensor<0x4xf32>) -> (tensor<0x4xf32>, tensor<0x8xf32>, tensor<0x8xf32>) {
  %y = glu.glu swiglu(%a) : tensor<0x8xf32> -> tensor<0x4xf32>
  %da = glu.glu_back swiglu(%dy, %a) : tensor<0x4xf32>, tensor<0x8xf32> -> tensor<0x8xf32>
  %b = glu.glu swiglu_oai(%a) packing(interleaved) : tensor<0x8xf32> -> tensor<0x4xf32>
  %db = glu.glu_back swiglu_oai(%b, %a) packing(interleaved) : tensor<0x4xf32>, tensor<0x8xf32> -> tensor<0x8xf32>
  return %y, %da, %db : tensor<0x4xf32>, tensor<0x8xf32>, tensor<0x8xf32>
}

// -----

// swiglu in f32: x / (1 + exp(-x)) on the clamped gate where it is at least
// -64 (tail false): the exp's argument is -x, the numerator x itself and the
// denominator exp + 1, one quotient; below -64, x * exp(x), scaled by e^32
// below -87.5 (lib/Definitions/GluDefinitions.cpp, silu).
// CHECK-LABEL: func @swiglu_f32_quotient
// CHECK-DAG: %[[M64:.*]] = arith.constant -6.400000e+01 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: ^bb0(%[[X:.*]]: f32, %[[G:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[XL:.*]] = arith.maximumf %[[X]]
// CHECK: %[[XA:.*]] = arith.minimumf
// CHECK: %[[TAIL:.*]] = arith.cmpf olt, %[[XA]], %[[M64]]
// CHECK: %[[NEG:.*]] = arith.negf %[[XA]]
// CHECK: %[[ARG:.*]] = arith.select %[[TAIL]], %{{.*}}, %[[NEG]]
// CHECK: %[[E:.*]] = math.exp %[[ARG]]
// CHECK: %[[NUM:.*]] = arith.select %[[TAIL]], %{{.*}}, %[[ONE]]
// CHECK: %[[SUM:.*]] = arith.addf %[[E]], %[[ONE]]
// CHECK: %[[DEN:.*]] = arith.select %[[TAIL]], %[[ONE]], %[[SUM]]
// CHECK: %[[SAT:.*]] = arith.select %{{.*}}, %[[DEN]], %[[ONE]]
// CHECK: %[[LIN:.*]] = arith.mulf %[[XL]], %[[NUM]]
// CHECK: arith.divf %[[LIN]], %[[SAT]]
// CHECK-NOT: arith.divf
// CHECK: linalg.yield
func.func @swiglu_f32_quotient(%x: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<8xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// reglu's d_x with 16-bit storage: act' * 2^64 and up are both selected by
// x > 0, and dy * up is exact in f32 (two 16-bit factors), so gateGradient's
// scaled, compensated product is the one fma(dy, up, +0), the same bits
// (its comment has the proof; every dy x g pair was compared once). f32
// storage keeps the general form (its scaling by 2^-64 can round there).
// CHECK-LABEL: func @reglu_back_bf16
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: ^bb0(%[[DYB:[a-z0-9_]+]]: bf16, %[[XB:[a-z0-9_]+]]: bf16, %[[GB:[a-z0-9_]+]]: bf16,
// CHECK-DAG: %[[DY:.*]] = arith.extf %[[DYB]] : bf16 to f32
// CHECK-DAG: %[[X:.*]] = arith.extf %[[XB]] : bf16 to f32
// CHECK-DAG: %[[G:.*]] = arith.extf %[[GB]] : bf16 to f32
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[X]], %[[ZERO]]
// CHECK: %[[UP:.*]] = arith.select %[[POS]], %[[G]], %[[ZERO]]
// CHECK: %[[DX:.*]] = math.fma %[[DY]], %[[UP]], %[[ZERO]] : f32
// CHECK-NOT: math.fma
// CHECK: arith.truncf %[[DX]] : f32 to bf16
func.func @reglu_back_bf16(%dy: tensor<8xbf16>, %x: tensor<8xbf16>, %g: tensor<8xbf16>) -> (tensor<8xbf16>, tensor<8xbf16>) {
  %dx, %dg = glu.glu_back reglu(%dy, %x, %g) : tensor<8xbf16>
  return %dx, %dg : tensor<8xbf16>, tensor<8xbf16>
}

// -----

// CHECK-LABEL: func @reglu_back_f32
// CHECK: math.absf
// CHECK: math.fma
// CHECK: math.fma
func.func @reglu_back_f32(%dy: tensor<8xf32>, %x: tensor<8xf32>, %g: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %dx, %dg = glu.glu_back reglu(%dy, %x, %g) : tensor<8xf32>
  return %dx, %dg : tensor<8xf32>, tensor<8xf32>
}

// -----

// f16 storage: dy * g is exact in f32 (two f16 values), so the compensated
// product's low part is +0 and is not computed (no fma residual, no NaN
// select on it): d_x = fma(dy * g, act', (+0) * act') * 2^-64, the same
// bits (every f16 dy x g pair was compared once).
// CHECK-LABEL: func @swiglu_back_f16
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: ^bb0(%[[DYH:[a-z0-9_]+]]: f16, %{{[a-z0-9_]+}}: f16, %[[GH:[a-z0-9_]+]]: f16,
// CHECK-DAG: %[[DY:.*]] = arith.extf %[[DYH]] : f16 to f32
// CHECK-DAG: %[[G:.*]] = arith.extf %[[GH]] : f16 to f32
// CHECK-NOT: arith.cmpf ord
// CHECK: %[[HI:.*]] = arith.mulf %[[DY]], %[[G]] : f32
// CHECK: %[[LO:.*]] = arith.mulf %[[D:.*]], %[[ZERO]] : f32
// CHECK: math.fma %[[HI]], %[[D]], %[[LO]] : f32
// CHECK-NOT: arith.cmpf ord
// CHECK: linalg.yield
func.func @swiglu_back_f16(%dy: tensor<8xf16>, %x: tensor<8xf16>, %g: tensor<8xf16>) -> (tensor<8xf16>, tensor<8xf16>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<8xf16>
  return %dx, %dg : tensor<8xf16>, tensor<8xf16>
}
