// Regression: a function returning one value twice returns one buffer
// twice; glu-run freed it after copying the first result and then copied
// the second out of freed memory (zeros, or an ASan heap-use-after-free).
// Found by the raising tests (two identical glu ops, merged by CSE).
//
// RUN: glu-run %s --function=twice --input=64x64xf32=random:1 --input=64x64xf32=random:2 | FileCheck %s
// CHECK:      result[0]: 64x64xf32
// CHECK-NEXT: [[ROW:[-0-9].*]]
// CHECK:      result[1]: 64x64xf32
// CHECK-NEXT: [[ROW]]{{$}}
func.func @twice(%x: tensor<64x64xf32>, %g: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %y = glu.glu swiglu(%x, %g) : tensor<64x64xf32>
  return %y, %y : tensor<64x64xf32>, tensor<64x64xf32>
}
