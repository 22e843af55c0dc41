// RUN: glu-opt %s -split-input-file -glu-fence-vector-loads | FileCheck %s

// A load of a vector of floats: its users read it through
// llvm.arithmetic.fence.
// CHECK-LABEL: llvm.func @floats
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
// CHECK: %[[L:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[F:.*]] = llvm.call_intrinsic "llvm.arithmetic.fence"(%[[L]]) : (vector<16xf32>) -> vector<16xf32>
// CHECK: %[[M:.*]] = llvm.fmul %[[F]], %[[F]] : vector<16xf32>
// CHECK: llvm.store %[[M]], %[[P]]
llvm.func @floats(%p: !llvm.ptr) {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
  %m = llvm.fmul %v, %v : vector<16xf32>
  llvm.store %m, %p : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// Left alone: scalars, 16-bit floats and integers, volatile and atomic
// loads.
// CHECK-LABEL: llvm.func @others
// CHECK-NOT: llvm.call_intrinsic
// CHECK: llvm.return
llvm.func @others(%p: !llvm.ptr) {
  %s = llvm.load %p : !llvm.ptr -> f32
  %i = llvm.load %p : !llvm.ptr -> vector<16xi16>
  %b = llvm.load %p : !llvm.ptr -> vector<16xbf16>
  %h = llvm.load %p : !llvm.ptr -> vector<16xf16>
  %v = llvm.load volatile %p : !llvm.ptr -> vector<16xf32>
  %a = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %s, %p : f32, !llvm.ptr
  llvm.store %i, %p : vector<16xi16>, !llvm.ptr
  llvm.store %b, %p : vector<16xbf16>, !llvm.ptr
  llvm.store %h, %p : vector<16xf16>, !llvm.ptr
  llvm.store %v, %p : vector<16xf32>, !llvm.ptr
  llvm.store %a, %p : f32, !llvm.ptr
  llvm.return
}
