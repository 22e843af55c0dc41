// A splat constant scale fused with a glu op stays a scalar constant in the
// fused loop's body: no global of the tensor's size, which the program apart
// (fuse-elementwise=false) reads it from. The same bits as the scale read
// from an input filled with it, the glu op called apart.

// RUN: glu-opt %s --glu-to-llvm | FileCheck %s
// RUN: glu-opt %s --glu-to-llvm=fuse-elementwise=false | FileCheck %s --check-prefix=APART
// CHECK-NOT:   @__constant_
// CHECK:       llvm.func @splat_f32(
// CHECK-NOT:   @__constant_
// APART:       llvm.mlir.global private constant @__constant_37x64xf32(dense<2.000000e+00>
// APART:       llvm.func @splat_f32(

// RUN: glu-run %s --function=splat_f32 --input=37x64xf32=random:1 --input=37x64xf32=random:2 --output=@%t.fused.npy
// RUN: glu-run %s --function=apart_f32 --input=37x64xf32=random:1 --input=37x64xf32=random:2 --input=37x64xf32=2 --output=@%t.apart.npy
// RUN: cmp %t.fused.npy %t.apart.npy
// RUN: glu-run %s --target=cuda-emulated --function=splat_f32 --input=37x64xf32=random:1 --input=37x64xf32=random:2 --output=@%t.gpu.npy
// RUN: cmp %t.gpu.npy %t.apart.npy

func.func @splat_f32(%x: tensor<37x64xf32>, %g: tensor<37x64xf32>) -> tensor<37x64xf32> {
  %c = arith.constant dense<2.0> : tensor<37x64xf32>
  %y = glu.glu swiglu(%x, %g) : tensor<37x64xf32>
  %s = arith.mulf %y, %c : tensor<37x64xf32>
  return %s : tensor<37x64xf32>
}

func.func private @swiglu_f32(%x: tensor<37x64xf32>, %g: tensor<37x64xf32>) -> tensor<37x64xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<37x64xf32>
  return %y : tensor<37x64xf32>
}

func.func @apart_f32(%x: tensor<37x64xf32>, %g: tensor<37x64xf32>, %c: tensor<37x64xf32>) -> tensor<37x64xf32> {
  %y = call @swiglu_f32(%x, %g) : (tensor<37x64xf32>, tensor<37x64xf32>) -> tensor<37x64xf32>
  %s = arith.mulf %y, %c : tensor<37x64xf32>
  return %s : tensor<37x64xf32>
}
