// exp of a NaN that LLVM can prove (a small constant, loaded from a global
// it folds): NaN, as the same bits given at run time. exp's exponent, an
// fptosi of the NaN, was poison in LLVM and the results arbitrary numbers
// (0, 0x6bb69545, ...; hostile review, 2026-12-05): glu-convert-to-llvm
// freezes fptosi, and glu-lower-math folds an extf of a signalling NaN.
// RUN: glu-run %s --function=snan --input=4xf16=0 | FileCheck %s
// RUN: glu-run %s --function=snan --input=4xf16=0 --vectorize=false | FileCheck %s
// RUN: glu-run %s --function=qnan --input=7xf32=0 | FileCheck %s --check-prefix=QNAN
// CHECK: result[0]: 4xf32
// CHECK-NEXT: nan nan nan nan
// QNAN: result[0]: 7xf32
// QNAN-NEXT: 1 nan 1 -nan 1 nan 1

func.func @snan(%d: tensor<4xf16>) -> tensor<4xf32> {
  %c = arith.constant dense<0x7D01> : tensor<4xf16>
  %a = arith.extf %c : tensor<4xf16> to tensor<4xf32>
  %e = math.exp %a : tensor<4xf32>
  return %e : tensor<4xf32>
}

func.func @qnan(%d: tensor<7xf32>) -> tensor<7xf32> {
  %c = arith.constant dense<[0.0, 0x7FC00000, 0.0, 0xFFC00001, 0.0, 0x7F800001, 0.0]> : tensor<7xf32>
  %s = arith.addf %c, %d : tensor<7xf32>
  %e = math.exp %s : tensor<7xf32>
  return %e : tensor<7xf32>
}
