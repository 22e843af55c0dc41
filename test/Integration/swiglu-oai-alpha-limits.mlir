// swiglu_oai at x = -inf (docs/semantics.md section 9, decision 4): for
// alpha > 0 the sigmoid vanishes and act(-inf) = 0; for alpha <= 0 it tends
// to 1 (1/2 for alpha = 0) and act(-inf) is its limit, -inf (it was
// -FLT_MAX for alpha = -1 and -FLT_MAX/2 for alpha = 0: x clamped to
// -FLT_MAX in the linear factor). The backward's d_x at -inf is the limit
// of act', 1 for alpha < 0 and 1/2 for alpha = 0; d_g = dy * act(x).
// Inputs: x = -inf, -FLT_MAX, -1e30, -3 and g = 0 (up = 1), dy = 1.

// RUN: glu-run %s --function=neg --input=4xf32=-inf,-3.4028235e38,-1e30,-3 --input=4xf32=0 | FileCheck %s --check-prefix=NEG
// RUN: glu-run %s --function=neg --input=4xf32=-inf,-3.4028235e38,-1e30,-3 --input=4xf32=0 --vectorize=false | FileCheck %s --check-prefix=NEG
// NEG: -inf -3.40282347e+38 -1.00000002e+30 -2.85772228
// RUN: glu-run %s --function=zero --input=4xf32=-inf,-3.4028235e38,-1e30,-3 --input=4xf32=0 | FileCheck %s --check-prefix=ZERO
// ZERO: -inf -1.70141173e+38 -5.00000008e+29 -1.5
// RUN: glu-run %s --function=default --input=4xf32=-inf,-3.4028235e38,-1e30,-3 --input=4xf32=0 | FileCheck %s --check-prefix=POS
// POS: -0 -0 -0 -0.0180713087
// bf16 storage (its table holds the same limit).
// RUN: glu-run %s --function=neg_bf16 --input=4xbf16=-inf,-1e30,-3,1 --input=4xbf16=0 | FileCheck %s --check-prefix=NEG16
// NEG16: -inf -1e+30 -2.859 0.2695

// RUN: glu-run %s --function=back_neg --input=4xf32=1 --input=4xf32=-inf,-3.4028235e38,-1e30,-3 --input=4xf32=0 | FileCheck %s --check-prefix=BNEG
// BNEG: result[0]: 4xf32
// BNEG-NEXT: 1 1 1 1.02454829
// BNEG: result[1]: 4xf32
// BNEG-NEXT: -inf -3.40282347e+38 -1.00000002e+30 -2.98192883
// RUN: glu-run %s --function=back_zero --input=4xf32=1 --input=4xf32=-inf,-3.4028235e38,-1e30,-3 --input=4xf32=0 | FileCheck %s --check-prefix=BZERO
// BZERO: result[0]: 4xf32
// BZERO-NEXT: 0.5 0.5 0.5 0.5
// BZERO: result[1]: 4xf32
// BZERO-NEXT: -inf -1.70141173e+38 -5.00000008e+29 -1.5
// RUN: glu-run %s --function=back_default --input=4xf32=1 --input=4xf32=-inf,-3.4028235e38,-1e30,-3 --input=4xf32=0 | FileCheck %s --check-prefix=BPOS
// BPOS: result[0]: 4xf32
// BPOS-NEXT: 0 0 0 -0.024548322
// BPOS: result[1]: 4xf32
// BPOS-NEXT: -0 -0 -0 -0.0180713087

func.func @neg(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %y = glu.glu swiglu_oai(%x, %g) alpha(-1.0) : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @zero(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %y = glu.glu swiglu_oai(%x, %g) alpha(0.0) : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @default(%x: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %y = glu.glu swiglu_oai(%x, %g) : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @neg_bf16(%x: tensor<4xbf16>, %g: tensor<4xbf16>) -> tensor<4xbf16> {
  %y = glu.glu swiglu_oai(%x, %g) alpha(-1.0) : tensor<4xbf16>
  return %y : tensor<4xbf16>
}
func.func @back_neg(%dy: tensor<4xf32>, %x: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %dx, %dg = glu.glu_back swiglu_oai(%dy, %x, %g) alpha(-1.702) : tensor<4xf32>
  return %dx, %dg : tensor<4xf32>, tensor<4xf32>
}
func.func @back_zero(%dy: tensor<4xf32>, %x: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %dx, %dg = glu.glu_back swiglu_oai(%dy, %x, %g) alpha(0.0) : tensor<4xf32>
  return %dx, %dg : tensor<4xf32>, tensor<4xf32>
}
func.func @back_default(%dy: tensor<4xf32>, %x: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %dx, %dg = glu.glu_back swiglu_oai(%dy, %x, %g) : tensor<4xf32>
  return %dx, %dg : tensor<4xf32>, tensor<4xf32>
}
