// RUN: glu-opt %s --glu-convert-to-llvm | FileCheck %s

// fptosi and fptoui of NaN or of a value out of range are poison in LLVM:
// glu-convert-to-llvm freezes their results, so that a NaN LLVM can prove
// (a constant) gives some fixed integer, as the machine's conversion does
// at run time (exp's exponent of a constant NaN folded to poison, and the
// exp of it to arbitrary numbers, not NaN).

// CHECK-LABEL: llvm.func @conversions
// CHECK: %[[S:.*]] = llvm.fptosi %{{.*}} : f32 to i32
// CHECK-NEXT: %[[FS:.*]] = llvm.freeze %[[S]] : i32
// CHECK: %[[U:.*]] = llvm.fptoui %{{.*}} : vector<4xf32> to vector<4xi32>
// CHECK-NEXT: %[[FU:.*]] = llvm.freeze %[[U]] : vector<4xi32>
// CHECK: llvm.insertvalue %[[FS]]
// CHECK: llvm.insertvalue %[[FU]]
func.func @conversions(%x: f32, %v: vector<4xf32>) -> (i32, vector<4xi32>) {
  %s = arith.fptosi %x : f32 to i32
  %u = arith.fptoui %v : vector<4xf32> to vector<4xi32>
  return %s, %u : i32, vector<4xi32>
}
