// RUN: glu-opt %s -split-input-file -glu-avx512-fpclass --verify-roundtrip | FileCheck %s

// Class tests of 16 f32 lanes that vfpclassps has: NaN or subnormal
// (glu-avx512-bf16-rounding's), and every class it has (NaNs, zeros,
// infinities, both signs' subnormals: 0x2f7 -> 0xbf), and the infinities
// (0x204 -> 0x18).
// CHECK-LABEL: llvm.func @classes
// CHECK-SAME: (%[[V:.*]]: vector<16xf32>)
// CHECK: %[[A:.*]] = llvm.mlir.constant(161 : i32) : i32
// CHECK: %[[M:.*]] = llvm.call_intrinsic "llvm.x86.avx512.fpclass.ps.512"(%[[V]], %[[A]]) : (vector<16xf32>, i32) -> vector<16xi1>
// CHECK: %[[B:.*]] = llvm.mlir.constant(191 : i32) : i32
// CHECK: %[[N:.*]] = llvm.call_intrinsic "llvm.x86.avx512.fpclass.ps.512"(%[[V]], %[[B]])
// CHECK: %[[C:.*]] = llvm.mlir.constant(24 : i32) : i32
// CHECK: %[[I:.*]] = llvm.call_intrinsic "llvm.x86.avx512.fpclass.ps.512"(%[[V]], %[[C]])
// CHECK-NOT: is.fpclass
// CHECK: llvm.insertvalue %[[M]]
// CHECK: llvm.insertvalue %[[N]]
// CHECK: llvm.insertvalue %[[I]]
llvm.func @classes(%v: vector<16xf32>) -> !llvm.struct<(vector<16xi1>, vector<16xi1>, vector<16xi1>)> {
  %m = "llvm.intr.is.fpclass"(%v) <{bit = 147 : i32}> : (vector<16xf32>) -> vector<16xi1>
  %n = "llvm.intr.is.fpclass"(%v) <{bit = 759 : i32}> : (vector<16xf32>) -> vector<16xi1>
  %i = "llvm.intr.is.fpclass"(%v) <{bit = 516 : i32}> : (vector<16xf32>) -> vector<16xi1>
  %u = llvm.mlir.poison : !llvm.struct<(vector<16xi1>, vector<16xi1>, vector<16xi1>)>
  %0 = llvm.insertvalue %m, %u[0] : !llvm.struct<(vector<16xi1>, vector<16xi1>, vector<16xi1>)>
  %1 = llvm.insertvalue %n, %0[1] : !llvm.struct<(vector<16xi1>, vector<16xi1>, vector<16xi1>)>
  %2 = llvm.insertvalue %i, %1[2] : !llvm.struct<(vector<16xi1>, vector<16xi1>, vector<16xi1>)>
  llvm.return %2 : !llvm.struct<(vector<16xi1>, vector<16xi1>, vector<16xi1>)>
}

// -----

// Left to LLVM: normals (vfpclassps has no such class), one sign's
// subnormals, 8 or 32 lanes, f64, a scalar, and bits beyond the ten
// classes (invalid: LLVM's translation rejects them, not this pass).
// CHECK-LABEL: llvm.func @kept
// CHECK-NOT: llvm.call_intrinsic
// CHECK-COUNT-8: llvm.intr.is.fpclass
llvm.func @kept(%v: vector<16xf32>, %w: vector<8xf32>, %x: vector<32xf32>, %d: vector<16xf64>, %s: f32) {
  %6 = "llvm.intr.is.fpclass"(%v) <{bit = 1024 : i32}> : (vector<16xf32>) -> vector<16xi1>
  %7 = "llvm.intr.is.fpclass"(%v) <{bit = 1027 : i32}> : (vector<16xf32>) -> vector<16xi1>
  %0 = "llvm.intr.is.fpclass"(%v) <{bit = 264 : i32}> : (vector<16xf32>) -> vector<16xi1>
  %1 = "llvm.intr.is.fpclass"(%v) <{bit = 128 : i32}> : (vector<16xf32>) -> vector<16xi1>
  %2 = "llvm.intr.is.fpclass"(%w) <{bit = 147 : i32}> : (vector<8xf32>) -> vector<8xi1>
  %3 = "llvm.intr.is.fpclass"(%x) <{bit = 147 : i32}> : (vector<32xf32>) -> vector<32xi1>
  %4 = "llvm.intr.is.fpclass"(%d) <{bit = 147 : i32}> : (vector<16xf64>) -> vector<16xi1>
  %5 = "llvm.intr.is.fpclass"(%s) <{bit = 147 : i32}> : (f32) -> i1
  llvm.return
}
