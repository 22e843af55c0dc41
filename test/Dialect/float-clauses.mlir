// RUN: glu-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// The numbers of the `alpha(...)` and `limit(...)` clauses: decimals in C's
// syntax (an exponent needs no `.`), rounded to the nearest f32. A number
// that is not an f32 (beyond the largest finite magnitude, or nonzero and
// rounding to 0) is a parser error that names it, never a silent inf or 0.

// CHECK-LABEL: func @exponents
// CHECK: alpha(1.000000e+03) limit(2.500000e-01)
// CHECK: alpha(-1.000000e-03) limit(1.000000e+20)
// CHECK: limit(1.401300e-45)
func.func @exponents(%a: tensor<2x8xf32>) {
  %0 = glu.glu swiglu_oai(%a) alpha(1e3) limit(2.5E-1) : tensor<2x8xf32> -> tensor<2x4xf32>
  %1 = glu.glu swiglu_oai(%a) alpha(-1e-3) limit(99999999999999999999) : tensor<2x8xf32> -> tensor<2x4xf32>
  %2 = glu.glu swiglu_oai(%a) limit(1e-45) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @too_large(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'limit' value 1e39 is out of f32 range (largest finite magnitude 3.40282347e+38)}}
  %0 = glu.glu swiglu_oai(%a) limit(1e39) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @too_large_with_dot(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'alpha' value -1.0e39 is out of f32 range}}
  %0 = glu.glu swiglu_oai(%a) alpha(-1.0e39) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @just_too_large(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'limit' value 3.4028236e38 is out of f32 range}}
  %0 = glu.glu swiglu_oai(%a) limit(3.4028236e38) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @beyond_f64(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'limit' value 1e309 is out of f32 range}}
  %0 = glu.glu swiglu_oai(%a) limit(1e309) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @rounds_to_zero(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'alpha' value 1.0e-50 is out of f32 range (it rounds to 0; the smallest magnitude is 1.40129846e-45)}}
  %0 = glu.glu swiglu_oai(%a) alpha(1.0e-50) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @inf_word(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{expected a number in 'limit(...)', got 'inf' (infinities and NaN are written as hexadecimal bit patterns, and the verifier rejects them)}}
  %0 = glu.glu swiglu_oai(%a) limit(inf) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @other_word(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{expected a number in 'alpha(...)', got 'big'}}
  %0 = glu.glu swiglu_oai(%a) alpha(big) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @word_after_exponent(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{expected a number in 'limit(...)'}}
  %0 = glu.glu swiglu_oai(%a) limit(1e5x) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @two_numbers(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{expected ')'}}
  %0 = glu.glu swiglu_oai(%a) limit(7.0 8.0) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

// Hexadecimal literals of 0 or more than 8 digits: the lexer's messages
// named neither the clause nor the bit pattern ("add a trailing dot").
func.func @empty_hex(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{a hexadecimal literal in 'alpha(...)' is an f32 bit pattern of 1 to 8 hex digits}}
  %0 = glu.glu swiglu_oai(%a) alpha(0x) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @long_hex(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{a hexadecimal literal in 'limit(...)' is an f32 bit pattern of 1 to 8 hex digits}}
  %0 = glu.glu swiglu_oai(%a) limit(0x1FFFFFFFF) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}

// -----

// Leading zeros do not count (as in arith.constant): 0x03FC00000 is 1.5.
// CHECK-LABEL: func @leading_zeros
// CHECK: alpha(1.5
func.func @leading_zeros(%a: tensor<2x8xf32>) -> tensor<2x4xf32> {
  %0 = glu.glu swiglu_oai(%a) alpha(0x03FC00000) : tensor<2x8xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A second `.`: the lexer spoke of ellipses.
func.func @two_dots(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{expected ')' after the number in 'alpha(...)'}}
  %0 = glu.glu swiglu_oai(%a) alpha(1.0.) : tensor<2x8xf32> -> tensor<2x4xf32>
  return
}
