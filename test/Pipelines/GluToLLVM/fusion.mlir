// glu-to-llvm fuses a glu op with its elementwise neighbours (a scale, a
// residual add): one parallel loop where there were three (the GPU pipeline
// shares the stage that fuses); glu-run computes the same bits fused as with
// the glu op called apart (a function boundary), in f32 and bf16, on the CPU
// and through the GPU pipeline's kernels emulated on the CPU.

// RUN: glu-opt %s --glu-to-llvm | FileCheck %s
// RUN: glu-opt %s --glu-to-llvm=fuse-elementwise=false | FileCheck %s --check-prefix=APART

// CHECK-LABEL: llvm.func @fused_f32(
// CHECK-COUNT-1: omp.parallel
// CHECK-NOT:     omp.parallel
// CHECK:         llvm.return
// APART-LABEL: llvm.func @fused_f32(
// APART-COUNT-3: omp.parallel
// APART:         llvm.return

// RUN: glu-run %s --function=fused_f32 --input=37x64xf32=random:1 --input=37x64xf32=random:2 --input=37x64xf32=random:3 --input=37x64xf32=random:4 --output=@%t.fused32.npy
// RUN: glu-run %s --function=apart_f32 --input=37x64xf32=random:1 --input=37x64xf32=random:2 --input=37x64xf32=random:3 --input=37x64xf32=random:4 --output=@%t.apart32.npy
// RUN: cmp %t.fused32.npy %t.apart32.npy
// RUN: glu-run %s --function=fused_bf16 --input=37x64xbf16=random:1 --input=37x64xbf16=random:2 --input=37x64xbf16=random:3 --input=37x64xbf16=random:4 --output=@%t.fused16.npy
// RUN: glu-run %s --function=apart_bf16 --input=37x64xbf16=random:1 --input=37x64xbf16=random:2 --input=37x64xbf16=random:3 --input=37x64xbf16=random:4 --output=@%t.apart16.npy
// RUN: cmp %t.fused16.npy %t.apart16.npy
// The GPU pipeline's kernels, emulated on the CPU: the same bits.
// RUN: glu-run %s --target=cuda-emulated --function=fused_bf16 --input=37x64xbf16=random:1 --input=37x64xbf16=random:2 --input=37x64xbf16=random:3 --input=37x64xbf16=random:4 --output=@%t.gpu16.npy
// RUN: cmp %t.gpu16.npy %t.apart16.npy

func.func @fused_f32(%x: tensor<?x64xf32>, %g: tensor<?x64xf32>, %c: tensor<?x64xf32>, %r: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x64xf32>
  %s = arith.mulf %y, %c : tensor<?x64xf32>
  %o = arith.addf %s, %r : tensor<?x64xf32>
  return %o : tensor<?x64xf32>
}

func.func private @swiglu_f32(%x: tensor<?x64xf32>, %g: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}

func.func @apart_f32(%x: tensor<?x64xf32>, %g: tensor<?x64xf32>, %c: tensor<?x64xf32>, %r: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %y = call @swiglu_f32(%x, %g) : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>
  %s = arith.mulf %y, %c : tensor<?x64xf32>
  %o = arith.addf %s, %r : tensor<?x64xf32>
  return %o : tensor<?x64xf32>
}

func.func @fused_bf16(%x: tensor<?x64xbf16>, %g: tensor<?x64xbf16>, %c: tensor<?x64xbf16>, %r: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x64xbf16>
  %s = arith.mulf %y, %c : tensor<?x64xbf16>
  %o = arith.addf %s, %r : tensor<?x64xbf16>
  return %o : tensor<?x64xbf16>
}

func.func private @swiglu_bf16(%x: tensor<?x64xbf16>, %g: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x64xbf16>
  return %y : tensor<?x64xbf16>
}

func.func @apart_bf16(%x: tensor<?x64xbf16>, %g: tensor<?x64xbf16>, %c: tensor<?x64xbf16>, %r: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %y = call @swiglu_bf16(%x, %g) : (tensor<?x64xbf16>, tensor<?x64xbf16>) -> tensor<?x64xbf16>
  %s = arith.mulf %y, %c : tensor<?x64xbf16>
  %o = arith.addf %s, %r : tensor<?x64xbf16>
  return %o : tensor<?x64xbf16>
}
