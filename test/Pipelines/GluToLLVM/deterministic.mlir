// glu-to-llvm prints one text for one input: one-shot bufferization named
// and placed the constant globals of functions that call none of each
// other in an order that changed from run to run (4 to 6 distinct outputs
// in 6 runs of a module like this one); glu-order-constant-globals puts
// them in first-use order.
// RUN: glu-opt %s --glu-to-llvm -o %t.1
// RUN: glu-opt %s --glu-to-llvm -o %t.2
// RUN: glu-opt %s --glu-to-llvm -o %t.3
// RUN: glu-opt %s --glu-to-llvm -o %t.4
// RUN: cmp %t.1 %t.2
// RUN: cmp %t.1 %t.3
// RUN: cmp %t.1 %t.4
// RUN: FileCheck %s < %t.1
// CHECK: llvm.mlir.global private constant @__constant_4xf32(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 0.000000e+00]>
// CHECK-NEXT: llvm.mlir.global private constant @__constant_4xf32_0(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 1.000000e+00]>

func.func @f0(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<0.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 0.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}

func.func @f1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<1.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 1.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}

func.func @f2(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<2.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 2.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}

func.func @f3(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<3.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 3.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}

func.func @f4(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<4.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}

func.func @f5(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<5.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 5.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}

func.func @f6(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<6.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 6.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}

func.func @f7(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<7.5> : tensor<4xf32>
  %d = arith.constant dense<[1.0, 2.0, 3.0, 7.0]> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  %z = arith.mulf %y, %d : tensor<4xf32>
  %g = glu.glu swiglu(%z, %d) : tensor<4xf32>
  return %g : tensor<4xf32>
}
