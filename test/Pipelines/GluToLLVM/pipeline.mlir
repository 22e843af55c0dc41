// RUN: glu-opt %s -glu-to-llvm | FileCheck %s

// The whole CPU pipeline: glu ops mixed with upstream tensor/linalg/arith
// ops end as the LLVM dialect, with no libm call left (the math functions
// are polynomial approximations), bf16 conversions as integer arithmetic,
// and the runtime check as a call to abort after printing its message.

// CHECK-NOT: glu.
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.
// CHECK-NOT: math.
// CHECK-NOT: llvm.call @expf
// CHECK-NOT: llvm.call @tanhf
// CHECK-NOT: llvm.call @erff
// CHECK: llvm.func @abort()
// CHECK: llvm.mlir.global private constant @assert_msg
// CHECK-LABEL: llvm.func @ffn
// CHECK-NOT: llvm.call @expf
// CHECK: llvm.call @abort()
// The bf16 activation is a table lookup; the load-time constructor that
// fills the table runs the polynomial (glu-tabulate).
// CHECK: llvm.func internal @__glu_fill_table()
// CHECK: llvm.intr.fma
// CHECK: llvm.mlir.global_ctors ctors = [@__glu_fill_table]
func.func @ffn(%x: tensor<4x?xbf16>, %w: tensor<4x?xbf16>) -> tensor<4x?xbf16> {
  %s = arith.addf %x, %w : tensor<4x?xbf16>
  %y = glu.glu geglu_erf(%s) : tensor<4x?xbf16> -> tensor<4x?xbf16>
  return %y : tensor<4x?xbf16>
}
