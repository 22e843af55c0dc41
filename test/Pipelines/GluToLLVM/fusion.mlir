// glu-to-llvm fuses a glu op with its elementwise neighbours (a scale, a
// residual add; for a packed operand, its producer too): one parallel loop
// where there were three (the GPU pipeline shares the stage that fuses);
// glu-run computes the same bits fused as with the glu op called apart (a
// function boundary), in f32 and bf16, split and in the three packings, on
// the CPU and through the GPU pipeline's kernels emulated on the CPU.

// RUN: glu-opt %s --glu-to-llvm | FileCheck %s
// RUN: glu-opt %s --glu-to-llvm=fuse-elementwise=false | FileCheck %s --check-prefix=APART

// CHECK-LABEL: llvm.func @fused_f32(
// CHECK-COUNT-1: omp.parallel
// CHECK-NOT:     omp.parallel
// CHECK:         llvm.return
// APART-LABEL: llvm.func @fused_f32(
// APART-COUNT-3: omp.parallel
// APART:         llvm.return

// CHECK-LABEL: llvm.func @fused_packed_f32(
// CHECK-COUNT-3: omp.parallel
// CHECK-NOT:     omp.parallel
// CHECK:         llvm.return
// APART-LABEL: llvm.func @fused_packed_f32(
// APART-COUNT-9: omp.parallel
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

// Packed (an odd last size, 129: the last element is never read): halves,
// swapped and interleaved, each with a producer and a consumer.
// RUN: glu-run %s --function=fused_packed_f32 --input=37x129xf32=random:1 --input=37x129xf32=random:2 --input=37x64xf32=random:3 --output=@%t.pf1.npy --output=@%t.pf2.npy --output=@%t.pf3.npy
// RUN: glu-run %s --function=apart_packed_f32 --input=37x129xf32=random:1 --input=37x129xf32=random:2 --input=37x64xf32=random:3 --output=@%t.pa1.npy --output=@%t.pa2.npy --output=@%t.pa3.npy
// RUN: cmp %t.pf1.npy %t.pa1.npy
// RUN: cmp %t.pf2.npy %t.pa2.npy
// RUN: cmp %t.pf3.npy %t.pa3.npy
// RUN: glu-run %s --function=fused_packed_bf16 --input=37x129xbf16=random:1 --input=37x129xbf16=random:2 --input=37x64xbf16=random:3 --output=@%t.pf1b.npy --output=@%t.pf2b.npy --output=@%t.pf3b.npy
// RUN: glu-run %s --function=apart_packed_bf16 --input=37x129xbf16=random:1 --input=37x129xbf16=random:2 --input=37x64xbf16=random:3 --output=@%t.pa1b.npy --output=@%t.pa2b.npy --output=@%t.pa3b.npy
// RUN: cmp %t.pf1b.npy %t.pa1b.npy
// RUN: cmp %t.pf2b.npy %t.pa2b.npy
// RUN: cmp %t.pf3b.npy %t.pa3b.npy
// RUN: glu-run %s --target=cuda-emulated --function=fused_packed_bf16 --input=37x129xbf16=random:1 --input=37x129xbf16=random:2 --input=37x64xbf16=random:3 --output=@%t.pg1b.npy --output=@%t.pg2b.npy --output=@%t.pg3b.npy
// RUN: cmp %t.pg1b.npy %t.pa1b.npy
// RUN: cmp %t.pg2b.npy %t.pa2b.npy
// RUN: cmp %t.pg3b.npy %t.pa3b.npy

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

func.func @fused_packed_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %ab1 = arith.addf %a, %b : tensor<?x?xf32>
  %y1 = glu.glu swiglu(%ab1) packing(halves) : tensor<?x?xf32> -> tensor<?x?xf32>
  %s1 = arith.mulf %y1, %c : tensor<?x?xf32>
  %ab2 = arith.mulf %a, %b : tensor<?x?xf32>
  %y2 = glu.glu geglu(%ab2) packing(swapped) : tensor<?x?xf32> -> tensor<?x?xf32>
  %s2 = arith.addf %y2, %c : tensor<?x?xf32>
  %ab3 = arith.subf %a, %b : tensor<?x?xf32>
  %y3 = glu.glu reglu(%ab3) packing(interleaved) : tensor<?x?xf32> -> tensor<?x?xf32>
  %s3 = arith.mulf %y3, %c : tensor<?x?xf32>
  return %s1, %s2, %s3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

func.func private @halves_f32(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu swiglu(%a) packing(halves) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func private @swapped_f32(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu geglu(%a) packing(swapped) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func private @interleaved_f32(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu reglu(%a) packing(interleaved) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @apart_packed_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %ab1 = arith.addf %a, %b : tensor<?x?xf32>
  %y1 = call @halves_f32(%ab1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %s1 = arith.mulf %y1, %c : tensor<?x?xf32>
  %ab2 = arith.mulf %a, %b : tensor<?x?xf32>
  %y2 = call @swapped_f32(%ab2) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %s2 = arith.addf %y2, %c : tensor<?x?xf32>
  %ab3 = arith.subf %a, %b : tensor<?x?xf32>
  %y3 = call @interleaved_f32(%ab3) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %s3 = arith.mulf %y3, %c : tensor<?x?xf32>
  return %s1, %s2, %s3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @fused_packed_bf16(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %c: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %ab1 = arith.addf %a, %b : tensor<?x?xbf16>
  %y1 = glu.glu swiglu(%ab1) packing(halves) : tensor<?x?xbf16> -> tensor<?x?xbf16>
  %s1 = arith.mulf %y1, %c : tensor<?x?xbf16>
  %ab2 = arith.mulf %a, %b : tensor<?x?xbf16>
  %y2 = glu.glu geglu(%ab2) packing(swapped) : tensor<?x?xbf16> -> tensor<?x?xbf16>
  %s2 = arith.addf %y2, %c : tensor<?x?xbf16>
  %ab3 = arith.subf %a, %b : tensor<?x?xbf16>
  %y3 = glu.glu reglu(%ab3) packing(interleaved) : tensor<?x?xbf16> -> tensor<?x?xbf16>
  %s3 = arith.mulf %y3, %c : tensor<?x?xbf16>
  return %s1, %s2, %s3 : tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>
}

func.func private @halves_bf16(%a: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu swiglu(%a) packing(halves) : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

func.func private @swapped_bf16(%a: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu geglu(%a) packing(swapped) : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

func.func private @interleaved_bf16(%a: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu reglu(%a) packing(interleaved) : tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

func.func @apart_packed_bf16(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %c: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %ab1 = arith.addf %a, %b : tensor<?x?xbf16>
  %y1 = call @halves_bf16(%ab1) : (tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %s1 = arith.mulf %y1, %c : tensor<?x?xbf16>
  %ab2 = arith.mulf %a, %b : tensor<?x?xbf16>
  %y2 = call @swapped_bf16(%ab2) : (tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %s2 = arith.addf %y2, %c : tensor<?x?xbf16>
  %ab3 = arith.subf %a, %b : tensor<?x?xbf16>
  %y3 = call @interleaved_bf16(%ab3) : (tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %s3 = arith.mulf %y3, %c : tensor<?x?xbf16>
  return %s1, %s2, %s3 : tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>
}
