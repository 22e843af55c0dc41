// RUN: glu-opt %s -split-input-file -verify-diagnostics
// One case per verifier and parser message of the glu dialect.

func.func @split_shapes_differ(%a: tensor<4x8xf32>, %b: tensor<4x9xf32>) {
  // expected-error @+1 {{split operands must have the same shape, got 'tensor<4x8xf32>' and 'tensor<4x9xf32>'}}
  %y = glu.glu swiglu(%a, %b) : tensor<4x8xf32>, tensor<4x9xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @fused_result_shape(%a: tensor<8x11xbf16>) {
  // expected-error @+1 {{result must have shape compatible with 'tensor<8x5xbf16>' (fused: last size floor(n/2)), got 'tensor<8x6xbf16>'}}
  %y = glu.glu swiglu(%a) : tensor<8x11xbf16> -> tensor<8x6xbf16>
  return
}

// -----

func.func @split_result_shape(%a: tensor<8x10xf32>) {
  // expected-error @+1 {{result must have shape compatible with 'tensor<8x10xf32>' (split: the operands' shape), got 'tensor<8x5xf32>'}}
  %y = glu.glu swiglu(%a, %a) : tensor<8x10xf32>, tensor<8x10xf32> -> tensor<8x5xf32>
  return
}

// -----

func.func @element_types_differ(%a: tensor<4x8xf32>, %b: tensor<4x8xbf16>) {
  // expected-error @+1 {{all operands and results must share one element type, got 'f32' and 'bf16'}}
  %y = glu.glu swiglu(%a, %b) : tensor<4x8xf32>, tensor<4x8xbf16> -> tensor<4x8xf32>
  return
}

// -----

func.func @result_element_type(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{all operands and results must share one element type, got 'f32' and 'f16'}}
  %y = glu.glu swiglu(%a) : tensor<4x8xf32> -> tensor<4x4xf16>
  return
}

// -----

func.func @element_type_not_storage(%a: tensor<4x8xf64>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4x8xf64>'}}
  %y = "glu.glu"(%a) <{variant = #glu.variant<swiglu>}> : (tensor<4x8xf64>) -> tensor<4x4xf64>
  return
}

// -----

func.func @integer_tensor(%a: tensor<4x8xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4x8xi32>'}}
  %y = "glu.glu"(%a, %a) <{variant = #glu.variant<reglu>}> : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
  return
}

// -----

func.func @unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<*xf32>'}}
  %y = "glu.glu"(%a, %a) <{variant = #glu.variant<reglu>}> : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @rank_zero(%a: tensor<f32>) {
  // expected-error @+1 {{operands must have rank >= 1 (the GLU axis is the last dimension)}}
  %y = glu.glu swiglu(%a, %a) : tensor<f32>
  return
}

// -----

func.func @fused_last_size_one(%a: tensor<4x1xf32>) {
  // expected-error @+1 {{fused operand's last dimension must be >= 2 (it holds both halves), got 1}}
  %y = glu.glu swiglu(%a) : tensor<4x1xf32> -> tensor<4x0xf32>
  return
}

// -----

func.func @fused_last_size_zero(%a: tensor<4x0xf32>) {
  // expected-error @+1 {{fused operand's last dimension must be >= 2 (it holds both halves), got 0}}
  %y = glu.glu swiglu(%a) : tensor<4x0xf32> -> tensor<4x0xf32>
  return
}

// -----

func.func @f16_table_on_swiglu(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{rounding plan 'f16_table' is only defined for geglu and geglu_quick, not swiglu}}
  %y = glu.glu swiglu(%a, %a) rounding(f16_table) : tensor<4x8xf32>
  return
}

// -----

func.func @alpha_on_swiglu(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'alpha' is only allowed on variant swiglu_oai, not swiglu}}
  %y = glu.glu swiglu(%a, %a) alpha(1.0) : tensor<4x8xf32>
  return
}

// -----

func.func @limit_on_geglu(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'limit' is only allowed on variant swiglu_oai, not geglu}}
  %y = "glu.glu"(%a, %a) <{variant = #glu.variant<geglu>, limit = 7.0 : f32}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @limit_not_positive(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'limit' must be finite and > 0, got -1}}
  %y = glu.glu swiglu_oai(%a, %a) limit(-1.0) : tensor<4x8xf32>
  return
}

// -----

func.func @limit_zero(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'limit' must be finite and > 0, got 0}}
  %y = glu.glu swiglu_oai(%a, %a) limit(0.0) : tensor<4x8xf32>
  return
}

// -----

