// RUN: glu-opt %s -split-input-file --verify-roundtrip | FileCheck %s
// RUN: glu-opt %s -split-input-file --mlir-print-op-generic | glu-opt -split-input-file --verify-roundtrip | FileCheck %s
// RUN: glu-opt %s -split-input-file | FileCheck %s --strict-whitespace --check-prefix=SPACES
// Custom and generic forms of glu.glu, glu.glu_back and glu.round parse,
// print, and round-trip; defaults are elided. The full variant x packing x
// rounding x element-type matrix is in roundtrip-matrix.mlir.

// CHECK-LABEL: func @split
// CHECK: %[[Y:.*]] = glu.glu swiglu(%{{.*}}, %{{.*}}) : tensor<4x8xbf16>
// CHECK: glu.glu_back swiglu(%[[Y]], %{{.*}}, %{{.*}}) : tensor<4x8xbf16>
func.func @split(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> (tensor<4x8xbf16>, tensor<4x8xbf16>) {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
  %dx, %dg = glu.glu_back swiglu(%y, %x, %g) : tensor<4x8xbf16>
  return %dx, %dg : tensor<4x8xbf16>, tensor<4x8xbf16>
}

// -----

// CHECK-LABEL: func @fused_odd
// CHECK: glu.glu geglu(%{{.*}}) packing(swapped) : tensor<8x11xf16> -> tensor<8x5xf16>
// CHECK: glu.glu_back geglu(%{{.*}}, %{{.*}}) packing(swapped) : tensor<8x5xf16>, tensor<8x11xf16> -> tensor<8x11xf16>
func.func @fused_odd(%a: tensor<8x11xf16>) -> tensor<8x11xf16> {
  %y = glu.glu geglu(%a) packing(swapped) : tensor<8x11xf16> -> tensor<8x5xf16>
  %da = glu.glu_back geglu(%y, %a) packing(swapped) : tensor<8x5xf16>, tensor<8x11xf16> -> tensor<8x11xf16>
  return %da : tensor<8x11xf16>
}

// -----

// Defaults are elided: halves, two_round, alpha 1.702, limit 7.0.
// CHECK-LABEL: func @defaults_elided
// CHECK: glu.glu swiglu_oai(%{{.*}}) : tensor<2x16xf32> -> tensor<2x8xf32>
// CHECK: glu.glu swiglu_oai(%{{.*}}) packing(interleaved) rounding(one_round) alpha(1.500000e+00) limit(6.000000e+00) : tensor<2x16xf32> -> tensor<2x8xf32>
func.func @defaults_elided(%a: tensor<2x16xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %y = glu.glu swiglu_oai(%a) packing(halves) rounding(two_round) alpha(1.702) limit(7.0) : tensor<2x16xf32> -> tensor<2x8xf32>
  // Clauses parse in any order; integer literals are floats too.
  %z = glu.glu swiglu_oai(%a) limit(6) alpha(1.5) rounding(one_round) packing(interleaved) : tensor<2x16xf32> -> tensor<2x8xf32>
  return %y, %z : tensor<2x8xf32>, tensor<2x8xf32>
}

// -----

// The generic form of docs/semantics.md section 0.
// CHECK-LABEL: func @spec_generic
// CHECK: glu.glu swiglu(%{{.*}}) : tensor<8x11xbf16> -> tensor<8x5xbf16>
// CHECK: glu.glu_back swiglu_oai(%{{.*}}, %{{.*}}, %{{.*}}) rounding(one_round) : tensor<?x64xf32>
func.func @spec_generic(%a: tensor<8x11xbf16>, %dy: tensor<?x64xf32>, %g: tensor<?x64xf32>, %u: tensor<?x64xf32>) -> tensor<8x5xbf16> {
  %y = "glu.glu"(%a) <{variant = #glu.variant<swiglu>, packing = #glu.packing<halves>}>
         : (tensor<8x11xbf16>) -> tensor<8x5xbf16>
  %da, %db = "glu.glu_back"(%dy, %g, %u) <{variant = #glu.variant<swiglu_oai>,
         rounding = #glu.rounding<one_round>, alpha = 1.702 : f32, limit = 7.0 : f32}>
         : (tensor<?x64xf32>, tensor<?x64xf32>, tensor<?x64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>)
  return %y : tensor<8x5xbf16>
}

// -----

// Dynamic sizes: the fused result's last size may stay dynamic or be static,
// and split operands may refine each other.
// CHECK-LABEL: func @dynamic
// When every type is the same, one type is printed (even for the fused form).
// CHECK-COUNT-2: glu.glu reglu(%{{[a-z0-9]*}}) : tensor<?x?xf32>{{$}}
// CHECK: glu.glu geglu_quick(%{{.*}}, %{{.*}}) : tensor<?x8xf32>, tensor<4x?xf32> -> tensor<4x8xf32>
// CHECK: glu.glu_back geglu_erf(%{{.*}}, %{{.*}}) packing(interleaved) : tensor<?x?xbf16>{{$}}
func.func @dynamic(%a: tensor<?x?xf32>, %p: tensor<?x8xf32>, %q: tensor<4x?xf32>, %b: tensor<?x?xbf16>) {
  %0 = glu.glu reglu(%a) : tensor<?x?xf32> -> tensor<?x?xf32>
  %1 = glu.glu reglu(%a) : tensor<?x?xf32>
  %2 = glu.glu geglu_quick(%p, %q) : tensor<?x8xf32>, tensor<4x?xf32> -> tensor<4x8xf32>
  %3 = glu.glu_back geglu_erf(%b, %b) packing(interleaved) : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return
}

// -----

// Rank 1 and higher ranks; f16_table on geglu and geglu_quick.
// CHECK-LABEL: func @ranks
// CHECK: glu.glu geglu(%{{.*}}) rounding(f16_table) : tensor<6xf32> -> tensor<3xf32>
// CHECK: glu.glu geglu_quick(%{{.*}}, %{{.*}}) rounding(f16_table) : tensor<2x3x4x5xf16>
func.func @ranks(%a: tensor<6xf32>, %b: tensor<2x3x4x5xf16>) {
  %0 = glu.glu geglu(%a) rounding(f16_table) : tensor<6xf32> -> tensor<3xf32>
  %1 = glu.glu geglu_quick(%b, %b) rounding(f16_table) : tensor<2x3x4x5xf16>
  return
}

// -----

// CHECK-LABEL: func @round
// CHECK: glu.round %{{.*}} to bf16 : f32
// CHECK: glu.round %{{.*}} to f16 : vector<8xf32>
// CHECK: glu.round %{{.*}} to bf16 : tensor<?xf32>
func.func @round(%s: f32, %v: vector<8xf32>, %t: tensor<?xf32>) {
  %0 = glu.round %s to bf16 : f32
  %1 = glu.round %v to f16 : vector<8xf32>
  %2 = glu.round %t to bf16 : tensor<?xf32>
  return
}

// -----

// CHECK-LABEL: func @gelu_table
// CHECK: glu.gelu_table %{{.*}} : f32
// CHECK: glu.gelu_table %{{.*}} : vector<8xf32>
// CHECK: glu.gelu_table %{{.*}} : tensor<?xf32>
func.func @gelu_table(%s: f32, %v: vector<8xf32>, %t: tensor<?xf32>) {
  %0 = glu.gelu_table %s : f32
  %1 = glu.gelu_table %v : vector<8xf32>
  %2 = glu.gelu_table %t : tensor<?xf32>
  return
}

// -----

// A hexadecimal float literal is the f32 bit pattern (0x40C00000 is 6.0);
// discardable attributes stay in the attribute dictionary.
// CHECK-LABEL: func @hex_and_discardable
// CHECK: glu.glu swiglu_oai(%{{.*}}) limit(6.000000e+00) {note = "kept"} : tensor<2x16xf32> -> tensor<2x8xf32>
// CHECK: glu.glu_back reglu(%{{.*}}, %{{.*}}, %{{.*}}) {note = 1 : i32} : tensor<2x8xf32>
// CHECK: glu.round %{{.*}} to bf16 {note} : f32
// One space between the parts, dictionary or not.
// SPACES: glu.round %{{[a-z0-9_]+}} to bf16 : f32
// SPACES: glu.glu swiglu_oai(%{{[a-z0-9_]+}}) limit(6.000000e+00) {note = "kept"} : tensor<2x16xf32>
// SPACES: glu.round %{{[a-z0-9_]+}} to bf16 {note} : f32
func.func @hex_and_discardable(%a: tensor<2x16xf32>, %b: tensor<2x8xf32>, %s: f32) -> tensor<2x8xf32> {
  %y = glu.glu swiglu_oai(%a) limit(0x40C00000) {note = "kept"} : tensor<2x16xf32> -> tensor<2x8xf32>
  %dx, %dg = glu.glu_back reglu(%b, %b, %b) {note = 1 : i32} : tensor<2x8xf32>
  %r = glu.round %s to bf16 {note} : f32
  return %y : tensor<2x8xf32>
}
