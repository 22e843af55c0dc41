// Regression: an elementwise op on tensors written in place into a function
// argument and returned made the deallocation pipeline insert
// bufferization.clone, which nothing lowered: glu-to-llvm (and glu-run)
// failed with "LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast".
//
// RUN: glu-opt %s --glu-to-llvm | FileCheck %s
// RUN: glu-run %s --function=add_one --input=4xf32=1,2,3,4 | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: llvm.func @add_one(
// CHECK-NOT:     bufferization.clone
// CHECK-NOT:     unrealized_conversion_cast
// CHECK:         llvm.return

// EXEC: result[0]: 4xf32
// EXEC-NEXT: 2 3 4 5
func.func @add_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %y = arith.addf %x, %one : tensor<4xf32>
  return %y : tensor<4xf32>
}