func.func @limit_infinite(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'limit' must be finite and > 0, got inf}}
  %y = "glu.glu"(%a, %a) <{variant = #glu.variant<swiglu_oai>, limit = 0x7F800000 : f32}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @limit_nan(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'limit' must be finite and > 0, got nan}}
  %y = "glu.glu"(%a, %a) <{variant = #glu.variant<swiglu_oai>, limit = 0x7FC00000 : f32}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @alpha_infinite(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'alpha' must be finite, got -inf}}
  %y = "glu.glu"(%a, %a) <{variant = #glu.variant<swiglu_oai>, alpha = 0xFF800000 : f32}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @alpha_not_f32(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'glu.glu' op attribute 'alpha' failed to satisfy constraint: 32-bit float attribute}}
  %y = "glu.glu"(%a, %a) <{variant = #glu.variant<swiglu_oai>, alpha = 1.0 : f64}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @packing_on_split(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'packing' is only allowed on the fused (single-operand) form}}
  %y = glu.glu swiglu(%a, %a) packing(swapped) : tensor<4x8xf32>
  return
}

// -----

func.func @missing_variant(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{requires attribute 'variant'}}
  %y = "glu.glu"(%a, %a) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @back_dy_shape(%dy: tensor<4x6xf32>, %a: tensor<4x11xf32>) {
  // expected-error @+1 {{'dy' must have shape compatible with 'tensor<4x5xf32>' (the forward result's shape), got 'tensor<4x6xf32>'}}
  %da = glu.glu_back swiglu(%dy, %a) : tensor<4x6xf32>, tensor<4x11xf32> -> tensor<4x11xf32>
  return
}

// -----

func.func @back_da_shape(%dy: tensor<4x5xf32>, %a: tensor<4x11xf32>) {
  // expected-error @+1 {{'d_a' must have shape compatible with 'tensor<4x11xf32>' (the shape of 'a'), got 'tensor<4x10xf32>'}}
  %da = glu.glu_back swiglu(%dy, %a) : tensor<4x5xf32>, tensor<4x11xf32> -> tensor<4x10xf32>
  return
}

// -----

func.func @back_db_shape(%x: tensor<4x8xf32>, %dy: tensor<?x8xf32>, %g: tensor<?x8xf32>) {
  // expected-error @+1 {{'d_b' must have shape compatible with 'tensor<?x8xf32>' (the shape of 'b'), got 'tensor<4x9xf32>'}}
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x8xf32>, tensor<4x8xf32>, tensor<?x8xf32> -> tensor<4x8xf32>, tensor<4x9xf32>
  return
}

// -----

func.func @back_split_one_result(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{the split form returns two gradients (d_a, d_b)}}
  %dx = "glu.glu_back"(%x, %x, %x) <{variant = #glu.variant<swiglu>}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @back_fused_two_results(%dy: tensor<4x4xf32>, %a: tensor<4x8xf32>) {
  // expected-error @+1 {{the fused form returns one gradient (d_a), not two}}
  %0:2 = "glu.glu_back"(%dy, %a) <{variant = #glu.variant<swiglu>}> : (tensor<4x4xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return
}

// -----

func.func @back_element_types(%dy: tensor<4x4xf16>, %a: tensor<4x8xf32>) {
  // expected-error @+1 {{all operands and results must share one element type, got 'f32' and 'f16'}}
  %da = glu.glu_back swiglu(%dy, %a) : tensor<4x4xf16>, tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @back_f16_table_reglu(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{rounding plan 'f16_table' is only defined for geglu and geglu_quick, not reglu}}
  %dx, %dg = glu.glu_back reglu(%x, %x, %x) rounding(f16_table) : tensor<4x8xf32>
  return
}

// -----

func.func @back_packing_on_split(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'packing' is only allowed on the fused (single-operand) form}}
  %dx, %dg = glu.glu_back reglu(%x, %x, %x) packing(interleaved) : tensor<4x8xf32>
  return
}

// -----

func.func @back_rank_zero(%x: tensor<f32>) {
  // expected-error @+1 {{operands must have rank >= 1 (the GLU axis is the last dimension)}}
  %dx, %dg = glu.glu_back reglu(%x, %x, %x) : tensor<f32>
  return
}

// -----

func.func @back_fused_last_size_one(%dy: tensor<4x0xf32>, %a: tensor<4x1xf32>) {
  // expected-error @+1 {{fused operand's last dimension must be >= 2 (it holds both halves), got 1}}
  %da = glu.glu_back reglu(%dy, %a) : tensor<4x0xf32>, tensor<4x1xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @unknown_variant(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{unknown glu variant 'gelu'; expected one of reglu, geglu, geglu_erf, geglu_quick, swiglu, swiglu_oai}}
  %y = glu.glu gelu(%a, %a) : tensor<4x8xf32>
  return
}

// -----

func.func @unknown_packing(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{unknown packing 'diagonal'}}
  %y = glu.glu swiglu(%a) packing(diagonal) : tensor<4x8xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @unknown_rounding(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{unknown rounding 'three_round'}}
  %y = glu.glu swiglu(%a, %a) rounding(three_round) : tensor<4x8xf32>
  return
}

// -----

func.func @duplicate_clause(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{duplicate 'alpha' clause}}
  %y = glu.glu swiglu_oai(%a, %a) alpha(1.0) alpha(2.0) : tensor<4x8xf32>
  return
}

