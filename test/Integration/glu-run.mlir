// Execution through glu-run: inline inputs, .npy outputs read back, and the
// printed results.

// reglu: x > 0 ? x*g : 0, exactly.
// RUN: glu-run %s --function=reglu --input=5xf32=-1,0,2,3,nan --input=5xf32=5,6,7,8,inf | FileCheck %s --check-prefix=REGLU
// REGLU: result[0]: 5xf32
// REGLU-NEXT: 0 0 14 24 0

// bf16 swiglu with g = 1: silu rounded to bf16 (silu(1) = 0.7310586 ->
// 0.73046875, silu(-1) = -0.26894142 -> -0.26953125, silu(2) = 1.7615942 ->
// 1.7578125), written to .npy as raw bf16 bits and read back.
// RUN: glu-run %s --function=swiglu --input=1x4xbf16=0,1,-1,2 --input=1x4xbf16=1 --output=@%t.y.npy
// RUN: glu-run %s --function=identity --input=@%t.y.npy | FileCheck %s --check-prefix=SWIGLU
// SWIGLU: result[0]: 1x4xbf16
// SWIGLU-NEXT: 0 0.7305 -0.2695 1.758
// --input=@- reads the .npy from standard input (as --output=@- writes to
// standard output): a pipe from one run into the next.
// RUN: glu-run %s --function=swiglu --input=1x4xbf16=0,1,-1,2 --input=1x4xbf16=1 --output=@- | glu-run %s --function=identity --input=@- | FileCheck %s --check-prefix=SWIGLU
// Standard input holds one thing.
// RUN: not glu-run %s --function=reglu --input=@- --input=@- < %t.y.npy 2>&1 | FileCheck %s --check-prefix=STDIN-TWICE
// STDIN-TWICE: glu-run: error: --input=@- is given twice: standard input holds one .npy; name the others' files
// RUN: not glu-run - --function=identity --input=@- < %s 2>&1 | FileCheck %s --check-prefix=STDIN-MODULE
// STDIN-MODULE: glu-run: error: --input=@- reads standard input, which holds the module here; name the .npy file
// RUN: not glu-run %s --function=identity --input=@- < /dev/null 2>&1 | FileCheck %s --check-prefix=STDIN-EMPTY
// STDIN-EMPTY: glu-run: error: '<stdin>' is not a readable .npy file: missing the \x93NUMPY magic

// The fused backward writes both halves and zeroes the odd tail; with
// --poison-alloc an unwritten element would read NaN.
// RUN: glu-run %s --function=fused_back --poison-alloc --input=1x2xf32=1 --input=1x5xf32=0,0,1,1,7 | FileCheck %s --check-prefix=FUSED
// FUSED: result[0]: 1x5xf32
// FUSED-NEXT: 0.5 0.5 0 0 0

// --benchmark prints the median of N timed calls.
// RUN: glu-run %s --function=reglu --input=5xf32=1 --input=5xf32=2 --benchmark=3 | FileCheck %s --check-prefix=BENCH
// BENCH: median_ms {{[0-9.e+-]+}}

func.func @reglu(%x: tensor<5xf32>, %g: tensor<5xf32>) -> tensor<5xf32> {
  %y = glu.glu reglu(%x, %g) : tensor<5xf32>
  return %y : tensor<5xf32>
}

func.func @swiglu(%x: tensor<?x4xbf16>, %g: tensor<?x4xbf16>) -> tensor<?x4xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x4xbf16>
  return %y : tensor<?x4xbf16>
}

func.func @identity(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  return %x : tensor<?x?xbf16>
}

// d/dx swiglu at 0 is 1/2; d_g = silu(0) = 0.
func.func @fused_back(%dy: tensor<1x2xf32>, %a: tensor<1x5xf32>) -> tensor<1x5xf32> {
  %da = glu.glu_back swiglu(%dy, %a) : tensor<1x2xf32>, tensor<1x5xf32> -> tensor<1x5xf32>
  return %da : tensor<1x5xf32>
}
