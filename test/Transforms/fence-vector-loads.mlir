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

// An f16 vector load extended to f32: fenced after the extension (the
// extension's users read the fence; the load itself stays unfenced).
// CHECK-LABEL: llvm.func @halves
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[Q:.*]]: !llvm.ptr)
// CHECK: %[[L:.*]] = llvm.load %[[P]] : !llvm.ptr -> vector<16xf16>
// CHECK-NEXT: %[[E:.*]] = llvm.fpext %[[L]] : vector<16xf16> to vector<16xf32>
// CHECK-NEXT: %[[F:.*]] = llvm.call_intrinsic "llvm.arithmetic.fence"(%[[E]]) : (vector<16xf32>) -> vector<16xf32>
// CHECK-NEXT: %[[M:.*]] = llvm.fmul %[[F]], %[[F]] : vector<16xf32>
// CHECK-NEXT: llvm.store %[[M]], %[[Q]]
// CHECK-NEXT: llvm.return
llvm.func @halves(%p: !llvm.ptr, %q: !llvm.ptr) {
  %h = llvm.load %p : !llvm.ptr -> vector<16xf16>
  %e = llvm.fpext %h : vector<16xf16> to vector<16xf32>
  %m = llvm.fmul %e, %e : vector<16xf32>
  llvm.store %m, %q : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// Left alone: the extensions of a scalar f16 load, of a volatile one and of
// a value not loaded.
// CHECK-LABEL: llvm.func @other_extensions
// CHECK-NOT: llvm.call_intrinsic
// CHECK: llvm.return
llvm.func @other_extensions(%p: !llvm.ptr, %v: vector<16xf16>) {
  %s = llvm.load %p : !llvm.ptr -> f16
  %es = llvm.fpext %s : f16 to f32
  %w = llvm.load volatile %p : !llvm.ptr -> vector<16xf16>
  %ew = llvm.fpext %w : vector<16xf16> to vector<16xf32>
  %ev = llvm.fpext %v : vector<16xf16> to vector<16xf32>
  llvm.store %es, %p : f32, !llvm.ptr
  llvm.store %ew, %p : vector<16xf32>, !llvm.ptr
  llvm.store %ev, %p : vector<16xf32>, !llvm.ptr
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