// -----

func.func @wrong_type_count(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{expected one type for every operand and result, or 2 operand type(s) `->` 1 result type(s)}}
  %y = glu.glu swiglu(%a, %a) : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// expected-error @+2 {{expected ::mlir::glu::Variant to be one of: reglu, geglu, geglu_erf, geglu_quick, swiglu, swiglu_oai}}
// expected-error @+1 {{failed to parse Glu_VariantAttr parameter 'value' which is to be a `::mlir::glu::Variant`}}
func.func @bad_attribute_value() attributes {v = #glu.variant<relu>} {
  return
}

// -----

func.func @round_to_f32(%a: f32) {
  // expected-error @+1 {{attribute 'to' failed to satisfy constraint: type attribute of 16-bit float or bfloat16 type}}
  %0 = "glu.round"(%a) <{to = f32}> : (f32) -> f32
  return
}

// -----

func.func @round_of_f16(%a: f16) {
  // expected-error @+1 {{operand #0 must be f32, or a ranked tensor or vector of f32, but got 'f16'}}
  %0 = glu.round %a to bf16 : f16
  return
}

// -----

// A clause's attribute in the attribute dictionary would silently override
// the clause: an error, for every clause of both ops and glu.round's `to`.
func.func @dict_overrides_variant(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'variant' is written as a clause, not in the attribute dictionary}}
  %y = glu.glu swiglu(%a, %a) {variant = #glu.variant<reglu>} : tensor<4x8xf32>
  return
}

// -----

func.func @dict_overrides_limit(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'limit' is written as a clause, not in the attribute dictionary}}
  %y = glu.glu swiglu_oai(%a, %a) limit(3.0) {limit = 5.0 : f32} : tensor<4x8xf32>
  return
}

// -----

func.func @dict_adds_alpha(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'alpha' is written as a clause, not in the attribute dictionary}}
  %y = glu.glu swiglu_oai(%a, %a) {alpha = 1.0 : f32} : tensor<4x8xf32>
  return
}

// -----

func.func @dict_overrides_back_rounding(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'rounding' is written as a clause, not in the attribute dictionary}}
  %dx, %dg = glu.glu_back swiglu(%x, %x, %x) {rounding = #glu.rounding<one_round>} : tensor<4x8xf32>
  return
}

// -----

func.func @dict_overrides_back_packing(%x: tensor<4x16xf32>, %dy: tensor<4x8xf32>) {
  // expected-error @+1 {{'packing' is written as a clause, not in the attribute dictionary}}
  %d = glu.glu_back swiglu(%dy, %x) {packing = #glu.packing<interleaved>} : tensor<4x8xf32>, tensor<4x16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @dict_overrides_round_to(%x: f32) {
  // expected-error @+1 {{'to' is written as a clause, not in the attribute dictionary}}
  %r = glu.round %x to bf16 {to = f16} : f32
  return
}

// -----

// A hexadecimal literal in a float clause is the f32 bit pattern, as in
// MLIR's float attributes (`0x7F800000 : f32` is inf), never the integer
// 2139095040.
func.func @limit_hex_infinite(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'limit' must be finite and > 0, got inf}}
  %y = glu.glu swiglu_oai(%a, %a) limit(0x7F800000) : tensor<4x8xf32>
  return
}

// -----

func.func @alpha_hex_nan(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'alpha' must be finite, got nan}}
  %y = glu.glu swiglu_oai(%a, %a) alpha(0x7FC00000) : tensor<4x8xf32>
  return
}

// -----

func.func @limit_hex_negative(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{a hexadecimal float literal is a bit pattern; it takes no sign}}
  %y = glu.glu swiglu_oai(%a, %a) limit(-0x40400000) : tensor<4x8xf32>
  return
}

// -----

func.func @gelu_table_f16(%x: f16) {
  // expected-error @+1 {{'glu.gelu_table' op operand #0 must be f32}}
  %0 = glu.gelu_table %x : f16
  return
}
