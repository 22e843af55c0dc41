// RUN: glu-opt %s -split-input-file --glu-freeze-conversions | FileCheck %s

// Every llvm.fptosi and llvm.fptoui is followed by a freeze of its result,
// which its users read (scalars and vectors, in a gpu.module's kernels as
// in host code).

// CHECK-LABEL: llvm.func @scalar
// CHECK: %[[S:.*]] = llvm.fptosi %{{.*}} : f32 to i32
// CHECK-NEXT: %[[F:.*]] = llvm.freeze %[[S]] : i32
// CHECK-NEXT: %[[SH:.*]] = llvm.shl %[[F]], %{{.*}} : i32
// CHECK-NEXT: llvm.return %[[SH]]
llvm.func @scalar(%x: f32) -> i32 {
  %c = llvm.mlir.constant(23 : i32) : i32
  %s = llvm.fptosi %x : f32 to i32
  %sh = llvm.shl %s, %c : i32
  llvm.return %sh : i32
}

// -----

// CHECK-LABEL: gpu.module @kernels
// CHECK: %[[U:.*]] = llvm.fptoui %{{.*}} : vector<4xf32> to vector<4xi32>
// CHECK-NEXT: %[[F:.*]] = llvm.freeze %[[U]] : vector<4xi32>
// CHECK-NEXT: llvm.return %[[F]]
gpu.module @kernels {
  llvm.func @vector(%x: vector<4xf32>) -> vector<4xi32> {
    %u = llvm.fptoui %x : vector<4xf32> to vector<4xi32>
    llvm.return %u : vector<4xi32>
  }
}
